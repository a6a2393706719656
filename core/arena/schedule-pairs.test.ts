import { describe, expect, it } from 'vitest';
import { pairKeyOf } from './pair-key.ts';
import { schedulePairs, type ArenaRun, type ScheduledPair } from './schedule-pairs.ts';
import { createSfc32Random } from '../random/sfc32-random.ts';

/** Every task run by every configuration, `replicates` times. */
function grid(tasks: number, configs: number, replicates = 1): ArenaRun[] {
  const runs: ArenaRun[] = [];
  for (let t = 0; t < tasks; t++) {
    for (let c = 0; c < configs; c++) {
      for (let r = 0; r < replicates; r++) runs.push({ runId: `run-t${t}-c${c}-r${r}`, taskId: `task-${t}`, configId: `claude-code+model-${c}@skill-v1` });
    }
  }
  return runs;
}

const byId = (runs: readonly ArenaRun[]) => new Map(runs.map((run) => [run.runId, run]));

function configPairOf(pair: ScheduledPair, runs: Map<string, ArenaRun>): string {
  return pairKeyOf({ runA: runs.get(pair.runA)!.configId, runB: runs.get(pair.runB)!.configId });
}

/** For every prefix of the queue, max − min of the counts over `keys` (all of them, zeros included). */
function worstPrefixSpread(labels: readonly string[], keys: readonly string[]): number {
  const counts = new Map(keys.map((k) => [k, 0]));
  let worst = 0;
  for (const label of labels) {
    counts.set(label, counts.get(label)! + 1);
    const values = [...counts.values()];
    worst = Math.max(worst, Math.max(...values) - Math.min(...values));
  }
  return worst;
}

