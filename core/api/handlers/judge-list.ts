import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { listJudgmentViews } from '../../judge/judging/judgment-views.ts';
import { findRun } from '../../store/run-repository.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';

/** Stored judgments (scored and failed) of every run, or of one. */
export function judgeList(input: RpcParsedInput<'judge.list'>, ctx: ApiContext): RpcOutput<'judge.list'> {
  if (input.runId !== undefined && !findRun(ctx.workspace.db, input.runId)) throw new RpcError('not_found', `No run ${input.runId} in this workspace.`);
  return { judgments: listJudgmentViews(ctx.workspace.db, input.runId) };
}
