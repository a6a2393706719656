import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import { createDataRoom } from '../../annotate/data-rooms.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function dataRoomsCreate(input: RpcParsedInput<'dataRooms.create'>, ctx: ApiContext): RpcOutput<'dataRooms.create'> {
  return runAnnotate(ctx, (deps) => loadDataRoomDetail(deps, createDataRoom(deps, input)));
}
