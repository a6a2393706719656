-- What a dataset export says of a run beyond its record, kept for a run imported from one (issue 33).
-- An export carries no file contents, trajectory or transcript, so an imported run has no run_files,
-- run_trajectories or trajectory blob; the analysis reads these tables where it reads those for a run
-- executed or imported as a bundle here, so `lhb import hf` keeps every figure, and an export of the
-- importing workspace writes them out again. Each row belongs to its run and goes with it.

-- The files the run produced, as the export listed them. Their bytes are not stored, so they are not
-- run_files: the arena and the Runs screen never offer them (a deployable build is still counted).
CREATE TABLE imported_run_artifacts (
  run_id     TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  path       TEXT NOT NULL,
  sha256     TEXT NOT NULL,
  size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
  PRIMARY KEY (run_id, path)
) STRICT;

-- The trajectory summary of a run no study of the exporting workspace ran (a bundle it imported with
-- an ATIF trajectory): a study's runs keep theirs in the imported study run.
CREATE TABLE imported_run_summaries (
  run_id            TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  steps             INTEGER CHECK (steps IS NULL OR steps >= 0),
  tool_calls        INTEGER CHECK (tool_calls IS NULL OR tool_calls >= 0),
  failed_tool_calls INTEGER CHECK (failed_tool_calls IS NULL OR failed_tool_calls >= 0),
  tokens_input      INTEGER CHECK (tokens_input IS NULL OR tokens_input >= 0),
  tokens_output     INTEGER CHECK (tokens_output IS NULL OR tokens_output >= 0),
  cost_usd          REAL,
  -- Error→recovery events rebuilt from the exported counts (type and recovered; no message or step).
  errors_json       TEXT NOT NULL
) STRICT;

-- A multi-turn run's turns as the export gave them: each turn's outcome, usage and errors, and for a
-- revision turn its footprint on out/ against the turn before (core/analysis/revision-footprint.ts),
-- measured where the snapshots' bytes were; files_changed NULL when it could not be measured there.
CREATE TABLE imported_run_turns (
  run_id           TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  turn             INTEGER NOT NULL CHECK (turn >= 1),
  status           TEXT NOT NULL CHECK (status IN ('succeeded', 'failed')),
  duration_ms      REAL CHECK (duration_ms IS NULL OR duration_ms >= 0),
  tokens_input     INTEGER NOT NULL CHECK (tokens_input >= 0),
  tokens_output    INTEGER NOT NULL CHECK (tokens_output >= 0),
  steps            INTEGER NOT NULL CHECK (steps >= 0),
  errors           INTEGER NOT NULL CHECK (errors >= 0),
  recovered_errors INTEGER NOT NULL CHECK (recovered_errors >= 0 AND recovered_errors <= errors),
  files_changed    INTEGER CHECK (files_changed IS NULL OR files_changed >= 0),
  lines_changed    REAL CHECK (lines_changed IS NULL OR lines_changed >= 0),
  untouched_share  REAL CHECK (untouched_share IS NULL OR untouched_share >= 0),
  PRIMARY KEY (run_id, turn)
) STRICT;

-- They are the analysis report's inputs (migration 017).
CREATE TRIGGER analysis_input_imported_run_artifacts_insert AFTER INSERT ON imported_run_artifacts BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_imported_run_artifacts_update AFTER UPDATE ON imported_run_artifacts BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_imported_run_artifacts_delete AFTER DELETE ON imported_run_artifacts BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_imported_run_summaries_insert AFTER INSERT ON imported_run_summaries BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_imported_run_summaries_update AFTER UPDATE ON imported_run_summaries BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_imported_run_summaries_delete AFTER DELETE ON imported_run_summaries BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_imported_run_turns_insert AFTER INSERT ON imported_run_turns BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_imported_run_turns_update AFTER UPDATE ON imported_run_turns BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_imported_run_turns_delete AFTER DELETE ON imported_run_turns BEGIN UPDATE analysis_inputs SET version = version + 1; END;
