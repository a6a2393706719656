-- An SME team's chapter plans (issue 27): an annotator submits the data room's chapter plan under
-- their name, as the lhb-chapter-plan/1 JSON of that moment (schemas/chapter-plan.ts), so two
-- annotators' plans for one data room can be compared and a reviewer can approve one. Submitting
-- again replaces the annotator's plan and clears its approval; names compare without case.
CREATE TABLE plan_submissions (
  data_room_id TEXT NOT NULL REFERENCES data_rooms(id) ON DELETE CASCADE,
  annotator    TEXT NOT NULL COLLATE NOCASE CHECK (length(trim(annotator)) > 0),
  plan_json    TEXT NOT NULL,
  submitted_at TEXT NOT NULL,
  approved_by  TEXT CHECK (approved_by IS NULL OR length(trim(approved_by)) > 0),
  approved_at  TEXT,
  CHECK ((approved_by IS NULL) = (approved_at IS NULL)),
  PRIMARY KEY (data_room_id, annotator)
) STRICT;
