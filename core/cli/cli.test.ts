import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';

// Runs the CLI from its TypeScript source through tsx, so these tests need no build; e2e runs
// the compiled `bin/lhb.mjs`.
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const lhb = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

const temps: string[] = [];
const tempWorkspace = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-cli-'));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test spawns lhb through tsx, and the first run on a workspace seeds the demo data room: on
// the loaded CI machine one such run took 15 s, so a budget of seconds is not enough.
describe('lhb', { timeout: 120_000 }, () => {
  it('--help describes every command', () => {
    const result = lhb(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('serve');
    expect(result.stdout).toContain('info');
    expect(result.stdout).toContain('LHB_WORKSPACE');
  });

  it('serve --help describes its options', () => {
    const result = lhb(['serve', '--help']);
    expect(result.status).toBe(0);
    for (const option of ['--port', '--host', '--no-open', '--workspace']) expect(result.stdout).toContain(option);
  });

  it('refuses a bad port with a message that says what a port is', () => {
    const result = lhb(['serve', '--port', 'eighty']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('whole number from 0 to 65535');
  });

  it('info --json reports the seeded demo workspace, honouring LHB_WORKSPACE', () => {
    const workspace = tempWorkspace();
    const result = lhb(['info', '--json'], { LHB_WORKSPACE: workspace });
    expect(result.status).toBe(0);
    const info = JSON.parse(result.stdout) as { workspaceDir: string; project: { name: string }; counts: { sources: number } };
    expect(info.workspaceDir).toBe(workspace);
    expect(info.project.name).toBe('Demo: Evaluating a data-dashboard build');
    expect(info.counts.sources).toBe(4);
  });

  it('-w DIR names the workspace as --workspace DIR does, and wins over LHB_WORKSPACE', () => {
    const workspace = tempWorkspace();
    const result = lhb(['info', '-w', workspace, '--json'], { LHB_WORKSPACE: tempWorkspace() });
    expect(result.status, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { workspaceDir: string }).workspaceDir).toBe(workspace);
  });

  it('serve prints exactly one URL line, answers on it, and stops cleanly on SIGTERM', async () => {
    const workspace = tempWorkspace();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve', '--port', '0', '--no-open', '--workspace', workspace], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // A test that fails or runs out of time still stops its server (it would keep writing to the
    // workspace that afterEach removes).
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /^LH-Bench Studio at (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)\n/.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`serve exited early with ${code}`)));
    });
    const { origin, hash } = new URL(url);
    const response = await fetch(`${origin}/rpc/workspace.info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${hash.slice('#token='.length)}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { workspaceDir: string }).workspaceDir).toBe(workspace);
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
  });
});
