import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import { updateDataRoom } from '../../annotate/data-rooms.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function dataRoomsUpdate(input: RpcParsedInput<'dataRooms.update'>, ctx: ApiContext): RpcOutput<'dataRooms.update'> {
  return runAnnotate(ctx, (deps) => {
    const plan = updateDataRoom(deps, input);
    return loadDataRoomDetail(deps, plan.dataRoomId, plan.annotator);
  });
}
