import { rewriteBlockText } from './pdf-block-text.ts';
import type { PdfBlock } from './pdf-blocks.ts';
import type { PdfLine } from './pdf-text-lines.ts';

const REFERENCE = /\[\^(\d{1,2})\]/g;
const DEFINITION = /^\[\^([\w-]+)\]: /;
/** A note's first line: its number (already read as a raised mark, or as plain digits) before its text. */
const NOTE_START = /^(?:\[\^(\d{1,2})\]|(\d{1,2})(?=[\s\p{L}]|$))\s*/u;

/**
 * A page's footnotes: lines in type smaller than the body's that start with the number of a mark
 * the page's text carries become `[^n]: …` (a Markdown footnote definition), and a mark alone on
 * its line is joined to the note's text below it. Returns the lines and which of them start a
 * note (each starts a block of its own).
 */
export function markFootnotes(lines: PdfLine[], bodySize: number): { lines: PdfLine[]; starts: Set<number> } {
  const referenced = new Set<string>();
  for (const line of lines) if (line.size >= bodySize) for (const match of line.text.matchAll(REFERENCE)) referenced.add(match[1]!);
  const starts = new Set<number>();
  if (referenced.size === 0) return { lines, starts };
  const out: PdfLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const small = line.size < bodySize;
    const start = small ? NOTE_START.exec(line.text) : null;
    const label = start?.[1] ?? start?.[2];
    if (start && label !== undefined && referenced.has(label)) {
      let rest = line.text.slice(start[0].length);
      const next = lines[i + 1];
      // The mark set apart from its note: a line of just the number, the note on the next line.
      if (rest === '' && next && next.size < bodySize) {
        rest = next.text;
        i++;
      }
      line = { ...line, text: `[^${label}]: ${rest}` };
      starts.add(out.length);
    }
    out.push(line);
  }
  return { lines: out, starts };
}

export function isFootnote(block: PdfBlock): boolean {
  return block.kind === 'paragraph' && DEFINITION.test(block.text);
}

/** A page's blocks with its notes moved after its text, in their order. */
export function notesLast(blocks: PdfBlock[]): PdfBlock[] {
  return [...blocks.filter((block) => !isFootnote(block)), ...blocks.filter(isFootnote)];
}

/**
 * Ties every mark to its note across the document: a mark refers to the first note with its
 * number on its page or the two after it (a note may run over). A number used again later (notes
 * numbered by chapter or by page) gets a label of its own, `[^3-p41]`, at the note and at its
 * marks. A mark with no note is not a footnote after all (a raised digit in a formula, an
 * exponent, a note the page lost) and is written as the raised digits it is ("c²", "cosh²"),
 * never glued to its word as a plain digit. Mutates the blocks.
 */
export function linkFootnotes(blocks: PdfBlock[]): void {
  const notes = new Map<string, { page: number; label: string }[]>();
  const used = new Set<string>();
  for (const block of blocks) {
    if (!isFootnote(block)) continue;
    const number = DEFINITION.exec(block.text)![1]!;
    const label = used.has(number) ? `${number}-p${block.page}` : number;
    used.add(label);
    notes.set(number, [...(notes.get(number) ?? []), { page: block.page, label }]);
    if (label !== number) block.text = block.text.replace(DEFINITION, `[^${label}]: `);
  }
  for (const block of blocks) {
    if (block.kind === 'code' || isFootnote(block) || !block.text.includes('[^')) continue;
    const link = (match: RegExpExecArray) => {
      const note = notes.get(match[1]!)?.find((candidate) => candidate.page >= block.page && candidate.page <= block.page + 2);
      return note ? `[^${note.label}]` : superscript(match[1]!);
    };
    if (block.kind === 'table') {
      for (const row of block.rows) row.cells = row.cells.map((cell) => cell.replace(REFERENCE, (...match) => link(match as unknown as RegExpExecArray)));
      continue;
    }
    const rewritten = rewriteBlockText(block.text, block.kind === 'paragraph' || block.kind === 'list-item' ? block.pageBreaks : undefined, REFERENCE, link);
    block.text = rewritten.text;
    if ((block.kind === 'paragraph' || block.kind === 'list-item') && rewritten.pageBreaks) block.pageBreaks = rewritten.pageBreaks;
  }
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** Digits as Unicode superscripts: what a raised digit looks like, in plain text. */
function superscript(digits: string): string {
  return [...digits].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join('');
}
