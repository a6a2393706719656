import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { exportDataRoom } from '../../annotate/export-data-room.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function dataRoomsExport(input: RpcParsedInput<'dataRooms.export'>, ctx: ApiContext): RpcOutput<'dataRooms.export'> {
  return runAnnotate(ctx, (deps) => exportDataRoom(deps, input.dataRoomId));
}
