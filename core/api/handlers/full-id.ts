import { expandShortId, type IdTable } from '../../store/short-id.ts';
import type { ApiContext } from '../api-context.ts';

/** The full id a caller's (possibly short) id names among `tables`; a short id of several rows is a 400 naming them (AmbiguousIdError). */
export function fullId(ctx: ApiContext, tables: readonly IdTable[], id: string): string {
  return expandShortId(ctx.workspace.db, tables, id);
}
