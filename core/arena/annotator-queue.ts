import type { Database } from 'better-sqlite3';
import type { ArenaProgress } from '../../schemas/arena.ts';
import type { AnnotatorRow } from '../store/annotator-repository.ts';
import { requireCurrentProject } from '../store/project-repository.ts';
import { listShowableRuns, runSetVersion } from '../store/run-repository.ts';
import { votedPairs } from '../store/vote-repository.ts';
import { pairKeyOf } from './pair-key.ts';
import { schedulePairs, type ArenaRun, type ScheduledPair } from './schedule-pairs.ts';

/** Runs that can be compared: those with something to show (a build, frames or a video). */
function arenaRuns(db: Database): ArenaRun[] {
  return listShowableRuns(db, requireCurrentProject(db).id).map((run) => ({ runId: run.id, taskId: run.task_id, configId: run.config_id }));
}

/** The annotator's queue as it stands: seeded by their queue seed, seen pairs left out. */
export function queueFor(db: Database, annotator: AnnotatorRow, allowRepeats: boolean): { seen: number; queue: readonly ScheduledPair[] } {
  const seen = votedPairs(db, annotator.id).map((pair) => ({ runA: pair.run_a, runB: pair.run_b }));
  if (allowRepeats) return { seen: seen.length, queue: schedulePairs(arenaRuns(db), seen, { seed: annotator.queue_seed, allowRepeats }) };
  // Scheduling a large study takes seconds, so an annotator's queue is computed once per set of
  // runs and then only filtered: the rest of a balanced queue, minus the pairs voted since, is
  // still balanced in every prefix. An undone vote's pair is unseen again and keeps its place.
  const seenKeys = new Set(seen.map(pairKeyOf));
  const runsVersion = runSetVersion(db);
  let cache = queueCaches.get(db);
  if (!cache) queueCaches.set(db, (cache = new Map()));
  let entry = cache.get(annotator.id);
  if (!entry || entry.runsVersion !== runsVersion || entry.seed !== annotator.queue_seed) {
    entry = { runsVersion, seed: annotator.queue_seed, queue: schedulePairs(arenaRuns(db), seen, { seed: annotator.queue_seed }) };
    cache.set(annotator.id, entry);
  }
  return { seen: seen.length, queue: entry.queue.filter((pair) => !seenKeys.has(pair.pairKey)) };
}

const queueCaches = new WeakMap<Database, Map<string, { runsVersion: string; seed: string; queue: readonly ScheduledPair[] }>>();

/** How far the annotator is through their queue (repeats not counted). */
export function progressOf(db: Database, annotator: AnnotatorRow): ArenaProgress {
  return progressFrom(queueFor(db, annotator, false));
}

export function progressFrom({ seen, queue }: { seen: number; queue: readonly unknown[] }): ArenaProgress {
  return { done: seen, total: seen + queue.length };
}
