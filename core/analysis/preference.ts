import type { Preference } from '../../schemas/analysis.ts';
import { binomialTest } from '../stats/binomial-test.ts';
import { fitBradleyTerry } from '../stats/bradley-terry.ts';
import { cohensH } from '../stats/cohens-h.ts';
import { kruskalWallis } from '../stats/kruskal-wallis.ts';
import { countPairs, winMatrix } from '../stats/pair-counts.ts';
import type { PairwiseComparison } from '../stats/pairwise-comparison.ts';
import { passRates, type TaskRating } from '../stats/pass-rates.ts';
import { majorityCycles } from '../stats/transitivity.ts';
import { winRates } from '../stats/win-rates.ts';
import type { StudyData, StudyVote } from './study-data.ts';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * A vote as a comparison of the two runs' configurations, in canonical run_a/run_b terms.
 * "Both bad" counts as a tie, everywhere (Bradley–Terry, win matrix, win rates, cycles), as
 * Chatbot Arena counts "tie (bothbad)": neither side was preferred, and dropping those votes
 * would hide that two configurations were judged equally poor. Votes between two runs of one
 * configuration compare nothing and are left out (the arena never schedules them).
 */
export function comparisonOf(data: StudyData, vote: StudyVote): PairwiseComparison | null {
  const a = data.runs.get(vote.run_a)?.config;
  const b = data.runs.get(vote.run_b)?.config;
  if (a === undefined || b === undefined || a === b) return null;
  return { a, b, winner: vote.winner_run === vote.run_a ? 'a' : vote.winner_run === vote.run_b ? 'b' : 'tie' };
}

export function comparisonsOf(data: StudyData): PairwiseComparison[] {
  return data.votes.map((vote) => comparisonOf(data, vote)).filter((c): c is PairwiseComparison => c !== null);
}

/** Per side of every vote, the rating that side's run got, under its configuration (pass rates). */
export function sideRatings(data: StudyData): TaskRating[] {
  return data.votes.flatMap((vote) => [
    { task: vote.task_id, configuration: data.runs.get(vote.left_run)!.config, rating: vote.rating_left },
    { task: vote.task_id, configuration: data.runs.get(vote.right_run)!.config, rating: vote.rating_right },
  ]);
}

/** Per configuration, the rating the winning side got in each vote it won outright (left or right). */
export function winnerRatings(data: StudyData): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const vote of data.votes) {
    if (vote.choice !== 'left' && vote.choice !== 'right') continue;
    const run = vote.choice === 'left' ? vote.left_run : vote.right_run;
    const config = data.runs.get(run)!.config;
    const ratings = out.get(config) ?? [];
    ratings.push(vote.choice === 'left' ? vote.rating_left : vote.rating_right);
    out.set(config, ratings);
  }
  return out;
}

const EMPTY_WIN_RATE = { withTies: null, withoutTies: null, tieRate: null };

