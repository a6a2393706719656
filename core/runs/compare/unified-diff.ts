import { alignSequences } from './align-sequences.ts';

const CONTEXT = 3;
/** A diff longer than this many lines is cut, saying how many were left out. */
const MAX_DIFF_LINES = 400;

export interface LineDiff {
  /** The hunks in unified format (`@@ -1,4 +1,5 @@`, then ` `, `-` and `+` lines); empty when the texts are equal. */
  unified: string;
  added: number;
  removed: number;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** A unified line diff of two texts (a longest common subsequence of their lines), or undefined when they are too long to align. */
export function unifiedLineDiff(before: string, after: string): LineDiff | undefined {
  const a = splitLines(before);
  const b = splitLines(after);
  const pairs = alignSequences(a, b, { pairUnequal: false });
  if (!pairs) return undefined;
  const added = pairs.filter((p) => p.kind === 'only-b').length;
  const removed = pairs.filter((p) => p.kind === 'only-a').length;

  // Hunks: every changed pair with CONTEXT equal lines either side, joined when they touch.
  const changed = pairs.flatMap((p, k) => (p.kind === 'same' ? [] : [k]));
  const ranges: [number, number][] = [];
  for (const k of changed) {
    const from = Math.max(0, k - CONTEXT);
    const to = Math.min(pairs.length - 1, k + CONTEXT);
    const last = ranges.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  }
  const out: string[] = [];
  for (const [from, to] of ranges) {
    const slice = pairs.slice(from, to + 1);
    // A line's number in a or b: the first pair of the hunk that has one tells where the hunk starts.
    const startA = firstIndex(pairs, from, 'a');
    const startB = firstIndex(pairs, from, 'b');
    const countA = slice.filter((p) => p.a !== null).length;
    const countB = slice.filter((p) => p.b !== null).length;
    out.push(`@@ -${countA === 0 ? startA : startA + 1},${countA} +${countB === 0 ? startB : startB + 1},${countB} @@`);
    for (const p of slice) out.push(p.kind === 'same' ? ` ${a[p.a]}` : p.kind === 'only-a' ? `-${a[p.a]}` : `+${b[p.b!]}`);
  }
  const cut = out.length > MAX_DIFF_LINES ? [...out.slice(0, MAX_DIFF_LINES), `… (${out.length - MAX_DIFF_LINES} more diff lines)`] : out;
  return { unified: cut.join('\n'), added, removed };
}

/** Where, in a or b, the pair at `from` or the first one after it with a line there stands (0-based); the end when none does. */
function firstIndex(pairs: ReturnType<typeof alignSequences> & object, from: number, side: 'a' | 'b'): number {
  for (let k = from; k < pairs.length; k++) {
    const at = pairs[k]![side];
    if (at !== null) return at;
  }
  // No line of this side from here on: the hunk sits after its last line.
  for (let k = from - 1; k >= 0; k--) {
    const at = pairs[k]![side];
    if (at !== null) return at + 1;
  }
  return 0;
}
