import type { Leaderboard } from '../../schemas/analysis.ts';
import { JudgeTierSchema } from '../../schemas/judge.ts';
import { bootstrapInterval } from '../stats/bootstrap.ts';
import type { StudyData, StudyJudgment } from './study-data.ts';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * Per configuration and task, the mean of every score of that configuration's runs on that task
 * (over judges, rubrics and repeated runs): one value per task, so a task counts once however
 * many judges or rubrics scored it. Tasks in id order.
 */
export function taskMeans(data: StudyData, judgments: readonly StudyJudgment[]): Map<string, { tasks: string[]; values: number[] }> {
  const sums = new Map<string, Map<string, [number, number]>>();
  for (const judgment of judgments) {
    const run = data.runs.get(judgment.run);
    if (!run) continue;
    const perTask = sums.get(run.config) ?? new Map<string, [number, number]>();
    const [sum, count] = perTask.get(run.task) ?? [0, 0];
    perTask.set(run.task, [sum + judgment.score, count + 1]);
    sums.set(run.config, perTask);
  }
  const out = new Map<string, { tasks: string[]; values: number[] }>();
  for (const [config, perTask] of sums) {
    const tasks = [...perTask.keys()].sort(byText);
    out.set(config, { tasks, values: tasks.map((task) => { const [sum, count] = perTask.get(task)!; return sum / count; }) });
  }
  return out;
}

/**
 * One leaderboard per tier: each configuration's mean over tasks of its per-task mean score,
 * with a 95% percentile bootstrap interval resampling tasks (bootstrapInterval over the per-task
 * values, the request's seed and resamples), and the same per-task mean for each rubric alone.
 */
export function buildLeaderboards(data: StudyData, options: { resamples: number; seed: string }): Leaderboard[] {
  return JudgeTierSchema.options.map((tier) => {
    const inTier = data.judgments.filter((judgment) => judgment.tier === tier);
    const overall = taskMeans(data, inTier);
    const configs = [...overall.keys()];
    const rows = configs.map((config) => {
      const { values } = overall.get(config)!;
      const interval = bootstrapInterval(values, { resamples: options.resamples, seed: options.seed });
      return { config, label: data.labels.get(config) ?? config, mean: interval.estimate, lo: interval.lo, hi: interval.hi, n: values.length };
    });
    rows.sort((x, y) => y.mean - x.mean || byText(x.label, y.label));
    const rubricNames = [...new Set(inTier.map((judgment) => judgment.rubric))].sort(byText);
    const rubrics = rubricNames.map((rubric) => {
      const perConfig = taskMeans(data, inTier.filter((judgment) => judgment.rubric === rubric));
      const values = rows.map((row) => {
        const entry = perConfig.get(row.config);
        return { config: row.config, mean: entry ? mean(entry.values) : null };
      });
      let best: string | null = null;
      let bestMean = -Infinity;
      for (const value of values) {
        if (value.mean !== null && value.mean > bestMean) {
          best = value.config;
          bestMean = value.mean;
        }
      }
      return { rubric, values, best };
    });
    return { tier, rows, rubrics };
  });
}
