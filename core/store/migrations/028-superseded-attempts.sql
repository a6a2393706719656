-- A study run retried once votes or judgments named its run: the earlier attempt's run stays in
-- `runs` with its judgments, votes and files, and is recorded here as superseded by the study
-- run's next attempt (issue 37). Analyses count only a study run's current attempt
-- (study_runs.run_id); a run listed here is an earlier one. Its study run's record of that
-- attempt (transcript, trajectory, errors, counts) is kept as it was: the study run's own columns
-- describe the current attempt.
CREATE TABLE superseded_runs (
  run_id            TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  study_run_id      TEXT NOT NULL REFERENCES study_runs(id) ON DELETE CASCADE,
  -- Which attempt of its study run it was, from 1.
  attempt           INTEGER NOT NULL CHECK (attempt >= 1),
  superseded_at     TEXT NOT NULL,
  transcript_sha256 TEXT REFERENCES blobs(sha256),
  trajectory_sha256 TEXT REFERENCES blobs(sha256),
  errors_json       TEXT,
  -- The study run's row as it was when this attempt was superseded (core/store/study-repository.ts StudyRunRow).
  study_run_json    TEXT NOT NULL,
  UNIQUE (study_run_id, attempt)
) STRICT;

-- The run id the study run's next attempt stores its run under, set when an earlier attempt is
-- kept (its run holds the study run's own id); null while every attempt takes the study run's id.
ALTER TABLE study_runs ADD COLUMN next_run_id TEXT;

CREATE TRIGGER analysis_input_superseded_runs_insert AFTER INSERT ON superseded_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_superseded_runs_update AFTER UPDATE ON superseded_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_superseded_runs_delete AFTER DELETE ON superseded_runs BEGIN UPDATE analysis_inputs SET version = version + 1; END;
