import { RunAssetTokens } from '../../runs/bundles/run-asset-tokens.ts';
import type { ApiContext } from '../api-context.ts';

const tokens = new WeakMap<ApiContext, RunAssetTokens>();

/** The run asset tokens this API has issued (runs.assets) and its asset server honours. */
export function runAssetTokensOf(ctx: ApiContext): RunAssetTokens {
  let issued = tokens.get(ctx);
  if (!issued) {
    issued = new RunAssetTokens();
    tokens.set(ctx, issued);
  }
  return issued;
}
