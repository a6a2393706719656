import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { addCitation } from '../../annotate/citations.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function chaptersAddCitation(input: RpcParsedInput<'chapters.addCitation'>, ctx: ApiContext): RpcOutput<'chapters.addCitation'> {
  return runAnnotate(ctx, (deps) => loadDataRoomDetail(deps, addCitation(deps, input).dataRoomId));
}
