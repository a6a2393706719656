import { describe, expect, it } from 'vitest';
import type { RubricSet } from '../../../schemas/judge.ts';
import type { Trajectory } from '../../../schemas/trajectory.ts';
import { buildJudgePrompt, type JudgingMaterial } from './build-prompt.ts';
import { condenseTrajectory, CONDENSE_LIMITS } from './condense-trajectory.ts';

const set: RubricSet = {
  name: 'figma-output',
  version: 'v1',
  tier: 'output',
  scale: 3,
  title: 'Figma output',
  description: '',
  authoredBy: 'expert',
  rubrics: [
    { name: 'Layout accuracy', criterion: 'Columns and gaps match.', weight: 0.6, anchors: { '0': 'nothing matches', '1': 'columns match, gaps differ', '2': 'columns and gaps match' } },
    { name: 'Colour', criterion: 'Colours match.', weight: 0.4, anchors: { '0': 'other palette', '1': 'one colour off', '2': 'all colours match' } },
  ],
};
const material = (image: Buffer): JudgingMaterial => ({
  tier: 'output',
  context: 'Task: Quillmoss pages',
  instruction: 'Build the three frames.',
  evidence: [{ type: 'text', text: 'Frame 1' }, { type: 'image', mediaType: 'image/png', data: image }],
  notes: [],
});
const textOf = (prompt: ReturnType<typeof buildJudgePrompt>) =>
  prompt.turns[0]!.content.map((part) => (part.type === 'text' ? part.text : '[image]')).join('\n');

describe('buildJudgePrompt', () => {
  it('orders context, instruction, evidence, "### N." rubrics with every level, then JSON only; the preamble is strict', () => {
    const prompt = buildJudgePrompt(set, material(Buffer.from('png-1')));
    const text = textOf(prompt);
    const order = ['## Context', '## Instruction given to the agent', 'Build the three frames.', '[image]', '### 1. Layout accuracy', 'Criterion: Columns and gaps match.', '- 2: columns and gaps match', '- 0: nothing matches', '### 2. Colour', 'Return JSON only', '"rubric_scores"'];
    const positions = order.map((needle) => text.indexOf(needle));
    expect(positions.every((p) => p >= 0), JSON.stringify(positions)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(prompt.system).toMatch(/evidence-based/);
    expect(prompt.images).toBe(1);
  });

  it('hashes everything shown: another image or another anchor changes the input hash, the same input does not', () => {
    const a = buildJudgePrompt(set, material(Buffer.from('png-1')));
    expect(buildJudgePrompt(set, material(Buffer.from('png-1'))).inputHash).toBe(a.inputHash);
    expect(buildJudgePrompt(set, material(Buffer.from('png-2'))).inputHash).not.toBe(a.inputHash);
    const edited = { ...set, rubrics: [set.rubrics[0]!, { ...set.rubrics[1]!, anchors: { ...set.rubrics[1]!.anchors, '1': 'two colours off' } }] };
    expect(buildJudgePrompt(edited, material(Buffer.from('png-1'))).inputHash).not.toBe(a.inputHash);
  });

  it('refuses a set of another tier', () => {
    expect(() => buildJudgePrompt({ ...set, tier: 'process' }, material(Buffer.from('x')))).toThrow(/process tier, not output/);
  });
});

describe('condenseTrajectory', () => {
  const call = (i: number, name: string, args: unknown, ok = true) => ({ id: `c${i}`, name, arguments: args, result: ok ? 'done '.repeat(200) : 'Error: build failed', ok, failure: ok ? null : 'exit code 1', exitCode: ok ? 0 : 1, durationMs: null });
  const trajectory = (calls: number): Trajectory => ({
    format: 'lhb-trajectory/1',
    harness: 'claude-code',
    harnessVersion: null,
    model: null,
    sessionId: null,
    steps: Array.from({ length: calls }, (_, i) => ({
      index: i,
      source: 'agent' as const,
      text: i === 0 ? 'I will read the design first.' : '',
      toolCalls: [i % 3 === 0 ? call(i, 'Read', { file_path: `src/${i}.tsx` }) : i % 3 === 1 ? call(i, 'Write', { file_path: `src/${i}.tsx`, content: 'x'.repeat(5000) }) : call(i, 'Bash', { command: 'npm run build' }, i !== 2)],
      timestamp: null,
      tokens: null,
    })),
    tokens: { input: 1000, output: 200, cacheRead: 0, cacheWrite: 0 },
    costUsd: null,
    durationMs: null,
    outcome: 'completed',
    warnings: [],
  });

  it('groups tool calls into phases with their outcome, errors with recovery, and cuts long arguments; steps are numbered from 1 and tools named by what they do', () => {
    const text = condenseTrajectory(trajectory(6), [{ step: 2, toolCallId: 'c2', type: 'build', message: 'build failed', recovered: true, recoveredAtStep: 5 }]);
    expect(text).toContain('tool calls: 6 (1 failed)');
    expect(text).toContain('step 3: build: build failed → recovered at step 6');
    expect(text).toMatch(/\[step 1\] agent: I will read the design first\.\nPhase 1: inspecting\n {2}\[step 1\] read\(\{"path":"src\/0.tsx"\}\)/);
    expect(text).toMatch(/Phase 3: building and testing\n {2}\[step 3\] shell\(npm run build\) → FAILED \(exit code 1\): Error: build failed/);
    expect(text).not.toMatch(/Read\(|Write\(|Bash\(/);
    expect(text).not.toContain('x'.repeat(CONDENSE_LIMITS.argumentChars));
  });

  it('stays under its cap for a huge trajectory and says how much it left out', () => {
    const text = condenseTrajectory(trajectory(5000), []);
    expect(text.length).toBeLessThanOrEqual(CONDENSE_LIMITS.totalChars);
    expect(text).toMatch(/… \d+ lines omitted to keep the prompt bounded …/);
    expect(text).toContain('[step 5000]');
  });
});
