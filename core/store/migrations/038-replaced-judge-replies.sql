-- What a replaced judge reply cost. `judge_replies` keeps one reply per judge model, rubric set
-- version, scale and input (the cache), so a reply asked again (one the judge never answered) is
-- replaced by the new one; its requests were made all the same. Before the row is replaced its
-- usage is kept here, and a study's cost counts these beside the replies, as
-- replaced_pairwise_verdicts (036) does for pairwise verdicts. Only usage: the reply and its
-- judgments are gone. No figure of the analysis report reads it (NOT_INPUTS).
CREATE TABLE replaced_judge_replies (
  id             TEXT PRIMARY KEY,
  run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge          TEXT NOT NULL,
  judge_model    TEXT NOT NULL,
  tier           TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  rubric_set     TEXT NOT NULL,
  rubric_version TEXT NOT NULL,
  scale          INTEGER NOT NULL CHECK (scale IN (3, 5)),
  status         TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  attempts       INTEGER NOT NULL CHECK (attempts > 0),
  tokens_input   INTEGER,
  tokens_output  INTEGER,
  cost_usd       REAL,
  created_at     TEXT NOT NULL,
  replaced_at    TEXT NOT NULL
) STRICT;
CREATE INDEX replaced_judge_replies_by_run ON replaced_judge_replies(run_id);
