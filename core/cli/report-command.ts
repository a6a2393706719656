import { analysisAskOf, type AnalyzeOptions } from './analyze-command.ts';
import { followJobWithShare } from './follow-job-with-share.ts';
import { withCliApi } from './open-cli-api.ts';

export interface ReportOptions extends Omit<AnalyzeOptions, 'json' | 'md' | 'out'> {
  out: string;
  pdf?: boolean;
  json?: boolean;
}

/**
 * `lhb report --out DIR`: the analysis as a folder of static pages through report.write (the same
 * report `lhb analyze` prints for the same flags, laid out with a page per run), with progress on
 * stderr and Ctrl+C cancelling (nothing is left behind). Prints where the index is, or the result
 * as JSON with --json.
 */
export async function runReport(options: ReportOptions): Promise<void> {
  if (options.includeSynthetic && options.excludeSynthetic) throw new Error('choose one of --include-synthetic and --exclude-synthetic.');
  const analysis = analysisAskOf(options);
  await withCliApi(options.workspace, async (api) => {
    const { jobId } = await api.call('report.write', { outDir: options.out, pdf: options.pdf === true, analysis });
    const job = await followJobWithShare(api.context.jobs, jobId);
    const { result } = await api.call('report.result', { jobId });
    if (!result) throw new Error(job?.message ?? `The report job ${jobId} ended without a result.`);
    if (options.json) {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return;
    }
    process.stdout.write(`${result.index}\n`);
    if (result.pdf) process.stdout.write(`${result.pdf}\n`);
    process.stderr.write(
      `Wrote the report to ${result.outDir}: ${result.sections.length} sections, ${result.runs} run pages, ${result.frames} frames${result.pdf ? ', report.pdf' : ''}${result.includesSynthetic ? ' (includes synthetic data: do not report these numbers)' : ''}. Open index.html in any browser; it needs no server and no network.\n`,
    );
  });
}
