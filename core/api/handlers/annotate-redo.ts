import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { findPlan } from '../../annotate/annotator-plans.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import { redoLastAction } from '../../annotate/undo-redo.ts';
import type { ApiContext } from '../api-context.ts';
import { loadPlainVersionReader, runAnnotate } from './annotate-context.ts';

export async function annotateRedo(input: RpcParsedInput<'annotate.redo'>, ctx: ApiContext): Promise<RpcOutput<'annotate.redo'>> {
  const plain = await loadPlainVersionReader();
  return runAnnotate(ctx, (deps) => {
    const plan = findPlan(deps, input.dataRoomId, input.annotator);
    if (plan.annotatorId !== undefined) redoLastAction(deps, { dataRoomId: plan.dataRoomId, annotatorId: plan.annotatorId }, plain);
    return loadDataRoomDetail(deps, input.dataRoomId, input.annotator);
  });
}
