import { settleHeadings, type LineDoubt } from './pdf-heading-evidence.ts';
import { isFootnote, linkFootnotes, markFootnotes, notesLast } from './pdf-footnotes.ts';
import { joinWrappedLines, settleHyphenation } from './pdf-hyphenation.ts';
import type { PdfOutlineEntry } from './pdf-outline.ts';
import { removePageFurniture, type PdfPageLines } from './pdf-page-furniture.ts';
import { findTables, type PdfTableRow } from './pdf-tables.ts';
import type { PdfLine } from './pdf-text-lines.ts';
import { romanNumeralValue } from './roman-numeral.ts';
import { resumesAfterAside, runsOnAcrossPages, runsOnIntoNextColumn } from './pdf-run-on.ts';

/** Where a paragraph runs on to a later page: from character `at` of its text, it is on `page`. */
export interface PageBreak {
  at: number;
  page: number;
}

export type PdfBlock =
  | { kind: 'heading'; level: number; text: string; page: number; doubt?: LineDoubt }
  | { kind: 'paragraph' | 'list-item'; text: string; page: number; pageBreaks?: PageBreak[]; doubt?: LineDoubt }
  /** Monospace lines, each kept as it is set (indentation from its position), with its page. */
  | { kind: 'code'; text: string; page: number; lines: { text: string; page: number }[] }
  /** One entry of a table of contents: its title and the page number it gives. */
  | { kind: 'toc-entry'; text: string; target: string; page: number }
  /** A table found by column alignment (pdf-tables.ts): one row per line, its cells already Markdown; `text` is its cells' words. */
  | { kind: 'table'; text: string; page: number; rows: PdfTableRow[] };

/** A size at least this much above the body text's is a heading size. */
const HEADING_SIZE_RATIO = 1.15;
/** Heading levels used, largest size first: `#`, `##`, `###`. */
const MAX_HEADING_LEVEL = 3;
const MAX_HEADING_CHARS = 200;
const LIST_MARKER = /^(?:[•◦▪▫‣⁃●○■□∙·*]|[-–—](?=\s))\s*/;
const NUMBERED_ITEM = /^(?:\d{1,3}|[a-z])[.)]\s/;

type LineStyle = { kind: 'body' } | { kind: 'heading'; level: number } | { kind: 'emphasis' } | { kind: 'code' } | { kind: 'toc' } | { kind: 'table' };

/** A table-of-contents line: a title, dot leaders or space, and a page number (arabic or roman). */
const TOC_ENTRY = /^(.*\p{L}.*?)(?:\s*(?:\.\s*){2,}|\s*…+\s*|\s+)(\d{1,4}|[ivxlc]{1,7})$/iu;
/**
 * What every TOC_ENTRY ends with: a page number right after space, a dot or an ellipsis. Most
 * lines of prose fail this at once, while TOC_ENTRY's lazy title tries every split of the line
 * before it gives up (a tenth of the time spent on a page of text).
 */
const TOC_ENTRY_END = /[\s.…](?:\d{1,4}|[ivxlc]{1,7})$/iu;
/** Dot leaders before a page number: ". . . . 12", "....... xi". */
const DOT_LEADERS = /(?:\.\s*){3,}(?:\d{1,4}|[ivxlc]{1,7})$/i;
/** A table-of-contents line's title and page number, or null when the line is not one. */
function tocEntry(text: string): RegExpExecArray | null {
  return TOC_ENTRY_END.test(text) ? TOC_ENTRY.exec(text) : null;
}

/** Consecutive entries that make a table of contents. */
const MIN_TOC_ENTRIES = 3;

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
 * below those. When the PDF has an outline of its own (`outline`), the lines that are its
 * entries' titles are the headings instead, at its depths (pdf-heading-evidence.ts). A
 * paragraph that runs on to the next page is joined across the page break.
 */
