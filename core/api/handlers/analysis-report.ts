import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { buildAnalysisReport } from '../../analysis/build-analysis-report.ts';
import type { ApiContext } from '../api-context.ts';

export function analysisReport(input: RpcParsedInput<'analysis.report'>, ctx: ApiContext): RpcOutput<'analysis.report'> {
  return buildAnalysisReport(ctx.workspace.db, input);
}
