import { afterEach, describe, expect, it } from 'vitest';
import { importJudgments } from '../judge/judging/import-judgments.ts';
import { judgingWorkspace, type JudgingWorkspace } from '../judge/judging/judging-workspace.fixture.ts';
import { openRubricLibrary } from '../judge/rubrics/rubric-library.ts';
import { createApi, type Api } from './create-api.ts';

let ws: JudgingWorkspace | undefined;
let api: Api | undefined;
afterEach(async () => {
  await api?.close();
  ws?.close();
  [api, ws] = [undefined, undefined];
});

/** A JSON line replying to every rubric of figma-output@v1 (5 points) with `score(rubric index)`. */
function line(runId: string, judge: string, score: (i: number) => number): string {
  const set = openRubricLibrary(ws!.workspace.db).require('figma-output', 'v1', 5).set;
  return JSON.stringify({ runId, judge, rubricSet: 'figma-output@v1', scale: 5, reply: { rubric_scores: set.rubrics.map((r, i) => ({ rubric_name: r.name, score: score(i), matched_level: String(score(i)), thinking_process: 'seen' })) } });
}

describe('judge.agreement', () => {
  it('answers the Judges screen’s agreement per rubric from the stored judgments', async () => {
    ws = judgingWorkspace({ runs: 2 });
    const [first, second] = ws.runIds as [string, string];
    // Two judges agree on every rubric of the first run; on the second, b scores the first rubric 4 points lower.
    const lines = [line(first, 'a', () => 4), line(first, 'b', () => 4), line(second, 'a', () => 5), line(second, 'b', (i) => (i === 0 ? 1 : 5))];
    expect(importJudgments(ws.workspace.db, openRubricLibrary(ws.workspace.db), lines.join('\n')).errors).toEqual([]);
    api = createApi(ws.workspace);
    const { rubrics } = await api.call('judge.agreement', {});
    const set = openRubricLibrary(ws.workspace.db).require('figma-output', 'v1', 5).set;
    expect(rubrics).toHaveLength(set.rubrics.length);
    expect(rubrics.every((row) => row.rubricSet === 'figma-output' && row.version === 'v1' && row.scale === 5 && row.judges === 2 && row.runs === 2 && row.failed === 0)).toBe(true);
    const disputed = rubrics.find((row) => row.rubric === set.rubrics[0]!.name)!;
    expect(disputed).toMatchObject({ exact: 0.5, meanGap: 0.5 });
    expect(rubrics.filter((row) => row !== disputed).every((row) => row.exact === 1 && row.meanGap === 0)).toBe(true);
    await expect(api.callUntrusted('judge.agreement', { tier: 'output' })).rejects.toThrow(/Invalid input for judge.agreement/);
  });
});
