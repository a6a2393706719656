import type { ArenaDeps } from '../../arena/arena-deps.ts';
import { ArenaError } from '../../arena/arena-error.ts';
import type { ApiContext } from '../api-context.ts';
import { currentAssetOrigin } from '../caller.ts';
import { RpcError } from '../rpc-error.ts';

/** Runs an arena operation over this workspace, turning its caller-fixable errors into RpcErrors. */
export function runArena<T>(ctx: ApiContext, operation: (deps: ArenaDeps) => T): T {
  try {
    // A browser on another machine reaches the asset server at the address it reached the app at.
    const assetOrigin = currentAssetOrigin() ?? ctx.arena.assetOrigin;
    return operation({ db: ctx.workspace.db, blobs: ctx.workspace.blobs, ...(assetOrigin === undefined ? {} : { assetOrigin }) });
  } catch (error) {
    if (error instanceof ArenaError) throw new RpcError(error.code, error.message);
    throw error;
  }
}
