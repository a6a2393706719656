import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

let root: string;
let serve: ChildProcess | undefined;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-invite-address-'));
});
afterEach(() => {
  serve?.kill('SIGTERM');
  serve = undefined;
  rmSync(root, { recursive: true, force: true });
});

const lhb = (...args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args, '--workspace', join(root, 'ws')], { encoding: 'utf8', timeout: 90_000 });

function startServe(): Promise<string> {
  const child = spawn(process.execPath, [...LHB_NODE_ARGS, 'serve', '--port', '0', '--no-open', '--workspace', join(root, 'ws')], { stdio: ['ignore', 'pipe', 'pipe'] });
  serve = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /LH-Bench Studio at (\S+)/.exec(out)?.[1];
      if (url) resolve(new URL(url).origin);
    });
    child.on('exit', (code) => reject(new Error(`lhb serve exited with ${code}: ${out}`)));
  });
}

describe('lhb arena invite links to where lhb serve runs', () => {
  it('uses the running server\'s address (any port), and without one says to start it or pass --url', async () => {
    const origin = await startServe();
    expect(origin).not.toContain(':4477');
    const served = lhb('arena', 'invite', '--name', 'Ada', '--json');
    expect(served.status, served.stderr).toBe(0);
    const { link, invite } = JSON.parse(served.stdout) as { link: string; invite: { id: string } };
    expect(link.startsWith(`${origin}/#token=lhbv_`)).toBe(true);
    // The id as the CLI prints it short revokes it too.
    const revoked = lhb('arena', 'invites', '--revoke', invite.id.slice(0, 8), '--json');
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('revoked');

    serve!.kill('SIGTERM');
    await new Promise((resolve) => serve!.once('exit', resolve));
    serve = undefined;
    const unserved = lhb('arena', 'invite', '--name', 'Grace');
    expect(unserved.status).toBe(0);
    expect(unserved.stderr).toContain('none runs for this workspace now');
    expect(unserved.stderr).toContain('pass --url');
  }, 180_000);
});
