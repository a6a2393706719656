import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../api/create-api.ts';
import { recordJudgment } from '../judge/record-judgment.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { seedDemoStudy } from '../demo/seed-demo-study.ts';

const DEMO_DATASET = fileURLToPath(new URL('../../datasets/demo', import.meta.url));
const ASK = { resamples: 200, seed: 'cache-test' };

describe('analysis.report: the same report again while the store has not changed', () => {
  let dir: string;
  let api: Api;
  let judged = 0;
  const judge = (db: Api['context']['workspace']['db']) =>
    recordJudgment(db, { runId: 'synthetic-run-01-claude-v2', judge: 'later-judge', tier: 'output', rubric: 'correctness', rubricVersion: '1', score: 1 + (judged++ % 5), rationale: 'added by the test', synthetic: true });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lhb-report-cache-'));
    api = createApi(openWorkspace(dir));
    seedDemoStudy(api.context.workspace.db, DEMO_DATASET);
  });
  afterEach(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a second ask with the report already computed (same figures, same time stamp)', async () => {
    const first = (await api.call('analysis.report', ASK)) as { generatedAt: string; study: { judgments: number } };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await api.call('analysis.report', ASK)) as typeof first;
    expect(second.generatedAt).toBe(first.generatedAt);
    expect(second).toEqual(first);
    // Another seed is another report.
    const otherSeed = (await api.call('analysis.report', { ...ASK, seed: 'another' })) as typeof first;
    expect(otherSeed.generatedAt).not.toBe(first.generatedAt);
  });

  it('computes it again after this process or another one wrote to the store', async () => {
    const before = (await api.call('analysis.report', ASK)) as { generatedAt: string; study: { judgments: number } };
    judge(api.context.workspace.db);
    const afterOwnWrite = (await api.call('analysis.report', ASK)) as typeof before;
    expect(afterOwnWrite.study.judgments).toBe(before.study.judgments + 1);

    const other = openWorkspace(dir);
    try {
      judge(other.db);
    } finally {
      other.close();
    }
    const afterOtherWrite = (await api.call('analysis.report', ASK)) as typeof before;
    expect(afterOtherWrite.study.judgments).toBe(before.study.judgments + 2);
  });
});
