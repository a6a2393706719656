import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fastVotesNote, judgmentsLeftOutNote, repeatVotesNote, type AnalysisReport } from '../../schemas/analysis.ts';
import type { RpcInput, RpcOutput } from '../../schemas/rpc.ts';
import { renderAnalysisMarkdown } from '../analysis/report-markdown.ts';
import { openCliApi } from './open-cli-api.ts';

export interface AnalyzeOptions {
  json?: boolean;
  md?: boolean;
  out?: string;
  resamples?: number;
  seed?: string;
  includeSynthetic?: boolean;
  excludeSynthetic?: boolean;
  countRepeats?: boolean;
  excludeFastVotes?: boolean;
  /** Study ids (or their starts): only their runs, and the votes and judgments touching only them. */
  study?: string[];
  workspace?: string;
}

/**
 * `lhb analyze`: the analysis report through analysis.report (the same numbers as the app for
 * the same seed and resamples), as JSON (--json) or Markdown (--md, the default), to stdout or
 * to --out FILE. Synthetic (demo) data follows the report's rule: left out once any real vote
 * or judgment exists, unless --include-synthetic; --exclude-synthetic always leaves it out.
 * Whenever it is counted, stderr says so. --study limits it to studies' runs; the report names its scope.
 */
export async function runAnalyze(options: AnalyzeOptions): Promise<void> {
  if (options.json && options.md) throw new Error('choose one of --json and --md.');
  if (options.includeSynthetic && options.excludeSynthetic) throw new Error('choose one of --include-synthetic and --exclude-synthetic.');
  const api = await openCliApi(options.workspace, { access: 'read' });
  let report: RpcOutput<'analysis.report'>;
  try {
    report = await api.call('analysis.report', analysisAskOf(options));
  } finally {
    await api.close();
  }
  const notice = syntheticNotice(report.study);
  if (notice) process.stderr.write(`lhb: ${notice}\n`);
  const leftOut = judgmentsLeftOutNote(report.study);
  if (leftOut) process.stderr.write(`lhb: ${leftOut}\n`);
  const repeats = repeatVotesNote(report.study);
  if (repeats) process.stderr.write(`lhb: ${repeats}\n`);
  const fast = fastVotesNote(report.study);
  if (fast) process.stderr.write(`lhb: ${fast}\n`);
  const text = options.json ? `${JSON.stringify(report, null, 2)}\n` : renderAnalysisMarkdown(report);
  if (options.out) {
    const file = resolve(options.out);
    writeFileSync(file, text);
    process.stderr.write(`Wrote the analysis report to ${file}${report.study.includesSynthetic ? ' (includes synthetic data)' : ''}.\n`);
  } else {
    process.stdout.write(text);
  }
}

/** The analysis request the flags ask for (`lhb analyze` and `lhb report` take the same ones). */
export function analysisAskOf(options: Omit<AnalyzeOptions, 'json' | 'md' | 'out' | 'workspace'>): RpcInput<'analysis.report'> {
  return {
    ...(options.resamples !== undefined ? { resamples: options.resamples } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.includeSynthetic ? { includeSynthetic: true } : {}),
    ...(options.excludeSynthetic ? { excludeSynthetic: true } : {}),
    ...(options.countRepeats ? { countRepeats: true } : {}),
    ...(options.excludeFastVotes ? { excludeFastVotes: true } : {}),
    ...(options.study && options.study.length > 0 ? { studies: options.study } : {}),
  };
}

/** The stderr line when synthetic data is counted (never silent), with why and how to leave it out. */
export function syntheticNotice(study: AnalysisReport['study']): string | undefined {
  if (!study.synthetic.included || (study.synthetic.votes === 0 && study.synthetic.judgments === 0)) return undefined;
  const held = `the demo's ${study.synthetic.votes} votes and ${study.synthetic.judgments} judgments (its synthetic study's, and those on its arena bundles)`;
  const why = study.synthetic.reason === 'requested' ? 'as --include-synthetic asked' : 'because this workspace has no run, vote or judgment of its own yet';
  return `this report includes ${held}, ${why}; do not report these numbers (--exclude-synthetic leaves them out).`;
}
