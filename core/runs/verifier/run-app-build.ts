import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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

/** The `build` script of `<workdir>/package.json`, or undefined when there is none (or the file is not JSON). */
export function buildScriptOf(workdir: string): string | undefined {
  const file = join(workdir, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, unknown> };
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

/**
 * `npm run build` in the agent's folder, in its own process group so a timeout stops the
 * whole build (bundlers spawn workers). Never throws for a failing build: the outcome says.
 */
export function runAppBuild(workdir: string, timeoutMs: number): Promise<AppBuildOutcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.length > KEPT_OUTPUT_BYTES * 2) output = output.slice(-KEPT_OUTPUT_BYTES);
    };
    const child = spawn(npmCommand(), ['run', 'build'], {
      cwd: workdir,
      // npm's own chatter (update notices, funding) is not the build's.
      env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0', npm_config_update_notifier: 'false', npm_config_fund: 'false' },
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
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let settled = false;
    const done = (exitCode: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
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
