import { existsSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';
import { cachedAnalysisReport } from '../../analysis/analysis-report-cache.ts';
import { loadStudyData } from '../../analysis/study-data.ts';
import { startReportJob } from '../../report/report-job.ts';
import { resolveChromiumPath } from '../../runs/bundles/chromium-path.ts';
import type { ApiContext } from '../api-context.ts';
import { analysisOptionsOf } from './analysis-report.ts';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Writes the analysis as a static report folder on this machine (core/report), as a job: the
 * same report analysis.report gives for the same request (so the same digits as the screen and
 * `lhb analyze --md`), a page per run in its scope, and report.pdf when asked. A destination that
 * holds files, or a PDF asked for without Chromium, is refused before anything is written.
 */
export function reportWrite(input: RpcParsedInput<'report.write'>, ctx: ApiContext): RpcOutput<'report.write'> {
  const outDir = resolve(input.outDir);
  if (existsSync(outDir) && (!statSync(outDir).isDirectory() || readdirSync(outDir).length > 0)) {
    throw new LhbError('conflict', `${outDir} already exists and is not an empty folder. No report was written and nothing there was changed; choose a new folder (or remove that one first).`, { field: 'outDir' });
  }
  let pdfWith: string | undefined;
  if (input.pdf) {
    try {
      pdfWith = resolveChromiumPath(process.env, 'the report cannot be printed to PDF');
    } catch (error) {
      // resolveChromiumPath throws only this: its words name the path it looked at and how to install Chromium.
      throw new LhbError('not_found', `${(error as Error).message} Nothing was written; write the report without the PDF, or once Chromium is there.`, { field: 'pdf' });
    }
  }
  const options = analysisOptionsOf(input.analysis, ctx);
  const { workspace } = ctx;
  const job = startReportJob(ctx.jobs, outDir, () => {
    const report = cachedAnalysisReport(workspace.db, options);
    // The runs in the report's scope, synthetic ones only when its figures count them.
    const data = loadStudyData(workspace.db, { synthetic: options.synthetic, ...(options.studies ? { studies: options.studies } : {}) });
    const runs = [...data.runs.values()]
      .filter((run) => !run.synthetic || report.study.includesSynthetic)
      .map((run) => ({ id: run.id, task: run.task, configuration: data.labels.get(run.config) ?? run.config }))
      .sort((x, y) => byText(x.configuration, y.configuration) || byText(x.task, y.task) || byText(x.id, y.id));
    return { workspace, report, runs, ...(pdfWith ? { pdfWith } : {}) };
  });
  return { jobId: job.id };
}
