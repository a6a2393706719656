// Per-system win rates from pairwise votes, counted with and without ties, and how often each
// system's comparisons end in a tie. Pure: comparisons in, numbers out.

import { checkComparisons, systemsOf, type PairwiseComparison } from './pairwise-comparison.ts';

export interface SystemWinRate {
  games: number;
  wins: number;
  losses: number;
  ties: number;
  /** (wins + ½·ties) / games: a tie counts half a win. */
  winRate: number;
  /** wins / (wins + losses): ties left out; null when every game was a tie. */
  winRateExcludingTies: number | null;
  /** ties / games. */
  tieRate: number;
}

export interface WinRatesResult {
  /** Per system, keyed by name (in code-unit order). */
  systems: Record<string, SystemWinRate>;
  /** Share of all comparisons that were ties. */
  tieRate: number;
  comparisons: number;
}

/** Win and tie rates; throws a RangeError naming the field for malformed comparisons. */
export function winRates(comparisons: readonly PairwiseComparison[]): WinRatesResult {
  checkComparisons(comparisons);
  const tally = new Map(systemsOf(comparisons).map((name) => [name, { wins: 0, losses: 0, ties: 0 }]));
  let ties = 0;
  for (const { a, b, winner } of comparisons) {
    const first = tally.get(a)!;
    const second = tally.get(b)!;
    if (winner === 'tie') {
      first.ties++;
      second.ties++;
      ties++;
    } else if (winner === 'a') {
      first.wins++;
      second.losses++;
    } else {
      second.wins++;
      first.losses++;
    }
  }
  const systems: Record<string, SystemWinRate> = {};
  for (const [name, { wins, losses, ties: tied }] of tally) {
    const games = wins + losses + tied;
    systems[name] = {
      games,
      wins,
      losses,
      ties: tied,
      winRate: (wins + tied / 2) / games,
      winRateExcludingTies: wins + losses > 0 ? wins / (wins + losses) : null,
      tieRate: tied / games,
    };
  }
  return { systems, tieRate: ties / comparisons.length, comparisons: comparisons.length };
}
