import type { Alignment } from '../../schemas/analysis.ts';
import { cohensKappa } from '../stats/cohens-kappa.ts';
import type { ComparisonWinner, PairwiseComparison } from '../stats/pairwise-comparison.ts';
import { winRates } from '../stats/win-rates.ts';
import { comparisonOf } from './preference.ts';
import type { StudyData, StudyJudgment } from './study-data.ts';

/** The three outcomes of a pair in canonical run_a/run_b terms. */
export const OUTCOME_LABELS: readonly ComparisonWinner[] = ['a', 'b', 'tie'];

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** A score as a share of its scale's range: 0 at the lowest level, 1 at the highest. */
const normalised = (score: number, scale: 3 | 5) => (scale === 3 ? score / 2 : (score - 1) / 4);

/**
 * Per judge, per run: the run's weighted score. Each rubric set version the judge scored the run
 * with gives the weighted mean of its rubrics' scores, normalised to 0–1 so 3- and 5-point sets
 * compare (weights from the stored set; equal when it is not stored); the run's score is the
 * mean over those sets. Judgments made before sets were stored form one set of equal weights,
 * so for them the order of runs (and so every outcome) is that of the plain mean.
 */
export function judgeRunWeightedScores(judgments: readonly StudyJudgment[]): Map<string, Map<string, number>> {
  const sets = new Map<string, Map<string, Map<string, [number, number]>>>();
  for (const j of judgments) {
    const setKey = j.rubricSet === '' ? '' : JSON.stringify([j.tier, j.rubricSet, j.version, j.scale]);
    const perRun = sets.get(j.judge) ?? new Map<string, Map<string, [number, number]>>();
    const perSet = perRun.get(j.run) ?? new Map<string, [number, number]>();
    const weight = j.rubricSet === '' ? 1 : (j.weight ?? 1);
    const [sum, total] = perSet.get(setKey) ?? [0, 0];
    perSet.set(setKey, [sum + weight * normalised(j.score, j.scale), total + weight]);
    perRun.set(j.run, perSet);
    sets.set(j.judge, perRun);
  }
  return new Map(
    [...sets].map(([judge, perRun]) => [
      judge,
      new Map([...perRun].map(([run, perSet]) => [run, [...perSet.values()].reduce((acc, [sum, total]) => acc + sum / total, 0) / perSet.size])),
    ]),
  );
}

/** For each counted vote on a pair whose two runs this judge scored: the human outcome and the judge's. */
export function alignedOutcomes(data: StudyData, means: Map<string, number>): { human: PairwiseComparison[]; judge: PairwiseComparison[] } {
  const human: PairwiseComparison[] = [];
  const judge: PairwiseComparison[] = [];
  for (const vote of data.votes) {
    const comparison = comparisonOf(data, vote);
    const a = means.get(vote.run_a);
    const b = means.get(vote.run_b);
    if (!comparison || a === undefined || b === undefined) continue;
    human.push(comparison);
    // The judge prefers the run it scored higher on average; equal means are a tie.
    judge.push({ a: comparison.a, b: comparison.b, winner: a > b ? 'a' : b > a ? 'b' : 'tie' });
  }
  return { human, judge };
}

/**
 * How each judge would have voted on the pairs people voted on (the run with the higher weighted
 * score wins, equal scores tie): agreement share, Cohen's κ over the three outcomes (run_a wins /
 * run_b wins / tie; a human "both bad" is a tie), the tie rate on each side, and each
 * configuration's win rate (ties half) by people and by the judge; over all judgments, and again
 * per rubric set version and per scale.
 */
export function buildAlignment(data: StudyData): Alignment {
  const groupKey = (j: StudyJudgment) => JSON.stringify([j.rubricSet, j.version, j.scale]);
  const bySet = new Map<string, StudyJudgment[]>();
  const byScale = new Map<3 | 5, StudyJudgment[]>();
  // Appended in place: copying a group's array for each judgment made the report quadratic in judgments.
  for (const j of data.judgments) {
    const key = groupKey(j);
    const set = bySet.get(key);
    if (set) set.push(j);
    else bySet.set(key, [j]);
    const scale = byScale.get(j.scale);
    if (scale) scale.push(j);
    else byScale.set(j.scale, [j]);
  }
  return {
    judges: alignJudges(data, data.judgments),
    bySet: [...bySet]
      .map(([key, rows]) => {
        const [rubricSet, version, scale] = JSON.parse(key) as [string, string, 3 | 5];
        return { rubricSet, version, scale, judges: alignJudges(data, rows) };
      })
      .sort((x, y) => byText(x.rubricSet, y.rubricSet) || byText(x.version, y.version) || x.scale - y.scale),
    byScale: [...byScale].sort(([x], [y]) => x - y).map(([scale, rows]) => ({ scale, judges: alignJudges(data, rows) })),
  };
}

/** Each judge's alignment with the human votes, from these judgments' per-run weighted scores. */
function alignJudges(data: StudyData, judgments: readonly StudyJudgment[]): Alignment['judges'] {
  const means = judgeRunWeightedScores(judgments);
  const label = (config: string) => data.labels.get(config) ?? config;
  return [...means.keys()].sort(byText).map((judgeName) => {
    const { human, judge } = alignedOutcomes(data, means.get(judgeName)!);
    const n = human.length;
    if (n === 0) return { judge: judgeName, n, agreement: null, kappa: null, humanTieRate: null, judgeTieRate: null, winRates: [] };
    const humanLabels = human.map((c) => c.winner);
    const judgeLabels = judge.map((c) => c.winner);
    const agreed = humanLabels.filter((outcome, i) => outcome === judgeLabels[i]).length;
    const humanRates = winRates(human);
    const judgeRates = winRates(judge);
    const configs = Object.keys(humanRates.systems).sort((x, y) => byText(label(x), label(y)));
    return {
      judge: judgeName,
      n,
      agreement: agreed / n,
      kappa: cohensKappa(humanLabels, judgeLabels, { labels: OUTCOME_LABELS }).kappa,
      humanTieRate: humanRates.tieRate,
      judgeTieRate: judgeRates.tieRate,
      winRates: configs.map((config) => ({ config, label: label(config), human: humanRates.systems[config]!.winRate, judge: judgeRates.systems[config]!.winRate })),
    };
  });
}
