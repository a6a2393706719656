/**
 * Needleman–Wunsch global alignment of two sequences by a key: equal keys score +2, a gap -1,
 * and, when `pairUnequal` is set, two unequal items side by side -1 (so a replaced step shows as
 * one changed row rather than a removal and an insertion; two gaps would cost -2). Without it the
 * alignment is a longest common subsequence, what a line diff needs.
 *
 * Ties are broken the same way every time (walking back: a pair first, then B's extra item, then A's),
 * so two calls on the same input align alike.
 */

export type AlignedPair = { kind: 'same' | 'changed'; a: number; b: number } | { kind: 'only-a'; a: number; b: null } | { kind: 'only-b'; a: null; b: number };

const MATCH = 2;
const GAP = -1;
const MISMATCH = -1;

/** Cells above this are too many to fill (n × m); the caller gets undefined and says so. */
export const MAX_ALIGNMENT_CELLS = 16_000_000;

export function alignSequences(a: readonly string[], b: readonly string[], options: { pairUnequal: boolean }): AlignedPair[] | undefined {
  // Equal heads and tails align as themselves; only the middle needs the table.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if ((n + 1) * (m + 1) > MAX_ALIGNMENT_CELLS) return undefined;

  const width = m + 1;
  const score = new Int32Array((n + 1) * width);
  for (let i = 1; i <= n; i++) score[i * width] = i * GAP;
  for (let j = 1; j <= m; j++) score[j] = j * GAP;
  const unequal = options.pairUnequal ? MISMATCH : Number.MIN_SAFE_INTEGER / 4;
  for (let i = 1; i <= n; i++) {
    const ai = a[head + i - 1];
    for (let j = 1; j <= m; j++) {
      const diagonal = score[(i - 1) * width + j - 1]! + (ai === b[head + j - 1] ? MATCH : unequal);
      const up = score[(i - 1) * width + j]! + GAP;
      const left = score[i * width + j - 1]! + GAP;
      score[i * width + j] = Math.max(diagonal, up, left);
    }
  }

  const middle: AlignedPair[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = score[i * width + j]!;
    if (i > 0 && j > 0) {
      const equal = a[head + i - 1] === b[head + j - 1];
      if (equal || options.pairUnequal) {
        if (here === score[(i - 1) * width + j - 1]! + (equal ? MATCH : MISMATCH)) {
          middle.push({ kind: equal ? 'same' : 'changed', a: head + i - 1, b: head + j - 1 });
          i--;
          j--;
          continue;
        }
      }
    }
    // Walking back, B's extra line is taken first, so read forwards A's line comes before it (`-` before `+`).
    if (j > 0 && here === score[i * width + j - 1]! + GAP) {
      middle.push({ kind: 'only-b', a: null, b: head + j - 1 });
      j--;
    } else {
      middle.push({ kind: 'only-a', a: head + i - 1, b: null });
      i--;
    }
  }
  middle.reverse();
  const same = (from: number, count: number): AlignedPair[] => Array.from({ length: count }, (_, k) => ({ kind: 'same', a: from + k, b: from + k - a.length + b.length }) as AlignedPair);
  const heads: AlignedPair[] = Array.from({ length: head }, (_, k) => ({ kind: 'same', a: k, b: k }));
  return [...heads, ...middle, ...same(a.length - tail, tail)];
}
