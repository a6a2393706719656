import type { TextSpan } from './version-text.ts';

/** Whitespace, and hyphens of any kind: what a new normaliser may add or take away around the same words. */
const SLACK = /[\s\u00ad\u2010\u2011-]/u;

/** `text` without whitespace and hyphens, and for each character kept its offset in `text`. */
function squeeze(text: string): { text: string; origin: number[] } {
  const origin: number[] = [];
  let kept = '';
  for (let i = 0; i < text.length; i++) {
    if (SLACK.test(text[i]!)) continue;
    origin.push(i);
    kept += text[i];
  }
  return { text: kept, origin };
}

/**
 * Where `quote` is in `text` when whitespace and hyphens are not compared: "appro- priate" finds
 * "appropriate", "Post- Script" finds "PostScript", and a passage rewrapped or rejoined across
 * lines is still the same passage. Spans are in `text`'s offsets, from first to last character kept.
 */
export class LooseText {
  readonly #squeezed: { text: string; origin: number[] };

  constructor(readonly text: string) {
    this.#squeezed = squeeze(text);
  }

  find(quote: string): TextSpan[] {
    const needle = squeeze(quote).text;
    if (needle.length === 0) return [];
    const { text, origin } = this.#squeezed;
    const spans: TextSpan[] = [];
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      spans.push({ start: origin[at]!, end: origin[at + needle.length - 1]! + 1 });
    }
    return spans;
  }
}

/** The passage of a text most like a quote that is no longer in it, and how much of the quote's words it shares. */
export interface NearestPassage extends TextSpan {
  /** Share of the quote's words found in order at the passage's place, 0–1. */
  similarity: number;
}

/** Words counted in a passage's similarity: letters and digits, compared without case. */
const WORD = /[\p{L}\p{N}]+/gu;
/** Word offsets either side of a passage's start that still count as its words (a word added or dropped shifts the rest). */
const DRIFT = 3;
/** Below this share of the quote's words, no passage is named: nothing there is like it. */
export const MIN_SIMILARITY = 0.3;

/**
 * The passage of `text` most like `quote`: every word the two share votes for where the quote
 * would start if that word were in its place, and the start with most votes (give or take a few
 * words) wins. The passage is as many words long as the quote. None when it shares under
 * MIN_SIMILARITY of the quote's words.
 */
export function nearestPassage(text: string, quote: string): NearestPassage | undefined {
  const quoteWords = [...quote.toLowerCase().matchAll(WORD)].map((m) => m[0]);
  if (quoteWords.length === 0) return undefined;
  const where = new Map<string, number[]>();
  quoteWords.forEach((word, i) => where.set(word, [...(where.get(word) ?? []), i]));
  const starts: number[] = [];
  const ends: number[] = [];
  const votes = new Map<number, number>();
  for (const match of text.matchAll(WORD)) {
    const index = starts.length;
    starts.push(match.index);
    ends.push(match.index + match[0].length);
    for (const at of where.get(match[0].toLowerCase()) ?? []) votes.set(index - at, (votes.get(index - at) ?? 0) + 1);
  }
  let best: { start: number; score: number } | undefined;
  for (const start of [...votes.keys()].sort((a, b) => a - b)) {
    let score = 0;
    for (let d = -DRIFT; d <= DRIFT; d++) score += votes.get(start + d) ?? 0;
    if (!best || score > best.score) best = { start, score };
  }
  if (!best) return undefined;
  const similarity = Math.min(1, best.score / quoteWords.length);
  if (similarity < MIN_SIMILARITY) return undefined;
  const first = Math.max(0, best.start);
  const last = Math.min(starts.length - 1, best.start + quoteWords.length - 1);
  return { start: starts[first]!, end: ends[last]!, similarity };
}
