import { afterEach, describe, expect, it } from 'vitest';
import { openRubricLibrary } from '../rubrics/rubric-library.ts';
import { listJudgmentViews } from './judgment-views.ts';
import { compareRubricSets } from './compare-rubric-sets.ts';
import { importJudgments } from './import-judgments.ts';
import { judgingWorkspace, type JudgingWorkspace } from './judging-workspace.fixture.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});
function setUp(runs: number): JudgingWorkspace {
  const ws = judgingWorkspace({ runs });
  cleanups.push(() => ws.close());
  return ws;
}

/** A JSON line replying to every rubric of a stored set with `score(rubric, i)`. */
function line(ws: JudgingWorkspace, runId: string, judge: string, ref: string, scale: 3 | 5, score: (rubric: string, i: number) => number): string {
  const [name, version] = ref.split('@') as [string, string];
  const set = openRubricLibrary(ws.workspace.db).require(name, version, scale).set;
  return JSON.stringify({ runId, judge, rubricSet: ref, scale, reply: { rubric_scores: set.rubrics.map((r, i) => ({ rubric_name: r.name, score: score(r.name, i), matched_level: String(score(r.name, i)), thinking_process: 'seen' })) } });
}

describe('importJudgments', () => {
  it('stores valid lines as judgments, reports each bad line by number with why, and changes nothing on a second import', () => {
    const ws = setUp(1);
    const library = openRubricLibrary(ws.workspace.db);
    const good = line(ws, ws.runIds[0]!, 'external-judge', 'figma-output@v1', 5, () => 4);
    const text = [
      good,
      '',
      'not json',
      JSON.stringify({ runId: 'no-such-run', judge: 'x', rubricSet: 'figma-output@v1', reply: {} }),
      JSON.stringify({ runId: ws.runIds[0], judge: 'x', rubricSet: 'figma-output@v9', reply: {} }),
      line(ws, ws.runIds[0]!, 'x', 'figma-output@v1', 5, (_, i) => (i === 0 ? 9 : 4)),
    ].join('\n');
    const result = importJudgments(ws.workspace.db, library, text);
    expect(result).toMatchObject({ imported: 1, unchanged: 0, judgments: 8 });
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect(result.errors[1]!.error).toContain('run no-such-run is not in this workspace');
    expect(result.errors[2]!.error).toContain('no rubric set figma-output@v9 at 5 points');
    expect(result.errors[3]!.error).toMatch(/reply is not valid: rubric "Visual fidelity" has score 9/);
    const views = listJudgmentViews(ws.workspace.db).filter((view) => !view.synthetic);
    expect(views).toHaveLength(8);
    expect(views.every((view) => view.judge === 'external-judge' && view.judgeModel === 'external-judge' && view.score === 4 && view.rubricSet === 'figma-output')).toBe(true);

    expect(importJudgments(ws.workspace.db, library, good)).toMatchObject({ imported: 0, unchanged: 1 });
    expect(listJudgmentViews(ws.workspace.db).filter((view) => !view.synthetic)).toHaveLength(8);
  });
});

describe('compareRubricSets', () => {
  it('stores a line’s time as ISO 8601 in UTC, and refuses a time that is not one, naming the line', () => {
    const ws = setUp(2);
    const library = openRubricLibrary(ws.workspace.db);
    const at = (runId: string, createdAt: string) => JSON.stringify({ ...JSON.parse(line(ws, runId, 'external-judge', 'figma-output@v1', 5, () => 4)), createdAt });
    const result = importJudgments(ws.workspace.db, library, [at(ws.runIds[0]!, '2025-05-01T12:00:00+02:00'), at(ws.runIds[1]!, 'yesterday')].join('\n'));
    expect(result).toMatchObject({ imported: 1 });
    expect(result.errors).toEqual([{ line: 2, error: expect.stringMatching(/^createdAt: .*ISO 8601/) as unknown }]);
    expect(new Set(listJudgmentViews(ws.workspace.db).map((j) => j.createdAt))).toEqual(new Set(['2025-05-01T10:00:00.000Z']));
  });

  it('reports κ per set version on the runs every set was judged on: agreeing judges score higher than disagreeing ones', () => {
    const ws = setUp(4);
    const lines: string[] = [];
    for (const [r, runId] of ws.runIds.entries()) {
      // Expert set: the two judges agree exactly (scores spread over runs and rubrics).
      for (const judge of ['a', 'b']) lines.push(line(ws, runId, judge, 'figma-process@v1', 5, (_, i) => 1 + ((r + i) % 5)));
      // Generic set: the second judge scores the reverse; only on the first three runs.
      if (r < 3) for (const judge of ['a', 'b']) lines.push(line(ws, runId, judge, 'generic-process@v1', 5, (_, i) => (judge === 'a' ? 1 + ((r + i) % 5) : 5 - ((r + i) % 5))));
    }
    const imported = importJudgments(ws.workspace.db, openRubricLibrary(ws.workspace.db), lines.join('\n'));
    expect(imported.errors).toEqual([]);
    const comparison = compareRubricSets(ws.workspace.db, 'process');
    expect(comparison.kinds.map((group) => group.taskKind)).toEqual(['figma']);
    const report = comparison.kinds[0]!;
    expect(report.commonRuns).toBe(3);
    expect(report.sets.map((set) => [set.rubricSet, set.runs, set.judges])).toEqual([
      ['figma-process', 3, ['a', 'b']],
      ['generic-process', 3, ['a', 'b']],
    ]);
    expect(report.sets[0]!.meanKappa).toBeCloseTo(1, 12);
    expect(report.sets[1]!.meanKappa!).toBeLessThan(0);
  });
});