describe('schedulePairs', () => {
  it('queues every pair of runs of the same task by different configurations, each exactly once', () => {
    const runs = grid(4, 3, 2);
    const all = byId(runs);
    const queue = schedulePairs(runs, [], { seed: 's' });
    // 4 tasks × C(3,2) configuration pairs × 2×2 replicate pairs.
    expect(queue).toHaveLength(4 * 3 * 4);
    expect(new Set(queue.map((p) => p.pairKey)).size).toBe(queue.length);
    for (const pair of queue) {
      const a = all.get(pair.runA)!;
      const b = all.get(pair.runB)!;
      expect(a.taskId).toBe(pair.taskId);
      expect(b.taskId).toBe(pair.taskId);
      expect(a.configId).not.toBe(b.configId);
      expect(pair.runA < pair.runB).toBe(true);
      expect(pair.pairKey).toBe(pairKeyOf(pair));
    }
  });

  it('never pairs a task with itself across tasks, nor a configuration with itself', () => {
    const runs: ArenaRun[] = [
      { runId: 'r1', taskId: 'login', configId: 'x' },
      { runId: 'r2', taskId: 'login', configId: 'x' },
      { runId: 'r3', taskId: 'cart', configId: 'y' },
    ];
    expect(schedulePairs(runs, [], { seed: 's' })).toEqual([]);
    expect(schedulePairs([], [], { seed: 's' })).toEqual([]);
  });

  it('with one run per task and configuration, never shows the same task and configuration pair twice', () => {
    const runs = grid(6, 4);
    const all = byId(runs);
    const queue = schedulePairs(runs, [], { seed: 'once' });
    const slots = queue.map((pair) => `${pair.taskId} ${configPairOf(pair, all)}`);
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots).toHaveLength(6 * 6);
  });

  it('is deterministic for a seed, whatever the input order, and differs between seeds', () => {
    const runs = grid(5, 4, 2);
    const shuffled = [...runs].reverse();
    const seen = [{ runA: 'run-t0-c1-r0', runB: 'run-t0-c0-r0' }];
    const first = schedulePairs(runs, seen, { seed: 'alice-2026-11-30' });
    expect(schedulePairs(shuffled, seen, { seed: 'alice-2026-11-30' })).toEqual(first);
    expect(schedulePairs(runs, seen, { seed: 'bob-2026-11-30' })).not.toEqual(first);
  });

  it('drops pairs the annotator has already seen, in either order', () => {
    const runs = grid(3, 3);
    const seen = [
      { runA: 'run-t0-c0-r0', runB: 'run-t0-c1-r0' },
      { runA: 'run-t2-c2-r0', runB: 'run-t2-c0-r0' },
    ];
    const queue = schedulePairs(runs, seen, { seed: 's' });
    expect(queue).toHaveLength(9 - 2);
    const keys = new Set(queue.map((p) => p.pairKey));
    for (const pair of seen) expect(keys.has(pairKeyOf(pair))).toBe(false);
  });

  it('with allowRepeats, queues seen pairs too, but only after every unseen one', () => {
    const runs = grid(3, 3);
    const seen = [
      { runA: 'run-t0-c0-r0', runB: 'run-t0-c1-r0' },
      { runA: 'run-t2-c2-r0', runB: 'run-t2-c0-r0' },
    ];
    const queue = schedulePairs(runs, seen, { seed: 's', allowRepeats: true });
    expect(queue).toHaveLength(9);
    expect(new Set(queue.map((p) => p.pairKey)).size).toBe(9);
    expect(new Set(queue.slice(7).map((p) => p.pairKey))).toEqual(new Set(seen.map(pairKeyOf)));
  });

  it('keeps configuration pairs within one of each other at every point of the queue', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const runs = grid(12, 5, 2);
      const all = byId(runs);
      const queue = schedulePairs(runs, [], { seed });
      const configPairs = [...new Set(queue.map((p) => configPairOf(p, all)))];
      expect(configPairs).toHaveLength(10);
      expect(worstPrefixSpread(queue.map((p) => configPairOf(p, all)), configPairs)).toBeLessThanOrEqual(1);
    }
  });

  it('keeps tasks even too: every task once before any task twice, and every prefix within two', () => {
    for (const [tasks, configs, replicates] of [[9, 4, 1], [2, 5, 1], [12, 5, 2], [7, 6, 1]] as const) {
      for (const seed of ['a', 'b', 'c']) {
        const queue = schedulePairs(grid(tasks, configs, replicates), [], { seed });
        const taskIds = Array.from({ length: tasks }, (_, t) => `task-${t}`);
        expect(new Set(queue.slice(0, tasks).map((p) => p.taskId)).size).toBe(tasks);
        expect(worstPrefixSpread(queue.map((p) => p.taskId), taskIds)).toBeLessThanOrEqual(2);
      }
    }
  });

  it('on an uneven workload, configuration pairs that still have pairs left stay within one of each other', () => {
    const random = createSfc32Random('uneven');
    // Tasks run by a random subset of configurations, with 1–3 replicates each.
    const runs: ArenaRun[] = [];
    for (let t = 0; t < 15; t++) {
      for (let c = 0; c < 5; c++) {
        if (random.next() < 0.3) continue;
        const replicates = 1 + random.int(3);
        for (let r = 0; r < replicates; r++) runs.push({ runId: `u-${t}-${c}-${r}`, taskId: `t${t}`, configId: `cfg${c}` });
      }
    }
    const all = byId(runs);
    const queue = schedulePairs(runs, [], { seed: 'uneven' });
    const labels = queue.map((p) => configPairOf(p, all));
    const totals = new Map<string, number>();
    for (const label of labels) totals.set(label, (totals.get(label) ?? 0) + 1);
    const counts = new Map([...totals.keys()].map((k) => [k, 0]));
    for (const label of labels) {
      counts.set(label, counts.get(label)! + 1);
      const live = [...counts].filter(([k, n]) => n < totals.get(k)!).map(([, n]) => n);
      const done = [...counts].map(([, n]) => n);
      if (live.length > 0) expect(Math.max(...done) - Math.min(...live)).toBeLessThanOrEqual(1);
    }
  });

  it('refuses a run listed twice, naming it', () => {
    const runs = [...grid(1, 2), { runId: 'run-t0-c0-r0', taskId: 'task-0', configId: 'other' }];
    expect(() => schedulePairs(runs, [], { seed: 's' })).toThrow(/run-t0-c0-r0/);
  });
});
