import type { Database } from 'better-sqlite3';

/** A `gold_plans` row: the data room's gold plan's global notes (its chapters are `chapters` rows with `gold = 1`). */
export interface GoldPlanRow {
  id: string;
  data_room_id: string;
  global_notes: string;
  created_at: string;
  updated_at: string;
}

export type GoldItemKind = 'chapter' | 'citation' | 'note';
export type CurationAction = 'accepted' | 'edited' | 'dropped';

/** A `gold_provenance` row: one curator decision on one annotator's item, and the gold item it became. */
export interface GoldProvenanceRow {
  id: string;
  data_room_id: string;
  kind: GoldItemKind;
  action: CurationAction;
  /** Whose plan the item was in; null: the workspace owner's. */
  from_annotator_id: string | null;
  from_item_id: string;
  from_label: string;
  gold_chapter_id: string | null;
  gold_citation_id: string | null;
  curator_note: string;
  created_at: string;
}

export function findGoldPlan(db: Database, dataRoomId: string): GoldPlanRow | undefined {
  return db.prepare('SELECT * FROM gold_plans WHERE data_room_id = ?').get(dataRoomId) as GoldPlanRow | undefined;
}

export function insertGoldPlan(db: Database, row: GoldPlanRow): void {
  db.prepare('INSERT INTO gold_plans (id, data_room_id, global_notes, created_at, updated_at) VALUES (@id, @data_room_id, @global_notes, @created_at, @updated_at)').run(row);
}

export function updateGoldPlanNotes(db: Database, id: string, globalNotes: string, updatedAt: string): void {
  db.prepare('UPDATE gold_plans SET global_notes = ?, updated_at = ? WHERE id = ?').run(globalNotes, updatedAt, id);
}

export function insertGoldProvenance(db: Database, row: GoldProvenanceRow): void {
  db.prepare(
    `INSERT INTO gold_provenance (id, data_room_id, kind, action, from_annotator_id, from_item_id, from_label, gold_chapter_id, gold_citation_id, curator_note, created_at)
     VALUES (@id, @data_room_id, @kind, @action, @from_annotator_id, @from_item_id, @from_label, @gold_chapter_id, @gold_citation_id, @curator_note, @created_at)`,
  ).run(row);
}

export function deleteGoldProvenance(db: Database, id: string): void {
  db.prepare('DELETE FROM gold_provenance WHERE id = ?').run(id);
}

/** Every curator decision of the room, oldest first. */
export function listGoldProvenance(db: Database, dataRoomId: string): GoldProvenanceRow[] {
  return db.prepare('SELECT * FROM gold_provenance WHERE data_room_id = ? ORDER BY created_at, rowid').all(dataRoomId) as GoldProvenanceRow[];
}

/** The decisions taken on one annotator's item (a chapter, citation or plan id), oldest first. */
export function listProvenanceOfItem(db: Database, fromItemId: string): GoldProvenanceRow[] {
  return db.prepare('SELECT * FROM gold_provenance WHERE from_item_id = ? ORDER BY created_at, rowid').all(fromItemId) as GoldProvenanceRow[];
}

export function findGoldProvenance(db: Database, id: string): GoldProvenanceRow | undefined {
  return db.prepare('SELECT * FROM gold_provenance WHERE id = ?').get(id) as GoldProvenanceRow | undefined;
}
