import type { FrameFindingKind } from '../bundles/frame-capture.ts';

/**
 * What the verifier can find wrong with the agent's app: the build fails (or times out), there
 * is no build to serve, or a route throws, is broken, renders nothing or never finishes loading.
 */
export type VerifierFindingKind = 'build-error' | 'missing-build' | FrameFindingKind;

export interface VerifierFinding {
  kind: VerifierFindingKind;
  /** The route a capture finding is about; absent for the build's own. */
  route?: string;
  detail: string;
}

export interface VerificationResult {
  ok: boolean;
  findings: VerifierFinding[];
  /** What the agent should fix first, concretely. */
  nextAction: string;
  /** Whether this check ran `npm run build`. */
  built: boolean;
  /** Routes captured (0 when the build failed or there was nothing to serve). */
  routesChecked: number;
  durationMs: number;
}
