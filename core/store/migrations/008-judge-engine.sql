-- The judge engine: versioned rubric sets, each provider conversation's outcome (the cache and
-- the record of what was asked and answered), and judgments that carry their scale, level,
-- evidence and failure state. Existing judgments (the demo's synthetic ones, 1–5) are kept.

CREATE TABLE rubric_sets (
  id            TEXT PRIMARY KEY,
  name          TEXT NOT NULL CHECK (length(name) > 0),
  version       TEXT NOT NULL CHECK (length(version) > 0),
  scale         INTEGER NOT NULL CHECK (scale IN (3, 5)),
  tier          TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  authored_by   TEXT NOT NULL CHECK (authored_by IN ('expert', 'llm-generic', 'chapter')),
  chapter_id    TEXT REFERENCES chapters(id) ON DELETE SET NULL,
  -- The whole set as schemas/judge.ts RubricSet JSON; never edited in place (a change is a new version).
  definition_json TEXT NOT NULL,
  -- SHA-256 of definition_json: the same name@version with other contents is refused.
  digest        TEXT NOT NULL,
  builtin       INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
  created_at    TEXT NOT NULL,
  UNIQUE (name, version, scale)
) STRICT;

-- One judge's answer to one prompt: the unit the provider is asked for, cached by its key so a
-- re-run asks nothing it already has. A failed reply keeps its raw text and why it failed.
CREATE TABLE judge_replies (
  id              TEXT PRIMARY KEY,
  run_id          TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge           TEXT NOT NULL,
  judge_model     TEXT NOT NULL,
  tier            TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  rubric_set      TEXT NOT NULL,
  rubric_version  TEXT NOT NULL,
  scale           INTEGER NOT NULL CHECK (scale IN (3, 5)),
  -- SHA-256 of everything the judge was shown (prompt text and images).
  input_hash      TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  failure         TEXT,
  raw_reply       TEXT,
  attempts        INTEGER NOT NULL DEFAULT 1,
  tokens_input    INTEGER,
  tokens_output   INTEGER,
  cost_usd        REAL,
  duration_ms     INTEGER,
  job_id          TEXT,
  created_at      TEXT NOT NULL,
  UNIQUE (judge_model, rubric_set, rubric_version, scale, input_hash)
) STRICT;
CREATE INDEX judge_replies_by_run ON judge_replies(run_id, tier);

CREATE TABLE judgments_next (
  id             TEXT PRIMARY KEY,
  run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  judge          TEXT NOT NULL CHECK (length(judge) > 0),
  tier           TEXT NOT NULL CHECK (tier IN ('process', 'output', 'content')),
  rubric         TEXT NOT NULL CHECK (length(rubric) > 0),
  -- The rubric set's name (empty for judgments made before sets were stored) and version.
  rubric_set     TEXT NOT NULL DEFAULT '',
  rubric_version TEXT NOT NULL CHECK (length(rubric_version) > 0),
  scale          INTEGER NOT NULL DEFAULT 5 CHECK (scale IN (3, 5)),
  status         TEXT NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'failed')),
  score          INTEGER,
  level          TEXT,
  evidence       TEXT NOT NULL DEFAULT '',
  rationale      TEXT NOT NULL DEFAULT '',
  failure        TEXT,
  reply_id       TEXT REFERENCES judge_replies(id) ON DELETE CASCADE,
  synthetic      INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1)),
  created_at     TEXT NOT NULL,
  CHECK (
    (status = 'failed' AND score IS NULL)
    OR (status = 'ok' AND ((scale = 5 AND score BETWEEN 1 AND 5) OR (scale = 3 AND score BETWEEN 0 AND 2)))
  )
) STRICT;

INSERT INTO judgments_next (id, run_id, judge, tier, rubric, rubric_set, rubric_version, scale, status, score, level, evidence, rationale, synthetic, created_at)
  SELECT id, run_id, judge, tier, rubric, '', rubric_version, 5, 'ok', score, CAST(score AS TEXT), '', rationale, synthetic, created_at FROM judgments;
DROP TABLE judgments;
ALTER TABLE judgments_next RENAME TO judgments;
CREATE INDEX judgments_by_run ON judgments(run_id, tier, rubric, rubric_version);
CREATE INDEX judgments_by_item ON judgments(tier, rubric, rubric_version, judge);
CREATE INDEX judgments_by_reply ON judgments(reply_id);
