import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';
import { runEngineCall, studyEngineOf } from './run-engine-context.ts';

/** Checks a study (tasks, skill, harnesses) and starts it as a job; a study named like an earlier one resumes it if nothing changed. */
export function runsStart(input: RpcParsedInput<'runs.start'>, ctx: ApiContext): Promise<RpcOutput<'runs.start'>> {
  return runEngineCall(() => studyEngineOf(ctx).start(input));
}
