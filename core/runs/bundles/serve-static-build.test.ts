import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeResolution, serveStaticBuild, type StaticBuildServer } from './serve-static-build.ts';

let root: string;
let dist: string;
let server: StaticBuildServer | undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-serve-build-'));
  dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'style.css'), 'body{}');
  writeFileSync(join(root, 'secret.txt'), 'outside the build');
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(root, { recursive: true, force: true });
});

/** node:http rather than fetch: fetch normalises `..` out of paths before sending. */
function get(path: string, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  const running = server!;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: running.port, path, method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveStaticBuild', () => {
  it('serves files with their content types on its own loopback origin', async () => {
    server = await serveStaticBuild(dist);
    expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
    const js = await get('/assets/app.js');
    expect(js).toMatchObject({ status: 200, text: 'console.log(1)' });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/assets/style.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    const index = await get('/');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.text).toContain('<title>app</title>');
  });

  it('falls back to index.html for extension-less routes but 404s a missing file', async () => {
    server = await serveStaticBuild(dist);
    expect((await get('/settings/profile?tab=1')).text).toContain('<title>app</title>');
    expect((await get('/missing.html')).status).toBe(404);
  });

  it('tells a route with its own page from one answered by the fallback, and from a 404', async () => {
    mkdirSync(join(dist, 'pricing'));
    writeFileSync(join(dist, 'pricing', 'index.html'), '<!doctype html><title>pricing</title>');
    expect(await routeResolution(dist, '/')).toBe('page');
    expect(await routeResolution(dist, '/pricing')).toBe('page');
    expect(await routeResolution(dist, '/assets/app.js')).toBe('page');
    expect(await routeResolution(dist, '/team')).toBe('fallback');
    expect(await routeResolution(dist, '/team.html')).toBe('missing');
  });

  it('refuses paths and symlinks that leave the build', async () => {
    symlinkSync(join(root, 'secret.txt'), join(dist, 'leak.txt'));
    server = await serveStaticBuild(dist);
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2Fsecret.txt', '/assets/..%2F..%2Fsecret.txt', '/leak.txt', '/a%00.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('outside the build');
    }
  });

  it('sends nothing of ours and answers only GET and HEAD', async () => {
    server = await serveStaticBuild(dist);
    const res = await get('/');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(Object.keys(res.headers).filter((h) => /token|cookie|auth/i.test(h))).toEqual([]);
    expect((await get('/', 'POST')).status).toBe(405);
    const head = await get('/assets/app.js', 'HEAD');
    expect(head).toMatchObject({ status: 200, text: '' });
  });
});
