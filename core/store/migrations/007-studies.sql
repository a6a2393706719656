-- Studies the run engine executes: tasks x configurations x repeats, each run with its state, so
-- a study survives any interruption and resumes where it stopped. A finished run becomes an
-- ordinary row of `runs` (its artifacts in run_files); `study_runs.run_id` points at it.

CREATE TABLE studies (
  id            TEXT PRIMARY KEY,
  project_id    TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name          TEXT NOT NULL CHECK (length(name) > 0),
  -- The study's configuration as started (tasks, configurations, repeats, limits), canonical JSON.
  spec_json     TEXT NOT NULL,
  -- SHA-256 of spec_json plus the skills' contents: a resume refuses when it changed.
  config_digest TEXT NOT NULL,
  executor      TEXT NOT NULL DEFAULT 'local',
  folder        TEXT NOT NULL,
  state         TEXT NOT NULL CHECK (state IN ('running', 'finished', 'cancelled', 'interrupted')),
  job_id        TEXT,
  -- Set by another process (\`lhb runs cancel\` while the app runs the study): the owner stops it.
  cancel_requested_at TEXT,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
) STRICT;
CREATE INDEX studies_by_project ON studies(project_id, created_at);

CREATE TABLE study_runs (
  id               TEXT PRIMARY KEY,
  study_id         TEXT NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  position         INTEGER NOT NULL CHECK (position >= 0),
  task_id          TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  harness          TEXT NOT NULL,
  model            TEXT NOT NULL,
  versions_json    TEXT NOT NULL,
  config_id        TEXT NOT NULL,
  -- Which of the study's configurations (its position in the spec) this run is.
  config_index     INTEGER NOT NULL CHECK (config_index >= 0),
  repeat_index     INTEGER NOT NULL CHECK (repeat_index >= 0),
  status           TEXT NOT NULL CHECK (status IN ('pending', 'running', 'succeeded', 'failed', 'timeout', 'cancelled')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  -- Why it failed, classified (auth, rate-limit, model-not-found, timeout, harness-crash, …).
  error_kind       TEXT,
  error_message    TEXT,
  harness_version  TEXT,
  -- The harness process while it runs (pid + start time), so a resume after a crash can stop it.
  process_pid      INTEGER,
  process_start    TEXT,
  started_at       TEXT,
  finished_at      TEXT,
  duration_ms      INTEGER,
  steps            INTEGER,
  tool_calls       INTEGER,
  failed_tool_calls INTEGER,
  tokens_input     INTEGER,
  tokens_output    INTEGER,
  cost_usd         REAL,
  last_event       TEXT,
  transcript_sha256 TEXT REFERENCES blobs(sha256),
  trajectory_sha256 TEXT REFERENCES blobs(sha256),
  errors_json      TEXT,
  run_id           TEXT REFERENCES runs(id) ON DELETE SET NULL,
  cancel_requested_at TEXT,
  updated_at       TEXT NOT NULL,
  UNIQUE (study_id, position)
) STRICT;
CREATE INDEX study_runs_by_study ON study_runs(study_id, status);
CREATE INDEX study_runs_by_run ON study_runs(run_id);
