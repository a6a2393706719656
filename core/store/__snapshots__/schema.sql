-- index annotation_history_by_course on annotation_history
CREATE INDEX annotation_history_by_course ON annotation_history(course_id, seq);

-- index chapters_by_course on chapters
CREATE INDEX chapters_by_course ON chapters(course_id, position);

-- index citations_by_chapter on citations
CREATE INDEX citations_by_chapter ON citations(chapter_id, position);

-- index citations_by_source on citations
CREATE INDEX citations_by_source ON citations(source_id);

-- index jobs_by_created on jobs
CREATE INDEX jobs_by_created ON jobs(created_at);

-- index sources_by_course on sources
CREATE INDEX sources_by_course ON sources(course_id);

-- index sources_by_project on sources
CREATE INDEX sources_by_project ON sources(project_id);

-- table annotation_history on annotation_history
CREATE TABLE annotation_history (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  course_id    TEXT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  label        TEXT NOT NULL,
  changes_json TEXT NOT NULL,
  undone       INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
  created_at   TEXT NOT NULL
) STRICT;

-- table blobs on blobs
CREATE TABLE blobs (
  sha256     TEXT PRIMARY KEY CHECK (length(sha256) = 64),
  size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
  created_at TEXT NOT NULL
) STRICT;

-- table chapters on chapters
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

-- table citations on citations
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

-- table courses on courses
CREATE TABLE courses (
  id           TEXT PRIMARY KEY,
  project_id   TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title        TEXT NOT NULL CHECK (length(title) > 0),
  global_notes TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;

-- table jobs on jobs
CREATE TABLE jobs (
  id         TEXT PRIMARY KEY,
  kind       TEXT NOT NULL,
  title      TEXT NOT NULL,
  state      TEXT NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  done       INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0),
  total      INTEGER NOT NULL DEFAULT 0 CHECK (total >= 0),
  message    TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- table meta on meta
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- table projects on projects
CREATE TABLE projects (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL CHECK (length(name) > 0),
  description TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL
) STRICT;

-- table schema_migrations on schema_migrations
CREATE TABLE schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    sha256     TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT;

-- table source_versions on source_versions
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

-- table sources on sources
CREATE TABLE sources (
  id            TEXT PRIMARY KEY,
  project_id    TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title         TEXT NOT NULL,
  type          TEXT NOT NULL CHECK (type IN ('pdf', 'web', 'markdown', 'text')),
  original_name TEXT NOT NULL,
  blob_sha256   TEXT NOT NULL REFERENCES blobs(sha256),
  created_at    TEXT NOT NULL
, course_id TEXT REFERENCES courses(id) ON DELETE SET NULL) STRICT;
