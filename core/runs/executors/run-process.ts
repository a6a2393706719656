import { spawn } from 'node:child_process';
import { existsSync, type WriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { HarnessInvocation } from '../harnesses/harness-adapter.ts';
import { randomUUID } from 'node:crypto';
import { killByRunMarker, killProcessTree, ProcessTreeWatch, RUN_MARKER_VARIABLE, untilEnded, type SignalledProcess } from './process-tree.ts';
import type { RunSandbox } from '../../../schemas/studies.ts';
import { launchSandbox, SandboxUnavailableError, type LaunchedSandbox } from '../sandbox/launch-sandbox.ts';
import type { LimitHit } from '../sandbox/run-resource-limits.ts';
import { runAgentFolders, type SandboxPlan } from '../sandbox/sandbox-plan.ts';
import { createRunFileWriteStream } from '../run-file.ts';
import { watchRunFolderDisk, type RunFolderDiskWatch } from '../sandbox/run-folder-disk-watch.ts';
import { sandboxedAppBuild, unsandboxedAppBuild } from '../verifier/sandboxed-app-build.ts';
import { startVerifierService } from '../verifier/verifier-service.ts';

export interface RunProcessOptions {
  invocation: HarnessInvocation;
  /** The transcript: the harness's stdout, written as it arrives. */
  stdoutFile: string;
  stderrFile: string;
  timeoutMs: number;
  /** Bytes of stdout + stderr kept; past it the run is stopped (an agent flooding its output). */
  maxOutputBytes: number;
  signal?: AbortSignal;
  /** Called with the child's pid as soon as it exists (recorded so a later resume can clean up after a crash). */
  onSpawn?: (pid: number) => void;
  /** Each complete stdout line, for live progress (steps, last event). */
  onLine?: (line: string) => void;
  /** The run's sandbox; null runs the harness as an ordinary process (`--no-sandbox`). */
  sandbox: { plan: SandboxPlan; runKey: string } | null;
  /** The run folder: when the engine set the verifier up there (verifier/verify.json), its service runs while the harness does. */
  runFolder?: string;
}

export interface ProcessOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  cancelled: boolean;
  outputCapped: boolean;
  /** The spawn itself failed (executable missing, not executable). */
  spawnError: string | null;
  durationMs: number;
  stdoutBytes: number;
  /** The last few KB of stderr, for error classification and messages. */
  stderrTail: string;
  /** The executor lost the run (a batch job that vanished, or ended without reporting): why, with the scheduler's output. */
  lostReason?: string;
  /** The sandbox it ran in, as it ran (absent: an outcome written before the sandbox existed). */
  sandbox?: RunSandbox;
  /** The sandbox could not be made here (bwrap missing, user namespaces off): what is missing and how to install it. */
  sandboxError?: string;
  /** A cgroup counted the run hitting its memory or process limit, or its folder outgrew its disk limit. */
  limitHit?: LimitHit;
  /**
   * The harness CLI's version, asked where the run ran (a Slurm node) of the binary it ran there;
   * absent when the executor did not ask (a local run: the engine asked the same binary).
   */
  harnessVersion?: HarnessVersionAsked;
}

/** A CLI's version as asked, or why there is none. */
export interface HarnessVersionAsked {
  version: string | null;
  problem: string | null;
}

const KILL_GRACE_MS = 2_000;
const PDEATHSIG_WRAPPER = process.platform === 'linux' && existsSync('/usr/bin/setpriv') ? '/usr/bin/setpriv' : undefined;
/** How often the process tree is sampled, so processes that leave it can still be killed. */
const TREE_SAMPLE_MS = 500;
const STDERR_TAIL_BYTES = 8 * 1024;
/** After the harness exits, how long its output pipes may take to drain before they are closed. */
const DRAIN_MS = 2_000;
/** How many more DRAIN_MS the pipes are left open while their output is still being written to disk. */
const DRAIN_WAITS_FOR_DISK = 30;

/**
 * Runs one harness to its end, its timeout, a cancel or its output cap, whichever comes first.
 * Output streams to files (never held in memory); on timeout, cancel or flood the whole process
 * tree gets SIGTERM, then SIGKILL after a short grace.
 */
