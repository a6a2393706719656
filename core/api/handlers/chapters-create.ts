import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { createChapter } from '../../annotate/chapters.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function chaptersCreate(input: RpcParsedInput<'chapters.create'>, ctx: ApiContext): RpcOutput<'chapters.create'> {
  return runAnnotate(ctx, (deps) => {
    createChapter(deps, input);
    return loadDataRoomDetail(deps, input.dataRoomId, input.annotator);
  });
}
