import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readWholeRunFile } from '../run-file.ts';

/** Bytes of build output kept (the tail: where compilers print the error that stopped them). */
const KEPT_OUTPUT_BYTES = 64 * 1024;
const KILL_GRACE_MS = 2_000;

export interface AppBuildOutcome {
  exitCode: number | null;
  timedOut: boolean;
  /** stdout and stderr interleaved as they arrived; the last 64 KB. */
  output: string;
  durationMs: number;
}

/** A package.json larger than this is not an app's manifest: read as having no build script. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/**
 * The `build` script of `<workdir>/package.json`, or undefined when there is none (or the file is
 * not JSON). The engine reads it outside the sandbox, so a link, a FIFO or a device planted there
 * by the agent counts as no manifest: never followed, never waited on, never read past 1 MB.
 */
export function buildScriptOf(workdir: string): string | undefined {
  try {
    const bytes = readWholeRunFile(join(workdir, 'package.json'), MAX_MANIFEST_BYTES);
    if (bytes === undefined) return undefined;
    const manifest = JSON.parse(bytes.toString('utf8')) as { scripts?: Record<string, unknown> };
    const script = manifest.scripts?.build;
    return typeof script === 'string' && script.trim() !== '' ? script : undefined;
  } catch {
    return undefined;
  }
}

/** npm beside the node that runs us (the harness's PATH may lack it), else npm from PATH. */
function npmCommand(): string {
  const beside = join(dirname(process.execPath), 'npm');
  return existsSync(beside) ? beside : 'npm';
}

/** How a build is started: a command, its arguments and its whole environment. */
export interface AppBuildCommand {
  command: string;
  args: string[];
  env: Record<string, string | undefined>;
}

/** Runs the agent's build in its folder, within `timeoutMs`; the engine's runs it in a sandbox (sandboxed-app-build.ts). */
export type AppBuildRunner = (workdir: string, timeoutMs: number) => Promise<AppBuildOutcome>;

/** `npm run build` with the environment given, npm's own chatter (update notices, funding) turned off. */
export function npmRunBuild(env: Record<string, string | undefined>): AppBuildCommand {
  return { command: npmCommand(), args: ['run', 'build'], env: { ...env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0', npm_config_update_notifier: 'false', npm_config_fund: 'false' } };
}

/**
 * `npm run build` in the agent's folder (or `command`, a build wrapped in its sandbox), in its
 * own process group so a timeout stops the whole build (bundlers spawn workers). Never throws for
 * a failing build: the outcome says.
 */
export function runAppBuild(workdir: string, timeoutMs: number, command: AppBuildCommand = npmRunBuild(process.env), signal?: AbortSignal): Promise<AppBuildOutcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.length > KEPT_OUTPUT_BYTES * 2) output = output.slice(-KEPT_OUTPUT_BYTES);
    };
    const child = spawn(command.command, command.args, {
      cwd: workdir,
      env: command.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let timedOut = false;
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS).unref();
    }, timeoutMs);
    const onAbort = () => {
      output += '\nThe run ended, so its check was stopped.\n';
      killGroup('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) queueMicrotask(onAbort);
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let settled = false;
    const done = (exitCode: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // Anything the build left running in its group (a watcher, a server) goes with it.
      killGroup('SIGKILL');
      resolve({ exitCode, timedOut, output: output.slice(-KEPT_OUTPUT_BYTES), durationMs: Date.now() - started });
    };
    child.once('error', (error) => {
      output += `\n${error.message}\n`;
      done(null);
    });
    child.once('close', (code) => done(code));
  });
}
