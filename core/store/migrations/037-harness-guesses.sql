-- The guess-harness control (`lhb judge --control guess-harness`, issue 42's "swapped identity"
-- control): a judge is shown a run's blinded trajectory, as the process tier scores it, and asked
-- which of the runs' harnesses made it, from their names in a shuffled order, or "cannot tell".
-- A judge that guesses better than chance means the blinding leaks. Kept apart from `judgments`:
-- never a score. Every asking is its own row, never replaced: a failed one asked again keeps its
-- row (and what it cost) beside the new one, and the report reads each run's newest ok guess per judge.
CREATE TABLE harness_guesses (
  id            TEXT PRIMARY KEY,
  run_id        TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge         TEXT NOT NULL CHECK (length(judge) > 0),
  judge_model   TEXT NOT NULL,
  tier          TEXT NOT NULL CHECK (tier = 'process'),
  turn          INTEGER,
  -- SHA-256 over the prompt and the run: the same guess is reused only for exactly what was shown.
  input_hash    TEXT NOT NULL,
  -- The harness ids offered, in the order the prompt listed them (JSON array).
  choices_json  TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  -- A harness id of choices_json, or 'cannot tell'; null when the asking failed.
  guess         TEXT,
  reason        TEXT NOT NULL DEFAULT '',
  failure       TEXT,
  raw_reply     TEXT,
  attempts      INTEGER NOT NULL DEFAULT 0,
  tokens_input  INTEGER NOT NULL DEFAULT 0,
  tokens_output INTEGER NOT NULL DEFAULT 0,
  cost_usd      REAL,
  job_id        TEXT,
  created_at    TEXT NOT NULL,
  CHECK ((status = 'ok') = (guess IS NOT NULL))
) STRICT;
CREATE INDEX harness_guesses_by_run ON harness_guesses(run_id, judge_model, input_hash);

CREATE TRIGGER analysis_input_harness_guesses_insert AFTER INSERT ON harness_guesses BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_harness_guesses_update AFTER UPDATE ON harness_guesses BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_harness_guesses_delete AFTER DELETE ON harness_guesses BEGIN UPDATE analysis_inputs SET version = version + 1; END;