export function pdfBlocks(rawPages: PdfPageLines[], outline: PdfOutlineEntry[] = []): PdfBlock[] {
  const pages = removePageFurniture(rawPages);
  const layout = measureLayout(pages);
  const blocks: PdfBlock[] = [];
  let contents: number | undefined;
  // An entry whose title is not on its page is looked for once more at the next page's top (a destination set at a page's foot).
  let carried: PdfOutlineEntry[] = [];
  const asides = new Set<PdfBlock>();
  for (const page of pages) {
    const open = blocks[blocks.length - 1];
    const entries = outline.length === 0 ? null : [...carried, ...outline.filter((entry) => entry.page === page.page)];
    const { blocks: pageBlocks, contentsUpTo, unmatched, setAside } = blocksOfPage(page, layout, contents, open?.kind === 'table' ? open.rows[0]?.cells.length : undefined, entries);
    for (const block of setAside) asides.add(block);
    carried = unmatched.filter((entry) => entry.page === page.page).map((entry) => ({ ...entry, top: null }));
    contents = contentsUpTo;
    const first = pageBlocks[0];
    // The previous page's text ends before its notes and what it set aside.
    let lastText = blocks.length - 1;
    while (lastText >= 0 && (isFootnote(blocks[lastText]!) || asides.has(blocks[lastText]!))) lastText--;
    const last = blocks[lastText];
    if (first && last && runsOnAcrossPages(last, first) && (last.kind === 'paragraph' || last.kind === 'list-item')) {
      const joined = joinWrappedLines(last.text, first.text);
      last.pageBreaks = [...(last.pageBreaks ?? []), { at: joined.length - first.text.length, page: first.page }];
      last.text = joined;
      pageBlocks.shift();
    } else if (first?.kind === 'table' && last?.kind === 'table' && lastText === blocks.length - 1 && continueTable(last, first)) {
      pageBlocks.shift();
    } else if (first?.kind === 'code' && last?.kind === 'code' && lastText === blocks.length - 1) {
      last.lines.push(...first.lines);
      last.text = last.lines.map((line) => line.text).join('\n');
      pageBlocks.shift();
    }
    blocks.push(...pageBlocks);
  }
  settleHyphenation(blocks);
  linkFootnotes(blocks);
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
  // A size a little above the body's is a heading size too when its text is mostly in another
  // face (LaTeX's 12 pt bold "7.1 …" over 11 pt text); a slightly larger body face is not.
  const fontsAt = new Map<number, Map<string, number>>();
  for (const line of pages.flatMap((p) => p.lines)) {
    const fonts = fontsAt.get(line.size) ?? new Map<string, number>();
    fonts.set(line.font, (fonts.get(line.font) ?? 0) + line.text.length);
    fontsAt.set(line.size, fonts);
  }
  const isHeadingSize = (size: number) => size >= bodySize * HEADING_SIZE_RATIO || (size >= bodySize + 0.5 && mostCommon(fontsAt.get(size)!) !== bodyFont);
  const headingSizes = [...charsAt.keys()].filter(isHeadingSize).sort((a, b) => b - a);
  const levelOfSize = new Map(headingSizes.map((size, index) => [size, Math.min(index + 1, MAX_HEADING_LEVEL)]));
  return { bodySize, bodyFont, pitch, levelOfSize, emphasisLevel: Math.min(headingSizes.length + 1, MAX_HEADING_LEVEL) };
}

