import {
  findRedoEntry,
  findUndoEntry,
  setHistoryUndone,
  writeTrackedRow,
  type HistoryEntry,
  type PlanKey,
  type RowChange,
} from '../store/annotation-history-repository.ts';
import { findCitation, updateCitationAnchor } from '../store/citation-repository.ts';
import { touchDataRoom } from '../store/data-room-repository.ts';
import { nowIso, planChangeOf, type AnnotateDeps } from './annotate-deps.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { quoted } from './quoted.ts';
import { locateCitation, readVersionLines, readWholeVersion } from './reanchor-citations.ts';
import { locatePlainCitation, PlainTarget, type PlainVersionReader } from './reanchor-plain-quote.ts';
import { requireDataRoom } from './require-records.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/**
 * Ctrl+Z on one plan (each annotator's history is their own): puts back the rows the newest not-yet-undone action changed, newest change first, and
 * marks it undone. Nothing to undo is not an error (the key was pressed once too often). `plain`
 * reads versions as plain text, for a restored citation of plain text that must move to a newer
 * version (loaded by the caller: it brings the Markdown parser).
 */
export function undoLastAction(deps: AnnotateDeps, plan: PlanKey, plain: PlainVersionReader): void {
  requireDataRoom(deps.db, plan.dataRoomId);
  const undone = writeTransaction(deps.db, () => {
    const entry = findUndoEntry(deps.db, plan);
    if (!entry) return false;
    applyRows(deps, entry, [...entry.changes].reverse(), 'before', 'undo', plain);
    setHistoryUndone(deps.db, entry.seq, true);
    touchDataRoom(deps.db, plan.dataRoomId, nowIso(deps));
    return true;
  })();
  if (undone) deps.announce?.(planChangeOf(plan));
}

/** Ctrl+Shift+Z: re-applies the oldest undone action, oldest change first. */
export function redoLastAction(deps: AnnotateDeps, plan: PlanKey, plain: PlainVersionReader): void {
  requireDataRoom(deps.db, plan.dataRoomId);
  const redone = writeTransaction(deps.db, () => {
    const entry = findRedoEntry(deps.db, plan);
    if (!entry) return false;
    applyRows(deps, entry, entry.changes, 'after', 'redo', plain);
    setHistoryUndone(deps.db, entry.seq, false);
    touchDataRoom(deps.db, plan.dataRoomId, nowIso(deps));
    return true;
  })();
  if (redone) deps.announce?.(planChangeOf(plan));
}

function applyRows(deps: AnnotateDeps, entry: HistoryEntry, changes: RowChange[], side: 'before' | 'after', verb: 'undo' | 'redo', plain: PlainVersionReader): void {
  try {
    for (const change of changes) writeTrackedRow(deps.db, change.table, change.id, change[side]);
  } catch (error) {
    // Only rows outside the history (a source removed since) can get in the way; the
    // transaction rolls back, so nothing is half-applied.
    throw new LhbError('conflict', `Could not ${verb} ${quoted(entry.label, 80)}: ${(error as Error).message}. Nothing was changed.`);
  }
  for (const change of changes) {
    if (change.table === 'citations' && change[side] !== null) refreshCitation(deps, change.id, plain);
  }
}

/**
 * A citation brought back by undo/redo carries the anchor it had when the action was recorded.
 * If its source has gained a version since (and re-anchoring moved its siblings), move it too,
 * so a restored citation is never left behind on an old version without a flag. It moves as
 * `lhb sources renormalise` moves its siblings: a quote of plain text (one with a character range)
 * is looked for in the new version's plain text, any other in its Markdown.
 */
function refreshCitation(deps: AnnotateDeps, citationId: string, plain: PlainVersionReader): void {
  const citation = findCitation(deps.db, citationId);
  if (!citation) return;
  const latestId = deps.sources.source(citation.source_id)?.latestVersionId;
  if (!latestId || latestId === citation.version_id) return;
  const latest = deps.sources.version(latestId);
  const current = deps.sources.version(citation.version_id);
  if (!latest || (current && current.version >= latest.version)) return;
  const anchor =
    citation.start_char !== null && citation.end_char !== null
      ? locatePlainCitation(citation, new PlainTarget(deps.sources, latest, readVersionLines(deps.sources, latest), plain)).anchor
      : locateCitation(deps.sources, citation, latest, readWholeVersion(deps.sources, latest));
  updateCitationAnchor(deps.db, citation.id, anchor);
}
