import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface LaunchedApp {
  url: string;
  workspace: string;
  /** The app's process id, for specs that stop it as a crash or a closed terminal would. */
  pid: number;
  stdout: () => string;
  stderr: () => string;
  stop(): Promise<void>;
}

const URL_LINE = /^LH-Bench Studio at (http:\/\/\S+)$/m;

/**
 * Starts the app the way a user does (a node script from package.json's verbs), on a free port
 * and a fresh temp workspace, and resolves with the URL line it prints.
 */
export async function launchApp(script: string[], options: { env?: NodeJS.ProcessEnv; project?: string } = {}): Promise<LaunchedApp> {
  const workspace = mkdtempSync(join(tmpdir(), 'lhb-e2e-'));
  // A workspace of the user's own (lhb init: the named project, no demo) instead of the demo's first start.
  if (options.project !== undefined) execFileSync(process.execPath, ['bin/lhb.mjs', 'init', workspace, '--project', options.project], { cwd: repoRoot, stdio: 'ignore', timeout: 120_000 });
  const child = spawn(process.execPath, [...script, '--port', '0', '--no-open', '--workspace', workspace], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const waitForUrl = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No URL line within 60 s.\nstdout: ${out}\nstderr: ${err}`)), 60_000);
    const check = () => {
      const match = URL_LINE.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The app exited (${code}) before printing its URL.\nstdout: ${out}\nstderr: ${err}`));
    });
  });
  let url: string;
  try {
    url = await waitForUrl;
  } catch (error) {
    await stopChild(child);
    rmSync(workspace, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    workspace,
    pid: child.pid!,
    stdout: () => out,
    stderr: () => err,
    stop: async () => {
      await stopChild(child);
      rmSync(workspace, { recursive: true, force: true });
    },
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
