import type { Database } from 'better-sqlite3';
import {
  appendHistory,
  clearRedoStack,
  deleteHistoryEntry,
  findNewestHistory,
  readTrackedRow,
  replaceHistoryChanges,
  writeTrackedRow,
  type PlanKey,
  type RowChange,
  type TrackedRow,
  type TrackedTable,
} from '../store/annotation-history-repository.ts';
import { touchDataRoom } from '../store/data-room-repository.ts';
import { nowIso, planChangeOf, type AnnotateDeps } from './annotate-deps.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/**
 * Edits of one field of one row that follow each other within this many milliseconds become one
 * undo step, so Ctrl+Z undoes a burst of typing (which autosaves every few keystrokes), not a
 * character. The window slides: each merged edit restarts it.
 */
export const TYPING_BURST_MS = 2000;

/** Bookkeeping columns: a change to them alone is not an edit. */
const BOOKKEEPING = new Set(['updated_at']);

export interface ChangeTracker {
  /** Snapshot the row before touching it (a row about to be inserted snapshots as null). */
  track(table: TrackedTable, id: string): void;
}

export interface ActionOptions {
  /** What undo/redo call this action, e.g. `Delete chapter “Intro”`. */
  label: string;
  /** Merge into the previous entry when both edit the same field(s) of the same row within TYPING_BURST_MS. */
  coalesce?: boolean;
}

/**
 * Runs one annotator action on one plan (its undo history is that plan's) as one transaction that also records it for undo: `mutate` tracks
 * each row before changing it; afterwards each tracked row's new state is read back, and the
 * pair lands in annotation_history (clearing the redo stack). An action that changed nothing
 * is rolled back and leaves no history. Returns whatever `mutate` returns.
 */
export function performAction<T>(deps: AnnotateDeps, plan: PlanKey, options: ActionOptions, mutate: (tracker: ChangeTracker, now: string) => T): T {
  const { db } = deps;
  const now = nowIso(deps);
  let changed = false;
  const result = writeTransaction(db, () => {
    const befores = new Map<string, { table: TrackedTable; id: string; before: TrackedRow | null }>();
    const tracker: ChangeTracker = {
      track(table, id) {
        const key = `${table}\u0000${id}`;
        if (!befores.has(key)) befores.set(key, { table, id, before: readTrackedRow(db, table, id) });
      },
    };
    const result = mutate(tracker, now);
    const changes: RowChange[] = [...befores.values()]
      .map(({ table, id, before }) => ({ table, id, before, after: readTrackedRow(db, table, id) }))
      .filter((change) => changedColumns(change.before, change.after, true).length > 0);
    if (!changes.some((change) => changedColumns(change.before, change.after, false).length > 0)) {
      // Nothing a user would see changed (e.g. a rename to the same title): undo the bookkeeping too.
      for (const change of changes.reverse()) writeTrackedRow(db, change.table, change.id, change.before);
      return result;
    }
    recordHistory(db, plan, options, changes, now);
    touchDataRoom(db, plan.dataRoomId, now);
    changed = true;
    return result;
  })();
  if (changed) deps.announce?.(planChangeOf(plan));
  return result;
}

function recordHistory(db: Database, plan: PlanKey, options: ActionOptions, changes: RowChange[], now: string): void {
  const newest = options.coalesce ? findNewestHistory(db, plan) : undefined;
  const previous = newest?.changes[0];
  const change = changes[0];
  const mergeable =
    newest !== undefined &&
    !newest.undone &&
    previous !== undefined &&
    change !== undefined &&
    newest.changes.length === 1 &&
    changes.length === 1 &&
    isSingleRowEdit(previous, change) &&
    withinBurst(newest.createdAt, now);
  if (mergeable) {
    const merged: RowChange = { ...previous, after: change.after };
    // Typed and then erased back to where the burst began: the step would undo nothing, so drop it.
    if (changedColumns(merged.before, merged.after, false).length === 0) deleteHistoryEntry(db, newest.seq);
    else replaceHistoryChanges(db, newest.seq, [merged], now);
    return;
  }
  clearRedoStack(db, plan);
  appendHistory(db, { ...plan, label: options.label, changes, createdAt: now });
}

/** Both update the same row, and the same set of its fields. */
function isSingleRowEdit(previous: RowChange, next: RowChange): boolean {
  if (previous.table !== next.table || previous.id !== next.id) return false;
  if (!previous.before || !previous.after || !next.before || !next.after) return false;
  const a = changedColumns(previous.before, previous.after, false);
  const b = changedColumns(next.before, next.after, false);
  return a.length === b.length && a.every((column) => b.includes(column));
}

function withinBurst(previousIso: string, nowIsoString: string): boolean {
  const gap = Date.parse(nowIsoString) - Date.parse(previousIso);
  return gap >= 0 && gap <= TYPING_BURST_MS;
}

/** Columns whose values differ (a row appearing or disappearing changes every column). */
export function changedColumns(before: TrackedRow | null, after: TrackedRow | null, includeBookkeeping: boolean): string[] {
  if (before === null && after === null) return [];
  if (before === null || after === null) return Object.keys(before ?? after ?? {});
  const columns = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...columns].filter((c) => (includeBookkeeping || !BOOKKEEPING.has(c)) && before[c] !== after[c]);
}
