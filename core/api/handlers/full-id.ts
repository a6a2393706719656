import { AmbiguousIdError, expandShortId, type IdTable } from '../../store/short-id.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';

/** The full id a caller's (possibly short) id names among `tables`; a short id of several rows is a 400 naming them. */
export function fullId(ctx: ApiContext, tables: readonly IdTable[], id: string): string {
  try {
    return expandShortId(ctx.workspace.db, tables, id);
  } catch (error) {
    if (error instanceof AmbiguousIdError) throw new RpcError('bad_request', error.message);
    throw error;
  }
}
