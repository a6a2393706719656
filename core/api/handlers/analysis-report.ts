import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { buildAnalysisReport } from '../../analysis/build-analysis-report.ts';
import type { ApiContext } from '../api-context.ts';

export function analysisReport(input: RpcParsedInput<'analysis.report'>, ctx: ApiContext): RpcOutput<'analysis.report'> {
  const synthetic = input.includeSynthetic ? 'include' : input.excludeSynthetic ? 'exclude' : undefined;
  return buildAnalysisReport(ctx.workspace.db, { resamples: input.resamples, seed: input.seed, synthetic });
}