export async function runProcess(options: RunProcessOptions): Promise<ProcessOutcome> {
  const { invocation } = options;
  const notStarted = { exitCode: null, signal: null, timedOut: false, cancelled: false, outputCapped: false, spawnError: null, durationMs: 0, stdoutBytes: 0, stderrTail: '' };
  if (invocation.command.includes('/') && !existsSync(invocation.command)) return { ...notStarted, spawnError: `${invocation.command} does not exist` };
  if (!options.sandbox) {
    const runFolder = options.runFolder;
    const verifier = runFolder ? await startVerifierService({ runFolder, linkIntoRun: true, buildRunner: (signal) => unsandboxedAppBuild(runFolder, invocation.env, signal) }) : undefined;
    try {
      const { outcome } = await runStarted(options, undefined, undefined);
      const { diskLimitHit: _, ...rest } = outcome;
      return { ...rest, sandbox: { mode: 'none', network: null, limits: null } };
    } finally {
      await verifier?.close();
    }
  }
  const { plan, runKey } = options.sandbox;
  let sandbox: LaunchedSandbox;
  // The verifier's checks: asked for from inside, done by the engine, the agent's build in a sandbox of its own.
  const verifier = options.runFolder ? await startVerifierService({ runFolder: options.runFolder, buildRunner: (signal) => sandboxedAppBuild(plan, runKey, invocation.env, signal) }) : undefined;
  try {
    sandbox = await launchSandbox(plan, invocation, runKey, verifier ? { verifierDir: verifier.dir } : {});
  } catch (error) {
    await verifier?.close();
    if (!(error instanceof SandboxUnavailableError)) throw error;
    return { ...notStarted, sandboxError: error.message };
  }
  try {
    const { diskBytes } = options.sandbox.plan.limits;
    // What the agent can write: its folders of the run (the engine's own files there are held to maxOutputBytes).
    const disk = diskBytes ? { folders: runAgentFolders(options.sandbox.plan.runFolder), bytes: diskBytes } : undefined;
    const { outcome, diskWatch } = await runStarted(options, sandbox, disk);
    // Written past the limit between two walks and ended before the next: still over it.
    const overDisk = outcome.diskLimitHit || (disk !== undefined && diskWatch !== undefined && (await diskWatch.measure()) > disk.bytes);
    const limitHit = overDisk ? 'disk' : sandbox.limitHit();
    const { diskLimitHit: _, ...rest } = outcome;
    const refusedHosts = sandbox.refusedHosts();
    return { ...rest, sandbox: { ...sandbox.record, ...(refusedHosts.length > 0 ? { refusedHosts } : {}) }, ...(limitHit ? { limitHit } : {}) };
  } finally {
    await verifier?.close();
    await sandbox.close();
  }
}

type StartedOutcome = { outcome: ProcessOutcome & { diskLimitHit: boolean }; diskWatch: RunFolderDiskWatch | undefined };

