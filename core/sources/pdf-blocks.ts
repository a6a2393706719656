import { removePageFurniture, type PdfPageLines } from './pdf-page-furniture.ts';
import type { PdfLine } from './pdf-text-lines.ts';

export type PdfBlock =
  | { kind: 'heading'; level: number; text: string; page: number }
  | { kind: 'paragraph' | 'list-item'; text: string; page: number };

/** A size at least this much above the body text's is a heading size. */
const HEADING_SIZE_RATIO = 1.15;
/** Heading levels used, largest size first: `#`, `##`, `###`. */
const MAX_HEADING_LEVEL = 3;
const MAX_HEADING_CHARS = 200;
const LIST_MARKER = /^(?:[•◦▪▫‣⁃●○■□∙·*]|[-–—](?=\s))\s*/;
const NUMBERED_ITEM = /^(?:\d{1,3}|[a-z])[.)]\s/;

type LineStyle = { kind: 'body' } | { kind: 'heading'; level: number } | { kind: 'emphasis' };

interface Layout {
  bodySize: number;
  bodyFont: string;
  /** Usual distance between the baselines of two lines of one paragraph. */
  pitch: number;
  levelOfSize: Map<number, number>;
  emphasisLevel: number;
}

/**
 * Turns positioned lines into Markdown blocks: paragraphs (wrapped lines joined, hyphenation
 * repaired), list items and headings. Headings are inferred from type: sizes clearly above the
 * body text's size become `#`, `##`, `###` by rank; a short standalone line in another face at
 * body size (bold, in practice: pdf.js's text layer names faces, not weights) becomes the level
 * below those. A paragraph that runs on to the next page is joined across the page break.
 */
export function pdfBlocks(rawPages: PdfPageLines[]): PdfBlock[] {
  const pages = removePageFurniture(rawPages);
  const layout = measureLayout(pages);
  const blocks: PdfBlock[] = [];
  for (const page of pages) {
    const pageBlocks = blocksOfPage(page, layout);
    const first = pageBlocks[0];
    const last = blocks[blocks.length - 1];
    if (first && last && runsOnAcrossPages(last, first)) {
      last.text = joinWrappedLines(last.text, first.text);
      pageBlocks.shift();
    }
    blocks.push(...pageBlocks);
  }
  return blocks;
}

function measureLayout(pages: PdfPageLines[]): Layout {
  const charsAt = new Map<number, number>();
  const charsIn = new Map<string, number>();
  for (const line of pages.flatMap((p) => p.lines)) {
    charsAt.set(line.size, (charsAt.get(line.size) ?? 0) + line.text.length);
  }
  const bodySize = mostCommon(charsAt) ?? 10;
  for (const line of pages.flatMap((p) => p.lines)) {
    if (line.size === bodySize) charsIn.set(line.font, (charsIn.get(line.font) ?? 0) + line.text.length);
  }
  const bodyFont = mostCommon(charsIn) ?? '';
  const gaps: number[] = [];
  for (const page of pages) {
    page.lines.forEach((line, i) => {
      const previous = page.lines[i - 1];
      if (!previous || previous.size !== bodySize || line.size !== bodySize) return;
      const gap = previous.y - line.y;
      if (gap > 0 && gap < bodySize * 3) gaps.push(gap);
    });
  }
  gaps.sort((a, b) => a - b);
  // The lower quartile: most neighbouring body lines share a paragraph, but in a document of
  // short paragraphs the median could already be a paragraph break.
  const pitch = gaps[Math.floor(gaps.length / 4)] ?? bodySize * 1.2;
  const headingSizes = [...charsAt.keys()].filter((size) => size >= bodySize * HEADING_SIZE_RATIO).sort((a, b) => b - a);
  const levelOfSize = new Map(headingSizes.map((size, index) => [size, Math.min(index + 1, MAX_HEADING_LEVEL)]));
  return { bodySize, bodyFont, pitch, levelOfSize, emphasisLevel: Math.min(headingSizes.length + 1, MAX_HEADING_LEVEL) };
}

