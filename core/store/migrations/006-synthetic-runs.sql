-- Synthetic tasks and runs (generated for the demo study: never executed, never shown to a
-- voter) get their own identity, so their numbers can never be blended with real ones:
-- a `synthetic` flag on tasks and runs, and synthetic configuration ids live in their own
-- namespace ('synthetic:' + the canonical id), so a synthetic run never shares a configuration
-- with a real run of the same harness, model and versions.
ALTER TABLE tasks ADD COLUMN synthetic INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1));
ALTER TABLE runs ADD COLUMN synthetic INTEGER NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1));

-- Backfill. Until now a synthetic run was recognisable only by its digest: synthetic runs have
-- no files, so core/runs gave each the digest 'synthetic:<sha256 of its id>', where an imported
-- bundle's digest is bare hex.
UPDATE runs SET synthetic = 1 WHERE substr(digest, 1, 10) = 'synthetic:';
UPDATE runs SET config_id = 'synthetic:' || config_id WHERE synthetic = 1 AND substr(config_id, 1, 10) <> 'synthetic:';
-- A synthetic task is one the synthetic study created: it has synthetic runs, no real run and no
-- ground-truth frames (an imported task always keeps its frames or its real runs).
UPDATE tasks SET synthetic = 1
 WHERE EXISTS (SELECT 1 FROM runs WHERE runs.task_id = tasks.id AND runs.synthetic = 1)
   AND NOT EXISTS (SELECT 1 FROM runs WHERE runs.task_id = tasks.id AND runs.synthetic = 0)
   AND NOT EXISTS (SELECT 1 FROM task_frames WHERE task_frames.task_id = tasks.id);

-- From now on the store keeps them apart: a synthetic run belongs to a synthetic task and has a
-- 'synthetic:' configuration id; a real run has neither. (core/store/run-repository.ts refuses
-- the same with a message; these hold for every writer.)
CREATE TRIGGER runs_synthetic_identity_on_insert BEFORE INSERT ON runs
WHEN NEW.synthetic <> (substr(NEW.config_id, 1, 10) = 'synthetic:')
  OR NEW.synthetic <> (SELECT synthetic FROM tasks WHERE tasks.id = NEW.task_id)
BEGIN
  SELECT RAISE(ABORT, 'a synthetic run needs a synthetic task and a synthetic: configuration id, and a real run neither');
END;

CREATE TRIGGER runs_synthetic_identity_on_update BEFORE UPDATE OF synthetic, config_id, task_id ON runs
WHEN NEW.synthetic <> (substr(NEW.config_id, 1, 10) = 'synthetic:')
  OR NEW.synthetic <> (SELECT synthetic FROM tasks WHERE tasks.id = NEW.task_id)
BEGIN
  SELECT RAISE(ABORT, 'a synthetic run needs a synthetic task and a synthetic: configuration id, and a real run neither');
END;

CREATE TRIGGER tasks_synthetic_identity_on_update BEFORE UPDATE OF synthetic ON tasks
WHEN EXISTS (SELECT 1 FROM runs WHERE runs.task_id = NEW.id AND runs.synthetic <> NEW.synthetic)
BEGIN
  SELECT RAISE(ABORT, 'a task cannot change between synthetic and real while it has runs');
END;
