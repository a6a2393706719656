import type { Database } from 'better-sqlite3';

const TABLES = [
  'sources', 'source_versions', 'data_rooms', 'chapters', 'citations', 'tasks', 'runs', 'studies', 'study_runs',
  'annotators', 'arena_presentations', 'votes', 'judgments', 'rubric_sets', 'blobs',
  'pairwise_verdicts', 'control_judgments', 'judge_replies', 'harness_guesses',
] as const;

/** Rows per table an import writes to: a refused or repeated import must leave every one as it was. */
export function tableCounts(db: Database): Record<(typeof TABLES)[number], number> {
  return Object.fromEntries(TABLES.map((table) => [table, (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n])) as Record<(typeof TABLES)[number], number>;
}
