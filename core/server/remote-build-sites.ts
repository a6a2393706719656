import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { closeServer, trackSockets } from './close-server.ts';

/**
 * Live builds for browsers on other machines. Those cannot resolve this machine's
 * `<token>-<side>.localhost`, so each presentation side a remote voter opens gets a listening port
 * of its own on the app's interface: `http://HOST:SIDEPORT/` is an origin of its own (another port
 * is another origin, from the app and from the other side), with the build at its root.
 *
 * A port is opened when its build is first asked for, and closed once its presentation has been
 * voted on or is gone, after `idleMs` without a request, or, when `maxOpen` are open and another is
 * needed, the least recently used first. Asking again reopens it (on another port).
 */
export interface RemoteBuildSites {
  /** The port serving this presentation side's build, opened now if it is not open. */
  portFor(token: string, side: 'left' | 'right'): Promise<number>;
  /** How many side ports are open. */
  openCount(): number;
  close(): Promise<void>;
}

export interface RemoteBuildSitesOptions {
  /** Interface to bind: the app's own. */
  host: string;
  /** Host names (lower case, IPv6 in brackets) other machines reach this machine by; any other Host header is refused. */
  hostNames: ReadonlySet<string>;
  /** Answers one request for `path` inside this side's build. */
  serve(req: IncomingMessage, res: ServerResponse, token: string, side: 'left' | 'right', path: string): void;
  /** Whether the presentation still awaits its vote. */
  isOpen(token: string): boolean;
  idleMs?: number;
  maxOpen?: number;
  now?: () => number;
}

export const REMOTE_SITE_IDLE_MS = 15 * 60 * 1000;
export const MAX_REMOTE_SITES = 64;

interface Site {
  key: string;
  token: string;
  side: 'left' | 'right';
  server: Server;
  sockets: Set<Socket>;
  port: Promise<number>;
  lastUsed: number;
}

export function createRemoteBuildSites(options: RemoteBuildSitesOptions): RemoteBuildSites {
  const idleMs = options.idleMs ?? REMOTE_SITE_IDLE_MS;
  const maxOpen = options.maxOpen ?? MAX_REMOTE_SITES;
  const now = options.now ?? Date.now;
  const sites = new Map<string, Site>();
  let closed = false;

  const sweepTimer = setInterval(() => sweep(), Math.min(idleMs, 60_000));
  sweepTimer.unref();

  function shut(site: Site): void {
    sites.delete(site.key);
    void closeServer(site.server, site.sockets);
  }

  function sweep(): void {
    const cutoff = now() - idleMs;
    for (const site of [...sites.values()]) {
      if (site.lastUsed < cutoff || !options.isOpen(site.token)) shut(site);
    }
  }

  function open(token: string, side: 'left' | 'right', key: string): Site {
    const server = createServer((req, res) => {
      const site = sites.get(key);
      const host = (req.headers.host ?? '').toLowerCase();
      const port = (server.address() as AddressInfo | null)?.port;
      const hostname = port !== undefined && host.endsWith(`:${port}`) ? host.slice(0, -`:${port}`.length) : undefined;
      if (!site || site.server !== server || hostname === undefined || !options.hostNames.has(hostname)) {
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
        return void res.end('Wrong host');
      }
      site.lastUsed = now();
      options.serve(req, res, token, side, (req.url ?? '/').split(/[?#]/)[0] ?? '/');
    });
    const port = new Promise<number>((resolve, reject) => {
      server.once('error', (error) => {
        sites.delete(key);
        reject(new Error(`Could not open a port for a remote voter's live build on ${options.host}: ${error.message}`));
      });
      server.listen(0, options.host, () => resolve((server.address() as AddressInfo).port));
    });
    return { key, token, side, server, sockets: trackSockets(server), port, lastUsed: now() };
  }

  return {
    async portFor(token, side) {
      if (closed) throw new Error('The arena asset server is closed.');
      const key = `${token}-${side}`;
      let site = sites.get(key);
      if (!site) {
        sweep();
        // Full: the side nobody has asked for longest makes room (asking for it again reopens it).
        while (sites.size >= maxOpen) {
          const oldest = [...sites.values()].reduce((a, b) => (b.lastUsed < a.lastUsed ? b : a));
          shut(oldest);
        }
        site = open(token, side, key);
        sites.set(key, site);
      }
      site.lastUsed = now();
      return site.port;
    },
    openCount: () => sites.size,
    async close() {
      closed = true;
      clearInterval(sweepTimer);
      const all = [...sites.values()];
      sites.clear();
      await Promise.all(all.map((site) => closeServer(site.server, site.sockets)));
    },
  };
}
