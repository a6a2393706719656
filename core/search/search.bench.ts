import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, percentile, type BenchResult } from '../../build/bench-harness.ts';
import { openApi } from '../api/open-api.ts';
import { RUN_ORDINAL_SHIFT } from '../store/search-repository.ts';
import { RARE_ERROR, RARE_TOOL, recordGeneratedStudy } from './generated-runs.fixture.ts';
import { indexPendingRuns } from './index-pending-runs.ts';
import { searchRuns } from './search-runs.ts';

const RUNS = 1000;
const STEPS = 200;
const ROUNDS = 7;

/**
 * Searches on 1,000 generated runs of 200 steps each (a message and a tool call with its result per
 * step) in a real workspace: each query as `search.query` answers it (the catch-up check, the count
 * of matching entries and runs, the first page of 50 with snippets). The peer, in the same run and
 * the same database: a LIKE scan over the same indexed text (FTS5's own content table), counting
 * entries and runs and reading the first 50, as a search without the index would.
 */
export default async function bench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-search-bench-'));
  const api = await openApi(join(dir, 'workspace'), { emptyProject: { name: 'Search bench' } });
  try {
    const { workspace } = api.context;
    const seeding = performance.now();
    for (let study = 0; study < 4; study++) recordGeneratedStudy(workspace, { studyId: `bench-${study}`, runs: RUNS / 4, steps: STEPS, seed: `bench-${study}` });
    const seededMs = performance.now() - seeding;
    const indexing = performance.now();
    const indexed = indexPendingRuns(workspace);
    const indexMs = performance.now() - indexing;
    const { db } = workspace;
    const entries = db.prepare('SELECT count(*) FROM search_text').pluck().get() as number;

    // Each query with the LIKE conditions a scan needs for the same answer.
    const queries: { query: string; kinds?: ('tool_call' | 'error')[]; like: string[]; either?: true }[] = [
      { query: RARE_TOOL, kinds: ['tool_call'], like: [`%${RARE_TOOL}%`] },
      { query: `"${RARE_ERROR}"`, like: [`%${RARE_ERROR}%`] },
      { query: 'legend tooltip', like: ['%legend%', '%tooltip%'] },
      { query: 'revenue OR locale', like: ['%revenue%', '%locale%'], either: true },
      { query: '"npm run build"', like: ['%npm run build%'] },
      { query: 'scro*', like: ['%scro%'] },
    ];
    const ours: number[] = [];
    const peer: number[] = [];
    const counts: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of queries) {
        let started = performance.now();
        const result = searchRuns(workspace, { query: q.query, ...(q.kinds ? { kinds: q.kinds } : {}), limit: 50, offset: 0 });
        ours.push(performance.now() - started);
        started = performance.now();
        const where = q.like.map(() => 'c0 LIKE ?').join(q.either ? ' OR ' : ' AND ');
        const scanned = db.prepare(`SELECT count(*) AS total, count(DISTINCT id >> ${RUN_ORDINAL_SHIFT}) AS runs FROM search_text_content WHERE ${where}`).get(...q.like) as { total: number; runs: number };
        db.prepare(`SELECT id, substr(c0, 1, 200) FROM search_text_content WHERE ${where} ORDER BY id LIMIT 50`).all(...q.like);
        peer.push(performance.now() - started);
        if (round === 0) counts.push(`${q.query}: ${result.total} entries in ${result.runs} runs (LIKE: ${scanned.total} in ${scanned.runs})`);
      }
    }
    const sizeMb = statSync(workspace.databasePath).size / 1e6;
    return [
      {
        name: `search on ${RUNS} runs × ${STEPS} steps (${entries} entries), median of ${ours.length} queries`,
        unit: 'ms',
        value: median(ours),
        peer: { name: 'LIKE scan of the same text', value: median(peer) },
        target: { text: 'well under a second (p95 under 500 ms)', met: percentile(ours, 0.95) < 500 },
        detail: `p95 ${percentile(ours, 0.95).toFixed(1)} ms (LIKE p95 ${percentile(peer, 0.95).toFixed(1)} ms); ${counts.join('; ')}`,
      },
      {
        name: `building the index of ${indexed} runs (the migration's first open)`,
        unit: 'ms',
        value: indexMs,
        detail: `seeding took ${Math.round(seededMs)} ms; the database is ${sizeMb.toFixed(0)} MB`,
      },
    ];
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
