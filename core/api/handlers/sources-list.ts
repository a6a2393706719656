import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { listSources } from '../../sources/get-source.ts';
import type { ApiContext } from '../api-context.ts';

export function sourcesList({ dataRoomId }: RpcParsedInput<'sources.list'>, { workspace }: ApiContext): RpcOutput<'sources.list'> {
  return { sources: listSources(workspace, dataRoomId) };
}
