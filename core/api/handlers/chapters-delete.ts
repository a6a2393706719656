import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { deleteChapter } from '../../annotate/chapters.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function chaptersDelete(input: RpcParsedInput<'chapters.delete'>, ctx: ApiContext): RpcOutput<'chapters.delete'> {
  return runAnnotate(ctx, (deps) => loadDataRoomDetail(deps, deleteChapter(deps, input)));
}
