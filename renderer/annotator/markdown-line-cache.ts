import { readMarkdownLine, type MarkdownLine } from '../../schemas/markdown-line/markdown-line.ts';

/** Lines kept read: several screens' worth, so scrolling back does not parse again. */
const KEPT_LINES = 4000;
const kept = new Map<string, MarkdownLine>();

/**
 * A source line read as the viewer shows it, parsed once per text: the viewer reads only the
 * lines in its window, so a 9.5 MB source costs what its visible lines cost.
 */
export function markdownLine(text: string, inCode: boolean): MarkdownLine {
  const key = (inCode ? 'c' : 't') + text;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const line = readMarkdownLine(text, inCode);
  kept.set(key, line);
  if (kept.size > KEPT_LINES) kept.delete(kept.keys().next().value!);
  return line;
}
