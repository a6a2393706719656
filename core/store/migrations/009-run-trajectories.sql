-- The trajectory of a run that was imported with one (an output bundle or a Harbor trial folder
-- carrying an ATIF trajectory.json; core/runs/trajectory/atif-run-files.ts): what study_runs keeps
-- for a run executed here, so `lhb runs show`, runs.trajectory and the analysis's error→recovery
-- rates read imported runs like executed ones. One row per run; it goes with its run.

CREATE TABLE run_trajectories (
  run_id            TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  -- The normalised trajectory (schemas/trajectory.ts) as JSON, in the blob store.
  trajectory_sha256 TEXT NOT NULL REFERENCES blobs(sha256),
  -- The file as it was imported, kept raw (as an executed run keeps its transcript).
  source_sha256     TEXT NOT NULL REFERENCES blobs(sha256),
  source_format     TEXT NOT NULL CHECK (source_format IN ('atif')),
  -- The file's path inside the imported folder, e.g. `agent/trajectory.json`.
  source_path       TEXT NOT NULL,
  harness_version   TEXT,
  -- The summary `lhb runs show` prints.
  steps             INTEGER NOT NULL CHECK (steps >= 0),
  tool_calls        INTEGER NOT NULL CHECK (tool_calls >= 0),
  failed_tool_calls INTEGER NOT NULL CHECK (failed_tool_calls >= 0),
  tokens_input      INTEGER NOT NULL CHECK (tokens_input >= 0),
  tokens_output     INTEGER NOT NULL CHECK (tokens_output >= 0),
  cost_usd          REAL,
  duration_ms       INTEGER,
  -- Error→recovery events (core/runs/trajectory/extract-errors.ts), a JSON array.
  errors_json       TEXT NOT NULL,
  imported_at       TEXT NOT NULL
) STRICT;
