import type { Alignment, JudgeAlignment } from '../../schemas/analysis.ts';
import { cohensKappa } from '../stats/cohens-kappa.ts';
import type { PairwiseComparison } from '../stats/pairwise-comparison.ts';
import type { TaskBootstrapOptions } from '../stats/task-bootstrap.ts';
import { winRates } from '../stats/win-rates.ts';
import { OUTCOME_LABELS, outcomeKappaInterval, winRateIntervals, type AlignedVotes } from './alignment-intervals.ts';
import { comparisonOf } from './preference.ts';
import { runScore, type SetScores } from './set-scores.ts';
import type { StudyData } from './study-data.ts';

/** What the alignment calls the judges together: each run scored by the mean of their set scores, as the leaderboard scores it. */
export const JUDGES_TOGETHER = 'Judges (mean score)';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** For each counted vote on a pair whose two runs have a score: the human outcome and the one the scores imply. */
export function alignedOutcomes(data: StudyData, scores: ReadonlyMap<string, number>): AlignedVotes {
  const human: PairwiseComparison[] = [];
  const judge: PairwiseComparison[] = [];
  const tasks: string[] = [];
  for (const vote of data.votes) {
    const comparison = comparisonOf(data, vote);
    const a = scores.get(vote.run_a);
    const b = scores.get(vote.run_b);
    if (!comparison || a === undefined || b === undefined) continue;
    human.push(comparison);
    tasks.push(vote.task_id);
    // The judge prefers the run it scored higher; equal scores are a tie.
    judge.push({ a: comparison.a, b: comparison.b, winner: a > b ? 'a' : b > a ? 'b' : 'tie' });
  }
  return { human, judge, tasks };
}

/**
 * Human votes against the judges, per tier, rubric set version and scale (set-scores.ts): on
 * the pairs people voted on, the run with the higher set score wins and equal scores tie. For the
 * judges together (each run's mean over judges, the leaderboard's score) and for each judge: the
 * agreement share, Cohen's κ over the three outcomes (run_a wins / run_b wins / tie; a human
 * "both bad" is a tie), both tie rates, and each configuration's win rate (ties half) by people
 * and as the scores imply on the same pairs. Per pair of configurations, the judges-together
 * agreement and κ with n. Every κ and win rate with a 95% bootstrap interval over the votes'
 * tasks (alignment-intervals.ts). Each judge is compared with people on the votes whose two runs
 * that judge scored: its human win rates are recomputed on those votes, never borrowed from the
 * judges together's.
 */
export function buildAlignment(data: StudyData, sets: readonly SetScores[], options: TaskBootstrapOptions): Alignment {
  return {
    groups: sets.map((set) => {
      const together = new Map([...set.byRun].map(([run, judged]) => [run, runScore(judged)]));
      const perJudge = (judge: string) => new Map([...set.byRun].flatMap(([run, judged]) => (judged.has(judge) ? [[run, judged.get(judge)!] as const] : [])));
      return {
        ...set.key,
        together: alignScores(data, JUDGES_TOGETHER, together, options),
        judges: set.judges.map((judge) => alignScores(data, judge, perJudge(judge), options)),
        pairs: alignPairs(data, together, options),
      };
    }),
  };
}

/** Agreement and 3-class κ (with its interval over tasks) of two outcome lists over the same votes; null without votes (κ also when undefined). */
function agreementOf(votes: AlignedVotes, options: TaskBootstrapOptions): { agreement: number | null; kappa: number | null; kappaLo: number | null; kappaHi: number | null } {
  const { human, judge } = votes;
  if (human.length === 0) return { agreement: null, kappa: null, kappaLo: null, kappaHi: null };
  const humanLabels = human.map((c) => c.winner);
  const judgeLabels = judge.map((c) => c.winner);
  const agreed = humanLabels.filter((outcome, i) => outcome === judgeLabels[i]).length;
  const kappa = cohensKappa(humanLabels, judgeLabels, { labels: OUTCOME_LABELS }).kappa;
  const interval = kappa === null ? { lo: null, hi: null } : outcomeKappaInterval(votes, options);
  return { agreement: agreed / human.length, kappa, kappaLo: interval.lo, kappaHi: interval.hi };
}

/** One scorer's alignment with the human votes, from its per-run scores. */
function alignScores(data: StudyData, name: string, scores: ReadonlyMap<string, number>, options: TaskBootstrapOptions): JudgeAlignment {
  const label = (config: string) => data.labels.get(config) ?? config;
  const votes = alignedOutcomes(data, scores);
  const { human, judge } = votes;
  const n = human.length;
  if (n === 0) return { judge: name, n, agreement: null, kappa: null, kappaLo: null, kappaHi: null, humanTieRate: null, judgeTieRate: null, winRates: [] };
  const humanRates = winRates(human);
  const judgeRates = winRates(judge);
  const configs = Object.keys(humanRates.systems).sort((x, y) => byText(label(x), label(y)) || byText(x, y));
  return {
    judge: name,
    n,
    ...agreementOf(votes, options),
    humanTieRate: humanRates.tieRate,
    judgeTieRate: judgeRates.tieRate,
    winRates: configs.map((config) => {
      const [humanRate, judgeRate] = [humanRates.systems[config]!.winRate, judgeRates.systems[config]!.winRate];
      const intervals = winRateIntervals(votes, config, options);
      return {
        config,
        label: label(config),
        votes: humanRates.systems[config]!.games,
        human: humanRate,
        humanLo: intervals.human.lo,
        humanHi: intervals.human.hi,
        judge: judgeRate,
        judgeLo: intervals.judge.lo,
        judgeHi: intervals.judge.hi,
        difference: judgeRate - humanRate,
        differenceLo: intervals.difference.lo,
        differenceHi: intervals.difference.hi,
      };
    }),
  };
}

/** Per pair of configurations (first by label as `a`), the agreement and κ of the scores' outcomes with the votes on that pair. */
function alignPairs(data: StudyData, scores: ReadonlyMap<string, number>, options: TaskBootstrapOptions): Alignment['groups'][number]['pairs'] {
  const label = (config: string) => data.labels.get(config) ?? config;
  const { human, judge, tasks } = alignedOutcomes(data, scores);
  const pairs = new Map<string, { a: string; b: string; human: PairwiseComparison[]; judge: PairwiseComparison[]; tasks: string[] }>();
  const flip = (c: PairwiseComparison): PairwiseComparison => ({ a: c.b, b: c.a, winner: c.winner === 'a' ? 'b' : c.winner === 'b' ? 'a' : 'tie' });
  human.forEach((comparison, i) => {
    const inOrder = byText(label(comparison.a), label(comparison.b)) || byText(comparison.a, comparison.b);
    const [h, j] = inOrder <= 0 ? [comparison, judge[i]!] : [flip(comparison), flip(judge[i]!)];
    const key = JSON.stringify([h.a, h.b]);
    const pair = pairs.get(key) ?? { a: h.a, b: h.b, human: [], judge: [], tasks: [] };
    pair.human.push(h);
    pair.judge.push(j);
    pair.tasks.push(tasks[i]!);
    pairs.set(key, pair);
  });
  return [...pairs.values()]
    .map((pair) => ({ a: pair.a, aLabel: label(pair.a), b: pair.b, bLabel: label(pair.b), n: pair.human.length, ...agreementOf(pair, options) }))
    .sort((x, y) => byText(x.aLabel, y.aLabel) || byText(x.bLabel, y.bLabel));
}
