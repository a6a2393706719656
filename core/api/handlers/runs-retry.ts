import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';
import { fullId } from './full-id.ts';
import { runEngineCall, studyEngineOf } from './run-engine-context.ts';

export function runsRetry(input: RpcParsedInput<'runs.retry'>, ctx: ApiContext): Promise<RpcOutput<'runs.retry'>> {
  return runEngineCall(() => studyEngineOf(ctx).retry(fullId(ctx, ['study_runs', 'runs'], input.runId)));
}
