import { ArenaError, type ArenaDeps } from '../../arena/arena-service.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';

/** Runs an arena operation over this workspace, turning its caller-fixable errors into RpcErrors. */
export function runArena<T>(ctx: ApiContext, operation: (deps: ArenaDeps) => T): T {
  try {
    return operation({ db: ctx.workspace.db, ...(ctx.arena.assetOrigin === undefined ? {} : { assetOrigin: ctx.arena.assetOrigin }) });
  } catch (error) {
    if (error instanceof ArenaError) throw new RpcError(error.code, error.message);
    throw error;
  }
}
