import { existsSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureFrames, type FrameToCapture } from '../bundles/frame-capture.ts';
import { firstBuildErrorLocation, missingBuildDependency, outputTail } from './build-error-location.ts';
import { nextActionFor, type BuildContext } from './next-action.ts';
import { buildScriptOf, runAppBuild, type AppBuildRunner } from './run-app-build.ts';
import type { VerificationResult, VerifierFinding } from './verifier-finding.ts';
import { scanSources, scanTree } from './workdir-fingerprint.ts';

const DEFAULT_BUILD_TIMEOUT_MS = 180_000;
/** Per route; a preview check should not wait the import's full 30 s on a page that hangs. */
const DEFAULT_FRAME_TIMEOUT_MS = 15_000;

export interface VerifyBuildOptions {
  /** The agent's working folder: its sources, package.json, and out/dist/ (the build to serve). */
  workdir: string;
  frames: readonly FrameToCapture[];
  chromiumPath?: string;
  buildTimeoutMs?: number;
  frameTimeoutMs?: number;
  /** Where the captured PNGs go; default a temporary folder, removed afterwards. */
  framesDir?: string;
  /**
   * `auto` (default) runs `npm run build` when package.json has a build script and out/dist/ is
   * missing or older than a source file (make's rule, so a build the agent just ran is not run
   * again); `always` and `never` say so.
   */
  build?: 'auto' | 'always' | 'never';
  /** How the build runs; default `npm run build` as a child of this process (by hand, or inside the run's sandbox). */
  runBuild?: AppBuildRunner;
}

/**
 * Checks the agent's app as a user would first see it: builds it (when it has a build step and
 * its build is stale), serves out/dist/ and captures each route in Chromium. Findings are the
 * agent's problems (a failing build, a missing build, a route that throws, is broken or blank);
 * a problem of ours (no Chromium) throws instead.
 */
export async function verifyBuild(options: VerifyBuildOptions): Promise<VerificationResult> {
  const started = Date.now();
  const { workdir } = options;
  const distDir = join(workdir, 'out', 'dist');
  const findings: VerifierFinding[] = [];
  const context: BuildContext = { routesChecked: 0 };
  let built = false;

  if (shouldBuild(workdir, distDir, options.build ?? 'auto')) {
    built = true;
    const timeoutMs = options.buildTimeoutMs ?? DEFAULT_BUILD_TIMEOUT_MS;
    const outcome = await (options.runBuild ?? runAppBuild)(workdir, timeoutMs);
    if (outcome.timedOut) {
      findings.push({ kind: 'build-error', detail: `npm run build did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped. Its output ended with:\n${outputTail(outcome.output)}` });
    } else if (outcome.exitCode !== 0) {
      const location = firstBuildErrorLocation(outcome.output, workdir);
      const missingDependency = missingBuildDependency(outcome.output);
      if (location) context.location = location;
      if (missingDependency) context.missingDependency = missingDependency;
      findings.push({ kind: 'build-error', detail: `npm run build exited with ${outcome.exitCode === null ? 'no exit code' : `code ${outcome.exitCode}`}. Its output ended with:\n${outputTail(outcome.output)}` });
    }
  }

  const linked = ['out', join('out', 'dist')].find((path) => lstatSync(join(workdir, path), { throwIfNoEntry: false })?.isSymbolicLink());
  if (findings.length === 0 && linked) {
    // Served by the engine, outside the sandbox: a link would serve whatever it points at.
    findings.push({ kind: 'missing-build', detail: `${linked}/ is a link; the preview serves a real out/dist/ folder only` });
  } else if (findings.length === 0 && !existsSync(join(distDir, 'index.html'))) {
    const stray = ['dist', 'build'].find((name) => existsSync(join(workdir, name, 'index.html')));
    if (stray) context.strayBuildDir = stray;
    findings.push({ kind: 'missing-build', detail: existsSync(distDir) ? 'out/dist/ has no index.html' : 'there is no out/dist/ folder' });
  }

  if (findings.length === 0) {
    const framesDir = options.framesDir ?? mkdtempSync(join(tmpdir(), 'lhb-verify-'));
    try {
      const captured = await captureFrames({
        distDir,
        frames: options.frames,
        outDir: framesDir,
        timeoutMs: options.frameTimeoutMs ?? DEFAULT_FRAME_TIMEOUT_MS,
        ...(options.chromiumPath ? { chromiumPath: options.chromiumPath } : {}),
      });
      context.routesChecked = captured.length;
      for (const [i, frame] of captured.entries()) {
        const route = options.frames[i]!.targetRoute;
        for (const finding of frame.findings) findings.push({ kind: finding.kind, route, detail: finding.detail });
      }
    } finally {
      if (!options.framesDir) rmSync(framesDir, { recursive: true, force: true });
    }
  }

  return { ok: findings.length === 0, findings, nextAction: nextActionFor(findings, context), built, routesChecked: context.routesChecked, durationMs: Date.now() - started };
}

function shouldBuild(workdir: string, distDir: string, mode: 'auto' | 'always' | 'never'): boolean {
  if (mode === 'never' || buildScriptOf(workdir) === undefined) return false;
  if (mode === 'always' || !existsSync(join(distDir, 'index.html'))) return true;
  return scanSources(workdir).newestMtimeMs > scanTree(distDir).newestMtimeMs;
}