function mostCommon<K>(counts: Map<K, number>): K | undefined {
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * `contents`: the last page number the previous page's table of contents gave, if it ended the
 * page; the entries this page starts with then continue it. `contentsUpTo` is this page's.
 * `tableColumns`: the column count of a table that ended the previous page, which this page's
 * first rows may continue.
 */
function blocksOfPage(
  rawPage: PdfPageLines,
  layout: Layout,
  contents: number | undefined,
  tableColumns: number | undefined,
  outline: PdfOutlineEntry[] | null,
): { blocks: PdfBlock[]; contentsUpTo: number | undefined; unmatched: PdfOutlineEntry[]; setAside: PdfBlock[] } {
  const notes = markFootnotes(rawPage.lines, layout.bodySize);
  const page = { ...rawPage, lines: notes.lines };
  const styles = page.lines.map((line) => styleOf(line, layout));
  const contentsUpTo = markTableOfContents(page.lines, styles, contents);
  // Tables before anything else reads the lines, so that no row is taken for a heading or a paragraph.
  const tables = new Map<number, Extract<PdfBlock, { kind: 'table' }>>();
  for (const table of findTables(page.lines, layout.pitch, page.page, (i) => styles[i]!.kind === 'toc' || page.lines[i]!.monospace, tableColumns)) {
    tables.set(table.start, { kind: 'table', text: table.rows.flatMap((row) => row.cells).join(' '), page: page.page, rows: table.rows });
    for (let i = table.start; i <= table.end; i++) styles[i] = { kind: 'table' };
  }
  // One monospace line inside a paragraph (at its margin, no space above or below, not announced
  // by a colon) is prose that names paths or identifiers.
  styles.forEach((style, i) => {
    const [previous, line, next] = [page.lines[i - 1], page.lines[i]!, page.lines[i + 1]];
    if (style.kind !== 'code' || !previous || !next || styles[i - 1]?.kind !== 'body' || styles[i + 1]?.kind !== 'body') return;
    const inLine = Math.abs(line.x - previous.x) <= line.size * 0.5 && !/:$/.test(previous.text);
    if (inLine && !verticalBreak(previous, line, layout) && !verticalBreak(line, next, layout)) styles[i] = { kind: 'body' };
  });
  // A URL set in a monospace face and broken across lines goes on from the prose line that began it.
  styles.forEach((style, i) => {
    const previous = page.lines[i - 1];
    if (style.kind === 'code' && previous && styles[i - 1]?.kind === 'body' && continuesUrl(previous.text, page.lines[i]!.text)) styles[i] = { kind: 'body' };
  });
  // A heading-sized line starting in lower case is a title's second line, or else a fragment.
  styles.forEach((style, i) => {
    if (style.kind !== 'heading' || !/^\p{Ll}/u.test(page.lines[i]!.text)) return;
    const previous = styles[i - 1];
    const continues = previous?.kind === 'heading' && previous.level === style.level && !verticalBreak(page.lines[i - 1]!, page.lines[i]!, layout);
    if (!continues) styles[i] = { kind: 'body' };
  });
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
  // The outline (or, without one, the type's evidence less what is never a title) settles which lines are headings.
  const settled = settleHeadings(page.lines, styles.map((style) => (style.kind === 'heading' ? style.level : undefined)), outline);
  styles.forEach((style, i) => {
    const level = settled.levels[i];
    if (level !== undefined && style.kind !== 'toc' && style.kind !== 'table') styles[i] = { kind: 'heading', level };
    else if (level === undefined && style.kind === 'heading') styles[i] = { kind: 'body' };
  });
  const blocks: PdfBlock[] = [];
  const codeLines = new Map<Extract<PdfBlock, { kind: 'code' }>, PdfLine[]>();
  let current: { block: PdfBlock; lines: PdfLine[] } | undefined;
  // The last paragraph of body-sized text and the smaller lines set after it (notes, a caption), which it may go on past.
  let lastText: { block: PdfBlock; lines: PdfLine[] } | undefined;
  const asides: PdfLine[] = [];
  // The blocks of those smaller lines, once the paragraph went on past them: they follow the page's text, as its notes do.
  const setAside: PdfBlock[] = [];
  const placeLine = (line: PdfLine, i: number) => {
    const style = styles[i]!;
    const previous = page.lines[i - 1];
    const previousStyle = styles[i - 1];
    if (style.kind === 'table') {
      const table = tables.get(i);
      if (table) {
        current = { block: table, lines: [line] };
        blocks.push(table);
      }
      return;
    }
    if (style.kind === 'toc') {
      const entry = tocEntry(line.text);
      const block: PdfBlock = entry
        ? { kind: 'toc-entry', text: entry[1]!.replace(/[\s.…]+$/, ''), target: entry[2]!, page: page.page }
        : { kind: 'toc-entry', text: line.text, target: '', page: page.page };
      // An entry too long for one line: its first part has no number, the rest has.
      if (current?.block.kind === 'toc-entry' && current.block.target === '' && previous && !verticalBreak(previous, line, layout)) {
        current.block.text = joinWrappedLines(current.block.text, block.text);
        current.block.target = block.kind === 'toc-entry' ? block.target : '';
        current.lines.push(line);
        return;
      }
      current = { block, lines: [line] };
      blocks.push(block);
      return;
    }
    if (style.kind === 'code') {
      // Code keeps blank lines and indentation: only a large gap or another style ends it.
      if (current?.block.kind === 'code' && previous && previous.y - line.y < layout.pitch * 4 && previous.y > line.y) {
        const blank = previous.y - line.y > Math.max(layout.pitch, line.size * 1.05) * 1.6;
        if (blank) current.block.lines.push({ text: '', page: page.page });
        current.block.lines.push({ text: line.text, page: page.page });
        current.lines.push(line);
        return;
      }
      const block: Extract<PdfBlock, { kind: 'code' }> = { kind: 'code', text: '', page: page.page, lines: [{ text: line.text, page: page.page }] };
      current = { block, lines: [line] };
      codeLines.set(block, current.lines);
      blocks.push(block);
      return;
    }
    // A list item's wrapped lines hang to the right of its bullet; a paragraph's first-line
    // indent starts a new paragraph.
    const continues =
      current !== undefined &&
      previous !== undefined &&
      sameStyle(style, previousStyle) &&
      (!verticalBreak(previous, line, layout) || (style.kind === 'body' && runsOnIntoNextColumn(previous, line, current.block))) &&
      !(style.kind === 'body' && isListStart(line.text)) &&
      !notes.starts.has(i) &&
      (runsOnIntoNextColumn(previous, line, current.block) || (current.block.kind === 'list-item' ? line.x >= current.lines[0]!.x + line.size * 0.5 : !indented(previous, line)));
    const doubt = settled.doubts.get(i);
    // Before the aside's own text can claim the line (small print at a column's foot ends mid-sentence too).
    if (style.kind === 'body' && !notes.starts.has(i) && lastText && resumesAfterAside(lastText.lines[lastText.lines.length - 1]!, asides, line, layout.bodySize)) {
      setAside.push(...blocks.splice(blocks.indexOf(lastText.block) + 1));
      current = lastText;
      current.block.text = joinWrappedLines(current.block.text, line.text);
      current.lines.push(line);
      return;
    }
    if (continues && current) {
      current.block.text = joinWrappedLines(current.block.text, line.text);
      current.lines.push(line);
      if (doubt && (current.block.kind === 'paragraph' || current.block.kind === 'list-item' || current.block.kind === 'heading')) current.block.doubt ??= doubt;
      return;
    }
    const block: PdfBlock =
      style.kind === 'heading'
        ? { kind: 'heading', level: style.level, text: line.text, page: page.page, ...(doubt ? { doubt } : {}) }
        : isListStart(line.text)
          ? { kind: 'list-item', text: line.text, page: page.page, ...(doubt ? { doubt } : {}) }
          : { kind: 'paragraph', text: line.text, page: page.page, ...(doubt ? { doubt } : {}) };
    current = { block, lines: [line] };
    blocks.push(block);
  };
  page.lines.forEach((line, i) => {
    placeLine(line, i);
    if (line.size < layout.bodySize) asides.push(line);
    else {
      const inText = current !== undefined && (current.block.kind === 'paragraph' || current.block.kind === 'list-item') && !notes.starts.has(i) && !isFootnote(current.block);
      lastText = inText ? current : undefined;
      asides.length = 0;
    }
  });
  for (const [block, lines] of codeLines) indentCode(block, lines);
  // A "heading" that runs on for several lines is a passage set in larger type, not a title.
  return {
    blocks: notesLast([...blocks, ...setAside]).map((block) => (block.kind === 'heading' && block.text.length > MAX_HEADING_CHARS ? { kind: 'paragraph', text: block.text, page: block.page } : block)),
    contentsUpTo,
    unmatched: settled.unmatched,
    setAside,
  };
}

/**
 * Code lines get back their indentation, in characters of the monospace face (about 0.6 of its
 * size wide), from how far right of the block's leftmost line they start. `lines` are the
 * block's PDF lines, in the order of its non-blank lines.
 */
function indentCode(block: Extract<PdfBlock, { kind: 'code' }>, lines: PdfLine[]): void {
  const left = Math.min(...lines.map((line) => line.x));
  let next = 0;
  block.lines = block.lines.map((entry) => {
    if (entry.text === '') return entry;
    const line = lines[next++]!;
    return { ...entry, text: ' '.repeat(Math.max(0, Math.round((line.x - left) / (line.size * 0.6)))) + entry.text };
  });
  block.text = block.lines.map((line) => line.text).join('\n');
}

/**
 * Runs of at least MIN_TOC_ENTRIES lines that end in page numbers that never go down (with at
 * most one unnumbered line between, an entry that wraps) are a table of contents: their lines
 * become entries, whatever their type size (so they are never taken for headings). Dot leaders
 * before the number are evidence enough on their own: such a line is an entry whatever its title
 * ends with (a FAQ's contents are questions) and wherever its number points (an index, a list of
 * changes), and one is a table of contents by itself. Without leaders, a title ending like a
 * clause (".", ",", ";", ":") is prose that happens to end in a number. Entries that open a page
 * continue the previous page's table (`continues`: its last page number), however few they are.
 * Returns the last page number of a table that runs to the page's end, for the next page.
 */
function markTableOfContents(lines: PdfLine[], styles: LineStyle[], continues: number | undefined): number | undefined {
  let i = 0;
  let upTo: number | undefined;
  while (i < lines.length) {
    let end = i;
    let entries = 0;
    let led = 0;
    const carried = i === 0 ? continues : undefined;
    let lastTarget = carried ?? -1;
    while (end < lines.length) {
      // In a monospace face only dot leaders make an entry: "x = 1" is code.
      const text = lines[end]!.text;
      const leaders = DOT_LEADERS.test(text);
      const entry = lines[end]!.monospace && !leaders ? null : tocEntry(text);
      const target = entry ? pageValue(entry[2]!) : undefined;
      if (entry && target !== undefined && (leaders || (target >= lastTarget && !/[.,;:]$/.test(entry[1]!.replace(/[\s.…]+$/, ''))))) {
        entries++;
        if (leaders) led++;
        lastTarget = target;
        end++;
      } else if (entries > 0 && end + 1 < lines.length && tocEntry(lines[end + 1]!.text) !== null && text.length <= MAX_HEADING_CHARS) {
        end++;
      } else break;
    }
    if (entries >= MIN_TOC_ENTRIES || led > 0 || (carried !== undefined && entries > 0)) {
      for (let j = i; j < end; j++) styles[j] = { kind: 'toc' };
      upTo = lastTarget;
      i = end;
    } else i++;
  }
  // Only a table that runs on to the page's end (but for its footnotes: smaller type) can go on overleaf.
  const lastToc = styles.map((style) => style.kind).lastIndexOf('toc');
  const runsToEnd = lastToc >= 0 && lines.slice(lastToc + 1).every((line) => line.size < lines[lastToc]!.size);
  return runsToEnd ? upTo : undefined;
}

/** A page number's value; roman numerals (front matter) count before every arabic one. */
function pageValue(label: string): number | undefined {
  return /^\d+$/.test(label) ? 1000 + Number(label) : romanNumeralValue(label);
}

function styleOf(line: PdfLine, layout: Layout): LineStyle {
  // A bulleted list set in a monospace face (Texinfo's @code items) is a list, not code.
  if (line.monospace && !/^[•◦▪▫‣⁃●○■□∙]\s/.test(line.text)) return { kind: 'code' };
  const level = layout.levelOfSize.get(line.size);
  // A heading is a title, never a fragment: a word cut off by a box or a raised "th", a number alone.
  if (level !== undefined && line.text.length <= MAX_HEADING_CHARS && !isFragment(line.text)) return { kind: 'heading', level };
  if (line.size === layout.bodySize && line.font !== layout.bodyFont && /^[\p{Lu}\p{N}]/u.test(line.text)) return { kind: 'emphasis' };
  return { kind: 'body' };
}

/** Text that cannot stand as a title on its own: fewer than two letters (a number, a mark, a cut-off letter). */
function isFragment(text: string): boolean {
  return (text.match(/\p{L}/gu)?.length ?? 0) < 2;
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

/** The line before ends in a URL still being written ("see https", "https://ctan.org/tex-"), and this line goes on with it. */
function continuesUrl(before: string, text: string): boolean {
  return /(?:^|\s)(?:https?|ftp)(?::\/\/\S*)?$/i.test(before) && /^(?::\/\/|\/|[\w.-]+\/)/.test(text);
}

/**
 * A table that opens a page goes on with the one that ended the page before when it has as many
 * columns; its first row is dropped when it repeats the first table's head. Returns whether it
 * was joined.
 */
function continueTable(last: Extract<PdfBlock, { kind: 'table' }>, first: Extract<PdfBlock, { kind: 'table' }>): boolean {
  if (last.rows[0]?.cells.length !== first.rows[0]?.cells.length) return false;
  const head = last.rows[0]!.cells.join('|');
  const rows = first.rows[0]!.cells.join('|') === head ? first.rows.slice(1) : first.rows;
  last.rows.push(...rows);
  last.text = `${last.text} ${rows.flatMap((row) => row.cells).join(' ')}`;
  return true;
}
