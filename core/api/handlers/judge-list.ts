import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { listJudgmentViews } from '../../judge/judging/judgment-views.ts';
import { findRun } from '../../store/run-repository.ts';
import type { ApiContext } from '../api-context.ts';
import { fullId } from './full-id.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';

/** Stored judgments (scored and failed) of every run, or of one. */
export function judgeList(input: RpcParsedInput<'judge.list'>, ctx: ApiContext): RpcOutput<'judge.list'> {
  const runId = input.runId === undefined ? undefined : fullId(ctx, ['runs'], input.runId);
  if (runId !== undefined && !findRun(ctx.workspace.db, runId)) throw new LhbError('not_found', `No run ${runId} in this workspace.`);
  return { judgments: listJudgmentViews(ctx.workspace.db, runId) };
}
