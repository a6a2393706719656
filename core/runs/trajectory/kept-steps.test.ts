import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrajectorySchema, type HarnessId, type Trajectory } from '../../../schemas/trajectory.ts';
import { harnessAdapter } from '../harnesses/harness-registry.ts';
import { MAX_AWAITED_OMITTED_CALLS, type TrajectoryLimits } from './kept-steps.ts';
import { createCommandParser } from '../harnesses/command/parse-command.ts';
import { summariseTrajectory } from './summarise-trajectory.ts';
import { transcriptFixturePath } from '../harnesses/transcript-fixture-path.fixture.ts';

async function parseLines(harness: HarnessId, lines: string[], limits?: TrajectoryLimits): Promise<Trajectory> {
  const parser = (await harnessAdapter(harness).loadParser())(limits ? { limits } : {});
  for (const line of lines) parser.push(line);
  const trajectory = parser.finish();
  expect(TrajectorySchema.parse(trajectory)).toEqual(trajectory);
  return trajectory;
}

const fixtureLines = (path: string) => readFileSync(transcriptFixturePath(path), 'utf8').split('\n').filter((line) => line !== '');

/** A command transcript of `turns` turns: a step, a call, its result (every third fails), usage; then calls with no step of their own. */
function commandLines(turns: number): string[] {
  const lines: string[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    lines.push(JSON.stringify({ type: 'step', source: 'agent', text: `turn ${turn}` }));
    lines.push(JSON.stringify({ type: 'tool_call', id: `c${turn}`, name: 'shell', arguments: { command: `ls ${turn}` } }));
    lines.push(JSON.stringify({ type: 'tool_result', id: `c${turn}`, result: 'ok', exitCode: turn % 3 === 0 ? 1 : 0 }));
    lines.push(JSON.stringify({ type: 'usage', input: 100, output: 10, cacheRead: 5 }));
  }
  // Many calls in the last step, results by order (no id), some failing.
  for (let call = 0; call < turns; call++) {
    lines.push(JSON.stringify({ type: 'tool_call', name: 'shell', arguments: { command: 'true' } }));
    lines.push(JSON.stringify({ type: 'tool_result', result: 'done', ok: call % 4 !== 0 }));
  }
  lines.push(JSON.stringify({ type: 'tool_call', id: 'never-answered', name: 'shell' }));
  return lines;
}

describe('a trajectory cut to its first steps and tool calls', () => {
  it('keeps at most the steps and calls it was allowed, says how many it left out, and its summary counts every step, call, failure and token', async () => {
    const lines = commandLines(60);
    const whole = await parseLines('command', lines);
    const cut = await parseLines('command', lines, { maxSteps: 10, maxToolCalls: 7 });
    // The true totals, from the uncut parse (and by construction: 60 steps, 121 calls, 20 + 15 failed, 60 × 100 input).
    expect(summariseTrajectory(whole)).toMatchObject({ steps: 60, toolCalls: 121, failedToolCalls: 35, tokens: { input: 6000, output: 600, cacheRead: 300 } });
    expect(whole.omitted).toBeUndefined();
    expect(cut.steps).toHaveLength(10);
    expect(cut.steps.flatMap((step) => step.toolCalls)).toHaveLength(7);
    expect(cut.steps).toEqual(whole.steps.slice(0, 10).map((step) => ({ ...step, toolCalls: step.toolCalls.slice(0, Math.max(0, 7 - step.index)) })));
    expect(cut.omitted).toEqual({ steps: 50, toolCalls: 114, failedToolCalls: 33 });
    expect(summariseTrajectory(cut)).toEqual(summariseTrajectory(whole));
  });

  it('counts alike for every harness: each real transcript cut to one step and one call sums to its uncut counts', async () => {
    const cases: [HarnessId, string][] = [
      ['claude-code', 'claude-code/parallel-errors.jsonl'],
      ['claude-code', 'claude-code/haiku-subagent.jsonl'],
      ['codex', 'codex/four-calls-gpt-5.5.jsonl'],
      ['gemini-cli', 'gemini-cli/four-tools.jsonl'],
      ['command', 'command/two-steps-recovered.jsonl'],
    ];
    for (const [harness, file] of cases) {
      const lines = fixtureLines(file);
      const whole = await parseLines(harness, lines);
      const cut = await parseLines(harness, lines, { maxSteps: 1, maxToolCalls: 1 });
      const wholeSummary = summariseTrajectory(whole);
      expect(wholeSummary.toolCalls, file).toBeGreaterThan(1);
      expect(cut.steps, file).toHaveLength(1);
      expect(cut.omitted?.steps, file).toBe(wholeSummary.steps - 1);
      expect(summariseTrajectory(cut), file).toEqual(wholeSummary);
    }
  });

  it('a parser left at its defaults keeps a run of a few thousand steps whole', () => {
    const parser = createCommandParser();
    for (const line of commandLines(3000)) parser.push(line);
    const trajectory = parser.finish();
    expect(trajectory.omitted).toBeUndefined();
    expect(trajectory.steps).toHaveLength(3000);
  });

  it('forgets the oldest left-out call still without a result once too many wait, counting it as a call with no result counts at the end', async () => {
    const waiting = MAX_AWAITED_OMITTED_CALLS + 5;
    const lines: string[] = [];
    for (let n = 1; n <= waiting; n++) lines.push(JSON.stringify({ type: 'tool_call', id: `c${n}`, name: 'shell' }));
    // c1 and c2 are kept; c3, the oldest left out, was forgotten. The last call's result still finds it; c3's comes too late and is kept as text.
    lines.push(JSON.stringify({ type: 'tool_result', id: `c${waiting}`, result: 'boom', exitCode: 1 }));
    lines.push(JSON.stringify({ type: 'tool_result', id: 'c3', result: 'late', exitCode: 1 }));
    const cut = await parseLines('command', lines, { maxSteps: 10, maxToolCalls: 2 });
    expect(summariseTrajectory(cut)).toMatchObject({ toolCalls: waiting, failedToolCalls: 1 });
    expect(cut.warnings).toContain(`line ${waiting + 2}: a tool_result for call "c3", which no tool_call named; kept as text`);
    expect(cut.warnings.at(-1)).toMatch(new RegExp(`^${waiting - 1} tool calls never got a result`));
  });
});
