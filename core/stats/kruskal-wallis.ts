// The Kruskal–Wallis H test, as SciPy's scipy.stats.kruskal and R's kruskal.test compute it:
// mid-ranks for ties, H divided by the tie correction 1 − Σ(t³ − t)/(N³ − N), and the p-value
// from the chi-square distribution with (groups − 1) degrees of freedom. Pure: arrays in,
// numbers out.

import { chiSquareUpperTail } from './incomplete-gamma.ts';

export type KruskalWallisResult =
  | { h: number; pvalue: number; df: number }
  | { h: null; pvalue: null; df: number; reason: string };

/**
 * H and its chi-square p-value for two or more groups of finite numbers. Returns nulls with a
 * reason when every value is the same (H is 0/0 then). Throws a RangeError naming the field for
 * fewer than two groups, an empty group or a value that is not a finite number.
 */
export function kruskalWallis(groups: readonly (readonly number[])[]): KruskalWallisResult {
  if (!Array.isArray(groups) || groups.length < 2) throw new RangeError(`groups: need at least two groups, got ${Array.isArray(groups) ? groups.length : typeof groups}`);
  const values: { value: number; group: number }[] = [];
  groups.forEach((group, g) => {
    if (!Array.isArray(group) || group.length === 0) throw new RangeError(`groups[${g}] must hold at least one value`);
    group.forEach((value, i) => {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new RangeError(`groups[${g}][${i}] must be a finite number, got ${String(value)}`);
      values.push({ value, group: g });
    });
  });
  const n = values.length;
  const df = groups.length - 1;
  values.sort((x, y) => x.value - y.value);

  const rankSums = new Array<number>(groups.length).fill(0);
  let tieSum = 0;
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && (values[end] as { value: number }).value === (values[start] as { value: number }).value) end++;
    const midRank = (start + 1 + end) / 2; // ranks start+1 … end share their mean
    for (let i = start; i < end; i++) {
      const g = (values[i] as { group: number }).group;
      rankSums[g] = (rankSums[g] as number) + midRank;
    }
    const t = end - start;
    tieSum += t * t * t - t;
    start = end;
  }
  const tieCorrection = 1 - tieSum / (n * n * n - n);
  if (tieCorrection === 0) return { h: null, pvalue: null, df, reason: 'every value is the same, so there are no ranks to compare and H is undefined' };

  let sumOfSquaresOverSize = 0;
  groups.forEach((group, g) => {
    sumOfSquaresOverSize += ((rankSums[g] as number) * (rankSums[g] as number)) / group.length;
  });
  const h = Math.max(0, ((12 / (n * (n + 1))) * sumOfSquaresOverSize - 3 * (n + 1)) / tieCorrection);
  return { h, pvalue: chiSquareUpperTail(h, df), df };
}
