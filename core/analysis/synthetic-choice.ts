import type { SyntheticReason } from '../../schemas/analysis.ts';

/** What a caller asked for: synthetic data in, out, or (undefined) the default rule. */
export type SyntheticRequest = 'include' | 'exclude' | undefined;

export interface SyntheticChoice {
  included: boolean;
  reason: SyntheticReason;
}

/**
 * Whether a report counts synthetic (generated demo) data. Asked for, it is what was asked.
 * Otherwise it is left out as soon as one real vote or real judgment exists, so generated
 * numbers never blend into real results by default; while nothing real exists it is included
 * (the demo workspace shows computed numbers under its synthetic banner).
 */
export function chooseSynthetic(request: SyntheticRequest, hasRealData: boolean): SyntheticChoice {
  if (request !== undefined) return { included: request === 'include', reason: 'requested' };
  return hasRealData ? { included: false, reason: 'real-data-present' } : { included: true, reason: 'only-synthetic' };
}
