import type { Database } from 'better-sqlite3';
import type { PairSource } from '../../../schemas/pairwise-judging.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { listRuns, type RunRow } from '../../store/run-repository.ts';
import { listLiveVoteOutcomes } from '../../store/vote-repository.ts';

/** Two runs of one task, in run id order (as votes and verdicts keep them). */
export interface RunPair {
  task: string;
  a: RunRow;
  b: RunRow;
}

export interface ChosenPairs {
  source: PairSource;
  pairs: RunPair[];
}

const byId = (x: { id: string }, y: { id: string }) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
const ordered = (task: string, x: RunRow, y: RunRow): RunPair => (x.id < y.id ? { task, a: x, b: y } : { task, a: y, b: x });

/**
 * The pairs a pairwise job judges. `voted`: every pair of runs people voted on in the arena
 * (live votes; each pair once however many votes it has), so judges and humans are compared on
 * the same pairs. `all`: on each task, every pair of configurations, their runs matched in start
 * order (a configuration's first run with the other's first, second with second…), so repeats
 * are not compared with themselves. Without `source`: the voted pairs when there are any, else all.
 */
export function choosePairs(db: Database, source: PairSource | undefined, taskIds: readonly string[] = []): ChosenPairs {
  const project = findCurrentProject(db);
  const tasks = taskIds.length > 0 ? new Set(taskIds) : undefined;
  const everyRun = project ? listRuns(db, project.id).filter((run) => !tasks || tasks.has(run.task_id)) : [];
  const runs = new Map(everyRun.filter((run) => run.synthetic === 0).map((run) => [run.id, run]));

  const voted = new Map<string, RunPair>();
  for (const vote of listLiveVoteOutcomes(db)) {
    const [x, y] = [runs.get(vote.run_a), runs.get(vote.run_b)];
    // Synthetic (demo study) runs have nothing to show: pairs touching them are never judged.
    if (!x || !y) continue;
    const pair = ordered(vote.task_id, x, y);
    voted.set(`${pair.a.id}\u0000${pair.b.id}`, pair);
  }
  const chosen = source ?? (voted.size > 0 ? 'voted' : 'all');
  if (chosen === 'voted') return { source: 'voted', pairs: [...voted.values()].sort((p, q) => byId(p.a, q.a) || byId(p.b, q.b)) };

  const byTask = new Map<string, Map<string, RunRow[]>>();
  for (const run of runs.values()) {
    const configs = byTask.get(run.task_id) ?? new Map<string, RunRow[]>();
    configs.set(run.config_id, [...(configs.get(run.config_id) ?? []), run]);
    byTask.set(run.task_id, configs);
  }
  const pairs: RunPair[] = [];
  for (const [task, configs] of [...byTask].sort(([x], [y]) => (x < y ? -1 : 1))) {
    const ids = [...configs.keys()].sort();
    const inOrder = new Map(ids.map((id) => [id, [...configs.get(id)!].sort((x, y) => (x.started_at < y.started_at ? -1 : x.started_at > y.started_at ? 1 : byId(x, y)))]));
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const [xs, ys] = [inOrder.get(ids[i]!)!, inOrder.get(ids[j]!)!];
        for (let k = 0; k < Math.min(xs.length, ys.length); k++) pairs.push(ordered(task, xs[k]!, ys[k]!));
      }
    }
  }
  return { source: 'all', pairs };
}
