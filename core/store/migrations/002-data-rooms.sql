-- Data rooms (courses) with versioned, normalised sources, ordered chapters, citations and an
-- undo history. A source is the logical document; each import of changed bytes adds a version.

CREATE TABLE courses (
  id           TEXT PRIMARY KEY,
  project_id   TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title        TEXT NOT NULL CHECK (length(title) > 0),
  global_notes TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;

ALTER TABLE sources ADD COLUMN course_id TEXT REFERENCES courses(id) ON DELETE SET NULL;
CREATE INDEX sources_by_course ON sources(course_id);

CREATE TABLE source_versions (
  id              TEXT PRIMARY KEY,
  source_id       TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
  version         INTEGER NOT NULL CHECK (version >= 1),
  blob_sha256     TEXT NOT NULL REFERENCES blobs(sha256),
  markdown_sha256 TEXT NOT NULL REFERENCES blobs(sha256),
  line_count      INTEGER NOT NULL CHECK (line_count >= 0),
  sections_json   TEXT NOT NULL,
  pages_json      TEXT NOT NULL DEFAULT '[]',
  created_at      TEXT NOT NULL,
  UNIQUE (source_id, version)
) STRICT;

CREATE TABLE chapters (
  id           TEXT PRIMARY KEY,
  course_id    TEXT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  position     INTEGER NOT NULL CHECK (position >= 0),
  title        TEXT NOT NULL,
  instruction  TEXT NOT NULL DEFAULT '',
  design_notes TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;
CREATE INDEX chapters_by_course ON chapters(course_id, position);

CREATE TABLE citations (
  id            TEXT PRIMARY KEY,
  chapter_id    TEXT NOT NULL REFERENCES chapters(id) ON DELETE CASCADE,
  source_id     TEXT NOT NULL REFERENCES sources(id),
  version_id    TEXT NOT NULL REFERENCES source_versions(id),
  source_sha256 TEXT NOT NULL,
  start_line    INTEGER NOT NULL CHECK (start_line >= 1),
  end_line      INTEGER NOT NULL CHECK (end_line >= start_line),
  quote         TEXT NOT NULL,
  prefix        TEXT NOT NULL DEFAULT '',
  suffix        TEXT NOT NULL DEFAULT '',
  status        TEXT NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'reanchored', 'orphaned')),
  position      INTEGER NOT NULL DEFAULT 0,
  created_at    TEXT NOT NULL
) STRICT;
CREATE INDEX citations_by_chapter ON citations(chapter_id, position);
CREATE INDEX citations_by_source ON citations(source_id);

-- One row per annotator action: the rows it changed, before and after, so undo restores
-- `before` and redo restores `after`. A new action discards the undone rows (the redo stack).
CREATE TABLE annotation_history (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  course_id    TEXT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  label        TEXT NOT NULL,
  changes_json TEXT NOT NULL,
  undone       INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
  created_at   TEXT NOT NULL
) STRICT;
CREATE INDEX annotation_history_by_course ON annotation_history(course_id, seq);
