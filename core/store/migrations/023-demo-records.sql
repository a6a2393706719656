-- The demo's records are marked as the demo's (issue 33), so a user's study, figures and exports
-- never count them unless asked: the seed (core/demo) marks what it writes, and this migration
-- marks what earlier seeds wrote. `demo` = 1 on the demo's tasks, runs, data room, sources and
-- chapters. A vote or judgment is the demo's when it touches a demo run (a user's vote on a demo
-- pair included: it says nothing about the user's own runs), so it is never marked on its own
-- row and can never disagree with its runs (core/store/demo-records.ts says it once, for readers).
ALTER TABLE tasks ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1));
ALTER TABLE runs ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1));
ALTER TABLE data_rooms ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1));
ALTER TABLE sources ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1));
ALTER TABLE chapters ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1));

-- Backfill, by what every earlier seed wrote and no user's record has:
-- - the synthetic study's tasks and runs carry `synthetic` (migration 006);
-- - the demo arena's five bundles were imported from the app's own datasets/demo/arena/bundles/
--   folder, which their runs keep as source_dir (an absolute path, under / or a drive letter);
-- - its two tasks came from datasets/demo/arena/tasks/ under these ids (a task keeps no folder),
--   with the bundles (a user's run on a demo task stays the user's: only runs decide what counts);
-- - the data room is the seed manifest's (datasets/demo/workspace.json): its title, holding the
--   manifest's four source files (by the name they were imported under) and its three chapters.
UPDATE runs SET demo = 1
 WHERE synthetic = 1
    OR source_dir LIKE '%/datasets/demo/arena/bundles/%'
    OR source_dir LIKE '%\datasets\demo\arena\bundles\%';

UPDATE tasks SET demo = 1
 WHERE synthetic = 1
    OR (id IN ('demo-figma-pricing', 'demo-chapter-trend') AND EXISTS (SELECT 1 FROM runs WHERE runs.task_id = tasks.id AND runs.demo = 1));

UPDATE data_rooms SET demo = 1
 WHERE title = 'Operations dashboard data room'
   AND (SELECT count(DISTINCT original_name) FROM sources
         WHERE sources.data_room_id = data_rooms.id
           AND original_name IN ('dashboard-brief.md', 'dashboard-review.pdf', 'scoring-guide.html', 'operations-lead-interview.txt')) = 4;

UPDATE sources SET demo = 1
 WHERE data_room_id IN (SELECT id FROM data_rooms WHERE demo = 1)
   AND original_name IN ('dashboard-brief.md', 'dashboard-review.pdf', 'scoring-guide.html', 'operations-lead-interview.txt');

UPDATE chapters SET demo = 1
 WHERE data_room_id IN (SELECT id FROM data_rooms WHERE demo = 1)
   AND title IN ('Weekly trend with a marked partial week', 'Regional breakdown that reconciles with the trend', 'Empty and error states');
