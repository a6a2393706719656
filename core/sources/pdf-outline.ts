import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfLine } from './pdf-text-lines.ts';

/** One entry of a PDF's own outline (its bookmarks): a title, its depth (1 = top) and where it points. */
export interface PdfOutlineEntry {
  title: string;
  level: number;
  /** 1-based page the entry's destination is on. */
  page: number;
  /** The destination's top in page space (points, y grows upwards), when it gives one. */
  top: number | null;
}

type OutlineNode = { title: string; dest: string | unknown[] | null; items: OutlineNode[] };

/** Most entries a document's outline is read for: a generated index of thousands is no outline. */
const MAX_ENTRIES = 5000;

/**
 * The PDF's outline with each destination resolved to a page, or [] when it has none or it cannot
 * be read (a broken outline is no reason to refuse a document whose text is fine). Entries whose
 * destination does not resolve are left out.
 */
export async function readPdfOutline(document: PDFDocumentProxy): Promise<PdfOutlineEntry[]> {
  let nodes: OutlineNode[] | null;
  try {
    nodes = (await document.getOutline()) as OutlineNode[] | null;
  } catch {
    return [];
  }
  const entries: PdfOutlineEntry[] = [];
  const walk = async (items: OutlineNode[], level: number): Promise<void> => {
    for (const item of items) {
      if (entries.length >= MAX_ENTRIES) return;
      const target = await destinationOf(document, item.dest);
      const title = item.title.replace(/\s+/g, ' ').trim();
      if (target && title !== '') entries.push({ title, level, ...target });
      await walk(item.items ?? [], level + 1);
    }
  };
  await walk(nodes ?? [], 1);
  return entries;
}

async function destinationOf(document: PDFDocumentProxy, dest: string | unknown[] | null): Promise<{ page: number; top: number | null } | null> {
  try {
    const explicit = typeof dest === 'string' ? await document.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return null;
    const ref = explicit[0];
    const index = typeof ref === 'number' ? ref : await document.getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0]);
    // [ref, {name: 'XYZ'}, left, top, zoom] and [ref, {name: 'FitH'}, top] give a top; others none.
    const kind = (explicit[1] as { name?: string } | undefined)?.name;
    const top = kind === 'XYZ' ? explicit[3] : kind === 'FitH' || kind === 'FitBH' ? explicit[2] : null;
    return { page: index + 1, top: typeof top === 'number' ? top : null };
  } catch {
    return null;
  }
}

/**
 * A title reduced to what survives any typesetting: letters and digits only, accents and case
 * dropped ("instrucci´on" in a text layer is "instrucción" in the outline).
 */
export function outlineKey(text: string): string {
  return text.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** A section number in front of a title: "7.1 ", "A.2. ", "IV ". */
const SECTION_NUMBER = /^(?:\d+(?:\.\d+)*\.?|[A-Z](?:\.\d+)+\.?|[IVXLC]+\.)\s+/;

/** A label before a section number: "Appendix A ", "Chapter 3 ", "Capitolo 2: ". */
const LABEL = /^\p{L}+\s+(?=(?:[A-Z]|\d+|[IVXLC]+)[.:]?\s+\S)/u;

function titleKeys(text: string): string[] {
  const unlabelled = text.replace(LABEL, '');
  const keys = new Set<string>();
  for (const form of [text, unlabelled]) {
    keys.add(outlineKey(form));
    keys.add(outlineKey(form.replace(SECTION_NUMBER, '')));
  }
  return [...keys];
}

/**
 * Which lines of a page are an outline entry's heading, with the entry's level: the line (or
 * the first lines, for a title that wraps) whose text is the entry's title, with or without its
 * section number, nearest below the destination's top. `entries` are the outline's entries
 * pointing at this page; a title found on no line is left out (the entry points at a figure, or
 * its words differ from the page's) and returned as unmatched.
 */
export function outlineHeadingLines(lines: PdfLine[], entries: PdfOutlineEntry[]): { headings: Map<number, number>; unmatched: PdfOutlineEntry[] } {
  const headings = new Map<number, number>();
  const unmatched: PdfOutlineEntry[] = [];
  for (const entry of entries) {
    const wanted = new Set(titleKeys(entry.title).filter((key) => key.length > 0));
    if (wanted.size === 0) continue;
    let best: { first: number; last: number; distance: number } | undefined;
    for (let i = 0; i < lines.length; i++) {
      if (headings.has(i)) continue;
      // Up to three lines joined: a long title wraps.
      let text = '';
      for (let last = i; last < Math.min(lines.length, i + 3); last++) {
        text = text === '' ? lines[last]!.text : `${text} ${lines[last]!.text}`;
        const keys = titleKeys(text);
        if (!keys.some((key) => wanted.has(key))) continue;
        const line = lines[i]!;
        const distance = entry.top === null ? 0 : line.y <= entry.top + line.size ? entry.top - line.y : Number.POSITIVE_INFINITY;
        if (distance !== Number.POSITIVE_INFINITY && (!best || distance < best.distance)) best = { first: i, last, distance };
        break;
      }
    }
    if (best) for (let j = best.first; j <= best.last; j++) headings.set(j, Math.min(entry.level, 6));
    else unmatched.push(entry);
  }
  return { headings, unmatched };
}
