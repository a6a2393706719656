import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArenaItem } from '../../schemas/arena.ts';
import { demoDatasetDir } from '../app-paths.ts';
import { createApi, type Api } from '../api/create-api.ts';
import { importBundles } from '../runs/bundles/import-bundles.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { startHttpServer, type RunningHttpServer } from './http-server.ts';
import { SLIDE_SYNC_SCRIPT, withSlideSyncBridge } from './slide-sync-bridge.ts';
import { appContentSecurityPolicy } from './static-files.ts';

let dir: string;
let api: Api;
let server: RunningHttpServer;
let item: ArenaItem;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-assets-'));
  api = createApi(openWorkspace(dir));
  await importBundles(api.context.workspace, [join(demoDatasetDir, 'arena')], { captureMissingFrames: false });
  server = await startHttpServer({ api, rendererDir: join(dir, 'no-renderer'), token: 't'.repeat(32) });
  const annotator = await api.call('arena.createAnnotator', { name: 'Ada' });
  // The Figma task's pair: skip the programmatic one if it comes first.
  for (;;) {
    const next = (await api.call('arena.nextPair', { annotatorId: annotator.id })).item!;
    if (next.kind === 'figma') {
      item = next;
      break;
    }
    await api.call('arena.vote', { token: next.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 1 });
  }
});

afterAll(async () => {
  await server.close();
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET with an explicit Host header (fetch will not let a test forge one). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: target.port, path: target.pathname, method, headers: { host: target.host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the arena asset server', () => {
  it('serves ground truth and frames as PNGs under the presentation token, sandboxed by CSP', async () => {
    expect(server.assetOrigin).toMatch(/^http:\/\/localhost:\d+$/);
    for (const url of [item.frames[0]!.gtUrl!, item.left.frameUrls[0]!, item.right.frameUrls[2]!]) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.body.subarray(1, 4).toString()).toBe('PNG');
      expect(res.headers['content-security-policy']).toMatch(/^sandbox allow-scripts allow-forms; /);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('serves each side\'s build at the root of its own origin, routes included', async () => {
    const left = new URL(item.left.siteUrl!);
    const right = new URL(item.right.siteUrl!);
    expect(left.hostname).toBe(`${item.token}-left.localhost`);
    expect(right.origin).not.toBe(left.origin);
    const home = await get(item.left.siteUrl!);
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(home.headers['content-security-policy']).toContain(`frame-ancestors http://127.0.0.1:${server.port}`);
    const pricing = await get(`${left.origin}/pricing`);
    expect(pricing.status).toBe(200);
    expect(pricing.body.toString()).not.toBe(home.body.toString());
    expect((await get(`${left.origin}/no-such-file.css`)).status).toBe(404);
    expect((await get(`${left.origin}/../../run.json`)).status).toBe(404);
  });

  it("adds the slide-sync relay, and only it, as the first script of a live build's HTML pages; nothing else it serves changes", async () => {
    const left = new URL(item.left.siteUrl!);
    const home = await get(item.left.siteUrl!);
    const page = home.body.toString('utf8');
    expect(page).toContain(SLIDE_SYNC_SCRIPT);
    // Before any of the page's own scripts, after its doctype and <head>.
    expect(page.indexOf('<script')).toBe(page.indexOf(SLIDE_SYNC_SCRIPT));
    expect(page.slice(0, page.indexOf(SLIDE_SYNC_SCRIPT))).toMatch(/^<!doctype html>\s*<html[^>]*>\s*<head>$/i);
    expect(Number(home.headers['content-length'])).toBe(home.body.length);
    // The relay is the only difference from the page the agent built, and the sandbox is the same.
    const asBuilt = readFileSync(api.arenaAsset(`${item.token}/left/site/`)!.file, 'utf8');
    expect(page.replace(SLIDE_SYNC_SCRIPT, '')).toBe(asBuilt);
    expect(home.headers['content-security-policy']).toMatch(/^sandbox allow-scripts allow-forms; /);
    // Images and frames are served byte for byte.
    const frame = await get(item.left.frameUrls[0]!);
    expect(frame.body.includes(Buffer.from('lhbSlideSync'))).toBe(false);
    expect((await get(`${left.origin}/pricing`)).body.toString()).toContain(SLIDE_SYNC_SCRIPT);
  });

  it('puts the relay after a doctype, never before it, in a page without <head> or <html>, and keeps other bytes as they were', () => {
    expect(withSlideSyncBridge(Buffer.from('<!DOCTYPE html><p>caf\xe9</p>', 'latin1')).toString('latin1')).toBe(`<!DOCTYPE html>${SLIDE_SYNC_SCRIPT}<p>caf\xe9</p>`);
    expect(withSlideSyncBridge(Buffer.from('<html lang="en"><body>x</body></html>')).toString()).toBe(`<html lang="en">${SLIDE_SYNC_SCRIPT}<body>x</body></html>`);
    expect(withSlideSyncBridge(Buffer.from('<HEAD data-x="1"><title>t</title>')).toString()).toBe(`<HEAD data-x="1">${SLIDE_SYNC_SCRIPT}<title>t</title>`);
  });

  it('refuses unknown tokens, other hosts and other methods, and answers byte ranges', async () => {
    const origin = server.assetOrigin!;
    const port = new URL(origin).port;
    expect((await get(`${origin}/a/${'0'.repeat(32)}/gt/0`)).status).toBe(404);
    expect((await get(`http://${'0'.repeat(32)}-left.localhost:${port}/`)).status).toBe(404);
    expect((await get(item.frames[0]!.gtUrl!, { host: `evil.example:${port}` })).status).toBe(403);
    expect((await get(`${origin}/rpc/workspace.info`)).status).toBe(404);
    expect((await get(item.frames[0]!.gtUrl!, {}, 'POST')).status).toBe(405);
    const part = await get(item.frames[0]!.gtUrl!, { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(part.body).toHaveLength(8);
    expect(part.headers['content-range']).toMatch(/^bytes 0-7\/\d+$/);
  });

  it('is the only origin the app page may frame or show images and videos from', () => {
    const policy = appContentSecurityPolicy(server.assetOrigin);
    expect(policy).toContain(`frame-src ${server.assetOrigin} http://*.localhost:${new URL(server.assetOrigin!).port};`);
    expect(policy).toContain(`img-src 'self' data: blob: ${server.assetOrigin}`);
    expect(appContentSecurityPolicy()).toContain("frame-src 'none'");
  });
});
