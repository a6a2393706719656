import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';
import { fullId } from './full-id.ts';
import { runEngineCall, studyEngineOf } from './run-engine-context.ts';

export function runsCancel(input: RpcParsedInput<'runs.cancel'>, ctx: ApiContext): Promise<RpcOutput<'runs.cancel'>> {
  return runEngineCall(() => studyEngineOf(ctx).cancel(input.studyId ? { studyId: fullId(ctx, ['studies'], input.studyId) } : { runId: fullId(ctx, ['study_runs'], input.runId!) }));
}
