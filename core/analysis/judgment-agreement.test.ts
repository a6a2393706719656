import { describe, expect, it } from 'vitest';
import type { JudgmentView } from '../../schemas/judge.ts';
import { agreementPerRubric, countedForAgreement } from './judgment-agreement.ts';

const view = (runId: string, judge: string, rubric: string, score: number | null, scale: 3 | 5 = 5): JudgmentView => ({
  id: `${runId}-${judge}-${rubric}`, runId, judge, judgeModel: null, tier: 'output', rubricSet: 'figma-output', rubricSetVersion: 'v1', scale, rubric,
  status: score === null ? 'failed' : 'ok', score, level: score === null ? null : String(score), evidence: '', failure: score === null ? 'no reply' : null, synthetic: false, leftOut: null, createdAt: '', turn: null,
});

describe('agreementPerRubric', () => {
  it('gives exact agreement and the mean gap per rubric over runs two judges scored, counting failures apart', () => {
    const rows = agreementPerRubric([
      view('r1', 'a', 'Colour', 4), view('r1', 'b', 'Colour', 4),
      view('r2', 'a', 'Colour', 5), view('r2', 'b', 'Colour', 1),
      view('r3', 'a', 'Colour', 3), // one judge only: not counted
      view('r1', 'a', 'Layout', 2, 3), view('r1', 'b', 'Layout', 1, 3), view('r1', 'c', 'Layout', null, 3),
    ]);
    expect(rows).toEqual([
      { rubricSet: 'figma-output', version: 'v1', scale: 3, rubric: 'Layout', judges: 2, runs: 1, exact: 0, meanGap: 0.5, failed: 1 },
      { rubricSet: 'figma-output', version: 'v1', scale: 5, rubric: 'Colour', judges: 2, runs: 2, exact: 0.5, meanGap: 0.5, failed: 0 },
    ]);
  });
});

describe('countedForAgreement', () => {
  it('counts real judgments of stored sets only: not the demo’s, not those before sets were stored, not those left out for their task kind', () => {
    const counted = view('r1', 'a', 'Colour', 4);
    const judgments = [counted, { ...counted, id: 's', synthetic: true }, { ...counted, id: 'u', rubricSet: '' }, { ...counted, id: 'k', leftOut: 'its set is for programmatic tasks' }];
    expect(countedForAgreement(judgments).map((j) => j.id)).toEqual([counted.id]);
  });
});
