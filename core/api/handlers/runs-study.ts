import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';
import { fullId } from './full-id.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';
import { studyEngineOf } from './run-engine-context.ts';

/** A study with every run's live state (status, elapsed, steps, tokens, last event). */
export function runsStudy(input: RpcParsedInput<'runs.study'>, ctx: ApiContext): RpcOutput<'runs.study'> {
  const view = studyEngineOf(ctx).view(fullId(ctx, ['studies'], input.studyId));
  if (!view) throw new LhbError('not_found', `No study ${input.studyId} in this workspace.`);
  return view;
}
