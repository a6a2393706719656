import type { PageSpan } from '../../schemas/sources.ts';
import type { PdfBlock } from './pdf-blocks.ts';

/**
 * Writes PDF blocks as Markdown, one block per line with a blank line between blocks (but not
 * between the items of a list), and records which lines each page produced (a block that runs
 * on across a page break belongs to the page it starts on; a page without text has no span).
 */
export function pdfBlocksToMarkdown(blocks: PdfBlock[]): { markdown: string; pages: PageSpan[] } {
  const lines: string[] = [];
  const pages: PageSpan[] = [];
  let previous: PdfBlock | undefined;
  for (const block of blocks) {
    // Items of one list stay on consecutive lines (a tight Markdown list); other blocks get a blank line.
    const sameList = previous?.kind === 'list-item' && block.kind === 'list-item';
    if (lines.length > 0 && !sameList) lines.push('');
    previous = block;
    lines.push(blockLine(block));
    const line = lines.length;
    const span = pages[pages.length - 1];
    if (span && span.page === block.page) span.endLine = line;
    else pages.push({ page: block.page, startLine: line, endLine: line });
  }
  return { markdown: lines.length > 0 ? `${lines.join('\n')}\n` : '', pages };
}

function blockLine(block: PdfBlock): string {
  if (block.kind === 'heading') return `${'#'.repeat(block.level)} ${block.text.replace(/(#+)$/, '\\$1')}`;
  if (block.kind === 'list-item') return block.text.replace(/^(?:[•◦▪▫‣⁃●○■□∙·*]|[-–—](?=\s))\s*/, '- ');
  return escapeBlockStart(block.text);
}

/**
 * PDF text that happens to begin like Markdown structure that would change the outline ("# of
 * orders" would be a heading; a line of backticks or "<!--" would swallow the lines after it)
 * gets a backslash so it stays text. Other look-alikes ("> 40 ms", "2023. …") are harmless.
 */
function escapeBlockStart(text: string): string {
  return /^(?:#{1,6}(?:\s|$)|`{3}|~{3}|<)/.test(text) ? `\\${text}` : text;
}
