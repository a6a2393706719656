import type { Ablation, AblationArm, AblationComparison, AblationGroup, AblationScoreKey, PairedScore } from '../../schemas/analysis.ts';
import { bootstrapInterval } from '../stats/bootstrap.ts';
import { pairedBootstrapInterval } from '../stats/paired-bootstrap.ts';
import { signTest } from '../stats/sign-test.ts';
import type { AblationRun } from './ablation-data.ts';
import { pairArms } from './ablation-pairing.ts';
import { recoveryRate } from './recovery.ts';
import type { SetScores } from './set-scores.ts';

interface Options {
  resamples: number;
  seed: string;
}

/** One set's weighted score (`rubric` null) or one of its rubrics' mean, in one tier at one scale. */
type ScoreKey = AblationScoreKey;

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: readonly number[]) => (values.length === 0 ? null : sum(values) / values.length);
const rate = (count: number, of: number) => (of === 0 ? null : count / of);
const scoreKeyText = (key: ScoreKey) => JSON.stringify([key.tier, key.rubricSet, key.version, key.scale, key.rubric]);

/** `none` (no SKILL.md) first, then `base`, then the rest in natural order (v2 before v10). */
function armOrder(x: string, y: string): number {
  const rank = (skill: string) => (skill === 'none' ? 0 : skill === 'base' ? 1 : 2);
  return rank(x) - rank(y) || x.localeCompare(y, 'en', { numeric: true }) || byText(x, y);
}

/**
 * The paired skill ablation: runs of one harness and model (and the same other versions) that
 * differ only in `versions.skill` form a group, one arm per skill version. Each arm gets its
 * success and deployable-build rates, errors per run and recovery rate, mean cost and tokens per
 * run, and its judge score per tier, rubric set version and scale as the leaderboards score it
 * (scoreSets: a run's weighted set score averaged over judges, and each rubric's mean; never two
 * sets or scales pooled), with a 95% bootstrap interval over tasks. Each other arm is compared with the reference arm
 * (`none`, else `base`, else the first) over pairs of runs of the same study, task and repeat
 * (pairArms): the mean paired difference with a paired bootstrap interval and the sign test. Runs
 * without a counterpart are counted in their arm and left out of the paired figures; every pair
 * and every run left unpaired is listed, with why. Cancelled runs count in no figure.
 */
