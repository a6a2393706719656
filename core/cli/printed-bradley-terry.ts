import type { BradleyTerryResult } from '../stats/bradley-terry.ts';

/** What `lhb stats bt` prints of a fit, whichever way its input was read (plain counts or the statistics table). */
export function printedBradleyTerry(result: BradleyTerryResult): { ratings: Record<string, number>; ci?: Record<string, [number, number]>; flags?: BradleyTerryResult['flags'] } {
  return { ratings: result.ratings, ...(result.ci ? { ci: result.ci } : {}), ...(result.flags.length > 0 ? { flags: result.flags } : {}) };
}
