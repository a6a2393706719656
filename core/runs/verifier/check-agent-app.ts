import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { writeRunFile } from '../run-file.ts';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { FrameToCapture } from '../bundles/frame-capture.ts';
import { buildScriptOf, type AppBuildRunner } from './run-app-build.ts';
import { readVerifyConfig, verifierFolderOf } from './verify-config.ts';
import { verifyBuild } from './verify-build.ts';
import type { VerificationResult } from './verifier-finding.ts';
import { appendVerifierLog } from './verifier-log.ts';
import { workdirFingerprint } from './workdir-fingerprint.ts';

const STATE_FILE = 'verifier-state.json';
const LOCK_FILE = 'verifier.lock';
const FRAMES_DIR = 'verifier-frames';
/** A check waits this long for another one (a parallel tool call's hook) before giving up. */
const LOCK_WAIT_MS = 10 * 60_000;
const LOCK_POLL_MS = 150;
/** A lock file still empty after this long belongs to a process that died while creating it. */
const EMPTY_LOCK_STALE_MS = 5_000;

/** A task with no frames (a programmatic one) is checked at its root. */
const ROOT_ONLY: FrameToCapture[] = [{ nodeId: 'root', targetRoute: '/' }];

const StateSchema = z.object({ fingerprint: z.string(), result: z.custom<VerificationResult>((v) => typeof v === 'object' && v !== null) });

export interface CheckAgentAppOptions {
  workdir: string;
  /** Recorded with the findings: what asked for the check. */
  trigger: string;
  /** Check even when nothing changed since the last check. */
  force?: boolean;
  /** Say nothing (`nothing-to-check`) while the agent has neither out/dist/ nor a build script: there is no app yet. */
  quietBeforeFirstBuild?: boolean;
  chromiumPath?: string;
  /** How the build runs (the engine's verifier service: in a fresh sandbox of the run's). */
  runBuild?: AppBuildRunner;
  /** Aborted when the run ended: a check cut short then is neither logged nor kept as the state. */
  stopped?: AbortSignal;
}

export type CheckAgentAppOutcome =
  | { status: 'checked'; result: VerificationResult }
  /** Sources and out/dist/ are as they were at the last check; its result is given again. */
  | { status: 'unchanged'; result: VerificationResult }
  | { status: 'nothing-to-check' };

/**
 * One verification of a run's app, as the hook and the MCP tool ask for it: at most one at a
 * time per run (parallel tool calls' hooks wait their turn), skipped when nothing changed since
 * the last one, and each that ran appended to the run's verifier-findings.jsonl (in the run's
 * verifier folder, which only the engine writes). Without the engine's verify.json (a folder
 * checked by hand) it checks `/` and keeps no state.
 */
export async function checkAgentApp(options: CheckAgentAppOptions): Promise<CheckAgentAppOutcome> {
  const { workdir } = options;
  const folder = verifierFolderOf(workdir);
  const config = readVerifyConfig(folder);
  const nothingYet = () => options.quietBeforeFirstBuild === true && buildScriptOf(workdir) === undefined && !existsSync(join(workdir, 'out', 'dist'));
  if (!config) {
    if (nothingYet()) return { status: 'nothing-to-check' };
    const result = await verifyBuild({ workdir, frames: ROOT_ONLY, ...(options.chromiumPath ? { chromiumPath: options.chromiumPath } : {}), ...(options.runBuild ? { runBuild: options.runBuild } : {}) });
    return { status: 'checked', result };
  }

  return withLock(join(folder, LOCK_FILE), async () => {
    const before = workdirFingerprint(workdir);
    const state = readState(join(folder, STATE_FILE));
    if (!options.force && state?.fingerprint === before) return { status: 'unchanged', result: state.result };
    if (nothingYet()) return { status: 'nothing-to-check' };
    const checkedAt = new Date();
    const chromiumPath = options.chromiumPath ?? config.chromiumPath;
    const result = await verifyBuild({
      workdir,
      frames: config.frames,
      buildTimeoutMs: config.buildTimeoutSeconds * 1000,
      framesDir: join(folder, FRAMES_DIR),
      ...(chromiumPath ? { chromiumPath } : {}),
      ...(options.runBuild ? { runBuild: options.runBuild } : {}),
    });
    if (options.stopped?.aborted) throw new Error('the run ended during the check; it was stopped and not logged');
    // After the build: what it wrote is part of the state this result describes.
    writeRunFile(join(folder, STATE_FILE), `${JSON.stringify({ fingerprint: workdirFingerprint(workdir), result })}\n`);
    appendVerifierLog(folder, options.trigger, result, checkedAt);
    return { status: 'checked', result };
  });
}

function readState(file: string): z.infer<typeof StateSchema> | undefined {
  try {
    const parsed = StateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function withLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockIsStale(file)) {
        rmSync(file, { force: true });
        continue;
      }
      if (Date.now() - started > LOCK_WAIT_MS) {
        throw new Error(`Another check of this run has held ${file} for over ${LOCK_WAIT_MS / 60_000} minutes; this one gave up. Nothing was checked; remove the file if no lhb process is running.`, { cause: error });
      }
      await sleep(LOCK_POLL_MS);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(file, { force: true });
  }
}

function lockIsStale(file: string): boolean {
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (text === '') return Date.now() - statSync(file).mtimeMs > EMPTY_LOCK_STALE_MS;
    process.kill(Number(text), 0);
    return false;
  } catch (error) {
    // ESRCH: its process is gone. ENOENT: released meanwhile (the next try takes it). EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}
