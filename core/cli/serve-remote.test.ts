import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

// `lhb serve --host` as a user types it.

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const tempDir = () => (dir = mkdtempSync(join(tmpdir(), 'lhb-serve-remote-')));

describe('lhb serve --host beyond loopback', () => {
  it('refuses without --allow-remote, before touching the workspace, and says what to do', () => {
    const workspace = join(tempDir(), 'workspace');
    const result = spawnSync(process.execPath, [...LHB_NODE_ARGS, 'serve', '--host', '0.0.0.0', '--port', '0', '--no-open', '--workspace', workspace], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('refusing to serve on 0.0.0.0');
    expect(result.stderr).toContain('Nothing was started and the workspace was not opened');
    expect(result.stderr).toContain('add --allow-remote');
    expect(existsSync(workspace)).toBe(false);
  });

  it('with --allow-remote prints an address that answers (not 0.0.0.0) and warns on stderr that traffic is clear text', async () => {
    const workspace = join(tempDir(), 'workspace');
    const child = spawn(process.execPath, [...LHB_NODE_ARGS, 'serve', '--host', '0.0.0.0', '--allow-remote', '--port', '0', '--no-open', '--workspace', workspace], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /^LH-Bench Studio at (http:\/\/\S+)\n/.exec(stdout);
          if (match?.[1]) resolve(match[1]);
        });
        child.on('exit', (code) => reject(new Error(`serve exited early with ${code}: ${stderr}`)));
      });
      const { origin, hostname, hash } = new URL(url);
      expect(hostname).not.toBe('0.0.0.0');
      // fetch sends the Host header of the address itself, as a browser opening it would.
      const response = await fetch(`${origin}/rpc/workspace.info`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${hash.slice('#token='.length)}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(200);
      // stderr is another pipe: the warning may arrive after the URL line.
      await vi.waitFor(() => expect(stderr).toContain('Traffic is clear text'), { timeout: 30_000 });
      expect(stderr).toContain('TLS reverse proxy');
      expect(stderr).toContain('Other machines cannot import by path');
      expect(stdout.trim().split('\n')).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
