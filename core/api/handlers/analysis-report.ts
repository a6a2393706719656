import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { cachedAnalysisReport } from '../../analysis/analysis-report-cache.ts';
import type { ApiContext } from '../api-context.ts';

export function analysisReport(input: RpcParsedInput<'analysis.report'>, ctx: ApiContext): RpcOutput<'analysis.report'> {
  const synthetic = input.includeSynthetic ? 'include' : input.excludeSynthetic ? 'exclude' : undefined;
  return cachedAnalysisReport(ctx.workspace.db, { resamples: input.resamples, seed: input.seed, synthetic, countRepeats: input.countRepeats });
}
