// Poisson bootstrap weights for collapsed votes: every vote is counted Poisson(1) times, so a
// cell of c identical votes is counted Poisson(c) times, independently of the other cells
// (Hanley & MacGibbon 2006; Chamandy et al. 2012). It is the multinomial bootstrap with the total
// itself drawn (Poisson(N) instead of N), which changes nothing a Bradley–Terry fit sees: the fit
// is the same for every multiple of a win matrix. Independent cells let each draw come from a
// table: one uniform and, on average, about one comparison per cell. Pure given its random source.

import { logGamma } from './log-gamma.ts';
import type { RandomSource } from '../random/random-source.ts';

/**
 * A table ends where a probability falls below this: what lies beyond is of the same order (the
 * tails fall at least geometrically), far below anything a bootstrap of any size could see.
 */
const SMALLEST_PROBABILITY = 1e-20;

/** One Poisson(λ)'s cumulative distribution over [lowest, lowest + cdf.length), with a guide (Chen & Asau 1974) into it. */
interface PoissonTable {
  lowest: number;
  /** cdf[k] = P(X ≤ lowest + k), the last exactly 1. */
  cdf: Float64Array;
  /** guide[j]: the first k with cdf[k] > j / guide.length, where a search for u in [j, j+1)/length starts. */
  guide: Int32Array;
}

function poissonTable(lambda: number): PoissonTable {
  // The probabilities outward from the mode, where the largest is, by p(k+1) = p(k)·λ/(k+1) and
  // p(k−1) = p(k)·k/λ, into one array: ten standard deviations and a margin hold both tails.
  const mode = Math.floor(lambda);
  const reach = Math.ceil(12 * Math.sqrt(lambda) + 40);
  const room = new Float64Array(2 * reach + 1);
  const atMode = Math.exp(mode * Math.log(lambda) - lambda - logGamma(mode + 1));
  room[reach] = atMode;
  let first = reach;
  for (let k = mode, p = atMode; k > 0 && first > 0; k--) {
    p *= k / lambda;
    if (p < SMALLEST_PROBABILITY) break;
    room[--first] = p;
  }
  let last = reach;
  for (let k = mode, p = atMode; last < room.length - 1; k++) {
    p *= lambda / (k + 1);
    if (p < SMALLEST_PROBABILITY) break;
    room[++last] = p;
  }
  const cdf = room.subarray(first, last + 1);
  let sum = 0;
  for (let k = 0; k < cdf.length; k++) cdf[k] = sum += cdf[k]!;
  for (let k = 0; k < cdf.length; k++) cdf[k]! /= sum;
  cdf[cdf.length - 1] = 1;
  const guide = new Int32Array(cdf.length);
  for (let j = 0, k = 0; j < guide.length; j++) {
    while (cdf[k]! <= j / guide.length) k++;
    guide[j] = k;
  }
  return { lowest: mode - (reach - first), cdf, guide };
}

/**
 * A sampler filling `out[k]` with a Poisson(`counts[k]`) draw for every cell (0 for a count of
 * 0). Cells with the same count share one table, so many cells cost little memory.
 *
 * The tables are laid end to end in one cumulative array and one guide array, each cell holding
 * where its table starts and how long it is: a round then reads no objects, only typed arrays,
 * and a cell's cumulative probabilities and guide sit next to each other in memory.
 */
export function createPoissonBootstrapWeights(counts: ArrayLike<number>): (random: RandomSource, out: Float64Array) => void {
  const cells = counts.length;
  const byCount = new Map<number, { table: PoissonTable; start: number }>();
  const start = new Int32Array(cells);
  const length = new Int32Array(cells);
  const lowest = new Float64Array(cells);
  let size = 0;
  for (let k = 0; k < cells; k++) {
    const count = counts[k]!;
    if (!(count >= 0) || !Number.isFinite(count)) throw new RangeError(`counts[${k}] must be a finite number at least 0, got ${count}`);
    if (count === 0) continue;
    let entry = byCount.get(count);
    if (!entry) {
      entry = { table: poissonTable(count), start: size };
      byCount.set(count, entry);
      size += entry.table.cdf.length;
    }
    start[k] = entry.start;
    length[k] = entry.table.cdf.length;
    lowest[k] = entry.table.lowest;
  }
  // cdf[start + i] and guide[start + i] for i < length are a cell's table; guide entries are places in cdf.
  const cdf = new Float64Array(size);
  const guide = new Int32Array(size);
  for (const { table, start: at } of byCount.values()) {
    cdf.set(table.cdf, at);
    for (let j = 0; j < table.guide.length; j++) guide[at + j] = at + table.guide[j]!;
  }
  return (random, out) => {
    if (out.length !== cells) throw new RangeError(`out must have one slot per cell: ${cells} cells, ${out.length} slots`);
    for (let k = 0; k < cells; k++) {
      const tableLength = length[k]!;
      if (tableLength === 0) {
        out[k] = 0;
        continue;
      }
      const tableStart = start[k]!;
      const u = random.next();
      let at = guide[tableStart + Math.floor(u * tableLength)]!;
      while (cdf[at]! <= u) at++;
      out[k] = lowest[k]! + (at - tableStart);
    }
  };
}
