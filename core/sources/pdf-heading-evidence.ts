import type { ExtractionDoubtKind } from '../../schemas/sources.ts';
import { outlineHeadingLines, type PdfOutlineEntry } from './pdf-outline.ts';
import type { PdfLine } from './pdf-text-lines.ts';

/** A doubt about one line, for the source's extraction notes. */
export interface LineDoubt {
  kind: ExtractionDoubtKind;
  note: string;
}

/** What settleHeadings decided for a page's lines: each line's heading level (undefined: not a heading) and the doubts it raised. */
export interface SettledHeadings {
  levels: (number | undefined)[];
  doubts: Map<number, LineDoubt>;
  /** The outline's entries whose title is on none of the page's lines. */
  unmatched: PdfOutlineEntry[];
}

/** A section number in front of a title ("7.1 ", "A.2 "): a numbered section's title may name a command and still be a title. */
const NUMBERED_TITLE = /^(?:\d+(?:\.\d+)*\.?|[A-Z](?:\.\d+)+\.?)\s+\S/;
/** Text that is a line of code or markup, not a title: a TeX command with an argument, a statement's end, a brace, an assignment of a braced value. */
const CODE_LIKE = /\\[A-Za-z@]+\s*[{[]|[;{}]$|^(?:\/\/|\/\*|#include\b)|\S\s*=\s*[{"'[]/;

/**
 * Which of a page's lines are headings. With the PDF's own outline (`outline` not null: its
 * entries pointing at this page), exactly the lines that are its entries' titles, at the
 * outline's depth; a line set in heading type that is not in the outline becomes text, with a
 * doubt. Without an outline, the type's evidence (`levels`: the level its size or face gives)
 * stands, except for what is never a title: a line of code or markup, a row of glyphs
 * ("A B C D E"), an author line, fewer than two letters, or a table row.
 */
export function settleHeadings(lines: PdfLine[], levels: (number | undefined)[], outline: PdfOutlineEntry[] | null): SettledHeadings {
  const doubts = new Map<number, LineDoubt>();
  if (outline !== null) {
    const { headings: found, unmatched } = outlineHeadingLines(lines, outline);
    const settled = lines.map((_, i) => found.get(i));
    levels.forEach((level, i) => {
      if (level !== undefined && !found.has(i) && !notATitle(lines[i]!.text) && (i === 0 || levels[i - 1] === undefined || found.has(i - 1))) {
        doubts.set(i, { kind: 'possible-missed-heading', note: `Set in heading type but not in the PDF's outline, so kept as text: "${clip(lines[i]!.text)}".` });
      }
    });
    return { levels: settled, doubts, unmatched };
  }
  const settled = levels.map((level, i) => (level !== undefined && notATitle(lines[i]!.text) ? undefined : level));
  settled.forEach((level, i) => {
    if (level === undefined || (i > 0 && settled[i - 1] === level)) return;
    const text = lines[i]!.text;
    const letters = text.match(/\p{L}/gu) ?? [];
    if (letters.length > 3 && letters.every((letter) => letter === letter.toUpperCase()) && /\s/.test(text)) {
      doubts.set(i, { kind: 'possible-false-heading', note: `A heading by its type alone, in capitals throughout (a running head, a label or a title page's line?): "${clip(text)}".` });
    }
  });
  return { levels: settled, doubts, unmatched: [] };
}

/** Text that is never a section's title, whatever its type. */
export function notATitle(text: string): boolean {
  // Private-use characters are glyphs without a Unicode meaning (a font's small capitals): not read as letters.
  const trimmed = text.replace(/\p{Co}/gu, '').trim();
  if ((trimmed.match(/\p{L}/gu)?.length ?? 0) < 2) return true;
  // A table row, a word broken at the line's end, or a passage of sentences ("… warranty. I do not as-").
  if (trimmed.startsWith('|') || /\p{L}-$/u.test(trimmed) || (trimmed.length > 60 && isSentence(trimmed))) return true;
  if (CODE_LIKE.test(trimmed) && !NUMBERED_TITLE.test(trimmed)) return true;
  return isGlyphRow(trimmed) || isAuthorLine(trimmed);
}

/** Prose, not a title: two sentences, or a clause of a dozen words or more running on past a comma. */
function isSentence(text: string): boolean {
  return /\p{Ll}[.!?]\s+\p{Lu}/u.test(text) || (/,\s/.test(text) && /\p{Ll}$/u.test(text) && text.split(/\s+/).length >= 12);
}

/** A row of single characters ("A B C D E", "a b c 1 2 3"): a font table or spaced-out small caps. */
function isGlyphRow(text: string): boolean {
  const tokens = text.split(/\s+/);
  return tokens.length >= 3 && tokens.filter((token) => [...token].length === 1).length >= tokens.length * 0.6;
}

/** Names listed as a document's authors: an e-mail address, or two or more capitalised names joined by commas or "and". */
function isAuthorLine(text: string): boolean {
  if (/\S@\S+\.\w/.test(text)) return true;
  const parts = text.split(/\s*(?:,|;|&|\band\b|\be\b|\by\b|\bund\b|\bet\b)\s*/u).filter((part) => part !== '');
  const name = /^(?:\p{Lu}[\p{L}'’-]*\.?\s+){1,3}\p{Lu}[\p{L}'’-]+$/u;
  return parts.length >= 2 && parts.every((part) => name.test(part));
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
