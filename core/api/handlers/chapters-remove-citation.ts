import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { removeCitation } from '../../annotate/citations.ts';
import { loadDataRoomDetail } from '../../annotate/data-room-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function chaptersRemoveCitation(input: RpcParsedInput<'chapters.removeCitation'>, ctx: ApiContext): RpcOutput<'chapters.removeCitation'> {
  return runAnnotate(ctx, (deps) => loadDataRoomDetail(deps, removeCitation(deps, input)));
}