function runStarted(options: RunProcessOptions, sandbox: LaunchedSandbox | undefined, disk: { folders: string[]; bytes: number } | undefined): Promise<StartedOutcome> {
  const started = Date.now();
  const { invocation } = options;
  return new Promise<StartedOutcome>((resolve) => {
    // Created afresh: a link planted at the name (by an earlier turn) is removed, never written through.
    const stdout = createRunFileWriteStream(options.stdoutFile);
    const stderr = createRunFileWriteStream(options.stderrFile);
    let written = 0;
    let stdoutBytes = 0;
    let stderrTail = '';
    let timedOut = false;
    let cancelled = false;
    let outputCapped = false;
    let diskLimitHit = false;
    let spawnError: string | null = null;
    let lineRest = '';
    let killTimer: NodeJS.Timeout | undefined;

    // On Linux the harness gets SIGKILL if this process dies (setpriv --pdeathsig), so a crashed
    // engine leaves no agent working unwatched; its leftovers are cleaned up on resume.
    const launched = sandbox ?? invocation;
    const [command, args] = PDEATHSIG_WRAPPER ? [PDEATHSIG_WRAPPER, ['--pdeathsig', 'KILL', '--', launched.command, ...launched.args]] : [launched.command, launched.args];
    const marker = randomUUID();
    const child = spawn(command, args, {
      cwd: invocation.cwd,
      env: { ...launched.env, [RUN_MARKER_VARIABLE]: marker },
      detached: true, // its own process group, so the whole tree can be killed
      stdio: ['pipe', 'pipe', 'pipe'],
    });

    const stop = (why: 'timeout' | 'cancel' | 'flood' | 'disk') => {
      if (child.pid === undefined || killTimer) return;
      if (why === 'timeout') timedOut = true;
      else if (why === 'cancel') cancelled = true;
      else if (why === 'disk') diskLimitHit = true;
      else outputCapped = true;
      watch?.sample();
      killProcessTree(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => killProcessTree(child.pid!, 'SIGKILL'), KILL_GRACE_MS);
    };

    const timeout = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('cancel');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) queueMicrotask(onAbort);

    // Backpressure: while a file has more queued than its stream's buffer, the harness's pipe is
    // not read, so a harness printing faster than the disk takes it waits instead of the engine
    // holding its output in memory; the pipe is read again once the file has drained.
    let waitingForDisk = 0;
    const keep = (stream: WriteStream, source: Readable, chunk: Buffer): boolean => {
      if (outputCapped) return false;
      if (written + chunk.length > options.maxOutputBytes) {
        const room = Math.max(0, options.maxOutputBytes - written);
        if (room > 0) stream.write(chunk.subarray(0, room));
        written = options.maxOutputBytes;
        stop('flood');
        return false;
      }
      written += chunk.length;
      if (!stream.write(chunk) && !source.isPaused()) {
        source.pause();
        waitingForDisk++;
        stream.once('drain', () => {
          waitingForDisk--;
          source.resume();
        });
      }
      return true;
    };

    const watch = child.pid === undefined ? undefined : new ProcessTreeWatch(child.pid);
    const diskWatch = disk && child.pid !== undefined ? watchRunFolderDisk(disk.folders, disk.bytes, () => stop('disk')) : undefined;
    const sampler = setInterval(() => watch?.sample(), TREE_SAMPLE_MS);
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    child.stdout.on('data', (chunk: Buffer) => {
      if (!keep(stdout, child.stdout, chunk)) return;
      stdoutBytes += chunk.length;
      if (!options.onLine) return;
      const text = lineRest + chunk.toString('utf8');
      const lines = text.split('\n');
      lineRest = lines.pop() ?? '';
      if (lineRest.length > 1024 * 1024) lineRest = ''; // progress only; the file keeps the whole line
      for (const line of lines) if (line.length > 0) options.onLine(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (!keep(stderr, child.stderr, chunk)) return;
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    child.stdin.on('error', () => {
      // a harness that exits without reading its stdin
    });
    if (invocation.stdin !== undefined) child.stdin.end(invocation.stdin);
    else child.stdin.end();

    child.on('error', (error) => {
      spawnError = `${invocation.command}: ${error.message}`;
    });
    let exited: { exitCode: number | null; sig: NodeJS.Signals | null } | undefined;
    // What the harness left running, killed as it exited: the run settles once they have ended.
    const leftBehind: SignalledProcess[] = [];
    let settled = false;
    const settle = () => {
      if (settled || !exited) return;
      settled = true;
      clearTimeout(timeout);
      clearTimeout(killTimer);
      clearTimeout(drainTimer);
      clearInterval(sampler);
      diskWatch?.stop();
      options.signal?.removeEventListener('abort', onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      let open = 2;
      const done = () => {
        open -= 1;
        if (open > 0) return;
        const durationMs = Date.now() - started;
        void untilEnded(leftBehind).then(() => resolve({ outcome: { exitCode: exited!.exitCode, signal: exited!.sig, timedOut, cancelled, outputCapped, diskLimitHit, spawnError, durationMs, stdoutBytes, stderrTail }, diskWatch }));
      };
      stdout.end(done);
      stderr.end(done);
    };
    let drainTimer: NodeJS.Timeout | undefined;
    child.on('exit', (exitCode, sig) => {
      exited = { exitCode, sig };
      // Anything the harness left behind (a server it started, a background build, a daemon
      // holding its stdout open) goes too; then its output is drained, briefly.
      if (child.pid !== undefined) leftBehind.push(...killProcessTree(child.pid, 'SIGKILL'));
      leftBehind.push(...(watch?.killSeen() ?? []), ...killByRunMarker(marker));
      // Output still being written to its file is the run's: the pipes are not cut while it is (a minute at most).
      let drainWaits = 0;
      const settleOnceDrained = () => {
        if (waitingForDisk > 0 && ++drainWaits <= DRAIN_WAITS_FOR_DISK) drainTimer = setTimeout(settleOnceDrained, DRAIN_MS);
        else settle();
      };
      drainTimer = setTimeout(settleOnceDrained, DRAIN_MS);
    });
    child.on('close', () => settle());
    child.on('error', () => {
      if (!exited) {
        exited = { exitCode: null, sig: null };
        settle();
      }
    });
  });
}
