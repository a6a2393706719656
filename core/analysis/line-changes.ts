/** Lines added and removed between two versions of a text, and the lines of the first kept as they were. */
export interface LineChanges {
  added: number;
  removed: number;
  kept: number;
}

/**
 * Beyond this many edits the exact diff's cost (time grows with lines × edits) is not worth it:
 * the files are mostly rewritten, and lines are matched as a multiset instead (an upper bound on
 * what was kept, so `added` and `removed` are then lower bounds).
 */
const MAX_EXACT_EDITS = 4000;

/**
 * The line diff of `before` → `after` as `diff` counts it: the fewest lines removed plus added
 * that turn one into the other (Myers' O((N+M)·D) greedy search for the shortest edit script,
 * which needs only the script's length here, after trimming the common head and tail).
 */
export function countLineChanges(before: readonly string[], after: readonly string[]): LineChanges {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const a = internLines(before.slice(head, before.length - tail), after.slice(head, after.length - tail));
  const edits = shortestEditLength(a.before, a.after, MAX_EXACT_EDITS);
  const keptInMiddle = edits === null ? multisetOverlap(a.before, a.after) : (a.before.length + a.after.length - edits) / 2;
  return { added: a.after.length - keptInMiddle, removed: a.before.length - keptInMiddle, kept: head + tail + keptInMiddle };
}

/** A text's lines, without the empty "line" after a final newline. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Both sides' lines as small integers (equal lines, equal numbers), so comparing is cheap. */
function internLines(before: readonly string[], after: readonly string[]): { before: Int32Array; after: Int32Array } {
  const ids = new Map<string, number>();
  const idOf = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) ids.set(line, (id = ids.size));
    return id;
  };
  return { before: Int32Array.from(before, idOf), after: Int32Array.from(after, idOf) };
}

/** The length of the shortest edit script (deletions + insertions), or null past `maxEdits`. */
function shortestEditLength(a: Int32Array, b: Int32Array, maxEdits: number): number | null {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return n + m;
  const limit = Math.min(n + m, maxEdits);
  const offset = limit + 1;
  // furthest[k + offset]: the furthest x reached on diagonal k (k = x − y) with d edits.
  const furthest = new Int32Array(2 * limit + 3);
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && furthest[k - 1 + offset]! < furthest[k + 1 + offset]!) ? furthest[k + 1 + offset]! : furthest[k - 1 + offset]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      furthest[k + offset] = x;
      if (x >= n && y >= m) return d;
    }
  }
  return null;
}

/** Lines the two sides have in common, order ignored. */
function multisetOverlap(a: Int32Array, b: Int32Array): number {
  const counts = new Map<number, number>();
  for (const id of a) counts.set(id, (counts.get(id) ?? 0) + 1);
  let common = 0;
  for (const id of b) {
    const left = counts.get(id) ?? 0;
    if (left > 0) {
      common++;
      counts.set(id, left - 1);
    }
  }
  return common;
}
