-- One agent, one configuration (issue 20). Runs were stored with their harness named as their
-- source named it (`codex-cli` in the demo's bundles, `codex` in the engine's own runs), and an
-- output bundle's harness build number (`versions.harness`) was part of its configuration while a
-- run executed here had none, so one agent read as two or three rows in every leaderboard. From
-- here on (core/runs/run-configuration.ts):
--   harness          the harness's canonical id: aliases are mapped to it
--   harness_version  the harness CLI's version, recorded on the run, never part of its configuration
--   versions_json    what the study chose (the skill, ...), without the build number, by name
--   config_id        JSON [harness, model, versions] exactly as configIdOf writes it, behind
--                    'synthetic:' for a synthetic run (migration 006's triggers check that prefix)
-- Presentations, votes and judgments name runs, not configurations, so they stay as they are; a
-- vote between two runs that are now one configuration is left out of preference by analysis.
-- Text is compared and sorted as SQLite does (UTF-8 bytes, code point order), as configIdOf does;
-- a version name holding a NUL character, which no source writes, would sort as if cut there.

ALTER TABLE runs ADD COLUMN harness_version TEXT;

-- The ids and aliases the adapters (core/runs/harnesses/*.ts) had when this was written. A
-- migration is history: an alias added later needs a migration of its own (the test of this one
-- fails until it has one). Names are matched as canonicalHarnessId matches them: trimmed of
-- JavaScript's whitespace, in any case.
CREATE TEMP TABLE harness_names (name TEXT PRIMARY KEY, id TEXT NOT NULL);
INSERT INTO harness_names (name, id) VALUES
  ('claude-code', 'claude-code'), ('claude_code', 'claude-code'), ('claudecode', 'claude-code'), ('claude', 'claude-code'),
  ('codex', 'codex'), ('codex-cli', 'codex'), ('codex_cli', 'codex'), ('openai-codex', 'codex'),
  ('gemini-cli', 'gemini-cli'), ('gemini_cli', 'gemini-cli'), ('gemini', 'gemini-cli'), ('geminicli', 'gemini-cli'),
  ('command', 'command');
CREATE TEMP VIEW whitespace (chars) AS
  SELECT char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279);

UPDATE runs SET harness = harness_names.id
  FROM harness_names, whitespace
 WHERE harness_names.name = lower(trim(runs.harness, whitespace.chars));
UPDATE study_runs SET harness = harness_names.id
  FROM harness_names, whitespace
 WHERE harness_names.name = lower(trim(study_runs.harness, whitespace.chars));

-- The harness version: what the engine recorded for a run it executed, else a bundle's or an
-- export's `versions.harness`, else the version its imported ATIF trajectory names.
UPDATE runs SET harness_version = coalesce(
  (SELECT study_runs.harness_version FROM study_runs WHERE study_runs.run_id = runs.id AND study_runs.harness_version IS NOT NULL ORDER BY study_runs.rowid LIMIT 1),
  CASE WHEN json_valid(runs.versions_json) AND json_type(runs.versions_json, '$.harness') = 'text' THEN json_extract(runs.versions_json, '$.harness') END,
  (SELECT run_trajectories.harness_version FROM run_trajectories WHERE run_trajectories.run_id = runs.id));
UPDATE study_runs SET harness_version = json_extract(versions_json, '$.harness')
 WHERE harness_version IS NULL AND json_valid(versions_json) AND json_type(versions_json, '$.harness') = 'text';

-- The versions without the build number, by name; then the ids from them.
UPDATE runs SET versions_json = (SELECT json_group_object(key, value ORDER BY key) FROM json_each(json_remove(runs.versions_json, '$.harness')))
 WHERE json_valid(versions_json) AND json_type(versions_json) = 'object';
UPDATE study_runs SET versions_json = (SELECT json_group_object(key, value ORDER BY key) FROM json_each(json_remove(study_runs.versions_json, '$.harness')))
 WHERE json_valid(versions_json) AND json_type(versions_json) = 'object';

UPDATE runs SET config_id = CASE synthetic WHEN 1 THEN 'synthetic:' ELSE '' END || json_array(harness, model, json(versions_json))
 WHERE json_valid(versions_json) AND json_type(versions_json) = 'object';
UPDATE study_runs SET config_id = CASE WHEN substr(config_id, 1, 10) = 'synthetic:' THEN 'synthetic:' ELSE '' END || json_array(harness, model, json(versions_json))
 WHERE json_valid(versions_json) AND json_type(versions_json) = 'object';

DROP VIEW whitespace;
DROP TABLE harness_names;
