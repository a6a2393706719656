-- Each SME has their own plan in a data room (issue 39). A chapter belongs to one annotator's plan:
-- `annotator_id` names the annotator profile (core/store/annotator-repository.ts), and NULL is the
-- workspace owner's plan, which every chapter written before this migration becomes (no earlier
-- record says who wrote them). An annotator's global notes live in `annotator_plans`; the owner's
-- stay on the data room. Undo history is kept per plan, so one SME's Ctrl+Z never undoes another's.

ALTER TABLE chapters ADD COLUMN annotator_id TEXT REFERENCES annotators(id) ON DELETE CASCADE;
DROP INDEX chapters_by_data_room;
CREATE INDEX chapters_by_plan ON chapters(data_room_id, annotator_id, position);

CREATE TABLE annotator_plans (
  id           TEXT PRIMARY KEY,
  data_room_id TEXT NOT NULL REFERENCES data_rooms(id) ON DELETE CASCADE,
  annotator_id TEXT NOT NULL REFERENCES annotators(id) ON DELETE CASCADE,
  global_notes TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  UNIQUE (data_room_id, annotator_id)
) STRICT;

ALTER TABLE annotation_history ADD COLUMN annotator_id TEXT REFERENCES annotators(id) ON DELETE CASCADE;
DROP INDEX annotation_history_by_data_room;
CREATE INDEX annotation_history_by_plan ON annotation_history(data_room_id, annotator_id, seq);

-- Whether the annotators of the room may see each other's plans: the room owner's choice, off
-- until they allow it, so a second SME is not biased by the first one's citations.
ALTER TABLE data_rooms ADD COLUMN plans_shared INTEGER NOT NULL DEFAULT 0 CHECK (plans_shared IN (0, 1));

-- An invite link with a data room is an SME's link to their own plan in that room (and nothing
-- else); without one it is an arena voter's link, as before.
ALTER TABLE voter_invites ADD COLUMN data_room_id TEXT REFERENCES data_rooms(id) ON DELETE CASCADE;

-- An annotator's plan is part of what chapters hold, so a write to it counts as a write the report could read, as a chapter's does.
CREATE TRIGGER analysis_input_annotator_plans_insert AFTER INSERT ON annotator_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_annotator_plans_update AFTER UPDATE ON annotator_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_annotator_plans_delete AFTER DELETE ON annotator_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;
