import type { Leaderboard } from '../../schemas/analysis.ts';
import { twoStageBootstrapInterval } from '../stats/two-stage-bootstrap.ts';
import { runScore, type SetScores } from './set-scores.ts';
import type { StudyData } from './study-data.ts';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** Per task, one value per run: a configuration's runs of one set, as the leaderboard averages them. */
type TaskRuns = Map<string, Map<string, number>>;

const byKey = <T>([x]: [string, T], [y]: [string, T]) => byText(x, y);

/** The mean over tasks of the mean over runs, summed in id order (the same bits after an export and import); null without a run. */
function meanOfTaskMeans(tasks: TaskRuns): number | null {
  const means = [...tasks].sort(byKey).map(([, runs]) => [...runs].sort(byKey).reduce((sum, [, value]) => sum + value, 0) / runs.size);
  return means.length === 0 ? null : means.reduce((a, b) => a + b, 0) / means.length;
}

function addRun(tasks: TaskRuns, task: string, run: string, value: number): void {
  const runs = tasks.get(task) ?? new Map<string, number>();
  runs.set(run, value);
  tasks.set(task, runs);
}

/**
 * One leaderboard per tier, rubric set version and scale (set-scores.ts scores each run). A run's
 * score is the mean over judges of their weighted set scores; a configuration's score is the mean
 * over tasks of the mean over its runs on that task, with a 95% two-stage bootstrap interval
 * (tasks, then the configuration's runs within each drawn task; none under three tasks). Beside
 * it: each judge's score (the same mean over tasks of run means, of that judge's scores), the
 * cross-judge variance (the population variance of the judges' scores of a run, averaged over the
 * runs two or more judges scored) and each rubric's mean score (same means, of the judges' mean
 * score on that rubric). Rows best first.
 */
export function buildLeaderboards(data: StudyData, sets: readonly SetScores[], options: { resamples: number; seed: string }): Leaderboard[] {
  return sets.map((set) => {
    const configs = new Map<string, { scores: TaskRuns; judges: Map<string, TaskRuns>; variances: Map<string, number>; rubrics: Map<string, TaskRuns> }>();
    const entry = (config: string) => {
      let found = configs.get(config);
      if (!found) configs.set(config, (found = { scores: new Map(), judges: new Map(), variances: new Map(), rubrics: new Map() }));
      return found;
    };
    for (const [runId, judged] of set.byRun) {
      const run = data.runs.get(runId);
      if (!run) continue;
      const config = entry(run.config);
      addRun(config.scores, run.task, runId, runScore(judged));
      for (const [judge, score] of judged) {
        const perJudge = config.judges.get(judge) ?? new Map();
        addRun(perJudge, run.task, runId, score);
        config.judges.set(judge, perJudge);
      }
      if (judged.size >= 2) {
        const values = [...judged.values()];
        const mean = runScore(judged);
        config.variances.set(runId, values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
      }
    }
    for (const [runId, means] of set.rubricMeans) {
      const run = data.runs.get(runId);
      // A configuration none of whose runs has a complete score has no row (its rubric means alone are no set score).
      if (!run || !configs.has(run.config)) continue;
      const config = configs.get(run.config)!;
      for (const [rubric, mean] of means) {
        const perRubric = config.rubrics.get(rubric) ?? new Map();
        addRun(perRubric, run.task, runId, mean);
        config.rubrics.set(rubric, perRubric);
      }
    }
    const rows = [...configs].map(([config, figures]) => {
      const clusters = [...figures.scores].map(([task, runs]) => ({ id: task, units: [...runs].map(([id, value]) => ({ id, value })) }));
      const interval = twoStageBootstrapInterval(clusters, { resamples: options.resamples, seed: options.seed });
      return {
        config,
        label: data.labels.get(config) ?? config,
        mean: interval.estimate,
        lo: interval.lo,
        hi: interval.hi,
        tasks: interval.clusters,
        runs: interval.units,
        judges: set.judges.map((judge) => {
          const perJudge = figures.judges.get(judge);
          return perJudge ? meanOfTaskMeans(perJudge) : null;
        }),
        crossJudgeVariance: figures.variances.size === 0 ? null : [...figures.variances].sort(byKey).reduce((sum, [, v]) => sum + v, 0) / figures.variances.size,
        rubrics: set.rubrics.map(({ rubric }) => {
          const perRubric = figures.rubrics.get(rubric);
          return perRubric ? meanOfTaskMeans(perRubric) : null;
        }),
      };
    });
    rows.sort((x, y) => y.mean - x.mean || byText(x.label, y.label) || byText(x.config, y.config));
    return { ...set.key, weights: set.weights, rubrics: set.rubrics, judges: set.judges, incompleteScores: set.incomplete, rows };
  });
}
