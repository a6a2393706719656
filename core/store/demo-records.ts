import type { Database } from 'better-sqlite3';
import { writeTransaction } from './write-transaction.ts';

/**
 * The demo's records (issue 33, migration 023): what the demo's seed wrote into a workspace, marked
 * `demo` = 1 so a user's study, figures and exports never count it unless asked. Tasks, runs, the
 * data room, its sources and its chapters carry the mark. A vote or judgment carries none of its
 * own: it is the demo's exactly when it touches a demo run (`DEMO_VOTE`, `DEMO_JUDGMENT`), so a
 * vote a user casts on a demo pair is the demo's too (it says nothing about the user's own runs)
 * and a judgment of a demo bundle likewise.
 */
export interface DemoRecordIds {
  tasks?: readonly string[];
  runs?: readonly string[];
  dataRooms?: readonly string[];
  sources?: readonly string[];
  chapters?: readonly string[];
}

const TABLES = { tasks: 'tasks', runs: 'runs', dataRooms: 'data_rooms', sources: 'sources', chapters: 'chapters' } as const;

/** Marks these records as the demo's, in one transaction (the seed calls it with the ids it wrote). */
export function markDemoRecords(db: Database, ids: DemoRecordIds): void {
  writeTransaction(db, () => {
    for (const [key, table] of Object.entries(TABLES) as [keyof DemoRecordIds, string][]) {
      const mark = db.prepare(`UPDATE ${table} SET demo = 1 WHERE id = ? AND demo = 0`);
      for (const id of ids[key] ?? []) mark.run(id);
    }
  })();
}

/** SQL: whether the vote `v` is the demo's (it compares a demo run). */
export const DEMO_VOTE = (v: string): string => `EXISTS (SELECT 1 FROM runs dr WHERE dr.id IN (${v}.run_a, ${v}.run_b) AND dr.demo = 1)`;

/** SQL: whether the judgment `j` is the demo's (it judges a demo run). */
export const DEMO_JUDGMENT = (j: string): string => `EXISTS (SELECT 1 FROM runs dr WHERE dr.id = ${j}.run_id AND dr.demo = 1)`;

/** Runs, live votes and judgments (scored and failed) in the workspace, the demo's included. */
export function countRecords(db: Database): { runs: number; votes: number; judgments: number } {
  const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  return {
    runs: n('SELECT count(*) AS n FROM runs'),
    votes: n('SELECT count(*) AS n FROM votes WHERE retracted_at IS NULL'),
    judgments: n('SELECT count(*) AS n FROM judgments'),
  };
}

export interface DemoRecordCounts {
  runs: number;
  votes: number;
  judgments: number;
  sources: number;
  chapters: number;
}

/** How many of the workspace's records are the demo's (live votes only, as everywhere they count). */
export function countDemoRecords(db: Database): DemoRecordCounts {
  const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  return {
    runs: n('SELECT count(*) AS n FROM runs WHERE demo = 1'),
    votes: n(`SELECT count(*) AS n FROM votes v WHERE v.retracted_at IS NULL AND ${DEMO_VOTE('v')}`),
    judgments: n(`SELECT count(*) AS n FROM judgments j WHERE ${DEMO_JUDGMENT('j')}`),
    sources: n('SELECT count(*) AS n FROM sources WHERE demo = 1'),
    chapters: n('SELECT count(*) AS n FROM chapters WHERE demo = 1'),
  };
}
