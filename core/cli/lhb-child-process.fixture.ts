import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

export interface LhbChildResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `lhb ARGS` in a child process (TypeScript through tsx), with `env` over this process's
 * environment. Asynchronous, so local servers in the test's own process (fake judge APIs) can
 * answer while the child runs.
 */
export function runLhbChild(args: string[], env: NodeJS.ProcessEnv = {}): Promise<LhbChildResult> {
  return startLhbChild(args, env).ended;
}

/** `runLhbChild`, with the child itself, for a test that kills it midway. */
export function startLhbChild(args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; ended: Promise<LhbChildResult> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const ended = new Promise<LhbChildResult>((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  return { child, ended };
}
