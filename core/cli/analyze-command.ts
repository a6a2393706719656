import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RpcOutput } from '../../schemas/rpc.ts';
import { renderAnalysisMarkdown } from '../analysis/report-markdown.ts';
import { openCliApi } from './open-cli-api.ts';

export interface AnalyzeOptions {
  json?: boolean;
  md?: boolean;
  out?: string;
  resamples?: number;
  seed?: string;
  excludeSynthetic?: boolean;
  workspace?: string;
}

/**
 * `lhb analyze`: the analysis report through analysis.report (the same numbers as the app for
 * the same seed and resamples), as JSON (--json) or Markdown (--md, the default), to stdout or
 * to --out FILE.
 */
export async function runAnalyze(options: AnalyzeOptions): Promise<void> {
  if (options.json && options.md) throw new Error('choose one of --json and --md.');
  const api = await openCliApi(options.workspace);
  let report: RpcOutput<'analysis.report'>;
  try {
    report = (await api.call('analysis.report', {
      ...(options.resamples !== undefined ? { resamples: options.resamples } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      excludeSynthetic: options.excludeSynthetic ?? false,
    })) as RpcOutput<'analysis.report'>;
  } finally {
    await api.close();
  }
  const text = options.json ? `${JSON.stringify(report, null, 2)}\n` : renderAnalysisMarkdown(report);
  if (options.out) {
    const file = resolve(options.out);
    writeFileSync(file, text);
    process.stderr.write(`Wrote the analysis report to ${file}${report.study.includesSynthetic ? ' (includes synthetic data)' : ''}.\n`);
  } else {
    process.stdout.write(text);
  }
}
