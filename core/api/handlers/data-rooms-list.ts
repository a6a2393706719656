import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { listDataRoomSummaries } from '../../annotate/data-room-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function dataRoomsList(_input: RpcParsedInput<'dataRooms.list'>, ctx: ApiContext): RpcOutput<'dataRooms.list'> {
  return runAnnotate(ctx, (deps) => ({ dataRooms: listDataRoomSummaries(deps) }));
}
