import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { importJudgments } from '../../judge/judging/import-judgments.ts';
import { openRubricLibrary } from '../../judge/rubrics/rubric-library.ts';
import type { ApiContext } from '../api-context.ts';

/** Judgments made elsewhere, one JSON line each, checked like a judge's reply; bad lines are reported, the rest stored. */
export function judgeImport(input: RpcParsedInput<'judge.import'>, ctx: ApiContext): RpcOutput<'judge.import'> {
  return importJudgments(ctx.workspace.db, openRubricLibrary(ctx.workspace.db), input.jsonLines);
}
