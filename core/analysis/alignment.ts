import type { Alignment } from '../../schemas/analysis.ts';
import { cohensKappa } from '../stats/cohens-kappa.ts';
import type { ComparisonWinner, PairwiseComparison } from '../stats/pairwise-comparison.ts';
import { winRates } from '../stats/win-rates.ts';
import { comparisonOf } from './preference.ts';
import type { StudyData, StudyJudgment } from './study-data.ts';

/** The three outcomes of a pair in canonical run_a/run_b terms. */
export const OUTCOME_LABELS: readonly ComparisonWinner[] = ['a', 'b', 'tie'];

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** Per judge, per run: the mean of every score the judge gave the run (over tiers, rubrics and versions). */
export function judgeRunMeans(judgments: readonly StudyJudgment[]): Map<string, Map<string, number>> {
  const sums = new Map<string, Map<string, [number, number]>>();
  for (const j of judgments) {
    const perRun = sums.get(j.judge) ?? new Map<string, [number, number]>();
    const [sum, count] = perRun.get(j.run) ?? [0, 0];
    perRun.set(j.run, [sum + j.score, count + 1]);
    sums.set(j.judge, perRun);
  }
  return new Map([...sums].map(([judge, perRun]) => [judge, new Map([...perRun].map(([run, [sum, count]]) => [run, sum / count]))]));
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
 * How each judge would have voted on the pairs people voted on: agreement share, Cohen's κ over
 * the three outcomes (run_a wins / run_b wins / tie; a human "both bad" is a tie), the tie rate
 * on each side, and each configuration's win rate (ties half) by people and by the judge.
 */
export function buildAlignment(data: StudyData): Alignment {
  const means = judgeRunMeans(data.judgments);
  const label = (config: string) => data.labels.get(config) ?? config;
  const judges = [...means.keys()].sort(byText).map((judgeName) => {
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
  return { judges };
}
