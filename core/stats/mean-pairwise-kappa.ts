// Agreement among several judges: the mean of Cohen's κ over every pair of judges (Light's κ
// when unweighted), the spread of the judges' mean scores, and the Landis–Koch band of the
// mean. Pure: arrays in, numbers out.

import { cohensKappa, type CohensKappaOptions, type KappaLabel } from './cohens-kappa.ts';

export type LandisKochBand = 'poor' | 'slight' | 'fair' | 'moderate' | 'substantial' | 'almost perfect';

export interface JudgePairKappa {
  /** Indices of the two judges in the input. */
  judges: [number, number];
  kappa: number | null;
  /** Why κ is undefined for this pair (then it is left out of the mean). */
  reason?: string;
}

export interface MeanPairwiseKappaResult {
  /** Mean κ over the pairs where κ is defined; null when it is defined for none. */
  meanKappa: number | null;
  band: LandisKochBand | null;
  /** Every pair i < j, in order, including those left out of the mean. */
  pairs: JudgePairKappa[];
  /** Pairs where κ is undefined and which the mean leaves out. */
  excludedPairs: number;
  /** Each judge's mean rating; null when the ratings are not all numbers. */
  judgeMeans: number[] | null;
  /**
   * Population variance (divisor = number of judges, not judges − 1) of the judges' mean
   * ratings: how far the judges differ in leniency. Null when the ratings are not all numbers.
   */
  judgeMeanVariance: number | null;
}

/**
 * Mean pairwise κ for `judges`, each an array of ratings of the same items in the same order.
 * `weights` and `labels` are passed to every pairwise κ (give `labels` so that a category only
 * some judges use counts for all). Throws a RangeError naming the field for fewer than two
 * judges, judges with different numbers of ratings, or anything cohensKappa rejects.
 */
export function meanPairwiseKappa<L extends KappaLabel>(judges: readonly (readonly L[])[], options: CohensKappaOptions<L> = {}): MeanPairwiseKappaResult {
  if (!Array.isArray(judges) || judges.length < 2) throw new RangeError(`judges: need at least two judges, got ${Array.isArray(judges) ? judges.length : typeof judges}`);
  judges.forEach((ratings, j) => {
    if (!Array.isArray(ratings)) throw new RangeError(`judges[${j}] must be an array of ratings`);
    const first = judges[0] as readonly L[];
    if (ratings.length !== first.length) throw new RangeError(`judges[0] and judges[${j}] differ in length (${first.length} vs ${ratings.length})`);
  });

  const pairs: JudgePairKappa[] = [];
  let sum = 0;
  let defined = 0;
  for (let i = 0; i < judges.length; i++) {
    for (let j = i + 1; j < judges.length; j++) {
      let result;
      try {
        result = cohensKappa(judges[i] as readonly L[], judges[j] as readonly L[], options);
      } catch (error) {
        // cohensKappa names its raters a and b; say which judges they were.
        throw new RangeError(`judges[${i}] vs judges[${j}]: ${(error as Error).message}`, { cause: error });
      }
      if (result.kappa === null) {
        pairs.push({ judges: [i, j], kappa: null, reason: result.reason });
      } else {
        pairs.push({ judges: [i, j], kappa: result.kappa });
        sum += result.kappa;
        defined++;
      }
    }
  }
  const meanKappa = defined > 0 ? sum / defined : null;

  const numeric = judges.every((ratings) => ratings.every((rating: KappaLabel) => typeof rating === 'number'));
  const judgeMeans = numeric ? judges.map((ratings) => (ratings as readonly number[]).reduce((a, b) => a + b, 0) / ratings.length) : null;
  let judgeMeanVariance: number | null = null;
  if (judgeMeans) {
    const grand = judgeMeans.reduce((a, b) => a + b, 0) / judgeMeans.length;
    judgeMeanVariance = judgeMeans.reduce((a, m) => a + (m - grand) ** 2, 0) / judgeMeans.length;
  }
  return {
    meanKappa,
    band: meanKappa === null ? null : landisKochBand(meanKappa),
    pairs,
    excludedPairs: pairs.length - defined,
    judgeMeans,
    judgeMeanVariance,
  };
}

/**
 * Landis & Koch (1977): below 0 poor, 0–0.20 slight, 0.21–0.40 fair, 0.41–0.60 moderate,
 * 0.61–0.80 substantial, 0.81–1 almost perfect; each upper bound belongs to its band
 * (0.20 is slight, 0.2000001 fair).
 */
export function landisKochBand(kappa: number): LandisKochBand {
  if (!(kappa >= -1 && kappa <= 1)) throw new RangeError(`kappa must be in [-1, 1], got ${kappa}`);
  if (kappa < 0) return 'poor';
  if (kappa <= 0.2) return 'slight';
  if (kappa <= 0.4) return 'fair';
  if (kappa <= 0.6) return 'moderate';
  if (kappa <= 0.8) return 'substantial';
  return 'almost perfect';
}
