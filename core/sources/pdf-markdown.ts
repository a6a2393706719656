import type { ExtractionDoubt, PageSpan } from '../../schemas/sources.ts';
import type { PageBreak, PdfBlock } from './pdf-blocks.ts';
import { splitSentences } from './pdf-sentences.ts';

const LIST_BULLET = /^(?:[•◦▪▫‣⁃●○■□∙·*]|[-–—](?=\s))\s*/;

/**
 * Writes PDF blocks as Markdown with a blank line between blocks (but not between the items of
 * a list or the entries of a table of contents), and records the page of every line:
 *
 * - prose is written one sentence per line (semantic line breaks: Markdown renders the lines
 *   of a paragraph as one paragraph, and a citation can be a single sentence); a list item's
 *   later sentences are indented under it;
 * - a heading is one line; a table of contents is a list, one entry per line with its page
 *   number after an ellipsis ("- 8 The Layout of the Application … 13");
 * - monospace lines are a fenced code block, line for line;
 * - `pages` gives, for each run of lines from one PDF page, its first and last line (1-based,
 *   inclusive), in order: a sentence is on the page where it starts; the blank lines between
 *   blocks belong to no span (the viewer counts them with the span before);
 * - `doubts` gives each block's doubt (pdf-heading-evidence.ts) at the block's first line.
 */
export function pdfBlocksToMarkdown(blocks: PdfBlock[]): { markdown: string; pages: PageSpan[]; doubts: ExtractionDoubt[] } {
  const lines: string[] = [];
  const pages: PageSpan[] = [];
  const doubts: ExtractionDoubt[] = [];
  const emit = (text: string, page: number) => {
    lines.push(text);
    const line = lines.length;
    const span = pages[pages.length - 1];
    if (span && span.page === page) span.endLine = line;
    else pages.push({ page, startLine: line, endLine: line });
  };
  let previous: PdfBlock | undefined;
  for (const block of blocks) {
    // Items of one list stay on consecutive lines (a tight Markdown list); other blocks get a blank line.
    const sameList = (previous?.kind === 'list-item' && block.kind === 'list-item') || (previous?.kind === 'toc-entry' && block.kind === 'toc-entry');
    if (lines.length > 0 && !sameList) lines.push('');
    previous = block;
    if ((block.kind === 'heading' || block.kind === 'paragraph' || block.kind === 'list-item') && block.doubt) doubts.push({ ...block.doubt, line: lines.length + 1, page: block.page });
    if (block.kind === 'heading') emit(`${'#'.repeat(block.level)} ${block.text.replace(/(#+)$/, '\\$1')}`, block.page);
    else if (block.kind === 'toc-entry') emit(`- ${escapeLineStart(block.text)}${block.target ? ` … ${block.target}` : ''}`, block.page);
    else if (block.kind === 'table') {
      // The first row is the head (Markdown has no table without one); every row is one line.
      const width = Math.max(...block.rows.map((row) => row.cells.length));
      const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, c) => cells[c] ?? '').join(' | ')} |`;
      block.rows.forEach((row, i) => {
        emit(line(row.cells), row.page);
        if (i === 0) emit(`|${' --- |'.repeat(width)}`, row.page);
      });
    } else if (block.kind === 'code') {
      const fence = block.lines.some((line) => /^\s*```/.test(line.text)) ? '~~~' : '```';
      emit(fence, block.page);
      for (const line of block.lines) emit(line.text, line.page);
      emit(fence, block.lines[block.lines.length - 1]?.page ?? block.page);
    } else {
      // A list item keeps its marker ("- " for a bullet, "2) " as written); its later sentences hang under it.
      const bullet = block.kind === 'list-item' && LIST_BULLET.test(block.text);
      const marker = block.kind !== 'list-item' ? '' : bullet ? '- ' : (/^\S+\s+/.exec(block.text)?.[0] ?? '');
      const body = bullet ? block.text.replace(LIST_BULLET, '') : block.text.slice(marker.length);
      const offset = block.text.length - body.length;
      let cursor = 0;
      splitSentences(body).forEach((sentence, i) => {
        const at = body.indexOf(sentence, cursor);
        cursor = at + sentence.length;
        const page = pageAt(block.page, block.pageBreaks, offset + at);
        emit(i === 0 ? `${marker}${marker === '' ? escapeLineStart(sentence) : sentence}` : `${' '.repeat(marker.length)}${escapeLineStart(sentence)}`, page);
      });
    }
  }
  return { markdown: lines.length > 0 ? `${lines.join('\n')}\n` : '', pages, doubts };
}

function pageAt(first: number, breaks: PageBreak[] | undefined, at: number): number {
  let page = first;
  for (const pageBreak of breaks ?? []) if (pageBreak.at <= at) page = pageBreak.page;
  return page;
}

/**
 * PDF text that happens to begin like Markdown structure gets a backslash so it stays text:
 * "# of orders" would be a heading, a line of backticks or "<!--" would swallow the lines after
 * it, and since a sentence may begin a line in the middle of a paragraph, "- ", "+ ", "> ",
 * "1. " or a line of "=" or "-" would start a list, a quote or turn the paragraph into a heading,
 * and a "|" (an absolute value "|x| =", a rule drawn as a bar) would start a table row.
 */
export function escapeLineStart(text: string): string {
  const ordered = /^(\d{1,9})([.)])(\s|$)/.exec(text);
  if (ordered) return `${ordered[1]}\\${ordered[2]}${text.slice(ordered[1]!.length + 1)}`;
  return /^(?:#{1,6}(?:\s|$)|`{3}|~{3}|<|>|\||[-+*](?:\s|$)|=+\s*$|-+\s*$)/.test(text) ? `\\${text}` : text;
}
