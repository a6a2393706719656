import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';
import { fullId } from './full-id.ts';
import { runEngineCall, studyEngineOf } from './run-engine-context.ts';

/** Resumes a study: finished runs are kept, unfinished ones run again. */
export function runsResume(input: RpcParsedInput<'runs.resume'>, ctx: ApiContext): Promise<RpcOutput<'runs.resume'>> {
  return runEngineCall(() => studyEngineOf(ctx).resume(fullId(ctx, ['studies'], input.studyId)));
}
