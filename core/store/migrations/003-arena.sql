-- The preference arena: tasks, imported agent runs (output bundles) with their files kept in the
-- blob store, annotator profiles, blind presentations of a pair, and votes.

-- A task agents were given. Figma-to-code tasks carry ground-truth frames; programmatic content
-- tasks point at a course chapter (kept when the chapter is deleted, as plain text).
CREATE TABLE tasks (
  id             TEXT PRIMARY KEY,
  project_id     TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  kind           TEXT NOT NULL CHECK (kind IN ('figma', 'programmatic')),
  title          TEXT NOT NULL CHECK (length(title) > 0),
  instruction    TEXT NOT NULL DEFAULT '',
  chapter_id     TEXT REFERENCES chapters(id) ON DELETE SET NULL,
  figma_file_key TEXT,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL
) STRICT;

CREATE TABLE task_frames (
  task_id         TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  position        INTEGER NOT NULL CHECK (position >= 0),
  node_id         TEXT NOT NULL,
  name            TEXT NOT NULL,
  target_route    TEXT NOT NULL,
  viewport_width  INTEGER,
  viewport_height INTEGER,
  gt_sha256       TEXT NOT NULL REFERENCES blobs(sha256),
  PRIMARY KEY (task_id, position),
  UNIQUE (task_id, node_id)
) STRICT;

-- One agent run. `config_id` names the configuration (harness, model, versions) canonically, so
-- runs of the same configuration compare as one system. `digest` is the SHA-256 over run.json
-- and every imported file: importing the same bundle again changes nothing.
CREATE TABLE runs (
  id            TEXT PRIMARY KEY,
  task_id       TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  harness       TEXT NOT NULL,
  model         TEXT NOT NULL,
  versions_json TEXT NOT NULL,
  config_id     TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('succeeded', 'failed', 'timeout', 'cancelled')),
  started_at    TEXT NOT NULL,
  finished_at   TEXT NOT NULL,
  digest        TEXT NOT NULL UNIQUE,
  source_dir    TEXT NOT NULL,
  imported_at   TEXT NOT NULL
) STRICT;
CREATE INDEX runs_by_task ON runs(task_id, config_id);

-- The bundle's artifacts by their path inside the bundle: `dist/...`, `frames/<file>.png`, `video.<ext>`.
CREATE TABLE run_files (
  run_id     TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  path       TEXT NOT NULL,
  sha256     TEXT NOT NULL REFERENCES blobs(sha256),
  size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
  PRIMARY KEY (run_id, path)
) STRICT;

-- What frame capture found per frame (blank render, runtime error, broken route, time-out, skipped).
CREATE TABLE run_frame_findings (
  run_id  TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  node_id TEXT NOT NULL,
  kind    TEXT NOT NULL,
  detail  TEXT NOT NULL
) STRICT;
CREATE INDEX run_frame_findings_by_run ON run_frame_findings(run_id);

-- Who votes. `queue_seed` makes an annotator's pair queue reproducible.
CREATE TABLE annotators (
  id         TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name       TEXT NOT NULL CHECK (length(name) > 0),
  queue_seed TEXT NOT NULL,
  synthetic  INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1)),
  created_at TEXT NOT NULL,
  UNIQUE (project_id, name)
) STRICT;

-- A pair as one annotator was shown it: the sides were drawn when it was first shown and stay
-- fixed until the vote (a reload shows the same sides). `token` is the only name the page ever
-- sees for it: its assets are served under it, so no URL names a run, harness or model.
CREATE TABLE arena_presentations (
  id           TEXT PRIMARY KEY,
  token        TEXT NOT NULL UNIQUE,
  annotator_id TEXT NOT NULL REFERENCES annotators(id) ON DELETE CASCADE,
  task_id      TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  run_a        TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  run_b        TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  shown_order  TEXT NOT NULL CHECK (shown_order IN ('a-left', 'b-left')),
  created_at   TEXT NOT NULL,
  CHECK (run_a < run_b)
) STRICT;
CREATE INDEX arena_presentations_by_annotator ON arena_presentations(annotator_id, created_at);

-- A vote, with the order it was shown in. Undo marks it retracted (kept for the record, left
-- out of every count); the presentation can then be voted again.
CREATE TABLE votes (
  id              TEXT PRIMARY KEY,
  presentation_id TEXT NOT NULL REFERENCES arena_presentations(id) ON DELETE CASCADE,
  annotator_id    TEXT NOT NULL REFERENCES annotators(id) ON DELETE CASCADE,
  task_id         TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  run_a           TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  run_b           TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  shown_order     TEXT NOT NULL CHECK (shown_order IN ('a-left', 'b-left')),
  left_run        TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  right_run       TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  choice          TEXT NOT NULL CHECK (choice IN ('left', 'right', 'tie', 'both-bad')),
  winner_run      TEXT REFERENCES runs(id) ON DELETE CASCADE,
  rating_left     INTEGER NOT NULL CHECK (rating_left BETWEEN 1 AND 5),
  rating_right    INTEGER NOT NULL CHECK (rating_right BETWEEN 1 AND 5),
  reason          TEXT NOT NULL DEFAULT '',
  time_on_item_ms INTEGER NOT NULL CHECK (time_on_item_ms >= 0),
  synthetic       INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1)),
  created_at      TEXT NOT NULL,
  retracted_at    TEXT
) STRICT;
CREATE UNIQUE INDEX votes_one_live_per_presentation ON votes(presentation_id) WHERE retracted_at IS NULL;
CREATE INDEX votes_by_annotator ON votes(annotator_id, created_at);
CREATE INDEX votes_by_task ON votes(task_id);
