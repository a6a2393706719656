-- Judgments: one judge model's anchored rubric score (1–5) of one run, at one tier, against one
-- rubric at one version. The judge engine writes them; the demo study seeds synthetic ones.
-- Analysis recomputes every leaderboard and agreement figure from these raw rows.
CREATE TABLE judgments (
  id             TEXT PRIMARY KEY,
  run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge          TEXT NOT NULL CHECK (length(judge) > 0),
  tier           TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  rubric         TEXT NOT NULL CHECK (length(rubric) > 0),
  rubric_version TEXT NOT NULL CHECK (length(rubric_version) > 0),
  score          INTEGER NOT NULL CHECK (score BETWEEN 1 AND 5),
  rationale      TEXT NOT NULL DEFAULT '',
  synthetic      INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1)),
  created_at     TEXT NOT NULL
) STRICT;
CREATE INDEX judgments_by_run ON judgments(run_id, tier, rubric, rubric_version);
CREATE INDEX judgments_by_item ON judgments(tier, rubric, rubric_version, judge);
