import type { SyntheticReason } from '../../schemas/analysis.ts';

/** What a caller asked for: synthetic data in, out, or (undefined) the default rule. */
export type SyntheticRequest = 'include' | 'exclude' | undefined;

export interface SyntheticChoice {
  included: boolean;
  reason: SyntheticReason;
}

/**
 * Whether a report counts the demo's records: the synthetic study's generated data, and the demo's
 * arena bundles with every vote and judgment touching them (study-data.ts marks both `synthetic`).
 * Asked for, it is what was asked. Otherwise they are left out as soon as one run, vote or
 * judgment of the user's own exists, so the demo's numbers never blend into a study's by
 * default; while nothing of the user's exists they are included (the demo workspace shows
 * computed numbers under its synthetic banner).
 */
export function chooseSynthetic(request: SyntheticRequest, hasRealData: boolean): SyntheticChoice {
  if (request !== undefined) return { included: request === 'include', reason: 'requested' };
  return hasRealData ? { included: false, reason: 'real-data-present' } : { included: true, reason: 'only-synthetic' };
}
