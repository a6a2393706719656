import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { contentTypeOf } from './content-types.ts';

/**
 * Headers on every response. Deliberately nothing of ours: no token, no cookie, no app origin.
 * nosniff keeps a mislabelled file from being run as script; no-store keeps two bundles served
 * on a reused port from sharing a cache.
 */
const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
} as const;

export interface StaticBuildServer {
  /** `http://127.0.0.1:<port>`: its own origin, never the app's. */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves an agent's static build (a bundle's `dist/`) on 127.0.0.1 and a free port. The build is
 * untrusted: paths (and symlinks) that leave `distDir` are refused, only GET/HEAD are answered,
 * and unknown extension-less paths fall back to index.html so client-side routes load.
 */
export async function serveStaticBuild(distDir: string): Promise<StaticBuildServer> {
  const root = await realpath(distDir);
  const server = createServer((req, res) => {
    respond(root, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A page's keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

async function respond(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    return;
  }
  const file = (await resolveBuildFile(root, req.url ?? '/'))?.file;
  if (!file) {
    send(res, 404, 'Not found');
    return;
  }
  res.writeHead(200, {
    ...BASE_HEADERS,
    'Content-Type': contentTypeOf(file.path),
    'Content-Length': file.size,
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file.path)
    .on('error', () => res.destroy())
    .pipe(res);
}

/**
 * The file a request path names inside `root`, or undefined. `/` and unknown extension-less
 * paths are index.html (SPA routes, `fallback: true`); a missing path with an extension is a 404.
 */
async function resolveBuildFile(root: string, requestUrl: string): Promise<{ file: { path: string; size: number }; fallback: boolean } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(requestUrl, 'http://build.invalid').pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded).replace(/^[/\\]+/, '');
  if (relative === '..' || relative.startsWith(`..${sep}`)) return undefined;
  const found = await containedFile(root, relative === '' || relative === '.' ? 'index.html' : relative);
  if (found) return { file: found, fallback: false };
  if (extname(relative) !== '') return undefined;
  const index = await containedFile(root, 'index.html');
  return index ? { file: index, fallback: true } : undefined;
}

/**
 * How a build answers a route: its own `page`, the SPA `fallback` (index.html for a path it has no
 * file for), or `missing` (a 404). A multi-page static build that answers a frame's route with
 * the fallback has no page for it, even though the browser sees HTTP 200.
 */
export async function routeResolution(distDir: string, route: string): Promise<'page' | 'fallback' | 'missing'> {
  const resolved = await resolveBuildFile(await realpath(distDir), route);
  return resolved === undefined ? 'missing' : resolved.fallback ? 'fallback' : 'page';
}

/** A regular file whose real path (symlinks followed) is still inside `root`. */
async function containedFile(root: string, relative: string): Promise<{ path: string; size: number } | undefined> {
  try {
    let real = await realpath(join(root, relative));
    if (real !== root && !real.startsWith(root + sep)) return undefined;
    let info = await stat(real);
    if (info.isDirectory()) {
      real = await realpath(join(real, 'index.html'));
      if (!real.startsWith(root + sep)) return undefined;
      info = await stat(real);
    }
    return info.isFile() ? { path: real, size: info.size } : undefined;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
  res.end(text);
}
