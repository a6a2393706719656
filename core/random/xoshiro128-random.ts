// The statistics' generator, for resampling (bootstrap intervals, Bradley–Terry bootstrap): the
// same seed gives the same draws on every machine, so a rerun reproduces an interval exactly
// (xoshiro128-random.test.ts pins its first draws). xoshiro128** with its state spread from the
// seed by splitmix32. Not cryptographic. It is not the arena's generator (sfc32-random.ts): each
// keeps the sequence its stored seeds were drawn with.

import type { SeededRandom } from './random-source.ts';

export type Seed = number | string;

/**
 * xoshiro128** seeded from a number (any finite value) or a string. Two generators made from the
 * same seed return the same sequence. `next()` has 53 random bits; `int(n)` takes n ≤ 2^32 and
 * has no modulo bias.
 */
export function createXoshiro128Random(seed: Seed): SeededRandom {
  let mix = seedToUint32(seed);
  const splitmix32 = (): number => {
    mix = (mix + 0x9e3779b9) | 0;
    let z = mix;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  // The state lives in a typed array, not in four closure variables: a closure variable holding a
  // 32-bit value outside V8's small-integer range is a boxed number, so every draw allocated and
  // a bootstrap's millions of draws kept the garbage collector busy.
  const state = new Int32Array(4);
  for (let k = 0; k < 4; k++) state[k] = splitmix32();
  if ((state[0]! | state[1]! | state[2]! | state[3]!) === 0) state[0] = 1; // the all-zero state is the one xoshiro cannot leave

  const nextUint32 = (): number => {
    const s0 = state[0]!;
    const s1 = state[1]!;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const s2 = state[2]! ^ s0;
    const s3 = state[3]! ^ s1;
    state[0] = s0 ^ s3;
    state[1] = s1 ^ s2;
    state[2] = s2 ^ (s1 << 9);
    state[3] = rotl(s3, 11);
    return result;
  };

  // A bootstrap asks int(n) for the same n thousands of times in a row: its check and rejection
  // limit are kept for the last n asked.
  let lastN = Number.NaN;
  let limit = 0;
  return {
    next: () => ((nextUint32() >>> 5) * 67108864 + (nextUint32() >>> 6)) / 9007199254740992,
    int: (n: number) => {
      if (n !== lastN) {
        if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`n must be an integer from 1 to 2^32, got ${n}`);
        // Rejection keeps every integer equally likely (no modulo bias).
        limit = 2 ** 32 - (2 ** 32 % n);
        lastN = n;
      }
      for (;;) {
        const x = nextUint32();
        if (x < limit) return x % n;
      }
    },
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** FNV-1a over the seed's text (numbers by their shortest round-trip text, tagged apart from strings). */
function seedToUint32(seed: Seed): number {
  if (typeof seed === 'number' && !Number.isFinite(seed)) throw new RangeError(`seed must be a finite number or a string, got ${seed}`);
  if (typeof seed !== 'number' && typeof seed !== 'string') throw new RangeError(`seed must be a finite number or a string, got ${typeof seed}`);
  const text = typeof seed === 'number' ? `n:${seed}` : `s:${seed}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
