// The percentile rule every interval in core/stats uses. Pure.

/**
 * The q-quantile (q in [0, 1]) of values already sorted ascending, by linear interpolation
 * between the closest ranks: numpy.percentile's default ("linear", Hyndman & Fan type 7).
 */
export function sortedPercentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) throw new RangeError('sorted must hold at least one value; got none');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`q must be in [0, 1], got ${q}`);
  const rank = (sorted.length - 1) * q;
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const low = sorted[lo] as number;
  return low + ((sorted[hi] as number) - low) * (rank - lo);
}
