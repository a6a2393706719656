import { createReadStream, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from '../api/create-api.ts';
import { isPresentationOpen, parseBuildSiteEntry, parseBuildSiteHost } from '../arena/arena-assets.ts';
import { parseRunSiteHost } from '../runs/bundles/run-assets.ts';
import { createRemoteBuildSites, type RemoteBuildSites } from './remote-build-sites.ts';
import { closeServer, trackSockets } from './close-server.ts';
import { MAX_BRIDGED_HTML_BYTES, withSlideSyncBridge } from './slide-sync-bridge.ts';

/**
 * Serves the arena's untrusted content (agents' builds, their frames and videos, ground-truth
 * images) on loopback origins of its own: images and videos at `http://localhost:PORT/a/<token>/...`,
 * and each side's live build at the root of `http://<token>-<side>.localhost:PORT/`. Those are other
 * origins *and* other sites than the app's `http://127.0.0.1:PORT`, so a build runs in its own
 * renderer process and can reach nothing of the app. There is no API, token or cookie here, and
 * the presentation token is the only name in a URL: none names a run, harness or model.
 *
 * A browser on another machine (`lhb serve --allow-remote`) cannot resolve this machine's
 * `*.localhost`: it opens a build at `http://HOST:PORT/s/<token>/<side>/`, which redirects to a port
 * of that side's own (remote-build-sites.ts), so the build is still at the root of an origin that
 * is neither the app's nor the other side's.
 *
 * Every response is itself sandboxed by CSP (opaque origin, scripts allowed, no top navigation,
 * popups, modals or same-origin), may only connect back to this server, and may be framed only
 * by the app. The HTML pages of a pair's live builds get one addition: the slide-sync relay
 * (slide-sync-bridge.ts), which passes slide turns to and from the app by postMessage and nothing else.
 */
export interface ArenaAssetServer {
  origin: string;
  port: number;
  /** How many remote voters' side ports are open (none unless serving other machines). */
  remoteSiteCount(): number;
  close(): Promise<void>;
}

export interface ArenaAssetServerOptions {
  api: Api;
  /** Origins allowed to frame the content (the app's own). */
  frameAncestors: readonly string[];
  /**
   * Interface to bind: loopback (the default), or the app's own when it serves other machines
   * (`lhb serve --allow-remote`), so remote voters reach their pairs' images, videos and builds.
   */
  host?: string;
  /** Host names other machines reach it by (the app's, without `localhost`), accepted beside the loopback ones. */
  remoteHostNames?: readonly string[];
  /** Remote side ports: closed after this long without a request, at most this many open. */
  remoteSiteIdleMs?: number;
  maxRemoteSites?: number;
}

const ASSET_HOST = 'localhost';

export function assetContentSecurityPolicy(frameAncestors: readonly string[]): string {
  return [
    'sandbox allow-scripts allow-forms',
    "default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval'",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

// Only features Chromium knows: for any other name (`bluetooth` was one) it logs an error in
// each build's console and the entry does nothing.
const PERMISSIONS_POLICY = ['camera', 'microphone', 'geolocation', 'usb', 'serial', 'hid', 'payment', 'clipboard-read', 'clipboard-write', 'display-capture']
  .map((feature) => `${feature}=()`)
  .join(', ');

export async function startArenaAssetServer(options: ArenaAssetServerOptions): Promise<ArenaAssetServer> {
  let port = 0;
  const csp = assetContentSecurityPolicy(options.frameAncestors);
  const remoteNames = new Set((options.remoteHostNames ?? []).map((name) => name.toLowerCase()));
  const server = createServer((req, res) => {
    try {
      respond(req, res);
    } catch (error) {
      process.stderr.write(`arena assets: unexpected error on ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}\n`);
      if (!res.headersSent) send(res, 500, 'Internal error');
      else res.destroy();
    }
  });
  const sockets = trackSockets(server);

  function respond(req: IncomingMessage, res: ServerResponse): void {
    const host = (req.headers.host ?? '').toLowerCase();
    const hostname = host.endsWith(`:${port}`) ? host.slice(0, -`:${port}`.length) : undefined;
    const site = hostname === undefined ? undefined : parseBuildSiteHost(hostname);
    // A researcher's run build (runs.assets): its own site too, under a token of its own.
    const runSite = hostname === undefined ? undefined : parseRunSiteHost(hostname);
    const remote = hostname !== undefined && remoteNames.has(hostname);
    const known = hostname === ASSET_HOST || hostname === '127.0.0.1' || remote;
    if (!site && !runSite && !known) return send(res, 403, 'Wrong host');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    const [path = '/', query] = (req.url ?? '/').split('#')[0]!.split(/\?(.*)/s);
    if (site) return serveAsset(req, res, options.api.arenaAsset(`${site.token}/${site.side}/site${path}`), { slideSync: true });
    let asset: ReturnType<Api['arenaAsset']>;
    if (runSite) asset = options.api.runAsset(`${runSite}/site${path}`);
    else if (path.startsWith('/a/')) asset = options.api.arenaAsset(path.slice('/a/'.length));
    else if (path.startsWith('/r/')) asset = options.api.runAsset(path.slice('/r/'.length));
    else if (remote && remoteSites && path.startsWith('/s/')) return void redirectToRemoteSite(res, hostname, path, query);
    else return send(res, 404, 'Not found');
    serveAsset(req, res, asset);
  }

  /** `/s/<token>/<side>/<path>` from another machine: open that side's port and send the browser there. */
  async function redirectToRemoteSite(res: ServerResponse, hostname: string, path: string, query: string | undefined): Promise<void> {
    const entry = parseBuildSiteEntry(path);
    if (!entry || !remoteSites || !options.api.arenaAsset(`${entry.token}/${entry.side}/site/`)) return send(res, 404, 'Not found');
    try {
      const sidePort = await remoteSites.portFor(entry.token, entry.side);
      const location = `http://${hostname}:${sidePort}${entry.rest}${query ? `?${query}` : ''}`;
      res.writeHead(302, { Location: location, 'Content-Security-Policy': csp, 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
      res.end();
    } catch (error) {
      process.stderr.write(`arena assets: ${(error as Error).message}\n`);
      send(res, 503, 'This live build cannot be opened right now; close it and open it again in a minute.');
    }
  }

  /** What every piece of untrusted content is served with: its sandbox, and no permission, sniffing or referrer. */
  function contentHeaders(contentType: string): Record<string, string | number> {
    return {
      'Content-Type': contentType,
      'Content-Security-Policy': csp,
      'Permissions-Policy': PERMISSIONS_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Cache-Control': 'private, max-age=600',
    };
  }

  function serveAsset(req: IncomingMessage, res: ServerResponse, asset: ReturnType<Api['arenaAsset']>, served: { slideSync?: boolean } = {}): void {
    if (!asset) return send(res, 404, 'Not found');
    if (served.slideSync && asset.contentType.startsWith('text/html') && asset.size <= MAX_BRIDGED_HTML_BYTES) return serveBridgedPage(req, res, asset);

    const headers: Record<string, string | number> = { ...contentHeaders(asset.contentType), 'Accept-Ranges': 'bytes' };
    const range = parseRange(req.headers.range, asset.size);
    if (range === 'unsatisfiable') return send(res, 416, 'Range not satisfiable', { 'Content-Range': `bytes */${asset.size}` });
    const [start, end] = range ?? [0, asset.size - 1];
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${asset.size}`;
    headers['Content-Length'] = asset.size === 0 ? 0 : end - start + 1;
    res.writeHead(range ? 206 : 200, headers);
    if (req.method === 'HEAD' || asset.size === 0) return void res.end();
    createReadStream(asset.file, { start, end })
      .on('error', () => res.destroy())
      .pipe(res);
  }

  /** A live build's HTML page with the slide-sync relay in it, whole (a range of a rewritten page would not match its bytes on disk). */
  function serveBridgedPage(req: IncomingMessage, res: ServerResponse, asset: NonNullable<ReturnType<Api['arenaAsset']>>): void {
    const body = withSlideSyncBridge(readFileSync(asset.file));
    res.writeHead(200, { ...contentHeaders(asset.contentType), 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  // Serving other machines: each side a remote voter opens gets a port of its own on this interface.
  const remoteSites: RemoteBuildSites | undefined =
    options.host !== undefined && remoteNames.size > 0
      ? createRemoteBuildSites({
          host: options.host,
          hostNames: remoteNames,
          isOpen: (token) => isPresentationOpen(options.api.context.workspace.db, token),
          serve: (req, res, token, side, path) => {
            try {
              if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
              serveAsset(req, res, options.api.arenaAsset(`${token}/${side}/site${path}`), { slideSync: true });
            } catch (error) {
              process.stderr.write(`arena assets: unexpected error on ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}\n`);
              if (!res.headersSent) send(res, 500, 'Internal error');
              else res.destroy();
            }
          },
          ...(options.remoteSiteIdleMs === undefined ? {} : { idleMs: options.remoteSiteIdleMs }),
          ...(options.maxRemoteSites === undefined ? {} : { maxOpen: options.maxRemoteSites }),
        })
      : undefined;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    origin: `http://${ASSET_HOST}:${port}`,
    port,
    remoteSiteCount: () => remoteSites?.openCount() ?? 0,
    close: async () => {
      await remoteSites?.close();
      await closeServer(server, sockets);
    },
  };
}

/** A single `bytes=a-b` range (what <video> asks for); anything else is served whole. */
function parseRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}

function send(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store', ...extra });
  res.end(text);
}
