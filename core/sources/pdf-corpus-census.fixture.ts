// Imports a corpus of PDFs as the app reads them (the worker pool, two workers) and totals the
// furniture left in their Markdown and the share of pdftotext's words they keep.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createNormaliser } from './normaliser-pool.ts';
import { countFurniture, wordCoverage, type FurnitureCounts } from './pdf-furniture-census.fixture.ts';

export interface DocumentCensus extends FurnitureCounts {
  file: string;
  /** Share of pdftotext's words found in ours, 0–1. */
  coverage: number;
}

export interface CorpusCensus {
  documents: DocumentCensus[];
  /** Files the import refused (no text layer: logos, scanned pages), with its reason. */
  refused: { file: string; reason: string }[];
  pageNumberLines: number;
  documentsWithRepeatedHead: number;
  leaderDotLines: number;
  headingsEndingInPageNumber: number;
  referencePageNumbers: number;
  codeOrTableHeadings: number;
  brokenTableRows: number;
  gluedFootnoteMarks: number;
  /** pdftotext's words kept, over the whole corpus, 0–1. */
  coverage: number;
}

export async function censusOfPdfCorpus(files: string[]): Promise<CorpusCensus> {
  const pool = createNormaliser(2);
  const read = await Promise.all(
    files.map(async (file) => {
      try {
        return { file, source: await pool.normalise('pdf', readFileSync(file), basename(file)) };
      } catch (error) {
        return { file, reason: (error as Error).message };
      }
    }),
  ).finally(() => pool.close());
  const census: CorpusCensus = { documents: [], refused: [], pageNumberLines: 0, documentsWithRepeatedHead: 0, leaderDotLines: 0, headingsEndingInPageNumber: 0, referencePageNumbers: 0, codeOrTableHeadings: 0, brokenTableRows: 0, gluedFootnoteMarks: 0, coverage: 0 };
  let covered = 0;
  let total = 0;
  for (const entry of read) {
    if (entry.source === undefined) {
      census.refused.push({ file: entry.file, reason: entry.reason ?? '' });
      continue;
    }
    const markdown = entry.source.markdown ?? '';
    const reference = pdftotext(entry.file);
    const counts = countFurniture(markdown, entry.source.pages, reference.split('\f'));
    const words = wordCoverage(markdown, reference);
    covered += words.covered;
    total += words.total;
    census.documents.push({ file: entry.file, ...counts, coverage: words.total === 0 ? 1 : words.covered / words.total });
    census.pageNumberLines += counts.pageNumberLines.length;
    census.documentsWithRepeatedHead += counts.repeatedHead ? 1 : 0;
    census.leaderDotLines += counts.leaderDotLines.length;
    census.headingsEndingInPageNumber += counts.headingsEndingInPageNumber.length;
    census.referencePageNumbers += counts.referencePageNumbers;
    census.codeOrTableHeadings += counts.codeOrTableHeadings.length;
    census.brokenTableRows += counts.brokenTableRows.length;
    census.gluedFootnoteMarks += counts.gluedFootnoteMarks.length;
  }
  census.coverage = total === 0 ? 1 : covered / total;
  return census;
}

function pdftotext(file: string): string {
  const result = spawnSync('pdftotext', ['-q', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new Error(`pdftotext could not run (${result.error.message}); install it with apt-get install -y poppler-utils`);
  return result.stdout;
}

/** One line per document: its counts and coverage, for a failing test's message and the report. */
export function describeCensus(census: CorpusCensus): string {
  const rows = census.documents.map(
    (d) =>
      `${d.file}: page-number lines ${d.pageNumberLines.length}, repeated head ${d.repeatedHead ? `${d.repeatedHead.times}× "${d.repeatedHead.text.slice(0, 50)}"` : '-'}, leader dots ${d.leaderDotLines.length}, headings ending in a page number ${d.headingsEndingInPageNumber.length}${d.headingsEndingInPageNumber.length > 0 ? ` (${JSON.stringify(d.headingsEndingInPageNumber.slice(0, 3))})` : ''}, code or table headings ${d.codeOrTableHeadings.length}${d.codeOrTableHeadings.length > 0 ? ` (${JSON.stringify(d.codeOrTableHeadings.slice(0, 3))})` : ''}, broken table rows ${d.brokenTableRows.length}, glued marks ${d.gluedFootnoteMarks.length}${d.gluedFootnoteMarks.length > 0 ? ` (${JSON.stringify(d.gluedFootnoteMarks.slice(0, 5))})` : ''}, coverage ${(d.coverage * 100).toFixed(1)} %`,
  );
  return [
    ...rows,
    `${census.documents.length} documents read, ${census.refused.length} refused; page-number lines ${census.pageNumberLines}, documents with a repeated head or foot ${census.documentsWithRepeatedHead}, leader-dot lines ${census.leaderDotLines}, headings ending in a page number ${census.headingsEndingInPageNumber}, page numbers pdftotext shows ${census.referencePageNumbers}, code or table headings ${census.codeOrTableHeadings}, broken table rows ${census.brokenTableRows}, glued footnote marks ${census.gluedFootnoteMarks}, coverage ${(census.coverage * 100).toFixed(2)} %`,
  ].join('\n');
}
