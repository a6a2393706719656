import { pairKeyOf, type RunPair } from './pair-key.ts';
import { createSfc32Random } from '../random/sfc32-random.ts';
import type { SeededRandom } from '../random/random-source.ts';

/** One run as the arena sees it. `configId` is opaque: harness + model + skill version. */
export interface ArenaRun {
  readonly runId: string;
  readonly taskId: string;
  readonly configId: string;
}

/** A pair to show: two runs of the same task by different configurations, runA < runB by id. */
export interface ScheduledPair {
  readonly pairKey: string;
  readonly taskId: string;
  readonly runA: string;
  readonly runB: string;
}

export interface ScheduleOptions {
  /** The same runs, seen pairs and seed always give the same queue. */
  readonly seed: string;
  /** Also queue pairs the annotator has already seen, after every unseen one. Default false. */
  readonly allowRepeats?: boolean;
}

interface Candidate extends ScheduledPair {
  readonly configPairKey: string;
}

/**
 * The annotator's queue of blind pairs.
 *
 * Candidates are every pair of runs of the same task whose configurations differ. Pairs the
 * annotator has already seen (in either order) are dropped, or with `allowRepeats` queued after
 * all unseen ones (balanced among themselves by the same rule).
 *
 * Balancing rule, in rounds. A round gives every configuration pair (unordered
 * {configA, configB}) that still has candidates exactly one slot. Within a round the next pick is
 * the (configuration pair not yet served this round, task) with the smallest, in order:
 *   1. times this configuration pair has already shown this task (replicate runs of a task wait
 *      until the configuration pair has shown every one of its tasks),
 *   2. times this task has been shown in the whole queue so far (tasks stay even),
 *   3. the configuration pair's place in this round's freshly seeded order,
 *   4. the task's seeded rank.
 * Replicate run pairs of one (task, configuration pair) come out in seeded order.
 * Guarantees: in every prefix of the queue, configuration pairs that still have candidates are
 * within one of each other; a run pair appears at most once; with one run per (task,
 * configuration) no (task, configuration pair) appears twice. Task evenness is greedy, not
 * guaranteed (each configuration pair can only show a task it has runs for); on the full grids
 * in the tests every prefix stays within two. Cost is O(pairs × configuration pairs × tasks):
 * milliseconds for tens of tasks, ~2.6 s for 1,000 tasks × 5 configurations.
 *
 * Input order does not matter: runs are put in canonical (run id) order before any draw.
 */
export function schedulePairs(runs: readonly ArenaRun[], seen: readonly RunPair[], options: ScheduleOptions): ScheduledPair[] {
  const random = createSfc32Random(options.seed);
  const seenKeys = new Set(seen.map(pairKeyOf));
  const unseen: Candidate[] = [];
  const repeats: Candidate[] = [];
  for (const candidate of candidatePairs(runs)) (seenKeys.has(candidate.pairKey) ? repeats : unseen).push(candidate);

  const queue = balance(unseen, random);
  if (options.allowRepeats) queue.push(...balance(repeats, random));
  return queue.map(({ pairKey, taskId, runA, runB }) => ({ pairKey, taskId, runA, runB }));
}

function candidatePairs(runs: readonly ArenaRun[]): Candidate[] {
  const ids = new Set<string>();
  for (const run of runs) {
    if (ids.has(run.runId)) throw new Error(`Run "${run.runId}" is listed twice; each run can be scheduled once. Remove the duplicate and try again.`);
    ids.add(run.runId);
  }
  const byTask = groupBy([...runs].sort((x, y) => compare(x.runId, y.runId)), (run) => run.taskId);
  const candidates: Candidate[] = [];
  for (const [taskId, taskRuns] of byTask) {
    for (let i = 0; i < taskRuns.length; i++) {
      for (let j = i + 1; j < taskRuns.length; j++) {
        const a = taskRuns[i] as ArenaRun;
        const b = taskRuns[j] as ArenaRun;
        if (a.configId === b.configId) continue;
        // Sorted by run id above, so a.runId < b.runId.
        candidates.push({
          pairKey: pairKeyOf({ runA: a.runId, runB: b.runId }),
          taskId,
          runA: a.runId,
          runB: b.runId,
          configPairKey: pairKeyOf({ runA: a.configId, runB: b.configId }),
        });
      }
    }
  }
  return candidates;
}

interface TaskPool {
  /** Replicate pairs of one (configuration pair, task), in seeded order, taken from the end. */
  readonly pairs: Candidate[];
  /** How many this configuration pair has taken from this task so far. */
  used: number;
}

function balance(candidates: readonly Candidate[], random: SeededRandom): Candidate[] {
  const pools = new Map<string, Map<string, TaskPool>>();
  for (const [configPairKey, group] of sortedEntries(groupBy(candidates, (c) => c.configPairKey))) {
    const byTask = new Map<string, TaskPool>();
    for (const [taskId, pairs] of sortedEntries(groupBy(group, (c) => c.taskId))) byTask.set(taskId, { pairs: shuffle(pairs, random), used: 0 });
    pools.set(configPairKey, byTask);
  }
  const taskIds = [...new Set(candidates.map((c) => c.taskId))].sort(compare);
  const taskRank = new Map(shuffle(taskIds, random).map((taskId, rank) => [taskId, rank]));
  const taskUse = new Map<string, number>();

  const queue: Candidate[] = [];
  while (pools.size > 0) {
    // One round: every configuration pair with pairs left takes exactly one, in the order that
    // keeps tasks most even; ties go to a freshly seeded order of configuration pairs.
    const waiting = shuffle([...pools.keys()], random);
    while (waiting.length > 0) {
      let best: { at: number; taskId: string; pool: TaskPool; score: [number, number, number, number] } | undefined;
      for (let at = 0; at < waiting.length; at++) {
        for (const [taskId, pool] of pools.get(waiting[at] as string) as Map<string, TaskPool>) {
          const score: [number, number, number, number] = [pool.used, taskUse.get(taskId) ?? 0, at, taskRank.get(taskId) ?? 0];
          if (!best || lexicographicallyLess(score, best.score)) best = { at, taskId, pool, score };
        }
      }
      if (!best) throw new Error('unreachable: a configuration pair with no pairs left is removed at once');
      const { at, taskId, pool } = best;
      const configPairKey = waiting.splice(at, 1)[0] as string;
      const byTask = pools.get(configPairKey) as Map<string, TaskPool>;
      queue.push(pool.pairs.pop() as Candidate);
      pool.used++;
      taskUse.set(taskId, (taskUse.get(taskId) ?? 0) + 1);
      if (pool.pairs.length === 0) byTask.delete(taskId);
      if (byTask.size === 0) pools.delete(configPairKey);
    }
  }
  return queue;
}

/** Code-unit order: the same on every machine and locale, so seeds replay everywhere. */
function compare(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function lexicographicallyLess(x: readonly number[], y: readonly number[]): boolean {
  for (let i = 0; i < x.length; i++) {
    const a = x[i] as number;
    const b = y[i] as number;
    if (a !== b) return a < b;
  }
  return false;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function sortedEntries<T>(map: Map<string, T>): [string, T][] {
  return [...map.entries()].sort(([x], [y]) => compare(x, y));
}

/** Fisher–Yates on a copy. */
function shuffle<T>(items: readonly T[], random: SeededRandom): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
