import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { getSource } from '../../sources/get-source.ts';
import type { ApiContext } from '../api-context.ts';
import { withSourceErrors } from './sources-errors.ts';

/** A source with its newest version (or the one asked for) and the list of all its versions. */
export function sourcesGet({ sourceId, versionId }: RpcParsedInput<'sources.get'>, { workspace }: ApiContext): RpcOutput<'sources.get'> {
  return withSourceErrors(() => getSource(workspace, sourceId, versionId));
}
