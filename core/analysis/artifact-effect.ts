import type { Database } from 'better-sqlite3';
import type { ArtifactEffectRow, Controls } from '../../schemas/analysis.ts';
import type { JudgeTier } from '../../schemas/judge.ts';
import { listScoredControlJudgments } from '../store/control-judgment-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { drawOverTasks, taskInterval, type TaskBootstrapOptions } from '../stats/task-bootstrap.ts';
import { buildHarnessGuesses } from './harness-guess-control.ts';
import type { StudyData } from './study-data.ts';

/**
 * The smallest effect that counts as the artifact moving a score: a tenth of the scale's range
 * (0.4 on 1–5, 0.2 on 0–2). Under it, a rubric is flagged whatever its interval.
 */
export const artifactEffectThreshold = (scale: 3 | 5): number => (scale === 5 ? 4 : 2) / 10;

/** One scored judgment as the control's comparison reads it. */
export interface ScoredItem {
  run: string;
  judge: string;
  tier: JudgeTier;
  rubricSet: string;
  version: string;
  scale: 3 | 5;
  rubric: string;
  score: number;
}

const itemKey = (item: Omit<ScoredItem, 'run' | 'score'>) => [item.judge, item.tier, item.rubricSet, item.version, item.scale, item.rubric].join('\u0000');

/** Each run's mean score per judge, set version and rubric (turns of one run averaged). */
function meansByRun(items: readonly ScoredItem[]): Map<string, { item: ScoredItem; byRun: Map<string, number> }> {
  const sums = new Map<string, { item: ScoredItem; byRun: Map<string, [sum: number, n: number]> }>();
  for (const item of items) {
    const key = itemKey(item);
    const entry = sums.get(key) ?? { item, byRun: new Map() };
    const [sum, n] = entry.byRun.get(item.run) ?? [0, 0];
    entry.byRun.set(item.run, [sum + item.score, n + 1]);
    sums.set(key, entry);
  }
  return new Map([...sums].map(([key, { item, byRun }]) => [key, { item, byRun: new Map([...byRun].map(([run, [sum, n]]) => [run, sum / n])) }]));
}

/**
 * How much the artifact moves each judge's score of each rubric: over the runs a judge scored both
 * with the artifact (`real`) and without (`control`), the per-task mean of real − control,
 * averaged over tasks, with a 95% percentile bootstrap interval over tasks (tasks numbered in id
 * order, drawn whole). A rubric is flagged as not moved when the effect is under the threshold,
 * or else when its interval contains 0.
 */
export function compareWithControl(real: readonly ScoredItem[], control: readonly ScoredItem[], taskOf: (run: string) => string, options: TaskBootstrapOptions): ArtifactEffectRow[] {
  const realMeans = meansByRun(real);
  const rows: ArtifactEffectRow[] = [];
  for (const [key, { item, byRun: controlByRun }] of meansByRun(control)) {
    const realByRun = realMeans.get(key)?.byRun;
    if (!realByRun) continue;
    const byTask = new Map<string, { real: number[]; control: number[] }>();
    for (const [run, controlScore] of controlByRun) {
      const realScore = realByRun.get(run);
      if (realScore === undefined) continue;
      const task = byTask.get(taskOf(run)) ?? { real: [], control: [] };
      task.real.push(realScore);
      task.control.push(controlScore);
      byTask.set(taskOf(run), task);
    }
    if (byTask.size === 0) continue;
    const tasks = [...byTask.keys()].sort();
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const realPerTask = Float64Array.from(tasks, (task) => mean(byTask.get(task)!.real));
    const controlPerTask = Float64Array.from(tasks, (task) => mean(byTask.get(task)!.control));
    const weighted = (values: Float64Array) => (times: Float64Array) => {
      let sum = 0;
      let n = 0;
      for (let k = 0; k < values.length; k++) {
        sum += times[k]! * values[k]!;
        n += times[k]!;
      }
      return n === 0 ? null : sum / n;
    };
    const differences = realPerTask.map((value, k) => value - controlPerTask[k]!);
    const interval = taskInterval(drawOverTasks(tasks.length, weighted(differences), options));
    const effect = interval.estimate!;
    const threshold = artifactEffectThreshold(item.scale);
    const why = Math.abs(effect) < threshold ? 'below-threshold' : interval.lo !== null && interval.hi !== null && interval.lo <= 0 && interval.hi >= 0 ? 'interval-contains-zero' : null;
    rows.push({
      judge: item.judge,
      tier: item.tier,
      rubricSet: item.rubricSet,
      version: item.version,
      scale: item.scale,
      rubric: item.rubric,
      runs: [...byTask.values()].reduce((n, task) => n + task.real.length, 0),
      tasks: tasks.length,
      real: weighted(realPerTask)(new Float64Array(tasks.length).fill(1))!,
      control: weighted(controlPerTask)(new Float64Array(tasks.length).fill(1))!,
      effect,
      lo: interval.lo,
      hi: interval.hi,
      threshold,
      notMoved: why !== null,
      why,
    });
  }
  const order = (row: ArtifactEffectRow) => [row.tier, row.rubricSet, row.version, String(row.scale), row.judge, row.rubric].join('\u0000');
  return rows.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/**
 * The controls section's figures: the no-artifact control's judgments of the runs the report
 * counts, against their real judgments; and the guess-harness control's answers about them.
 */
export function buildControls(db: Database, data: StudyData, options: TaskBootstrapOptions): Controls {
  const project = findCurrentProject(db);
  const harnessGuesses = project ? buildHarnessGuesses(db, project.id, (run) => data.runs.has(run)) : [];
  const control = project
    ? listScoredControlJudgments(db, project.id, 'no-artifact')
        .filter((row) => data.runs.has(row.run_id))
        .map((row): ScoredItem => ({ run: row.run_id, judge: row.judge, tier: row.tier, rubricSet: row.rubric_set, version: row.rubric_version, scale: row.scale, rubric: row.rubric, score: row.score! }))
    : [];
  if (control.length === 0) return { noArtifactJudgments: 0, artifactEffect: [], harnessGuesses };
  const real = data.judgments.map((row): ScoredItem => ({ run: row.run, judge: row.judge, tier: row.tier, rubricSet: row.rubricSet, version: row.version, scale: row.scale, rubric: row.rubric, score: row.score }));
  return { noArtifactJudgments: control.length, artifactEffect: compareWithControl(real, control, (run) => data.runs.get(run)!.task, options), harnessGuesses };
}
