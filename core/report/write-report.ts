import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AnalysisReport } from '../../schemas/analysis.ts';
import { formatCount } from '../../schemas/format-number.ts';
import type { ReportResult } from '../../schemas/report.ts';
import { ExportFolder } from '../export/export-folder.ts';
import type { JobProgress } from '../jobs/job-runner.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import { printReportPdf } from './print-report-pdf.ts';
import { REPORT_TITLE, reportIndexHtml, type RunListing } from './report-index-html.ts';
import { loadRunPageData } from './run-page-data.ts';
import { runFramesFolder, runPageHtml } from './run-page-html.ts';

/** A run the report gives a page: its id and its configuration's label as the analysis names it. */
export interface ReportRun {
  id: string;
  configuration: string;
}

export interface WriteReportInput {
  workspace: Workspace;
  report: AnalysisReport;
  /** Every run in the report's scope, in the order the index lists them. */
  runs: readonly ReportRun[];
  outDir: string;
  /** The Chromium to print report.pdf with; absent, no PDF. */
  pdfWith?: string;
}

/** Cancelled between runs: the hidden folder was removed, nothing was written at the destination. */
export class ReportCancelledError extends Error {
  override name = 'ReportCancelledError';
}

/** A run id as a file name: itself when it is one already, else a readable stem and a digest of the id, so two ids never share a page. */
export function runPageName(id: string): string {
  if (/^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$/.test(id) && !id.endsWith('.')) return id;
  const stem = id.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '').slice(0, 60);
  return `${stem}-${createHash('sha256').update(id).digest('hex').slice(0, 12)}`;
}

/**
 * Writes the report's folder: index.html (the analysis's sections and the list of runs), one page
 * per run under runs/ with its frames copied beside it, and report.pdf when asked. Written in a
 * hidden folder beside the destination and renamed into place when complete, as the dataset
 * export is, so a failed, cancelled or killed report never leaves a folder that looks finished.
 */
export async function writeReport(input: WriteReportInput, progress: Pick<JobProgress, 'signal' | 'report'>): Promise<ReportResult> {
  const destination = resolve(input.outDir);
  const folder = ExportFolder.prepare(destination, 'report');
  let written: Omit<ReportResult, 'outDir' | 'index' | 'pdf'>;
  try {
    const runsDir = join(folder.staging, 'runs');
    mkdirSync(runsDir);
    const total = input.runs.length + 1 + (input.pdfWith ? 1 : 0);
    const pages = new Map(input.runs.map((run) => [run.id, runPageName(run.id)]));
    const listings: RunListing[] = [];
    let frames = 0;
    for (const [i, run] of input.runs.entries()) {
      if (progress.signal.aborted) throw new ReportCancelledError();
      progress.report(i, total, `Run pages: ${formatCount(i)} of ${formatCount(input.runs.length)}`);
      const data = loadRunPageData(input.workspace, run.id, run.configuration);
      if (!data) continue;
      const name = pages.get(run.id)!;
      if (data.frames.length > 0) {
        const framesDir = join(runsDir, runFramesFolder(name));
        mkdirSync(framesDir);
        for (const frame of data.frames) copyFileSync(input.workspace.blobs.pathFor(frame.sha256), join(framesDir, frame.fileName));
        frames += data.frames.length;
      }
      writeFileSync(join(runsDir, `${name}.html`), runPageHtml(data, name, REPORT_TITLE));
      listings.push({
        id: run.id,
        href: `runs/${encodeURIComponent(name)}.html`,
        configuration: run.configuration,
        task: data.task?.title ?? data.detail.task,
        status: data.detail.status,
        steps: data.detail.trajectory?.steps ?? null,
        errors: data.errors.length,
        recovered: data.errors.filter((error) => error.recovered).length,
        judgments: data.judgments.length,
      });
    }
    const linked = new Set(listings.map((listing) => listing.id));
    const runLink = (id: string) => (linked.has(id) ? `runs/${encodeURIComponent(pages.get(id)!)}.html` : undefined);
    progress.report(input.runs.length, total, 'Writing the index page');
    const index = join(folder.staging, 'index.html');
    writeFileSync(index, reportIndexHtml(input.report, listings, runLink));
    if (input.pdfWith) {
      if (progress.signal.aborted) throw new ReportCancelledError();
      progress.report(input.runs.length + 1, total, 'Printing report.pdf through Chromium');
      await printReportPdf(index, join(folder.staging, 'report.pdf'), input.pdfWith);
    }
    if (progress.signal.aborted) throw new ReportCancelledError();
    written = { sections: input.report.sections.map((section) => section.title), runs: listings.length, frames, includesSynthetic: input.report.study.includesSynthetic };
  } catch (error) {
    folder.discard();
    throw error;
  }
  // Outside the cleanup: a destination that gained files meanwhile keeps the finished report in the hidden folder, and says where.
  folder.commit();
  return { ...written, outDir: destination, index: join(destination, 'index.html'), pdf: input.pdfWith ? join(destination, 'report.pdf') : null };
}
