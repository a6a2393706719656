import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** `http://HOST:*` for an asset origin other than `localhost` (remote voters' side ports are opened on demand). */
function remoteSitesSource(assetOrigin: string): string | undefined {
  const url = new URL(assetOrigin);
  return url.hostname === 'localhost' ? undefined : `${url.protocol}//${url.hostname}:*`;
}

/**
 * The Content-Security-Policy for our own pages (HTTP and Electron's app:// alike): only our
 * own scripts, styles and API; no plugins, nothing remote. The one exception is the arena's
 * asset server (`assetOrigin`), whose sandboxed frames, images and videos the arena shows.
 */
export function appContentSecurityPolicy(assetOrigin?: string): string {
  const assets = assetOrigin === undefined ? '' : ` ${assetOrigin}`;
  // Each side's live build has its own origin under the asset host: http://<token>-<side>.localhost:PORT,
  // or, for a browser on another machine, a port of its own on the host it reached the app at.
  const sites = assetOrigin === undefined ? "'none'" : `${assetOrigin} ${remoteSitesSource(assetOrigin) ?? assetOrigin.replace('://', '://*.')}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob:${assets}`,
    `media-src 'self'${assets}`,
    `frame-src ${sites}`,
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/**
 * Resolves a URL path inside `root` and reads it. Paths that climb out of `root` resolve to
 * nothing; unknown paths without an extension fall back to index.html (client-side routes).
 */
export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  const found = await tryRead(full);
  if (found) return found;
  if (extname(relative) === '') return tryRead(join(root, 'index.html'));
  return undefined;
}

async function tryRead(path: string): Promise<StaticFile | undefined> {
  try {
    if (!(await stat(path)).isFile()) return undefined;
    return { body: await readFile(path), contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}
