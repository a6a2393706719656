import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { JudgmentView } from '../../schemas/judge.ts';
import type { Trajectory } from '../../schemas/trajectory.ts';
import { RunJudgments } from './JudgmentsBrowser.tsx';

const judgment = (turn: number | null): JudgmentView => ({
  id: `j-${turn}`, runId: 'run-multi-turn', judge: 'judge-a', judgeModel: null, tier: 'content', rubricSet: 'content', rubricSetVersion: 'v1', scale: 5, rubric: 'Clarity',
  status: 'ok', score: 4, level: '4', evidence: 'seen', failure: null, synthetic: false, leftOut: null, createdAt: '', turn,
});
const turn = (index: number, prompt: string) => ({ index, prompt, status: 'succeeded' as const, resumed: true, durationMs: 1000, tokens: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, steps: 1, artifacts: [], transcript: { offset: 0, bytes: 0 } });
const trajectory = (turns: ReturnType<typeof turn>[] | undefined): Trajectory => ({
  format: 'lhb-trajectory/1', harness: 'command', harnessVersion: null, model: null, sessionId: null, steps: [], tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, costUsd: null, durationMs: null, outcome: 'completed', warnings: [], ...(turns ? { turns } : {}),
});

describe("a run's judgments in the browser", () => {
  it("offers a multi-turn run's turns to judge, the last chosen, and says which turn each judgment judged", () => {
    const evidence = { runId: 'run-multi-turn', assets: null, trajectory: trajectory([turn(1, 'Explain GRPO.'), turn(2, 'Compare with PPO.'), turn(3, 'Add a visual.')]), problem: null };
    const html = renderToStaticMarkup(<RunJudgments judgments={[judgment(3), judgment(2)]} evidence={evidence} />);
    expect(html).toContain('aria-label="Judge a turn"');
    expect(html).toMatch(/<option value="2">Turn 2: Compare with PPO\.<\/option>/);
    expect(html).toMatch(/<option value="3" selected="">Turn 3 \(last, the default\): Add a visual\.<\/option>/);
    expect(html).toContain('>Judge this run at turn 3</button>');
    expect(html).toContain('<td>turn 2</td>');
  });

  it('offers no turn for a run without turns', () => {
    const evidence = { runId: 'run-multi-turn', assets: null, trajectory: trajectory(undefined), problem: null };
    const html = renderToStaticMarkup(<RunJudgments judgments={[judgment(null)]} evidence={evidence} />);
    expect(html).not.toContain('Judge a turn');
    expect(html).toContain('<td>whole run</td>');
  });
});
