// The arena's generator: an arena session (its queue and its left/right draws) replays exactly
// from its stored seed string, so this generator's output must never change (sfc32-random.test.ts
// pins its first draws). Not cryptographic: blinding tokens use HMAC instead (core/arena/blind-labels.ts);
// this only has to be uniform and reproducible. The statistics use their own generator
// (xoshiro128-random.ts), whose draws are pinned by published intervals in the same way.

import type { SeededRandom } from './random-source.ts';

/** cyrb128: a quick 128-bit string hash, used only to spread a seed string over sfc32's state. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator) seeded from a string via cyrb128.
 * `int(n)` takes any positive safe integer n.
 */
export function createSfc32Random(seed: string): SeededRandom {
  let [a, b, c, d] = cyrb128(seed);
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm-up: the first outputs after seeding are the least mixed.
  for (let i = 0; i < 15; i++) nextUint32();

  return {
    next: () => nextUint32() / 4294967296,
    int(n: number): number {
      if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`int(n) needs a positive integer n, got ${n}`);
      return Math.floor((nextUint32() / 4294967296) * n);
    },
  };
}
