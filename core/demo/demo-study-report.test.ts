import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisReportSchema, type AnalysisReport } from '../../schemas/analysis.ts';
import { demoDatasetDir } from '../app-paths.ts';
import { openApi } from '../api/open-api.ts';
import type { Api } from '../api/create-api.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { seedDemoStudy } from './seed-demo-study.ts';

let dir: string;
let api: Api;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-demo-analysis-'));
  api = await openApi(join(dir, 'workspace'));
}, 60_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (table: string, where = '1') => (api.context.workspace.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get() as { n: number }).n;

describe('the demo workspace at first start', () => {
  it('has a report with numbers in every section, labelled synthetic', async () => {
    const report: AnalysisReport = AnalysisReportSchema.parse(await api.call('analysis.report', {}));
    expect(report.study).toMatchObject({ tasks: 12, votes: 300, annotators: 3, includesSynthetic: true, seed: 'lhb-analysis', resamples: 1000 });
    expect(report.study.judges).toHaveLength(3);
    expect(report.study.configurations.length).toBeGreaterThanOrEqual(4);
    // The demo's judgments predate stored sets: one leaderboard per tier (5-point), its rubrics weighing alike, 12 tasks each.
    expect(report.leaderboards.map((board) => [board.tier, board.rubricSet, board.scale, board.weights])).toEqual([
      ['process', '', 5, 'equal'],
      ['output', '', 5, 'equal'],
      ['content', '', 5, 'equal'],
    ]);
    for (const board of report.leaderboards) {
      expect(board.rows.length).toBeGreaterThanOrEqual(3);
      expect(board.rows.every((row) => row.lo !== null && row.hi !== null && row.lo <= row.mean && row.mean <= row.hi && row.tasks === 12)).toBe(true);
      expect(board.rubrics.length).toBeGreaterThanOrEqual(2);
      expect(board.rows.every((row) => row.rubrics.every((mean) => mean !== null) && row.crossJudgeVariance !== null && row.judges.length === 3)).toBe(true);
    }
    expect(report.agreement.overall.meanKappa).not.toBeNull();
    expect(report.agreement.overall.variance).not.toBeNull();
    expect(report.agreement.perRubric.some((r) => r.version === 'v2')).toBe(true);
    expect(report.agreement.matrix.flat().every((k) => k !== null)).toBe(true);
    const pref = report.preference;
    expect(pref.elo.length).toBeGreaterThanOrEqual(3);
    expect(pref.elo.every((row) => row.lo !== null && row.hi !== null)).toBe(true);
    expect(pref.pairwise.length).toBeGreaterThanOrEqual(3);
    expect(pref.positionBias.decided).toBeGreaterThan(0);
    expect(pref.positionBias.leftRate).toBeGreaterThan(0.5);
    expect(pref.cycles.triads).toBeGreaterThan(0);
    expect(pref.winnerQuality.kruskal.h).not.toBeNull();
    expect(pref.passRates.length).toBeGreaterThanOrEqual(3);
    expect(pref.winRates.length).toBeGreaterThanOrEqual(3);
    expect(pref.discriminatingShare).not.toBeNull();
    expect(report.alignment.groups.map((group) => group.tier)).toEqual(['process', 'output', 'content']);
    for (const group of report.alignment.groups) {
      expect(group.judges).toHaveLength(3);
      expect([group.together, ...group.judges].every((judge) => judge.n > 0 && judge.kappa !== null && judge.winRates.length >= 3)).toBe(true);
      expect(group.pairs.length).toBeGreaterThanOrEqual(3);
    }

    const excluded = AnalysisReportSchema.parse(await api.call('analysis.report', { excludeSynthetic: true }));
    expect(excluded.study).toMatchObject({ votes: 0, judgments: 0, includesSynthetic: false });
  });

  it('keeps the synthetic runs out of the voting queue', async () => {
    const annotator = await api.call('arena.createAnnotator', { name: 'Reviewer' });
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const next = await api.call('arena.nextPair', { annotatorId: annotator.id });
      if (!next.item) break;
      seen.add(next.item.title);
      await api.call('arena.vote', { token: next.item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, reason: '', timeOnItemMs: 10 });
    }
    expect(seen.size).toBeGreaterThan(0);
    expect([...seen].some((title) => title.startsWith('Synthetic'))).toBe(false);
  });

  it('loads the study once: a rerun adds nothing, and a failed load leaves nothing behind', () => {
    const before = [count('runs'), count('votes'), count('judgments'), count('annotators')];
    expect(seedDemoStudy(api.context.workspace.db, demoDatasetDir)).toBe(true);
    expect([count('runs'), count('votes'), count('judgments'), count('annotators')]).toEqual(before);

    // A study whose last judgment is bad fails at the end: nothing of it may stay.
    const dataset = join(dir, 'broken-dataset');
    cpSync(demoDatasetDir, dataset, { recursive: true, filter: (source) => !source.includes(`${join('demo', 'arena')}`) });
    const studyFile = join(dataset, 'study', 'study.json');
    const study = JSON.parse(readFileSync(studyFile, 'utf8')) as { judgments: { run: string }[] };
    study.judgments.at(-1)!.run = 'no-such-run';
    writeFileSync(studyFile, JSON.stringify(study));
    const fresh = openWorkspace(join(dir, 'fresh'), { seedFrom: dataset });
    try {
      expect(() => seedDemoStudy(fresh.db, dataset)).toThrow(/no-such-run/);
      const n = (table: string) => (fresh.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect([n('tasks'), n('runs'), n('votes'), n('judgments'), n('annotators')]).toEqual([0, 0, 0, 0, 0]);
    } finally {
      fresh.close();
    }
  });
});