function mostCommon<K>(counts: Map<K, number>): K | undefined {
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function blocksOfPage(page: PdfPageLines, layout: Layout): PdfBlock[] {
  const styles = page.lines.map((line) => styleOf(line, layout));
  // A run of lines in another face is a heading only when it stands alone: space above it, few
  // words, no sentence ending. Otherwise it is emphasis inside the text (a quote, a caption).
  styles.forEach((style, i) => {
    if (style.kind !== 'emphasis') return;
    let end = i;
    while (styles[end + 1]?.kind === 'emphasis') end++;
    const lines = page.lines.slice(i, end + 1);
    const text = lines.map((l) => l.text).join(' ');
    const standalone = i === 0 || startsNewBlock(page.lines[i - 1]!, page.lines[i]!, layout);
    const isHeading = standalone && lines.length <= 2 && text.length <= 120 && !/[.,;]$/.test(text);
    for (let j = i; j <= end; j++) styles[j] = isHeading ? { kind: 'heading', level: layout.emphasisLevel } : { kind: 'body' };
  });
  const blocks: PdfBlock[] = [];
  let current: { block: PdfBlock; lines: PdfLine[] } | undefined;
  page.lines.forEach((line, i) => {
    const style = styles[i]!;
    const previous = page.lines[i - 1];
    const previousStyle = styles[i - 1];
    // A list item's wrapped lines hang to the right of its bullet; a paragraph's first-line
    // indent starts a new paragraph.
    const continues =
      current !== undefined &&
      previous !== undefined &&
      sameStyle(style, previousStyle) &&
      !verticalBreak(previous, line, layout) &&
      !(style.kind === 'body' && isListStart(line.text)) &&
      (current.block.kind === 'list-item' ? line.x >= current.lines[0]!.x + line.size * 0.5 : !indented(previous, line));
    if (continues && current) {
      current.block.text = joinWrappedLines(current.block.text, line.text);
      current.lines.push(line);
      return;
    }
    const block: PdfBlock =
      style.kind === 'heading'
        ? { kind: 'heading', level: style.level, text: line.text, page: page.page }
        : isListStart(line.text)
          ? { kind: 'list-item', text: line.text, page: page.page }
          : { kind: 'paragraph', text: line.text, page: page.page };
    current = { block, lines: [line] };
    blocks.push(block);
  });
  // A "heading" that runs on for several lines is a passage set in larger type, not a title.
  return blocks.map((block) => (block.kind === 'heading' && block.text.length > MAX_HEADING_CHARS ? { kind: 'paragraph', text: block.text, page: block.page } : block));
}

function styleOf(line: PdfLine, layout: Layout): LineStyle {
  if (line.monospace) return { kind: 'body' };
  const level = layout.levelOfSize.get(line.size);
  if (level !== undefined && line.text.length <= MAX_HEADING_CHARS) return { kind: 'heading', level };
  if (line.size === layout.bodySize && line.font !== layout.bodyFont && /^[\p{Lu}\p{N}]/u.test(line.text)) return { kind: 'emphasis' };
  return { kind: 'body' };
}

function sameStyle(a: LineStyle, b: LineStyle | undefined): boolean {
  if (!b || a.kind !== b.kind) return false;
  return a.kind !== 'heading' || (b.kind === 'heading' && a.level === b.level);
}

/** Extra space above, a jump up the page (a new column) or a first-line indent starts a block. */
function startsNewBlock(previous: PdfLine, line: PdfLine, layout: Layout): boolean {
  return verticalBreak(previous, line, layout) || indented(previous, line);
}

function verticalBreak(previous: PdfLine, line: PdfLine, layout: Layout): boolean {
  const gap = previous.y - line.y;
  // Larger type has proportionally larger leading; no leading is tighter than the type itself.
  const pitch = Math.max(layout.pitch * (line.size / layout.bodySize), line.size * 1.05);
  return gap > pitch * 1.3 + 0.5 || gap < -line.size;
}

function indented(previous: PdfLine, line: PdfLine): boolean {
  return line.x > previous.x + line.size;
}

function isListStart(text: string): boolean {
  return LIST_MARKER.test(text) || NUMBERED_ITEM.test(text);
}

function runsOnAcrossPages(last: PdfBlock, first: PdfBlock): boolean {
  if (last.kind !== 'paragraph' && last.kind !== 'list-item') return false;
  if (first.kind !== 'paragraph') return false;
  return !/[.!?:;"”’)\]]$/.test(last.text) && /^\p{Ll}/u.test(first.text);
}

/**
 * Joins a wrapped line onto the text before it. A hyphen at the end of a line followed by a
 * lower-case letter is the typesetter's ("evalu-" + "ation" → "evaluation"), as is a soft
 * hyphen; any other line break is a space.
 */
export function joinWrappedLines(before: string, after: string): string {
  if (before.endsWith('\u00AD')) return before.slice(0, -1) + after;
  if (/\p{L}-$/u.test(before) && /^\p{Ll}/u.test(after)) return before.slice(0, -1) + after;
  return `${before} ${after}`;
}
