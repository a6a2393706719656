-- Pairwise judging (issue 42): a judge is shown two runs of one task, blind, and picks one or a tie,
-- asked twice with the sides swapped. One row per pair, judge and tier: `first_pick` is what the
-- judge picked with run_a shown first (on the left), `second_pick` with run_b shown first, each in
-- run_a/run_b terms; `verdict` is the pick both askings agree on, and a tie when they do not;
-- `flipped` is 1 when the two askings picked different runs (the position decided, not the work).
-- The pair is kept in run id order (run_a < run_b), as votes keep theirs, so a verdict and a vote
-- on the same two runs meet. A failed asking keeps its row (status 'failed', no picks) so it is
-- counted and asked again next time.

CREATE TABLE pairwise_verdicts (
  id            TEXT PRIMARY KEY,
  task_id       TEXT NOT NULL,
  run_a         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  run_b         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge         TEXT NOT NULL,
  judge_model   TEXT NOT NULL,
  tier          TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  input_hash    TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  first_pick    TEXT CHECK (first_pick IN ('a', 'b', 'tie')),
  second_pick   TEXT CHECK (second_pick IN ('a', 'b', 'tie')),
  verdict       TEXT CHECK (verdict IN ('a', 'b', 'tie')),
  flipped       INTEGER NOT NULL DEFAULT 0 CHECK (flipped IN (0, 1)),
  reasons_json  TEXT NOT NULL DEFAULT '[]',
  failure       TEXT,
  raw_replies   TEXT,
  attempts      INTEGER NOT NULL DEFAULT 0,
  tokens_input  INTEGER NOT NULL DEFAULT 0,
  tokens_output INTEGER NOT NULL DEFAULT 0,
  cost_usd      REAL,
  job_id        TEXT,
  created_at    TEXT NOT NULL,
  CHECK (run_a < run_b),
  CHECK (status = 'failed' OR (first_pick IS NOT NULL AND second_pick IS NOT NULL AND verdict IS NOT NULL)),
  UNIQUE (run_a, run_b, judge, tier)
) STRICT;
CREATE INDEX pairwise_verdicts_by_run_b ON pairwise_verdicts(run_b);

-- The analysis report reads the verdicts, so a write to them makes a kept report stale.
CREATE TRIGGER analysis_input_pairwise_verdicts_insert AFTER INSERT ON pairwise_verdicts BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_pairwise_verdicts_update AFTER UPDATE ON pairwise_verdicts BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_pairwise_verdicts_delete AFTER DELETE ON pairwise_verdicts BEGIN UPDATE analysis_inputs SET version = version + 1; END;
