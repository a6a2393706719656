-- What a replaced pairwise verdict cost. `pairwise_verdicts` keeps one row per pair, judge and tier,
-- so a failed verdict asked again (or one asked again on new input) is replaced by the new one;
-- its requests were paid for all the same. Before the row is replaced its usage is kept here, and
-- a study's cost counts these beside the verdicts. Only usage: the verdict itself is gone, as a
-- replaced judge reply's is. No figure of the analysis report reads it (NOT_INPUTS).
CREATE TABLE replaced_pairwise_verdicts (
  id            TEXT PRIMARY KEY,
  run_a         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  run_b         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge         TEXT NOT NULL,
  judge_model   TEXT NOT NULL,
  tier          TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  status        TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  attempts      INTEGER NOT NULL CHECK (attempts > 0),
  tokens_input  INTEGER NOT NULL DEFAULT 0,
  tokens_output INTEGER NOT NULL DEFAULT 0,
  cost_usd      REAL,
  created_at    TEXT NOT NULL,
  replaced_at   TEXT NOT NULL
) STRICT;
CREATE INDEX replaced_pairwise_verdicts_by_runs ON replaced_pairwise_verdicts(run_a, run_b);
