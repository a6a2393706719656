import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { freshSourceCopy } from './fresh-source-copy.ts';

let clone: string;
let scratch: string;
beforeEach(() => {
  clone = freshSourceCopy('lhb-first-start-test-');
  scratch = mkdtempSync(join(tmpdir(), 'lhb-first-start-scratch-'));
});
afterEach(() => {
  rmSync(clone, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

// A newcomer's first `npm start` builds, and the server opens (and seeds) its workspace while Vite
// builds the renderer; the URL it prints must open the app, so it is printed once the renderer is built.
it('says a fresh clone is being built for its first start, and prints the URL only once the app it opens is built', async () => {
  const child = spawn(process.execPath, ['build/start.mjs', '--port', '0', '--no-open', '--workspace', join(scratch, 'ws')], {
    cwd: clone,
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(scratch, 'no-electron') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /^LH-Bench Studio at (http:\/\/\S+)$/m.exec(out)?.[1];
      if (found) resolve(found);
    });
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}) before printing its URL.\nstdout: ${out}\nstderr: ${err}`)));
  });
  try {
    expect(out.split('\n')[0]).toBe('Building LH-Bench Studio for its first start…');
    expect(out).not.toContain('sources changed');
    // The renderer was done before the URL line came.
    expect(out.indexOf('build: vite (renderer) done')).toBeGreaterThan(-1);
    expect(out.indexOf('build: vite (renderer) done')).toBeLessThan(out.indexOf('LH-Bench Studio at'));
    const page = await fetch(new URL('/', url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const token = new URL(url).hash.replace('#token=', '');
    const info = await fetch(new URL('/rpc/workspace.info', url), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(info.status).toBe(200);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}, 180_000);
