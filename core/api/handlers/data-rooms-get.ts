import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function dataRoomsGet(input: RpcParsedInput<'dataRooms.get'>, ctx: ApiContext): RpcOutput<'dataRooms.get'> {
  return runAnnotate(ctx, (deps) => loadDataRoomDetail(deps, input.dataRoomId));
}
