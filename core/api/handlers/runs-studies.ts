import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';
import { studyEngineOf } from './run-engine-context.ts';

export function runsStudies(_input: RpcParsedInput<'runs.studies'>, ctx: ApiContext): RpcOutput<'runs.studies'> {
  return { studies: studyEngineOf(ctx).list() };
}
