import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LHB_NODE_ARGS } from './cli/lhb-child-process.fixture.ts';

const SECRET = 'serve-env-secret-6021';

/**
 * A command as an ordinary user runs it. Run as root, both lhb and the reader become one
 * unprivileged uid: root's reader would pass through CAP_SYS_PTRACE, and a root reader with its
 * capabilities dropped is kept out of root's processes anyway (its capabilities are not a
 * superset of theirs), so only the same ordinary uid on both sides shows what non-dumpable adds.
 */
const NOBODY = 65534;
function asOrdinaryUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', command, ...args]] : [command, args];
}

/** Reads another process's environ and a writable stretch of its memory, as a process of the same user. */
function readAs(pid: number): { environ: string; mem: string } {
  const script = `
    const { readFileSync, openSync, readSync } = require('node:fs');
    const tryRead = (action) => { try { return 'READ ' + action(); } catch (error) { return error.code + ': ' + error.message; } };
    const environ = tryRead(() => readFileSync('/proc/${pid}/environ', 'latin1'));
    const mem = tryRead(() => {
      const region = readFileSync('/proc/${pid}/maps', 'utf8').split('\\n').find((line) => line.includes(' rw'));
      if (!region) throw Object.assign(new Error('no writable mapping listed'), { code: 'NOMAPS' });
      const buffer = Buffer.alloc(4096);
      readSync(openSync('/proc/${pid}/mem', 'r'), buffer, 0, buffer.length, Number.parseInt(region.split('-')[0], 16));
      return buffer.toString('hex').slice(0, 64);
    });
    process.stdout.write(JSON.stringify({ environ, mem }));`;
  const [command, args] = asOrdinaryUser(process.execPath, ['-e', script]);
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 });
  if (result.status !== 0) throw new Error(`the reader failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { environ: string; mem: string };
}

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe.runIf(process.platform === 'linux')('lhb processes that hold secrets are not dumpable', () => {
  it('a same-user process cannot read a running lhb serve’s environment or memory (its launch token)', { timeout: 60_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'lhb-non-dumpable-'));
    chmodSync(dir, 0o777); // the ordinary user's workspace goes here
    const [command, args] = asOrdinaryUser(process.execPath, [...LHB_NODE_ARGS, 'serve', '--port', '0', '--no-open', '--workspace', join(dir, 'ws')]);
    const child = spawn(command, args, {
      env: { ...process.env, LHB_TEST_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('LH-Bench Studio at ')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`serve exited early with ${code}: ${stderr}`)));
      });
      // setpriv execs lhb in its own process: the pid is lhb's.
      const seen = readAs(child.pid!);
      expect(seen.environ).toMatch(/^EACCES/);
      expect(seen.environ).not.toContain(SECRET);
      expect(seen.mem).toMatch(/^(EACCES|EPERM)/);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('the processes an lhb process starts are dumpable again (execve resets it), so the engine still watches its runs', () => {
    const script = `
      import { makeProcessNonDumpable, processIsDumpable } from ${JSON.stringify(fileURLToPath(new URL('./non-dumpable-process.ts', import.meta.url)))};
      import { execFileSync } from 'node:child_process';
      const outcome = makeProcessNonDumpable();
      const child = execFileSync(process.execPath, ['--import', 'tsx', '-e', ${JSON.stringify(`import { processIsDumpable } from ${JSON.stringify(fileURLToPath(new URL('./non-dumpable-process.ts', import.meta.url)))}; process.stdout.write(String(processIsDumpable()))`)}], { encoding: 'utf8' });
      process.stdout.write(JSON.stringify({ outcome, self: processIsDumpable(), child }));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ outcome: { nonDumpable: true }, self: false, child: 'true' });
  });
});
