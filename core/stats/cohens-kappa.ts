// Cohen's κ between two raters, unweighted or with linear / quadratic disagreement weights,
// computed as scikit-learn's cohen_kappa_score does: κ = 1 − Σ w·observed / Σ w·expected.
// Pure: arrays in, a number (or the reason there is none) out.

export type KappaLabel = string | number;
export type KappaWeights = 'none' | 'linear' | 'quadratic';

export interface CohensKappaOptions<L extends KappaLabel> {
  weights?: KappaWeights;
  /**
   * Every category, in order (weighted κ measures distance by position in this list). An
   * unused category still counts. Default: the sorted union of both raters' labels, numbers
   * numerically and before strings.
   */
  labels?: readonly L[];
}

export type KappaResult = { kappa: number } | { kappa: null; reason: string };

const WEIGHTS: readonly KappaWeights[] = ['none', 'linear', 'quadratic'];

/**
 * κ for the paired ratings `a[i]`, `b[i]`. Returns `{kappa: null, reason}` when chance agreement
 * is already perfect (both raters gave every item the same single label), where κ is undefined.
 * Throws a RangeError naming the field for empty input, different lengths, an unknown weighting,
 * or labels that miss a rating.
 */
export function cohensKappa<L extends KappaLabel>(a: readonly L[], b: readonly L[], options: CohensKappaOptions<L> = {}): KappaResult {
  const weights = options.weights ?? 'none';
  if (!WEIGHTS.includes(weights)) throw new RangeError(`weights must be one of ${WEIGHTS.join(', ')}, got ${String(weights)}`);
  if (a.length === 0) throw new RangeError('a must hold at least one rating; got none');
  if (b.length !== a.length) throw new RangeError(`b must hold one rating per rating in a: a has ${a.length}, b has ${b.length}`);
  checkRatings('a', a);
  checkRatings('b', b);
  const labels = options.labels ?? sortedUnion(a, b);
  const position = indexLabels(labels);
  const k = labels.length;

  // Counts stay integers, so both sums below are exact and κ is symmetric in its raters bit for bit.
  const confusion = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let item = 0; item < a.length; item++) {
    const i = positionOf(position, 'a', a, item);
    const j = positionOf(position, 'b', b, item);
    (confusion[i] as number[])[j] = ((confusion[i] as number[])[j] as number) + 1;
  }

  const kappa = kappaFromConfusion(confusion.flat(), k, weights);
  if (kappa === null) {
    return {
      kappa: null,
      reason: `expected agreement is 1: both raters gave every item the label ${JSON.stringify(a[0])}, so κ is undefined`,
    };
  }
  return { kappa };
}

/**
 * κ from a k × k confusion matrix of counts, row-major (rows: the first rater's category, columns:
 * the second's), as cohensKappa computes it; null when chance agreement is already perfect. The
 * counts may be any non-negative numbers (a bootstrap adds up per-task matrices, each as often
 * as its task was drawn), so κ on resampled tasks costs k² per task, not a pass over the items.
 */
export function kappaFromConfusion(confusion: ArrayLike<number>, k: number, weights: KappaWeights = 'none'): number | null {
  const byA = new Array<number>(k).fill(0);
  const byB = new Array<number>(k).fill(0);
  let n = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const count = confusion[i * k + j] as number;
      byA[i] = (byA[i] as number) + count;
      byB[j] = (byB[j] as number) + count;
      n += count;
    }
  }
  // Only off-diagonal cells carry weight; pairing (i, j) with (j, i) keeps the sums symmetric.
  let observed = 0;
  let expectedTimesN = 0;
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const w = disagreementWeight(weights, i, j);
      observed += w * ((confusion[i * k + j] as number) + (confusion[j * k + i] as number));
      expectedTimesN += w * ((byA[i] as number) * (byB[j] as number) + (byA[j] as number) * (byB[i] as number));
    }
  }
  return expectedTimesN === 0 ? null : 1 - (observed * n) / expectedTimesN;
}

function disagreementWeight(weights: KappaWeights, i: number, j: number): number {
  if (weights === 'none') return 1;
  const distance = Math.abs(i - j);
  return weights === 'linear' ? distance : distance * distance;
}

function checkRatings(field: 'a' | 'b', ratings: readonly KappaLabel[]): void {
  ratings.forEach((rating, item) => {
    const ok = typeof rating === 'string' || (typeof rating === 'number' && Number.isFinite(rating));
    if (!ok) throw new RangeError(`${field}[${item}] must be a string or a finite number, got ${String(rating)}`);
  });
}

function sortedUnion<L extends KappaLabel>(a: readonly L[], b: readonly L[]): L[] {
  return [...new Set([...a, ...b])].sort(compareLabels);
}

function compareLabels(x: KappaLabel, y: KappaLabel): number {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'number') return -1;
  if (typeof y === 'number') return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function indexLabels(labels: readonly KappaLabel[]): Map<KappaLabel, number> {
  if (labels.length === 0) throw new RangeError('labels must list at least one category; got none');
  const position = new Map<KappaLabel, number>();
  labels.forEach((label, index) => {
    if (position.has(label)) throw new RangeError(`labels must not repeat a category: ${JSON.stringify(label)} appears twice`);
    position.set(label, index);
  });
  return position;
}

function positionOf(position: Map<KappaLabel, number>, field: 'a' | 'b', ratings: readonly KappaLabel[], item: number): number {
  const rating = ratings[item] as KappaLabel;
  const index = position.get(rating);
  if (index === undefined) throw new RangeError(`labels must include every rating: ${field}[${item}] = ${JSON.stringify(rating)} is missing`);
  return index;
}
