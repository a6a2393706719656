import { createHmac } from 'node:crypto';
import type { ShownSide } from './assign-sides.ts';

/**
 * Opaque, URL-safe tokens that name one side of one pair when its build is served, e.g.
 * `/arena/build/<token>/index.html`. A token is HMAC-SHA256(secret, pair key + side), so it carries
 * no run id, harness, model or path, cannot be guessed without the secret, and is stable for a
 * session so reloads keep working. The secret is per workspace or per session, never sent to the page.
 */
export function pairToken(secret: string, pairKey: string, side: ShownSide): string {
  if (secret.length === 0) throw new Error('pairToken needs a non-empty secret; tokens from an empty key would be guessable.');
  // Pair keys are JSON (no raw newline), and sides are a fixed word, so this message is unambiguous.
  return createHmac('sha256', secret).update(`lhb-arena-pair-token\n${pairKey}\n${side}`).digest('base64url');
}

export interface ResolvedPairToken<P> {
  readonly pair: P;
  readonly side: ShownSide;
}

/** Indexes the tokens of the given pairs once; the returned lookup gives undefined for an unknown token. */
export function createPairTokenResolver<P extends { readonly pairKey: string }>(
  secret: string,
  pairs: readonly P[],
): (token: string) => ResolvedPairToken<P> | undefined {
  const byToken = new Map<string, ResolvedPairToken<P>>();
  for (const pair of pairs) {
    for (const side of ['left', 'right'] as const) byToken.set(pairToken(secret, pair.pairKey, side), { pair, side });
  }
  return (token) => byToken.get(token);
}