/** Everything the preference panel shows, from the counted votes (see comparisonOf for ties and both-bad). */
export function buildPreference(data: StudyData, options: { resamples: number; seed: string }): Preference {
  const label = (config: string) => data.labels.get(config) ?? config;
  const comparisons = comparisonsOf(data);
  const left = data.votes.filter((vote) => vote.choice === 'left').length;
  const decided = left + data.votes.filter((vote) => vote.choice === 'right').length;
  const positionBias = { left, decided, leftRate: decided === 0 ? null : left / decided, pValue: decided === 0 ? null : binomialTest(left, decided, 0.5) };

  const winnerQualityGroups = winnerRatings(data);
  const winnerConfigs = [...winnerQualityGroups.keys()].sort((x, y) => byText(label(x), label(y)));
  const kruskal = winnerConfigs.length >= 2 ? kruskalWallis(winnerConfigs.map((config) => winnerQualityGroups.get(config)!)) : null;
  const winnerQuality = {
    byConfig: winnerConfigs.map((config) => {
      const ratings = winnerQualityGroups.get(config)!;
      return { config, label: label(config), mean: ratings.reduce((a, b) => a + b, 0) / ratings.length, n: ratings.length };
    }),
    kruskal: { h: kruskal?.h ?? null, pValue: kruskal?.pvalue ?? null },
  };

  const ratings = sideRatings(data);
  const pass = ratings.length > 0 ? passRates(ratings) : null;

  const systems = [...new Set(comparisons.flatMap((c) => [c.a, c.b]))];
  const selfVotes = selfComparisonFlags(data, label);
  if (systems.length < 2) {
    return {
      votes: comparisons.length,
      elo: [],
      flags: comparisons.length === 0 ? selfVotes : ['Every counted vote compares runs of one configuration; there is nothing to rank.'],
      pairwise: [],
      winMatrix: { configs: [], cells: [] },
      positionBias,
      cycles: { triads: 0, cyclic: 0, rate: null },
      winnerQuality,
      passRates: passRatesRows(pass, label),
      winRates: [],
      discriminatingShare: pass?.discriminatingShare ?? null,
    };
  }

  const bt = fitBradleyTerry(comparisons, { bootstrap: options.resamples, seed: options.seed });
  const ranked = [...bt.systems].sort((x, y) => bt.ratings[y]! - bt.ratings[x]! || byText(x, y));
  const rates = winRates(comparisons);
  const pairs = countPairs(comparisons);
  const wins = winMatrix(pairs);
  const n = pairs.systems.length;
  const index = new Map(pairs.systems.map((name, i) => [name, i]));
  const cells = ranked.map((row) =>
    ranked.map((column) => {
      if (row === column) return null;
      const i = index.get(row)!;
      const j = index.get(column)!;
      const games = wins[i * n + j]! + wins[j * n + i]!;
      return games === 0 ? null : wins[i * n + j]! / games;
    }),
  );
  // A pair that never met has no result of its own: its Bradley–Terry p-value and the h of the two
  // overall win rates would read as a finding about a comparison nobody made, so it is left out.
  const met = (a: string, b: string) => {
    const i = index.get(a)!;
    const j = index.get(b)!;
    return wins[i * n + j]! + wins[j * n + i]! > 0;
  };
  const pairwise = ranked.flatMap((a, i) =>
    ranked
      .slice(i + 1)
      .filter((b) => met(a, b))
      .map((b) => ({ a, b, pValue: bt.pValues[a]![b]!, cohensH: cohensH(rates.systems[a]!.winRate, rates.systems[b]!.winRate) })),
  );
  // Flags name configurations by their canonical ids; show their labels instead.
  // Longest ids first: `synthetic:X` and `demo:X` hold X, which must not be replaced inside them.
  const longestFirst = [...bt.systems].sort((x, y) => y.length - x.length);
  const flags = [...selfVotes, ...bt.flags.map((flag) => longestFirst.reduce((message, system) => message.split(system).join(label(system)), flag.message))];
  return {
    votes: comparisons.length,
    elo: ranked.map((config) => ({
      config,
      label: label(config),
      rating: bt.ratings[config]!,
      lo: bt.ci?.[config]?.[0] ?? null,
      hi: bt.ci?.[config]?.[1] ?? null,
      comparisons: comparisons.filter((c) => c.a === config || c.b === config).length,
    })),
    flags,
    pairwise,
    winMatrix: { configs: ranked, cells },
    positionBias,
    cycles: majorityCycles(comparisons),
    winnerQuality,
    passRates: passRatesRows(pass, label),
    winRates: ranked.map((config) => {
      const rate = rates.systems[config];
      return { config, label: label(config), ...(rate ? { withTies: rate.winRate, withoutTies: rate.winRateExcludingTies, tieRate: rate.tieRate } : EMPTY_WIN_RATE) };
    }),
    discriminatingShare: pass?.discriminatingShare ?? null,
  };
}

/**
 * Votes cast between two runs that are one configuration: since runs of one agent under two names
 * or build numbers became one configuration (migration 014), a vote cast before can compare an
 * agent with itself. It stays stored and counted in position bias and ratings, but not in ranking.
 */
function selfComparisonFlags(data: StudyData, label: (config: string) => string): string[] {
  const configs = data.votes.map((vote) => [data.runs.get(vote.run_a)?.config, data.runs.get(vote.run_b)?.config] as const).filter(([a, b]) => a !== undefined && a === b).map(([a]) => a!);
  if (configs.length === 0) return [];
  const labels = [...new Set(configs.map(label))].sort(byText).join(', ');
  const one = configs.length === 1;
  return [`${configs.length} of ${data.votes.length} votes ${one ? 'compares' : 'compare'} two runs of one configuration (${labels}) and ${one ? 'is' : 'are'} left out: an agent is not ranked against itself.`];
}

function passRatesRows(pass: ReturnType<typeof passRates> | null, label: (config: string) => string): Preference['passRates'] {
  if (!pass) return [];
  return Object.entries(pass.byConfiguration)
    .map(([config, summary]) => ({ config, label: label(config), rate: summary.passRate, n: summary.ratings }))
    .sort((x, y) => byText(x.label, y.label));
}
