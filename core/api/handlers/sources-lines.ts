import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { readSourceLines } from '../../sources/read-source-lines.ts';
import type { ApiContext } from '../api-context.ts';
import { withSourceErrors } from './sources-errors.ts';

/** A window of a version's lines (the contract caps its size at MAX_LINES_PER_CALL). */
export function sourcesLines({ versionId, start, end }: RpcParsedInput<'sources.lines'>, { workspace }: ApiContext): RpcOutput<'sources.lines'> {
  return withSourceErrors(() => readSourceLines(workspace, versionId, start, end));
}
