import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Trajectory, TrajectoryStep } from '../../schemas/trajectory.ts';
import { TranscriptView } from './TranscriptView.tsx';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

function step(index: number, source: TrajectoryStep['source'], tokens: TrajectoryStep['tokens']): TrajectoryStep {
  return { index, source, text: `step ${index}`, toolCalls: [], timestamp: null, tokens };
}

function trajectory(harness: Trajectory['harness'], steps: TrajectoryStep[], tokens: Trajectory['tokens']): Trajectory {
  return { format: 'lhb-trajectory/1', harness, harnessVersion: null, model: 'm', sessionId: null, steps, tokens, costUsd: null, durationMs: null, outcome: 'completed', warnings: [] };
}

/** Every "N in / M out" figure the transcript shows, the run's total first. */
function figures(shown: string): { input: number; output: number }[] {
  return [...shown.matchAll(/([\d,]+) in \/ ([\d,]+) out/g)].map((m) => ({ input: Number(m[1]!.replace(/,/g, '')), output: Number(m[2]!.replace(/,/g, '')) }));
}

describe('the transcript’s tokens', () => {
  it('add up to the total it shows when the harness reports each step’s input but its output only at the end (Claude Code)', () => {
    // As Claude Code's stream-json has it: each message's usage is the API's message_start (1 output token so far).
    const atStart = { input: 100, output: 1, cacheRead: 0, cacheWrite: 0 };
    const shown = text(renderToStaticMarkup(<TranscriptView trajectory={trajectory('claude-code', [0, 1, 2, 3, 4].map((i) => step(i, 'agent', atStart)), { input: 500, output: 100, cacheRead: 0, cacheWrite: 0 })} errors={[]} />));
    const [total, ...parts] = figures(shown);
    expect(total).toEqual({ input: 500, output: 100 });
    expect(parts.reduce((sum, part) => ({ input: sum.input + part.input, output: sum.output + part.output }), { input: 0, output: 0 })).toEqual(total);
    expect(shown).toMatch(/not in any step/i);
  });

  it('say so when the harness reports tokens for the run as a whole (Gemini CLI, Codex)', () => {
    const shown = text(renderToStaticMarkup(<TranscriptView trajectory={trajectory('gemini-cli', [step(0, 'user', null), step(1, 'agent', null)], { input: 500, output: 100, cacheRead: 0, cacheWrite: 0 })} errors={[]} />));
    expect(figures(shown)).toEqual([
      { input: 500, output: 100 },
      { input: 500, output: 100 },
    ]);
    expect(shown).toMatch(/not in any step/i);
  });
});

describe('the prompt in the transcript', () => {
  it('is shown once, above the steps, whichever harness ran, and the steps are numbered from the agent’s first turn', () => {
    for (const harness of ['claude-code', 'codex', 'gemini-cli'] as const) {
      const run = { ...trajectory(harness, [step(0, 'agent', null)], { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }), prompt: 'Build the demo page as the skill says.' };
      const shown = text(renderToStaticMarkup(<TranscriptView trajectory={run} errors={[]} />));
      expect(shown).toMatch(/Prompt Build the demo page as the skill says\. .*Step 1 · agent/);
      expect(shown.match(/Build the demo page/g)).toHaveLength(1);
    }
  });
});

describe('a transcript too long to keep whole', () => {
  it('counts every step in its heading and says how many steps and tool calls it left out', () => {
    const cut = { ...trajectory('command', [step(0, 'agent', null), step(1, 'agent', null)], { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }), omitted: { steps: 1_500_000, toolCalls: 700_000, failedToolCalls: 140_000 } };
    const shown = text(renderToStaticMarkup(<TranscriptView trajectory={cut} errors={[]} />));
    expect(shown).toContain('1500002 steps');
    expect(shown).toMatch(/only its first 2 steps are shown\. 1500000 more steps and 700000 more tool calls \(140000 failed\)/);
  });
});
