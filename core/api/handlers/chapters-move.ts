import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { moveChapter } from '../../annotate/chapters.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function chaptersMove(input: RpcParsedInput<'chapters.move'>, ctx: ApiContext): RpcOutput<'chapters.move'> {
  return runAnnotate(ctx, (deps) => loadDataRoomDetail(deps, moveChapter(deps, input)));
}
