-- Full-text search over what happened in every run (issue 37): its prompts, messages, tool calls
-- with their arguments and results, errors, verifier and capture findings, the judges' evidence
-- and the voters' reasons, in SQLite's FTS5 (core/search/).
--
-- A run's trajectory is a blob, which SQL cannot read, so the index is kept in step in two halves:
-- every write that changes what a run's entries would say (its trajectory, errors, findings,
-- judgments, votes) marks the run in search_pending by the triggers below, whichever path wrote
-- it; the app then re-indexes each marked run whole (core/search/index-pending-runs.ts) before
-- any search answers and when a workspace opens. This migration marks every run already stored,
-- so the first open after it builds the index of an existing workspace.

-- One row per run with entries: its ordinal is the high part of its entries' rowids (ordinal << 20
-- | entry), so a search counts the runs it matched from the index alone, without reading a row.
CREATE TABLE search_runs (
  ordinal  INTEGER PRIMARY KEY,
  -- The run's id (runs.id), or its study run's id while the study run has no stored run.
  run_id   TEXT NOT NULL UNIQUE,
  study_id TEXT
) STRICT;

-- The entries. body: the text searched. kind: prompt, message, tool call, tool result, error,
-- finding, evidence, reason (written with a space for the underscore, so a search filters kinds in
-- the same MATCH). study: the run's study id, filtered the same way. step: the 0-based step the
-- entry belongs to, or NULL (the run's prompt, a run-level error, a judgment, a vote). ref: the
-- judgment's or vote's id, or the tool call's id.
CREATE VIRTUAL TABLE search_text USING fts5(body, kind, study, step UNINDEXED, ref UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');

-- Runs whose entries must be rebuilt from what the store holds now.
-- The triggers skip a run already marked with NOT IN rather than INSERT OR IGNORE: a foreign key's
-- ON DELETE SET NULL (study_runs.run_id when a run is deleted) runs its UPDATE under ABORT, which
-- overrides a trigger's OR IGNORE, so deleting a marked run would fail on the primary key.
CREATE TABLE search_pending (
  run_id TEXT PRIMARY KEY
) STRICT;

CREATE TRIGGER search_pending_study_runs_update AFTER UPDATE OF trajectory_sha256, errors_json, error_message, run_id ON study_runs
WHEN NEW.trajectory_sha256 IS NOT OLD.trajectory_sha256 OR NEW.errors_json IS NOT OLD.errors_json OR NEW.error_message IS NOT OLD.error_message OR NEW.run_id IS NOT OLD.run_id
BEGIN
  INSERT INTO search_pending (run_id) SELECT coalesce(NEW.run_id, NEW.id) WHERE coalesce(NEW.run_id, NEW.id) NOT IN (SELECT run_id FROM search_pending);
  INSERT INTO search_pending (run_id) SELECT coalesce(OLD.run_id, OLD.id) WHERE coalesce(OLD.run_id, OLD.id) NOT IN (SELECT run_id FROM search_pending);
END;
CREATE TRIGGER search_pending_study_runs_insert AFTER INSERT ON study_runs
WHEN NEW.trajectory_sha256 IS NOT NULL OR NEW.errors_json IS NOT NULL OR NEW.error_message IS NOT NULL
BEGIN INSERT INTO search_pending (run_id) SELECT coalesce(NEW.run_id, NEW.id) WHERE coalesce(NEW.run_id, NEW.id) NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_study_runs_delete AFTER DELETE ON study_runs
BEGIN INSERT INTO search_pending (run_id) SELECT coalesce(OLD.run_id, OLD.id) WHERE coalesce(OLD.run_id, OLD.id) NOT IN (SELECT run_id FROM search_pending); END;

CREATE TRIGGER search_pending_runs_insert AFTER INSERT ON runs BEGIN INSERT INTO search_pending (run_id) SELECT NEW.id WHERE NEW.id NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_runs_delete AFTER DELETE ON runs BEGIN INSERT INTO search_pending (run_id) SELECT OLD.id WHERE OLD.id NOT IN (SELECT run_id FROM search_pending); END;

CREATE TRIGGER search_pending_run_trajectories_insert AFTER INSERT ON run_trajectories BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_run_trajectories_update AFTER UPDATE ON run_trajectories BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_run_trajectories_delete AFTER DELETE ON run_trajectories BEGIN INSERT INTO search_pending (run_id) SELECT OLD.run_id WHERE OLD.run_id NOT IN (SELECT run_id FROM search_pending); END;

CREATE TRIGGER search_pending_run_verifier_findings_insert AFTER INSERT ON run_verifier_findings BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_run_verifier_findings_delete AFTER DELETE ON run_verifier_findings BEGIN INSERT INTO search_pending (run_id) SELECT OLD.run_id WHERE OLD.run_id NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_run_frame_findings_insert AFTER INSERT ON run_frame_findings BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_run_frame_findings_delete AFTER DELETE ON run_frame_findings BEGIN INSERT INTO search_pending (run_id) SELECT OLD.run_id WHERE OLD.run_id NOT IN (SELECT run_id FROM search_pending); END;

CREATE TRIGGER search_pending_judgments_insert AFTER INSERT ON judgments BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_judgments_update AFTER UPDATE ON judgments BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_id WHERE NEW.run_id NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_judgments_delete AFTER DELETE ON judgments BEGIN INSERT INTO search_pending (run_id) SELECT OLD.run_id WHERE OLD.run_id NOT IN (SELECT run_id FROM search_pending); END;

-- A vote's reason is indexed under its first run (run_a), and leaves the index when retracted.
CREATE TRIGGER search_pending_votes_insert AFTER INSERT ON votes BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_a WHERE NEW.run_a NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_votes_update AFTER UPDATE ON votes BEGIN INSERT INTO search_pending (run_id) SELECT NEW.run_a WHERE NEW.run_a NOT IN (SELECT run_id FROM search_pending); END;
CREATE TRIGGER search_pending_votes_delete AFTER DELETE ON votes BEGIN INSERT INTO search_pending (run_id) SELECT OLD.run_a WHERE OLD.run_a NOT IN (SELECT run_id FROM search_pending); END;

-- Everything already stored, in the order it was recorded.
INSERT OR IGNORE INTO search_pending (run_id)
  SELECT coalesce(sr.run_id, sr.id) FROM study_runs sr JOIN studies s ON s.id = sr.study_id
  WHERE sr.trajectory_sha256 IS NOT NULL OR sr.errors_json IS NOT NULL OR sr.error_message IS NOT NULL
  ORDER BY s.created_at, sr.position;
INSERT OR IGNORE INTO search_pending (run_id) SELECT id FROM runs ORDER BY imported_at, id;
