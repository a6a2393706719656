import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { findInSource } from '../../sources/find-in-source.ts';
import type { ApiContext } from '../api-context.ts';
import { withSourceErrors } from './sources-errors.ts';

/** Case-insensitive find in one version: line and 1-based column of each match, up to `limit`. */
export function sourcesFind({ versionId, query, limit }: RpcParsedInput<'sources.find'>, { workspace }: ApiContext): RpcOutput<'sources.find'> {
  return withSourceErrors(() => findInSource(workspace, versionId, query, limit));
}
