import type { RpcInput } from '../../schemas/rpc.ts';
import type { AnalyzeOptions } from './analyze-command.ts';
import { followJob } from './follow-job.ts';
import { withCliApi } from './open-cli-api.ts';
import { StatusLine } from './status-line.ts';

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
  const analysis: RpcInput<'report.write'>['analysis'] = {
    ...(options.resamples !== undefined ? { resamples: options.resamples } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.includeSynthetic ? { includeSynthetic: true } : {}),
    ...(options.excludeSynthetic ? { excludeSynthetic: true } : {}),
    ...(options.countRepeats ? { countRepeats: true } : {}),
    ...(options.excludeFastVotes ? { excludeFastVotes: true } : {}),
    ...(options.study && options.study.length > 0 ? { studies: options.study } : {}),
  };
  await withCliApi(options.workspace, async (api) => {
    const { jobId } = await api.call('report.write', { outDir: options.out, pdf: options.pdf === true, analysis });
    const progress = new StatusLine({ fit: true });
    const job = await followJob(api.context.jobs, jobId, {
      onEvent: (running) => {
        if (running.state !== 'running') return;
        const share = running.total > 0 ? ` ${Math.floor((100 * running.done) / running.total)}%` : '';
        progress.show(`${share} ${running.message}`);
      },
      ctrlC: {},
      statusLine: progress,
    });
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
