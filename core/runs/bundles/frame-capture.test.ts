import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveChromiumPath } from './chromium-path.ts';
import { captureFrames, type CapturedFrame } from './frame-capture.ts';
import { frameCaptureFileName } from './frame-capture-file-name.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const chromiumPath = resolveChromiumPath();

/** A tiny SPA: one script renders a page per location.pathname, or fails on purpose. */
const APP_JS = `
const routes = {
  '/': 'Home',
  '/pricing': 'Pricing',
  '/about': 'About us',
};
const path = location.pathname;
if (path === '/crash') throw new Error('boom at load');
if (path === '/blank') { /* renders nothing */ }
else if (path === '/offline') {
  document.body.innerHTML = '<main><h1>Offline</h1></main>';
  const other = 'http://127.0.0.1:' + new URLSearchParams(location.search).get('port');
  fetch('https://example.com/track').catch(() => undefined);
  fetch(other + '/beacon').catch(() => undefined);
  const img = document.createElement('img');
  img.src = other + '/pixel.png';
  document.body.append(img);
} else if (routes[path]) {
  document.body.innerHTML = '<main><h1>' + routes[path] + '</h1><p style="height:1200px">Content for ' + path + '</p></main>';
} else {
  document.body.innerHTML = '<main><h1>Unknown route</h1></main>';
}
`;

let root: string;
let dist: string;
let out: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-frame-capture-'));
  dist = join(root, 'dist');
  out = join(root, 'frames');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>t</title><script src="/app.js" defer></script></head><body></body></html>');
  writeFileSync(join(dist, 'app.js'), APP_JS);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  // IHDR is the first chunk: length(4) type(4) then width and height, big-endian.
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const kinds = (frame: CapturedFrame | undefined) => (frame?.findings ?? []).map((f) => f.kind);

describe('captureFrames', { timeout: 60_000 }, () => {
  it('writes one 2× full-page PNG per frame with no findings for healthy routes', async () => {
    const frames = [
      { nodeId: '1:2', targetRoute: '/' },
      { nodeId: '1:3', targetRoute: '/pricing', viewport: { width: 800, height: 600 } },
      { nodeId: '1:4', targetRoute: '/about', viewport: { width: 390, height: 844 } },
    ];
    const results = await captureFrames({ distDir: dist, frames, outDir: out, chromiumPath });

    expect(results.map((r) => r.nodeId)).toEqual(['1:2', '1:3', '1:4']);
    for (const [i, result] of results.entries()) {
      expect(result.findings).toEqual([]);
      expect(result.path).toBe(join(out, frameCaptureFileName(frames[i]!.nodeId)));
      const size = pngSize(result.path!);
      expect(size.width).toBe((frames[i]!.viewport?.width ?? 1440) * 2);
      // Full page: the 1200px paragraph makes every page taller than its viewport.
      expect(size.height).toBeGreaterThan(1200 * 2);
    }
    expect(results[0]!.path).toBe(join(out, '1-2.png'));
  });

  it('flags a broken route, a blank page and a page that throws at load', async () => {
    const results = await captureFrames({
      distDir: dist,
      frames: [
        { nodeId: 'missing', targetRoute: '/missing.html' },
        { nodeId: 'blank', targetRoute: '/blank' },
        { nodeId: 'crash', targetRoute: '/crash' },
        { nodeId: 'ok', targetRoute: '/' },
      ],
      outDir: out,
      chromiumPath,
    });
    const [missing, blank, crash, ok] = results;
    expect(kinds(missing)).toContain('broken-route');
    expect(missing!.findings.find((f) => f.kind === 'broken-route')?.detail).toContain('404');
    expect(kinds(blank)).toEqual(['blank-render']);
    expect(kinds(crash)).toContain('runtime-error');
    expect(crash!.findings.find((f) => f.kind === 'runtime-error')?.detail).toContain('boom at load');
    expect(kinds(ok)).toEqual([]);
    // Flagged frames still get a screenshot, so a reviewer can see what went wrong.
    for (const result of results) pngSize(result.path!);
  });

  it('flags a route a multi-page build has no page for, though the server falls back to index.html; a single-page app routes on the client', async () => {
    const spa = await captureFrames({ distDir: dist, frames: [{ nodeId: 'spa', targetRoute: '/team' }], outDir: out, chromiumPath });
    expect(kinds(spa[0])).toEqual([]);

    mkdirSync(join(dist, 'pricing'));
    writeFileSync(join(dist, 'pricing', 'index.html'), '<!doctype html><html><body><h1>Pricing</h1></body></html>');
    const site = await captureFrames({
      distDir: dist,
      frames: [
        { nodeId: 'pricing', targetRoute: '/pricing' },
        { nodeId: 'team', targetRoute: '/team' },
      ],
      outDir: out,
      chromiumPath,
    });
    expect(kinds(site[0])).toEqual([]);
    expect(kinds(site[1])).toEqual(['broken-route']);
    expect(site[1]!.findings[0]!.detail).toBe('/team has no page in this multi-page build; the server answered with index.html');
  });

  it('judges blankness by what would show: colour-only and hidden content are blank, a drawn box is not', async () => {
    const page = (body: string) => `<!doctype html><html><body style="margin:0;background:#fafafa">${body}</body></html>`;
    writeFileSync(join(dist, 'colour.html'), page(''));
    writeFileSync(join(dist, 'hidden.html'), page('<p style="visibility:hidden">secret</p><div style="display:none">x</div><span></span>'));
    writeFileSync(join(dist, 'box.html'), page('<div style="width:200px;height:100px;background:#3366ff"></div>'));
    const results = await captureFrames({
      distDir: dist,
      frames: ['colour', 'hidden', 'box'].map((name) => ({ nodeId: name, targetRoute: `/${name}.html` })),
      outDir: out,
      chromiumPath,
    });
    expect(results.map(kinds)).toEqual([['blank-render'], ['blank-render'], []]);
  });

  it('keeps captures offline: requests to other origins are aborted and the frame still captures', async () => {
    // Another loopback origin stands in for the internet: it must see no request at all.
    const hits: string[] = [];
    const other = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('reached');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = other.address() as AddressInfo;
      const results = await captureFrames({
        distDir: dist,
        frames: [{ nodeId: 'offline', targetRoute: `/offline?port=${port}` }],
        outDir: out,
        chromiumPath,
      });
      expect(hits).toEqual([]);
      expect(results[0]!.findings).toEqual([]);
      expect(pngSize(results[0]!.path!).width).toBe(1440 * 2);
    } finally {
      other.close();
    }
  });

  it('reports a page stuck in a loop as a timeout and returns within its budget', async () => {
    writeFileSync(join(dist, 'loop.html'), '<!doctype html><body><p>Stuck</p><script>while (true) {}</script></body>');
    const started = Date.now();
    const results = await captureFrames({
      distDir: dist,
      frames: [{ nodeId: 'loop', targetRoute: '/loop.html' }],
      outDir: out,
      chromiumPath,
      timeoutMs: 2_000,
    });
    expect(kinds(results[0])).toContain('timeout');
    // The page never ends on its own; any finite bound shows the budget stopped it. This one leaves
    // room for Chromium's start, which took over 15 s on the loaded CI machine.
    expect(Date.now() - started).toBeLessThan(90_000);
  }, 180_000);
});
