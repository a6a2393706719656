import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { updateChapter } from '../../annotate/chapters.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function chaptersUpdate(input: RpcParsedInput<'chapters.update'>, ctx: ApiContext): RpcOutput<'chapters.update'> {
  return runAnnotate(ctx, (deps) => loadDataRoomDetail(deps, updateChapter(deps, input)));
}
