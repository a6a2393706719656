import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { runDetail } from '../../runs/study/study-views.ts';
import type { ApiContext } from '../api-context.ts';
import { fullId } from './full-id.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';

export function runsShow(input: RpcParsedInput<'runs.show'>, ctx: ApiContext): RpcOutput<'runs.show'> {
  const runId = fullId(ctx, ['runs', 'study_runs'], input.runId);
  const run = runDetail(ctx.workspace, runId);
  if (!run) throw new LhbError('not_found', `No run ${runId} in this workspace. \`lhb runs list\` lists the runs.`);
  return { run };
}
