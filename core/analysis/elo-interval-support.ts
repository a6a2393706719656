import type { Preference } from '../../schemas/analysis.ts';

/**
 * Fewest comparisons (votes a configuration took part in, ties included) its Elo interval is
 * shown for. Below it the bootstrap resamples a handful of outcomes: with three votes a
 * configuration that won twice gets "1669.5 [1000.0, 1669.5]", an interval that only says which
 * of the few outcomes a resample happened to draw. With ten or more the percentile interval
 * has enough distinct outcomes to move through, and a study of ordinary size (dozens of votes per
 * configuration) is shown unchanged.
 */
export const MIN_COMPARISONS_FOR_ELO_INTERVAL = 10;

type EloRow = Preference['elo'][number];

/**
 * Why a configuration's Elo interval misleads, or undefined when it can be shown: too few
 * comparisons, or (at any n) the estimate on an edge of its own interval, which happens when the
 * resamples cannot move it one way (a configuration that never lost, say). Reports made before
 * the count was kept carry no `comparisons`; only the edge rule applies to them.
 */
export function eloIntervalWithheld(row: EloRow): string | undefined {
  if (row.lo === null || row.hi === null) return undefined;
  const n = row.comparisons;
  if (n !== undefined && n < MIN_COMPARISONS_FOR_ELO_INTERVAL) return `not enough data (n = ${n}; at least ${MIN_COMPARISONS_FOR_ELO_INTERVAL} needed)`;
  if (row.rating <= row.lo || row.rating >= row.hi) {
    return `not enough data (${n === undefined ? '' : `n = ${n}; `}the resamples put the estimate on the edge of its interval)`;
  }
  return undefined;
}
