/** Two runs shown against each other; the order of runA and runB carries no meaning. */
export interface RunPair {
  readonly runA: string;
  readonly runB: string;
}

/**
 * The key of an unordered pair of runs: the same for {a, b} and {b, a}. The ids are sorted by
 * code unit (not locale) and JSON-encoded, so no run id, whatever characters it holds, can make
 * two different pairs collide.
 */
export function pairKeyOf(pair: RunPair): string {
  const [low, high] = pair.runA < pair.runB ? [pair.runA, pair.runB] : [pair.runB, pair.runA];
  return JSON.stringify([low, high]);
}
