import type { Agreement } from '../../schemas/analysis.ts';
import { cohensKappa } from '../stats/cohens-kappa.ts';
import { landisKochBand, meanPairwiseKappa } from '../stats/mean-pairwise-kappa.ts';
import { drawOverTasks, taskInterval, type TaskBootstrapOptions } from '../stats/task-bootstrap.ts';
import { kappaOfDraw, meanKappaOfDraw, taskConfusions, type TaskConfusions } from '../stats/task-kappa.ts';
import type { StudyJudgment } from './study-data.ts';

/** The 5-point rubric scale; κ counts every level even when no judge used it. */
export const SCORE_LABELS = [1, 2, 3, 4, 5] as const;

/** κ's levels for the judgments at hand: 1–5, 0–2 for 3-point sets, 0–5 when both scales are mixed. */
export function kappaOptions(judgments: readonly StudyJudgment[]) {
  const scales = new Set(judgments.map((j) => j.scale));
  const labels: readonly number[] = !scales.has(3) ? SCORE_LABELS : scales.has(5) ? [0, 1, 2, 3, 4, 5] : [0, 1, 2];
  return { weights: 'quadratic' as const, labels };
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** An item is one (run, tier, rubric, version, set, scale); its scores by judge. A judge's later score of an item replaces an earlier one. */
export function scoresByItem(judgments: readonly StudyJudgment[]): Map<string, Map<string, number>> {
  const items = new Map<string, Map<string, number>>();
  for (const j of judgments) {
    // The set and scale are part of an item: figma-output@v1 at 3 and at 5 points share rubric names and version.
    const key = JSON.stringify([j.run, j.tier, j.rubric, j.version, j.rubricSet, j.scale]);
    const scores = items.get(key) ?? new Map<string, number>();
    scores.set(j.judge, j.score);
    items.set(key, scores);
  }
  return items;
}

/** Both judges' scores of every item both scored, in item order, with each item's key. */
export function pairedScores(items: Map<string, Map<string, number>>, judgeA: string, judgeB: string): { a: number[]; b: number[]; keys: string[] } {
  const a: number[] = [];
  const b: number[] = [];
  const keys: string[] = [];
  for (const [key, scores] of items) {
    const x = scores.get(judgeA);
    const y = scores.get(judgeB);
    if (x !== undefined && y !== undefined) {
      a.push(x);
      b.push(y);
      keys.push(key);
    }
  }
  return { a, b, keys };
}

/** Where the bootstraps resample: each run's task, numbered in id order over the judgments' runs. */
export interface TaskNumbers {
  taskOf(run: string): number;
  tasks: number;
}

export function numberTasks(runs: Iterable<string>, taskOfRun: (run: string) => string): TaskNumbers {
  const tasks = [...new Set([...runs].map(taskOfRun))].sort(byText);
  const index = new Map(tasks.map((task, i) => [task, i]));
  return { taskOf: (run) => index.get(taskOfRun(run))!, tasks: tasks.length };
}

/** The run an item key of scoresByItem names. */
export const runOfItem = (key: string): string => (JSON.parse(key) as [string])[0];

/** One judge pair's items as per-task confusion matrices, for its κ's interval. */
export function pairConfusions(items: Map<string, Map<string, number>>, judgeA: string, judgeB: string, tasks: TaskNumbers, labels: readonly number[]): TaskConfusions {
  const { a, b, keys } = pairedScores(items, judgeA, judgeB);
  return taskConfusions(keys.map((key, i) => ({ task: tasks.taskOf(runOfItem(key)), a: a[i]!, b: b[i]! })), tasks.tasks, labels, 'quadratic');
}

type Pair = Agreement['overall']['pairs'][number];

interface GroupAgreement {
  judges: string[];
  pairs: Pair[];
  meanKappa: number | null;
  lo: number | null;
  hi: number | null;
  band: string | null;
  variance: number | null;
}

/**
 * Quadratic-weighted κ for every pair of judges over the items both scored; their mean over the
 * pairs where κ is defined, with its Landis–Koch band; and the variance of the judges' mean
 * scores (meanPairwiseKappa's judgeMeanVariance) over the items every judge scored, so leniency
 * is compared on the same items. When every judge scored every item the mean equals
 * meanPairwiseKappa's.
 */
function groupAgreement(judgments: readonly StudyJudgment[], tasks: TaskNumbers, options: TaskBootstrapOptions): GroupAgreement {
  const KAPPA_OPTIONS = kappaOptions(judgments);
  const items = scoresByItem(judgments);
  const judges = [...new Set(judgments.map((j) => j.judge))].sort(byText);
  const pairs: Pair[] = [];
  const confusions: TaskConfusions[] = [];
  let sum = 0;
  let defined = 0;
  for (let i = 0; i < judges.length; i++) {
    for (let k = i + 1; k < judges.length; k++) {
      const { a, b } = pairedScores(items, judges[i]!, judges[k]!);
      const kappa = a.length === 0 ? null : cohensKappa(a, b, KAPPA_OPTIONS).kappa;
      const confusion = pairConfusions(items, judges[i]!, judges[k]!, tasks, KAPPA_OPTIONS.labels);
      confusions.push(confusion);
      const { lo, hi } = kappa === null ? { lo: null, hi: null } : taskInterval(drawOverTasks(tasks.tasks, (times) => kappaOfDraw(confusion, times), options));
      pairs.push({ judgeA: judges[i]!, judgeB: judges[k]!, kappa, n: a.length, lo, hi });
      if (kappa !== null) {
        sum += kappa;
        defined++;
      }
    }
  }
  const meanKappa = defined > 0 ? sum / defined : null;
  // The mean over pairs, each pair's κ on the same resampled tasks.
  const { lo, hi } = meanKappa === null ? { lo: null, hi: null } : taskInterval(drawOverTasks(tasks.tasks, (times) => meanKappaOfDraw(confusions, times), options));
  let variance: number | null = null;
  if (judges.length >= 2) {
    const complete = [...items.values()].filter((scores) => judges.every((judge) => scores.has(judge)));
    if (complete.length > 0) variance = meanPairwiseKappa(judges.map((judge) => complete.map((scores) => scores.get(judge)!)), KAPPA_OPTIONS).judgeMeanVariance;
  }
  return { judges, pairs, meanKappa, lo, hi, band: meanKappa === null ? null : landisKochBand(meanKappa), variance };
}

/**
 * Inter-judge agreement overall, per rubric and pair by pair, every κ with its 95% bootstrap
 * interval over tasks (`taskOfRun`: a judged run's task). The rubric set versions judged on the
 * same runs are compared by set-agreement.ts.
 */
export function buildAgreement(
  judgments: readonly StudyJudgment[],
  taskOfRun: (run: string) => string,
  options: TaskBootstrapOptions,
): Omit<Agreement, 'setComparisons'> {
  const tasks = numberTasks(new Set(judgments.map((j) => j.run)), taskOfRun);
  const overall = groupAgreement(judgments, tasks, options);
  const { judges } = overall;
  const kappaOf = new Map(overall.pairs.map((pair) => [`${pair.judgeA}\u0000${pair.judgeB}`, pair.kappa]));
  const matrix = judges.map((a, i) =>
    judges.map((b, k) => (i === k ? 1 : (kappaOf.get(i < k ? `${a}\u0000${b}` : `${b}\u0000${a}`) ?? null))),
  );
  const groups = new Map<string, StudyJudgment[]>();
  for (const j of judgments) {
    const key = JSON.stringify([j.rubric, j.version, j.scale]);
    const rows = groups.get(key);
    if (rows) rows.push(j);
    else groups.set(key, [j]);
  }
  const perRubric = [...groups.entries()]
    .map(([key, rows]) => {
      const [rubric, version, scale] = JSON.parse(key) as [string, string, 3 | 5];
      const { meanKappa, lo, hi, band, variance, pairs } = groupAgreement(rows, tasks, options);
      return { rubric, version, scale, meanKappa, lo, hi, band, variance, pairs };
    })
    .sort((x, y) => byText(x.rubric, y.rubric) || byText(x.version, y.version) || x.scale - y.scale);
  return {
    judges,
    overall: { meanKappa: overall.meanKappa, lo: overall.lo, hi: overall.hi, band: overall.band, variance: overall.variance, pairs: overall.pairs },
    perRubric,
    matrix,
  };
}
