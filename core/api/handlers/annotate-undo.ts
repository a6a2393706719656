import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { findPlan } from '../../annotate/annotator-plans.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import { undoLastAction } from '../../annotate/undo-redo.ts';
import type { ApiContext } from '../api-context.ts';
import { loadPlainVersionReader, runAnnotate } from './annotate-context.ts';

export async function annotateUndo(input: RpcParsedInput<'annotate.undo'>, ctx: ApiContext): Promise<RpcOutput<'annotate.undo'>> {
  const plain = await loadPlainVersionReader();
  return runAnnotate(ctx, (deps) => {
    const plan = findPlan(deps, input.dataRoomId, input.annotator);
    if (plan.annotatorId !== undefined) undoLastAction(deps, { dataRoomId: plan.dataRoomId, annotatorId: plan.annotatorId }, plain);
    return loadDataRoomDetail(deps, input.dataRoomId, input.annotator);
  });
}
