/** The one thing most callers need from a random source; tests can pass a deliberately biased one. */
export interface RandomSource {
  /** A number in [0, 1). */
  next(): number;
}

/** A reproducible random source: the same seed gives the same sequence on every machine. */
export interface SeededRandom extends RandomSource {
  /** A uniform integer in [0, n) for a positive integer n (each generator says how large n may be). */
  int(n: number): number;
}
