import type { Ablation, AblationArm, AblationComparison, AblationGroup, PairedScore } from '../../schemas/analysis.ts';
import { JudgeTierSchema, type JudgeTier } from '../../schemas/judge.ts';
import { bootstrapInterval } from '../stats/bootstrap.ts';
import { pairedBootstrapInterval } from '../stats/paired-bootstrap.ts';
import { signTest } from '../stats/sign-test.ts';
import type { AblationRun } from './ablation-data.ts';
import { recoveryRate } from './recovery.ts';
import type { StudyJudgment } from './study-data.ts';

interface Options {
  resamples: number;
  seed: string;
}

/** A tier's score over all its rubrics (`rubric` null) or one rubric's. */
interface ScoreKey {
  tier: JudgeTier;
  rubric: string | null;
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: readonly number[]) => (values.length === 0 ? null : sum(values) / values.length);
const rate = (count: number, of: number) => (of === 0 ? null : count / of);
const scoreKeyText = (key: ScoreKey) => `${key.tier}\u0000${key.rubric ?? ''}`;

/** `none` (no SKILL.md) first, then `base`, then the rest in natural order (v2 before v10). */
function armOrder(x: string, y: string): number {
  const rank = (skill: string) => (skill === 'none' ? 0 : skill === 'base' ? 1 : 2);
  return rank(x) - rank(y) || x.localeCompare(y, 'en', { numeric: true }) || byText(x, y);
}

/**
 * The paired skill ablation: runs of one harness and model (and the same other versions) that
 * differ only in `versions.skill` form a group, one arm per skill version. Each arm gets its
 * success and deployable-build rates, errors per run and recovery rate, mean cost and tokens per
 * run, and its mean judge score per tier and rubric (a run's score: the mean of its judgments
 * there; a 95% bootstrap interval over tasks). Each other arm is compared with the reference arm
 * (`none`, else `base`, else the first) over (task, repeat) pairs: the mean paired difference
 * with a paired bootstrap interval and the sign test. Runs without a counterpart are counted in
 * their arm and left out of the paired figures.
 */
export function buildAblation(runs: readonly AblationRun[], judgments: readonly StudyJudgment[], options: Options): Ablation {
  const scores = runScores(judgments);
  const groups = new Map<string, AblationRun[]>();
  for (const run of runs) {
    const key = JSON.stringify([run.harness, run.model, Object.entries(run.otherVersions).sort(([x], [y]) => byText(x, y)), run.synthetic, run.demo]);
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const built = [...groups.values()].filter((group) => new Set(group.map((run) => run.skill)).size > 1).map((group) => buildGroup(group, scores, options));
  built.sort((x, y) => byText(x.label, y.label));
  return { groups: built };
}

function buildGroup(runs: readonly AblationRun[], scores: RunScores, options: Options): AblationGroup {
  const first = runs[0]!;
  const skills = [...new Set(runs.map((run) => run.skill))].sort(armOrder);
  const reference = skills.find((skill) => skill === 'none') ?? skills.find((skill) => skill === 'base') ?? skills[0]!;
  const armRuns = (skill: string) => runs.filter((run) => run.skill === skill);
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
    comparisons: skills.filter((skill) => skill !== reference).map((skill) => compareArms(skill, armRuns(skill), reference, armRuns(reference), keys, scores, options)),
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
        const score = scores.get(run.id)?.get(scoreKeyText(key));
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
  const slot = (run: AblationRun) => JSON.stringify([run.task, run.repeat]);
  const referenceBySlot = new Map(referenceRuns.map((run) => [slot(run), run]));
  const pairs = runs.flatMap((run) => {
    const control = referenceBySlot.get(slot(run));
    return control ? [{ treated: run, control }] : [];
  });
  const paired: PairedScore[] = keys.map((key) => {
    const text = scoreKeyText(key);
    const scoredPairs = pairs.flatMap(({ treated, control }) => {
      const x = scores.get(treated.id)?.get(text);
      const y = scores.get(control.id)?.get(text);
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
    unpairedRuns: runs.length + referenceRuns.length - 2 * pairs.length,
    scores: paired,
    costChange: costed.length > 0 && referenceCost > 0 ? sum(costed.map(({ treated }) => treated.costUsd!)) / referenceCost - 1 : null,
    costPairs: costed.length,
  };
}

/** Run id → score key → the run's mean score there (over judges, and over rubrics for a tier's overall score). */
type RunScores = Map<string, Map<string, number>>;

function runScores(judgments: readonly StudyJudgment[]): RunScores {
  const sums = new Map<string, Map<string, [number, number]>>();
  for (const judgment of judgments) {
    const perRun = sums.get(judgment.run) ?? new Map<string, [number, number]>();
    for (const key of [{ tier: judgment.tier, rubric: null }, { tier: judgment.tier, rubric: judgment.rubric }]) {
      const [total, count] = perRun.get(scoreKeyText(key)) ?? [0, 0];
      perRun.set(scoreKeyText(key), [total + judgment.score, count + 1]);
    }
    sums.set(judgment.run, perRun);
  }
  return new Map([...sums].map(([run, perRun]) => [run, new Map([...perRun].map(([key, [total, count]]) => [key, total / count]))]));
}

/** The tiers and rubrics any of the group's runs was scored on: per tier in tier order, its overall score then each rubric by name. */
function scoreKeys(runs: readonly AblationRun[], scores: RunScores): ScoreKey[] {
  const present = new Set(runs.flatMap((run) => [...(scores.get(run.id)?.keys() ?? [])]));
  return JudgeTierSchema.options.flatMap((tier) => {
    const prefix = `${tier}\u0000`;
    const rubrics = [...present].filter((key) => key.startsWith(prefix) && key !== prefix).map((key) => key.slice(prefix.length)).sort(byText);
    return present.has(prefix) ? [{ tier, rubric: null }, ...rubrics.map((rubric) => ({ tier, rubric }))] : [];
  });
}