export function buildAblation(runs: readonly AblationRun[], sets: readonly SetScores[], options: Options): Ablation {
  const scores = runScores(sets);
  const groups = new Map<string, AblationRun[]>();
  // By run id, which an export and import keep: the bootstraps resample tasks and pairs in the
  // order they meet them, and the order runs were stored in is not a fact of the study.
  for (const run of [...runs].sort((x, y) => byText(x.id, y.id))) {
    const key = JSON.stringify([run.harness, run.model, Object.entries(run.otherVersions).sort(([x], [y]) => byText(x, y)), run.synthetic, run.demo]);
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const counted = (group: readonly AblationRun[]) => group.filter((run) => !run.cancelled);
  const built = [...groups.values()].filter((group) => new Set(counted(group).map((run) => run.skill)).size > 1).map((group) => buildGroup(group, scores, options));
  built.sort((x, y) => byText(x.label, y.label));
  return { groups: built };
}

function buildGroup(withCancelled: readonly AblationRun[], scores: RunScores, options: Options): AblationGroup {
  const runs = withCancelled.filter((run) => !run.cancelled);
  const first = runs[0]!;
  const skills = [...new Set(runs.map((run) => run.skill))].sort(armOrder);
  const reference = skills.find((skill) => skill === 'none') ?? skills.find((skill) => skill === 'base') ?? skills[0]!;
  const armRuns = (skill: string) => runs.filter((run) => run.skill === skill);
  const armRunsWithCancelled = (skill: string) => withCancelled.filter((run) => run.skill === skill);
  const keys = scoreKeys(runs, scores);
  const otherVersions = Object.entries(first.otherVersions).sort(([x], [y]) => byText(x, y));
  return {
    harness: first.harness,
    model: first.model,
    versions: Object.fromEntries(otherVersions),
    synthetic: first.synthetic,
    label: [first.harness, first.model, ...otherVersions.map(([name, version]) => `${name} ${version}`), first.demo ? 'demo' : first.synthetic ? 'synthetic' : ''].filter(Boolean).join(' · '),
    reference,
    arms: skills.map((skill) => buildArm(skill, armRuns(skill), keys, scores, options)),
    comparisons: skills.filter((skill) => skill !== reference).map((skill) => compareArms(skill, armRunsWithCancelled(skill), reference, armRunsWithCancelled(reference), keys, scores, options)),
  };
}

function buildArm(skill: string, runs: readonly AblationRun[], keys: readonly ScoreKey[], scores: RunScores, options: Options): AblationArm {
  const traced = runs.filter((run) => run.errors !== null);
  const errors = traced.flatMap((run) => run.errors!.map((error) => ({ run: run.id, recovered: error.recovered })));
  const known = (value: (run: AblationRun) => number | null) => {
    const values = runs.map(value).filter((v): v is number => v !== null);
    return { mean: mean(values), runs: values.length };
  };
  const succeeded = runs.filter((run) => run.succeeded).length;
  const deployable = runs.filter((run) => run.deployable).length;
  return {
    skill,
    runs: runs.length,
    succeeded,
    succeededRate: rate(succeeded, runs.length),
    deployable,
    deployableRate: rate(deployable, runs.length),
    errorsPerRun: traced.length === 0 ? null : errors.length / traced.length,
    recovery: recoveryRate(errors, traced.length, options),
    costUsd: known((run) => run.costUsd),
    tokensInput: known((run) => run.tokensInput),
    tokensOutput: known((run) => run.tokensOutput),
    scores: keys.map((key) => {
      const scored = runs.flatMap((run) => {
        const score = scores.byRun.get(run.id)?.get(scoreKeyText(key));
        return score === undefined ? [] : [{ task: run.task, score }];
      });
      const tasks = new Set(scored.map((entry) => entry.task)).size;
      const values = scored.map((entry) => entry.score);
      // Repeats of one task move together: the interval resamples tasks, as the leaderboards do.
      const interval = tasks >= 2 ? bootstrapInterval(values, { clusters: scored.map((entry) => entry.task), resamples: options.resamples, seed: options.seed }) : null;
      return { ...key, mean: mean(values), lo: interval?.lo ?? null, hi: interval?.hi ?? null, n: values.length };
    }),
  };
}

function compareArms(skill: string, runs: readonly AblationRun[], reference: string, referenceRuns: readonly AblationRun[], keys: readonly ScoreKey[], scores: RunScores, options: Options): AblationComparison {
  const { pairs, unpaired } = pairArms(runs, referenceRuns);
  const paired: PairedScore[] = keys.map((key) => {
    const text = scoreKeyText(key);
    const scoredPairs = pairs.flatMap(({ treated, control }) => {
      const x = scores.byRun.get(treated.id)?.get(text);
      const y = scores.byRun.get(control.id)?.get(text);
      return x === undefined || y === undefined ? [] : [[x, y] as const];
    });
    const sign = signTest(scoredPairs.map(([x, y]) => x - y));
    const interval = scoredPairs.length >= 2 ? pairedBootstrapInterval(scoredPairs.map(([x]) => x), scoredPairs.map(([, y]) => y), { resamples: options.resamples, seed: options.seed }) : null;
    return {
      ...key,
      pairs: scoredPairs.length,
      meanDifference: mean(scoredPairs.map(([x, y]) => x - y)),
      lo: interval?.lo ?? null,
      hi: interval?.hi ?? null,
      better: sign.positive,
      worse: sign.negative,
      tied: sign.ties,
      signTestP: sign.pValue,
    };
  });
  const costed = pairs.filter(({ treated, control }) => treated.costUsd !== null && control.costUsd !== null);
  const referenceCost = sum(costed.map(({ control }) => control.costUsd!));
  return {
    skill,
    reference,
    pairs: pairs.length,
    unpairedRuns: unpaired.filter(({ reason }) => reason !== 'cancelled').length,
    pairList: pairs.map(({ treated, control }) => ({ study: treated.study, task: treated.task, repeat: treated.repeat, run: treated.id, referenceRun: control.id })),
    unpaired: unpaired.map(({ run, reason }) => ({ run: run.id, skill: run.skill, study: run.study, task: run.task, repeat: run.repeat, reason })),
    scores: paired,
    costChange: costed.length > 0 && referenceCost > 0 ? sum(costed.map(({ treated }) => treated.costUsd!)) / referenceCost - 1 : null,
    costPairs: costed.length,
  };
}

/** Run id → score key → the run's score there: its set score averaged over judges, or a rubric's mean over judges; and every key in report order. */
interface RunScores {
  byRun: Map<string, Map<string, number>>;
  keys: ScoreKey[];
}

function runScores(sets: readonly SetScores[]): RunScores {
  const byRun = new Map<string, Map<string, number>>();
  const put = (run: string, key: ScoreKey, score: number) => {
    const perRun = byRun.get(run) ?? new Map<string, number>();
    perRun.set(scoreKeyText(key), score);
    byRun.set(run, perRun);
  };
  const keys: ScoreKey[] = [];
  for (const set of sets) {
    const overall: ScoreKey = { ...set.key, rubric: null };
    keys.push(overall, ...set.rubrics.map(({ rubric }) => ({ ...set.key, rubric })));
    // Judges in name order (byRun keeps them so): the mean never depends on the order judgments were stored.
    for (const [run, judges] of set.byRun) {
      const values = [...judges.values()];
      if (values.length > 0) put(run, overall, sum(values) / values.length);
    }
    for (const [run, rubrics] of set.rubricMeans) for (const [rubric, score] of rubrics) put(run, { ...set.key, rubric }, score);
  }
  return { byRun, keys };
}

/** The scores any of the group's runs has, in report order: per set (tier order, then set, version, scale) its weighted score, then each rubric in the set's order. */
function scoreKeys(runs: readonly AblationRun[], scores: RunScores): ScoreKey[] {
  const present = new Set(runs.flatMap((run) => [...(scores.byRun.get(run.id)?.keys() ?? [])]));
  return scores.keys.filter((key) => present.has(scoreKeyText(key)));
}
