import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNNER = fileURLToPath(new URL('./child-peak-memory-runner.fixture.ts', import.meta.url));

export interface ChildOutcome {
  /** returned: the call ended; threw: it threw (message); timed-out: killed after the guard; crashed: the process died. */
  outcome: 'returned' | 'threw' | 'timed-out' | 'crashed';
  value?: unknown;
  message?: string;
  /** The child's peak resident memory, main thread and workers together (undefined when it did not finish). */
  maxRssBytes?: number;
  stderr: string;
}

/**
 * Calls `exportName(...args)` of `module` in a child process of its own (TypeScript through tsx)
 * and reports how it ended and the process's peak memory, so a test can hold hostile input to a
 * memory budget, and a call that hangs (a named pipe opened) fails the test after `timeoutMs`
 * instead of hanging it.
 */
export function callInChildProcess(module: URL, exportName: string, args: unknown[], timeoutMs: number): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, JSON.stringify({ module: fileURLToPath(module), exportName, args })], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const guard = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', () => {
      clearTimeout(guard);
      if (timedOut) return resolve({ outcome: 'timed-out', stderr });
      const last = stdout.trim().split('\n').at(-1) ?? '';
      try {
        resolve({ ...(JSON.parse(last) as Omit<ChildOutcome, 'stderr'>), stderr });
      } catch {
        resolve({ outcome: 'crashed', stderr });
      }
    });
  });
}
