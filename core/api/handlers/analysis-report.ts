import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import {
  analysisInputsVersion,
  askedKey,
  cachedAnalysisReport,
  storeAnalysisReport,
  storedAnalysisReport,
  type AnalysisReportOptions,
} from '../../analysis/analysis-report-cache.ts';
import { buildAnalysisReport } from '../../analysis/build-analysis-report.ts';
import { computeReportInWorker } from '../../analysis/compute-report-in-worker.ts';
import { resolveStudyIds } from '../../analysis/study-scope.ts';
import { formatCount } from '../../../schemas/format-number.ts';
import type { ApiContext } from '../api-context.ts';

type AnalysisAsk = RpcParsedInput<'analysis.report'>;

/** The report options an analysis request asks for, its studies resolved to full ids. */
export function analysisOptionsOf(input: AnalysisAsk, ctx: ApiContext): AnalysisReportOptions {
  const synthetic = input.includeSynthetic ? 'include' : input.excludeSynthetic ? 'exclude' : undefined;
  const studies = studyScopeOf(input.studies, ctx);
  return { resamples: input.resamples, seed: input.seed, synthetic, countRepeats: input.countRepeats, excludeFastVotes: input.excludeFastVotes, ...(studies ? { studies } : {}) };
}

/** The full ids of the studies asked for (an id's start is enough), or undefined for every study; an unknown id is a 404 naming it. */
export function studyScopeOf(asked: readonly string[] | undefined, ctx: ApiContext): string[] | undefined {
  if (!asked || asked.length === 0) return undefined;
  return resolveStudyIds(ctx.workspace.db, asked);
}

export function analysisReport(input: AnalysisAsk, ctx: ApiContext): RpcOutput<'analysis.report'> {
  return cachedAnalysisReport(ctx.workspace.db, analysisOptionsOf(input, ctx));
}

export function analysisCached(input: AnalysisAsk, ctx: ApiContext): RpcOutput<'analysis.cached'> {
  const stored = storedAnalysisReport(ctx.workspace.db, analysisOptionsOf(input, ctx));
  return stored ? { report: stored.report, computedAt: stored.computedAt, current: stored.current } : { current: false };
}

/** Refresh jobs running in this process, by the options they compute: asking again follows the same job. */
const refreshing = new WeakMap<ApiContext, Map<string, string>>();

export function analysisRefresh(input: AnalysisAsk, ctx: ApiContext): RpcOutput<'analysis.refresh'> {
  const options = analysisOptionsOf(input, ctx);
  const { db, databasePath } = ctx.workspace;
  if (storedAnalysisReport(db, options)?.current) return { current: true };
  const running = refreshing.get(ctx) ?? new Map<string, string>();
  refreshing.set(ctx, running);
  const key = askedKey(options);
  const already = running.get(key);
  if (already) return { jobId: already, current: false };
  const job = ctx.jobs.start('analysis.refresh', 'Recompute the analysis', async (progress) => {
    try {
      progress.report(0, 1, `Computing the report (${formatCount(options.resamples)} resamples)…`);
      const computedAt = new Date().toISOString();
      const computed = (await computeReportInWorker(databasePath, options, progress.signal)) ?? {
        inputsVersion: analysisInputsVersion(db),
        report: buildAnalysisReport(db, options),
      };
      storeAnalysisReport(db, options, computed.inputsVersion, computed.report, computedAt);
      const { study } = computed.report;
      return { message: `Analysis recomputed from ${formatCount(study.judgments)} judgments and ${formatCount(study.votes)} votes.`, done: 1, total: 1 };
    } finally {
      running.delete(key);
    }
  });
  running.set(key, job.id);
  return { jobId: job.id, current: false };
}
