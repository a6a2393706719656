import type { Database } from 'better-sqlite3';
import type { SearchKind } from '../../schemas/search.ts';
import { prepared } from './statement-cache.ts';

// The full-text index (migration 027): search_runs, search_text (FTS5) and search_pending. What an
// entry says is core/search's; the SQL is here.

/** The index's tables, FTS5's shadow tables of search_text included: derived from the rest of the store, never a user's work. */
export const SEARCH_INDEX_TABLES = ['search_runs', 'search_pending', 'search_text', 'search_text_data', 'search_text_idx', 'search_text_content', 'search_text_docsize', 'search_text_config'] as const;

/** An entry's rowid is its run's ordinal shifted left by this, plus the entry's position in the run. */
export const RUN_ORDINAL_SHIFT = 20;
/** The most entries one run can hold (2^20); a longer record is indexed up to here. */
export const MAX_ENTRIES_PER_RUN = 2 ** RUN_ORDINAL_SHIFT;

export interface SearchEntry {
  body: string;
  kind: SearchKind;
  /** 0-based step, or null for the run as a whole. */
  step: number | null;
  ref: string | null;
}

/** The index's column value for a kind: `tool_call` is written `tool call`, so a MATCH filters it as a phrase. */
export function kindColumnValue(kind: SearchKind): string {
  return kind.replace('_', ' ');
}

export function listPendingSearchRuns(db: Database, limit: number): string[] {
  return prepared(db, 'SELECT run_id FROM search_pending ORDER BY rowid LIMIT ?').pluck().all(limit) as string[];
}

export function countPendingSearchRuns(db: Database): number {
  return prepared(db, 'SELECT count(*) FROM search_pending').pluck().get() as number;
}

export function clearPendingSearchRun(db: Database, runId: string): void {
  prepared(db, 'DELETE FROM search_pending WHERE run_id = ?').run(runId);
}

/** Replaces everything the index holds of a run with `entries` (none: the run leaves the index). Call inside a write transaction. */
export function replaceSearchEntries(db: Database, runId: string, studyId: string | null, entries: readonly SearchEntry[]): void {
  const existing = prepared(db, 'SELECT ordinal FROM search_runs WHERE run_id = ?').pluck().get(runId) as number | undefined;
  if (existing !== undefined) {
    const low = existing * MAX_ENTRIES_PER_RUN;
    prepared(db, 'DELETE FROM search_text WHERE rowid BETWEEN ? AND ?').run(low, low + MAX_ENTRIES_PER_RUN - 1);
  }
  if (entries.length === 0) {
    if (existing !== undefined) prepared(db, 'DELETE FROM search_runs WHERE ordinal = ?').run(existing);
    return;
  }
  let ordinal = existing;
  if (ordinal === undefined) ordinal = Number(prepared(db, 'INSERT INTO search_runs (run_id, study_id) VALUES (?, ?)').run(runId, studyId).lastInsertRowid);
  else prepared(db, 'UPDATE search_runs SET study_id = ? WHERE ordinal = ?').run(studyId, ordinal);
  const insert = prepared(db, 'INSERT INTO search_text (rowid, body, kind, study, step, ref) VALUES (?, ?, ?, ?, ?, ?)');
  const low = ordinal * MAX_ENTRIES_PER_RUN;
  entries.slice(0, MAX_ENTRIES_PER_RUN).forEach((entry, position) => {
    insert.run(low + position, entry.body, kindColumnValue(entry.kind), studyId ?? '', entry.step, entry.ref);
  });
}

/** Markers snippet() puts around each matched word; the indexer strips them from what it stores, so they mark only matches. */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

export interface SearchRow {
  rowid: number;
  run_id: string;
  study_id: string | null;
  kind: string;
  step: number | null;
  ref: string | null;
  snippet: string;
}

/** One page of the entries `match` (an FTS5 expression) finds, in the order runs were indexed and, within a run, step by step. */
export function searchEntries(db: Database, match: string, limit: number, offset: number, snippetWords: number): SearchRow[] {
  return prepared(
    db,
    `SELECT m.rowid, r.run_id, r.study_id, m.kind, m.step, m.ref, m.snippet FROM (
       SELECT rowid, kind, step, ref, snippet(search_text, 0, '${MATCH_START}', '${MATCH_END}', '…', ?) AS snippet
       FROM search_text WHERE search_text MATCH ? ORDER BY rowid LIMIT ? OFFSET ?
     ) m JOIN search_runs r ON r.ordinal = m.rowid >> ${RUN_ORDINAL_SHIFT} ORDER BY m.rowid`,
  ).all(snippetWords, match, limit, offset) as SearchRow[];
}

/** How many entries `match` finds, and in how many runs: from the index alone. */
export function countSearchMatches(db: Database, match: string): { total: number; runs: number } {
  return prepared(db, `SELECT count(*) AS total, count(DISTINCT rowid >> ${RUN_ORDINAL_SHIFT}) AS runs FROM search_text WHERE search_text MATCH ?`).get(match) as { total: number; runs: number };
}
