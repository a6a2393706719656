import type { Database } from 'better-sqlite3';
import { z } from 'zod';

/** The tables an annotator action may change, and the columns undo/redo restores in each. */
export const TRACKED_COLUMNS = {
  data_rooms: ['id', 'project_id', 'title', 'global_notes', 'created_at', 'updated_at'],
  chapters: ['id', 'data_room_id', 'annotator_id', 'gold', 'position', 'title', 'instruction', 'design_notes', 'created_at', 'updated_at'],
  annotator_plans: ['id', 'data_room_id', 'annotator_id', 'global_notes', 'created_at', 'updated_at'],
  gold_plans: ['id', 'data_room_id', 'global_notes', 'created_at', 'updated_at'],
  gold_provenance: ['id', 'data_room_id', 'kind', 'action', 'from_annotator_id', 'from_item_id', 'from_label', 'gold_chapter_id', 'gold_citation_id', 'curator_note', 'created_at'],
  citations: [
    'id',
    'chapter_id',
    'source_id',
    'version_id',
    'source_sha256',
    'start_line',
    'end_line',
    'quote',
    'prefix',
    'suffix',
    'status',
    'position',
    'created_at',
    'start_char',
    'end_char',
  ],
} as const;

export const TrackedTableSchema = z.enum(['data_rooms', 'chapters', 'citations', 'annotator_plans', 'gold_plans', 'gold_provenance']);

/**
 * Columns added after undo steps were first recorded, with the value a step recorded before then
 * stands for: every chapter written before per-annotator plans is the workspace owner's (null) and none was gold (0),
 * and a citation recorded before character ranges has none (null).
 */
const ADDED_COLUMNS: Partial<Record<TrackedTable, Record<string, null | number>>> = { chapters: { annotator_id: null, gold: 0 }, citations: { start_char: null, end_char: null } };
export type TrackedTable = z.infer<typeof TrackedTableSchema>;

const TrackedRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
/** One row as stored, column name to value. */
export type TrackedRow = z.infer<typeof TrackedRowSchema>;

export const RowChangeSchema = z.object({
  table: TrackedTableSchema,
  id: z.string(),
  before: TrackedRowSchema.nullable(),
  after: TrackedRowSchema.nullable(),
});
/** One row an action changed: `before` null means it was inserted, `after` null that it was deleted. */
export type RowChange = z.infer<typeof RowChangeSchema>;

const ChangesSchema = z.array(RowChangeSchema);

export interface HistoryEntry {
  seq: number;
  dataRoomId: string;
  /** Whose plan the step edited: an annotator's id, or null for the workspace owner's plan. */
  annotatorId: string | null;
  label: string;
  /** In the order the action made them: undo walks them backwards, redo forwards. */
  changes: RowChange[];
  undone: boolean;
  createdAt: string;
}

interface HistoryDbRow {
  seq: number;
  data_room_id: string;
  annotator_id: string | null;
  label: string;
  changes_json: string;
  undone: number;
  created_at: string;
}

function toEntry(row: HistoryDbRow): HistoryEntry {
  let changes: RowChange[];
  try {
    changes = ChangesSchema.parse(JSON.parse(row.changes_json));
  } catch (error) {
    throw new Error(`Undo history entry ${row.seq} ("${row.label}") of data room ${row.data_room_id} is unreadable: ${(error as Error).message}.`, { cause: error });
  }
  return { seq: row.seq, dataRoomId: row.data_room_id, annotatorId: row.annotator_id, label: row.label, changes, undone: row.undone === 1, createdAt: row.created_at };
}

/** One plan's history: the data room's and whose plan it is (null: the workspace owner's; `gold`: the room's gold plan, with no annotator). */
export interface PlanKey {
  dataRoomId: string;
  annotatorId: string | null;
  gold?: boolean | undefined;
}

const goldOf = (plan: PlanKey) => (plan.gold ? 1 : 0);

export function appendHistory(db: Database, entry: PlanKey & { label: string; changes: RowChange[]; createdAt: string }): number {
  const result = db
    .prepare('INSERT INTO annotation_history (data_room_id, annotator_id, gold, label, changes_json, undone, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)')
    .run(entry.dataRoomId, entry.annotatorId, goldOf(entry), entry.label, JSON.stringify(entry.changes), entry.createdAt);
  return Number(result.lastInsertRowid);
}

