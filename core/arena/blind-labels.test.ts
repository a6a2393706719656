import { describe, expect, it } from 'vitest';
import { createPairTokenResolver, pairToken } from './blind-labels.ts';
import { schedulePairs, type ArenaRun } from './schedule-pairs.ts';
import { createSfc32Random } from '../random/sfc32-random.ts';

const SECRET = 'workspace-secret-for-tests-only';

// Realistic, fixed run ids (hex like a ULID/UUID tail) so the test is deterministic.
const random = createSfc32Random('run-ids');
const hexId = () => Array.from({ length: 16 }, () => random.int(16).toString(16)).join('');
const runs: ArenaRun[] = [];
for (let t = 0; t < 6; t++) {
  for (const config of ['claude-code+sonnet@v1', 'codex+gpt-5@v1', 'gemini-cli+gemini-2.5-pro@v2']) {
    runs.push({ runId: `run-${hexId()}`, taskId: `figma-task-${t}`, configId: config });
  }
}
const pairs = schedulePairs(runs, [], { seed: 'tokens' });

describe('pairToken', () => {
  it('is URL-safe, stable, and different per pair, per side and per secret', () => {
    const pair = pairs[0]!;
    const left = pairToken(SECRET, pair.pairKey, 'left');
    expect(left).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pairToken(SECRET, pair.pairKey, 'left')).toBe(left);
    expect(pairToken(SECRET, pair.pairKey, 'right')).not.toBe(left);
    expect(pairToken('another-secret', pair.pairKey, 'left')).not.toBe(left);
    const all = pairs.flatMap((p) => [pairToken(SECRET, p.pairKey, 'left'), pairToken(SECRET, p.pairKey, 'right')]);
    expect(new Set(all).size).toBe(pairs.length * 2);
  });

  it('contains no run id, task, harness or model', () => {
    const secrets = [...runs.flatMap((run) => [run.runId, run.runId.slice('run-'.length, 'run-'.length + 8), run.taskId]), 'claude', 'codex', 'gemini', 'sonnet', 'gpt-5'];
    for (const pair of pairs) {
      for (const side of ['left', 'right'] as const) {
        const token = pairToken(SECRET, pair.pairKey, side).toLowerCase();
        for (const text of secrets) expect(token).not.toContain(text.toLowerCase());
      }
    }
  });

  it('refuses an empty secret', () => {
    expect(() => pairToken('', pairs[0]!.pairKey, 'left')).toThrow(/secret/);
  });
});

describe('createPairTokenResolver', () => {
  it('maps every token back to its pair and side, and an unknown or foreign token to nothing', () => {
    const resolve = createPairTokenResolver(SECRET, pairs);
    for (const pair of pairs) {
      for (const side of ['left', 'right'] as const) expect(resolve(pairToken(SECRET, pair.pairKey, side))).toEqual({ pair, side });
    }
    expect(resolve('not-a-token')).toBeUndefined();
    expect(resolve(pairToken('another-secret', pairs[0]!.pairKey, 'left'))).toBeUndefined();
    expect(resolve(pairs[0]!.runA)).toBeUndefined();
  });
});
