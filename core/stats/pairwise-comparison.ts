// One pairwise preference vote, the input of Bradley–Terry, the cycle count and the win rates,
// and the check every one of them runs first. Pure.

export type ComparisonWinner = 'a' | 'b' | 'tie';

export interface PairwiseComparison {
  a: string;
  b: string;
  winner: ComparisonWinner;
}

/**
 * Throws a RangeError naming the field when `comparisons` is not a non-empty list of
 * {a, b, winner} with two different non-empty system names and winner "a", "b" or "tie".
 */
export function checkComparisons(comparisons: readonly PairwiseComparison[]): void {
  if (!Array.isArray(comparisons)) throw new RangeError(`comparisons must be an array, got ${typeof comparisons}`);
  if (comparisons.length === 0) throw new RangeError('comparisons must hold at least one comparison; got none');
  for (let i = 0; i < comparisons.length; i++) {
    const comparison = comparisons[i];
    const { a, b, winner } = comparison ?? ({} as Partial<PairwiseComparison>);
    if (typeof a !== 'string' || a === '') throw new RangeError(`comparisons[${i}].a must be a non-empty system name, got ${JSON.stringify(a)}`);
    if (typeof b !== 'string' || b === '') throw new RangeError(`comparisons[${i}].b must be a non-empty system name, got ${JSON.stringify(b)}`);
    if (a === b) throw new RangeError(`comparisons[${i}]: a and b are both ${JSON.stringify(a)}; a system cannot be compared with itself`);
    if (winner !== 'a' && winner !== 'b' && winner !== 'tie') throw new RangeError(`comparisons[${i}].winner must be "a", "b" or "tie", got ${JSON.stringify(winner)}`);
  }
}

/** The systems named in `comparisons`, sorted by code unit so the result never depends on input order. */
export function systemsOf(comparisons: readonly PairwiseComparison[]): string[] {
  const names = new Set<string>();
  for (const { a, b } of comparisons) {
    names.add(a);
    names.add(b);
  }
  return [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}