/** The newest entry whatever its state: the only one a new edit may merge into. */
export function findNewestHistory(db: Database, plan: PlanKey): HistoryEntry | undefined {
  const row = db
    .prepare('SELECT * FROM annotation_history WHERE data_room_id = ? AND annotator_id IS ? AND gold = ? ORDER BY seq DESC LIMIT 1')
    .get(plan.dataRoomId, plan.annotatorId, goldOf(plan)) as HistoryDbRow | undefined;
  return row ? toEntry(row) : undefined;
}

/** What undo would undo: the newest entry not yet undone. */
export function findUndoEntry(db: Database, plan: PlanKey): HistoryEntry | undefined {
  const row = db
    .prepare('SELECT * FROM annotation_history WHERE data_room_id = ? AND annotator_id IS ? AND gold = ? AND undone = 0 ORDER BY seq DESC LIMIT 1')
    .get(plan.dataRoomId, plan.annotatorId, goldOf(plan)) as HistoryDbRow | undefined;
  return row ? toEntry(row) : undefined;
}

/** What redo would redo: the oldest undone entry (undone entries are always the newest ones). */
export function findRedoEntry(db: Database, plan: PlanKey): HistoryEntry | undefined {
  const row = db
    .prepare('SELECT * FROM annotation_history WHERE data_room_id = ? AND annotator_id IS ? AND gold = ? AND undone = 1 ORDER BY seq ASC LIMIT 1')
    .get(plan.dataRoomId, plan.annotatorId, goldOf(plan)) as HistoryDbRow | undefined;
  return row ? toEntry(row) : undefined;
}

export function setHistoryUndone(db: Database, seq: number, undone: boolean): void {
  db.prepare('UPDATE annotation_history SET undone = ? WHERE seq = ?').run(undone ? 1 : 0, seq);
}

/** Merges a later edit into an entry (typing coalesced into one undo step). */
export function replaceHistoryChanges(db: Database, seq: number, changes: RowChange[], createdAt: string): void {
  db.prepare('UPDATE annotation_history SET changes_json = ?, created_at = ? WHERE seq = ?').run(JSON.stringify(changes), createdAt, seq);
}

export function deleteHistoryEntry(db: Database, seq: number): void {
  db.prepare('DELETE FROM annotation_history WHERE seq = ?').run(seq);
}

/** A new action makes the undone entries unreachable: drop them. Returns how many went. */
export function clearRedoStack(db: Database, plan: PlanKey): number {
  return db.prepare('DELETE FROM annotation_history WHERE data_room_id = ? AND annotator_id IS ? AND gold = ? AND undone = 1').run(plan.dataRoomId, plan.annotatorId, goldOf(plan)).changes;
}

/** The row as undo/redo would record it, or null when there is none. */
export function readTrackedRow(db: Database, table: TrackedTable, id: string): TrackedRow | null {
  const columns = TRACKED_COLUMNS[table].join(', ');
  const row = db.prepare(`SELECT ${columns} FROM ${table} WHERE id = ?`).get(id) as TrackedRow | undefined;
  return row ?? null;
}

/**
 * Makes the row exist with exactly these values, or not exist (null). An upsert, not
 * INSERT OR REPLACE: REPLACE deletes first, and deleting a chapter would cascade to its citations.
 */
export function writeTrackedRow(db: Database, table: TrackedTable, id: string, row: TrackedRow | null): void {
  if (row === null) {
    db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id);
    return;
  }
  const columns = TRACKED_COLUMNS[table];
  row = { ...ADDED_COLUMNS[table], ...row };
  const missing = columns.filter((c) => !(c in row));
  if (missing.length > 0 || row.id !== id) {
    throw new Error(`Cannot restore ${table} row ${id}: the recorded row lacks ${missing.join(', ') || `a matching id (has ${String(row.id)})`}.`);
  }
  const recorded = row;
  const values = Object.fromEntries(columns.map((c) => [c, recorded[c]]));
  const updates = columns.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`);
  db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
  ).run(values);
}

/** Drops a data room's whole undo/redo history (used once a seeded demo data room is complete). */
export function deleteDataRoomHistory(db: Database, dataRoomId: string): number {
  return db.prepare('DELETE FROM annotation_history WHERE data_room_id = ?').run(dataRoomId).changes;
}
