-- A data room's gold plan (issue 39): what a curator settles from the annotators' own plans. Its
-- chapters are chapter rows marked `gold` (no annotator), so its citations are citations like any
-- other and follow a source's new versions the same way; the owner's plan is `annotator_id IS NULL
-- AND gold = 0`. Its global notes live in `gold_plans`. Undo history is kept per plan, the gold
-- plan's apart from the workspace owner's.

ALTER TABLE chapters ADD COLUMN gold INTEGER NOT NULL DEFAULT 0 CHECK (gold IN (0, 1) AND (gold = 0 OR annotator_id IS NULL));
ALTER TABLE annotation_history ADD COLUMN gold INTEGER NOT NULL DEFAULT 0 CHECK (gold IN (0, 1));

CREATE TABLE gold_plans (
  id           TEXT PRIMARY KEY,
  data_room_id TEXT NOT NULL UNIQUE REFERENCES data_rooms(id) ON DELETE CASCADE,
  global_notes TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;

-- Where each gold item came from, and each curator decision on an annotator's item: `kind` is what
-- was curated (a chapter, a citation, or notes: a chapter's design notes or a plan's global notes),
-- `from_annotator_id` whose plan it was in (NULL: the workspace owner's), `from_item_id` the
-- chapter, citation or plan (global notes: the annotator_plans row, or the data room for the owner)
-- it was taken from, `from_label` what it said then (so feedback reads even after the SME deletes
-- it). `gold_chapter_id`/`gold_citation_id` name the gold item it became (both NULL when dropped,
-- and for global notes). No foreign keys to the gold rows: undo restores rows table by table, and a
-- gold item deleted since simply no longer counts as kept.
CREATE TABLE gold_provenance (
  id                TEXT PRIMARY KEY,
  data_room_id      TEXT NOT NULL REFERENCES data_rooms(id) ON DELETE CASCADE,
  kind              TEXT NOT NULL CHECK (kind IN ('chapter', 'citation', 'note')),
  action            TEXT NOT NULL CHECK (action IN ('accepted', 'edited', 'dropped')),
  from_annotator_id TEXT,
  from_item_id      TEXT NOT NULL,
  from_label        TEXT NOT NULL,
  gold_chapter_id   TEXT,
  gold_citation_id  TEXT,
  curator_note      TEXT NOT NULL DEFAULT '',
  created_at        TEXT NOT NULL
) STRICT;
CREATE INDEX gold_provenance_by_room ON gold_provenance(data_room_id, created_at);
CREATE INDEX gold_provenance_by_item ON gold_provenance(from_item_id);

-- The gold plan is what chapter-specific rubrics are written from, so writes to it count as writes the report could read.
CREATE TRIGGER analysis_input_gold_plans_insert AFTER INSERT ON gold_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_gold_plans_update AFTER UPDATE ON gold_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_gold_plans_delete AFTER DELETE ON gold_plans BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_gold_provenance_insert AFTER INSERT ON gold_provenance BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_gold_provenance_update AFTER UPDATE ON gold_provenance BEGIN UPDATE analysis_inputs SET version = version + 1; END;
CREATE TRIGGER analysis_input_gold_provenance_delete AFTER DELETE ON gold_provenance BEGIN UPDATE analysis_inputs SET version = version + 1; END;
