-- Judgments made under a control (`lhb judge --control no-artifact`): a judge scores a run from
-- its task and rubrics alone, nothing of what the run made shown. They are kept apart from
-- `judgments` so no leaderboard, κ, Elo or export ever counts one; the analysis report compares
-- them with the real judgments of the same run, judge and rubric (how much the artifact moves a
-- score). Their replies are `judge_replies` rows like any other (the cache, and what they cost).
CREATE TABLE control_judgments (
  id             TEXT PRIMARY KEY,
  control        TEXT NOT NULL CHECK (control IN ('no-artifact')),
  run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge          TEXT NOT NULL CHECK (length(judge) > 0),
  tier           TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  rubric         TEXT NOT NULL CHECK (length(rubric) > 0),
  rubric_set     TEXT NOT NULL,
  rubric_version TEXT NOT NULL CHECK (length(rubric_version) > 0),
  scale          INTEGER NOT NULL CHECK (scale IN (3, 5)),
  turn           INTEGER,
  status         TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  score          INTEGER,
  level          TEXT,
  evidence       TEXT NOT NULL DEFAULT '',
  failure        TEXT,
  reply_id       TEXT NOT NULL REFERENCES judge_replies(id) ON DELETE CASCADE,
  created_at     TEXT NOT NULL,
  CHECK (
    (status = 'failed' AND score IS NULL)
    OR (status = 'ok' AND ((scale = 5 AND score BETWEEN 1 AND 5) OR (scale = 3 AND score BETWEEN 0 AND 2)))
  )
) STRICT;
CREATE INDEX control_judgments_by_run ON control_judgments(run_id, tier, rubric_set, rubric_version);
CREATE INDEX control_judgments_by_reply ON control_judgments(reply_id);

CREATE TRIGGER analysis_input_control_judgments_insert AFTER INSERT ON control_judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_control_judgments_update AFTER UPDATE ON control_judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_control_judgments_delete AFTER DELETE ON control_judgments BEGIN UPDATE analysis_inputs SET version = version + 1; END;
