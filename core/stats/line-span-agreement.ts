// How far two annotators' cited spans over one text agree, at the level of lines: the unit a
// citation selects here (INCEpTION and Label Studio measure span overlap the same way, on their
// own unit, tokens or characters). Pure: spans in, counts and ratios out.

/** An inclusive, 1-based line range. */
export interface LineSpan {
  start: number;
  end: number;
}

/** Lines cited by A, by B, by both, and by either (each line counted once per side). */
export interface LineCounts {
  a: number;
  b: number;
  both: number;
  either: number;
}

export interface LineSpanAgreement extends LineCounts {
  /** |A∩B| / |A∪B|; null when neither side cited a line. */
  jaccard: number | null;
  /** 2|A∩B| / (|A| + |B|), the F1 of one side against the other; null when neither cited a line. */
  dice: number | null;
}

export const NO_LINES: LineCounts = { a: 0, b: 0, both: 0, either: 0 };

/** Sorted, non-overlapping ranges covering the same lines as `spans`. */
function merged(spans: readonly LineSpan[]): LineSpan[] {
  const out: LineSpan[] = [];
  for (const span of [...spans].sort((x, y) => x.start - y.start)) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end + 1) last.end = Math.max(last.end, span.end);
    else out.push({ start: span.start, end: span.end });
  }
  return out;
}

const size = (spans: readonly LineSpan[]) => spans.reduce((n, s) => n + s.end - s.start + 1, 0);

/** The line counts of two sides' spans over the same text (ranges inclusive). */
export function lineSpanCounts(a: readonly LineSpan[], b: readonly LineSpan[]): LineCounts {
  const ma = merged(a);
  const mb = merged(b);
  let both = 0;
  // Both lists are sorted and disjoint: one pass, advancing whichever range ends first.
  for (let i = 0, j = 0; i < ma.length && j < mb.length; ) {
    const x = ma[i]!;
    const y = mb[j]!;
    const from = Math.max(x.start, y.start);
    const to = Math.min(x.end, y.end);
    if (to >= from) both += to - from + 1;
    if (x.end < y.end) i++;
    else j++;
  }
  const countA = size(ma);
  const countB = size(mb);
  return { a: countA, b: countB, both, either: countA + countB - both };
}

export function addLineCounts(x: LineCounts, y: LineCounts): LineCounts {
  return { a: x.a + y.a, b: x.b + y.b, both: x.both + y.both, either: x.either + y.either };
}

/** Jaccard and Dice of pooled counts (pool first, then divide: a micro-average). */
export function lineSpanAgreement(counts: LineCounts): LineSpanAgreement {
  return {
    ...counts,
    jaccard: counts.either === 0 ? null : counts.both / counts.either,
    dice: counts.a + counts.b === 0 ? null : (2 * counts.both) / (counts.a + counts.b),
  };
}
