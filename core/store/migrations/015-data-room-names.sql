-- One word per concept (issue 21): the screen, the CLI and the docs say "data room", so the store
-- does too; migration 002 named the table `courses`. RENAME keeps every row, and SQLite rewrites
-- the foreign keys, indexes and triggers that name the table or the column.

ALTER TABLE courses RENAME TO data_rooms;
ALTER TABLE sources RENAME COLUMN course_id TO data_room_id;
ALTER TABLE chapters RENAME COLUMN course_id TO data_room_id;
ALTER TABLE annotation_history RENAME COLUMN course_id TO data_room_id;

-- Indexes keep their names through a rename; these said `course`.
DROP INDEX sources_by_course;
CREATE INDEX sources_by_data_room ON sources(data_room_id);
DROP INDEX chapters_by_course;
CREATE INDEX chapters_by_data_room ON chapters(data_room_id, position);
DROP INDEX annotation_history_by_course;
CREATE INDEX annotation_history_by_data_room ON annotation_history(data_room_id, seq);

-- Each undo step names the rows it changed by table, with their columns (JSON.stringify's text,
-- core/store/annotation-history-repository.ts), so undo and redo can still put back what was
-- recorded before this migration. The two patterns are exact: they begin and end with a
-- quotation mark, which inside a JSON string is always escaped (\"), so they match only the
-- "table" value and the object key, never text an annotator typed.
UPDATE annotation_history
SET changes_json = replace(replace(changes_json, '"table":"courses"', '"table":"data_rooms"'), '"course_id":', '"data_room_id":')
WHERE changes_json LIKE '%"table":"courses"%' OR changes_json LIKE '%"course_id":%';
