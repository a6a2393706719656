import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import { redoLastAction } from '../../annotate/undo-redo.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function annotateRedo(input: RpcParsedInput<'annotate.redo'>, ctx: ApiContext): RpcOutput<'annotate.redo'> {
  return runAnnotate(ctx, (deps) => {
    redoLastAction(deps, input.dataRoomId);
    return loadDataRoomDetail(deps, input.dataRoomId);
  });
}
