import type { ArenaDeps } from '../../arena/arena-deps.ts';
import type { ApiContext } from '../api-context.ts';
import { currentAssetOrigin } from '../caller.ts';

/** Runs an arena operation over this workspace and the caller's asset origin. */
export function runArena<T>(ctx: ApiContext, operation: (deps: ArenaDeps) => T): T {
  // A browser on another machine reaches the asset server at the address it reached the app at.
  const assetOrigin = currentAssetOrigin() ?? ctx.arena.assetOrigin;
  return operation({ db: ctx.workspace.db, blobs: ctx.workspace.blobs, ...(assetOrigin === undefined ? {} : { assetOrigin }) });
}
