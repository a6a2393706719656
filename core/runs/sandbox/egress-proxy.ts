import { request as httpRequest, createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * The one way out of a run on network `endpoint-only`: an HTTP proxy the engine runs outside the
 * sandbox, reached from inside through the loopback bridge. It opens CONNECT tunnels and
 * forwards plain-HTTP requests to the hosts it was given (the configuration's model endpoint,
 * the task's HTTP MCP servers) and answers 403 to every other one, remembering which were
 * refused so the run can say what its agent tried to reach. It sees host names and ports, never
 * the content of a TLS tunnel.
 */
export interface EgressProxy {
  /** Accepts connections: the loopback bridge hands it each one from inside the sandbox. */
  server: Server;
  /** `host:port` of every refused attempt, in the order first seen. */
  refused(): string[];
  close(): Promise<void>;
}

/** `host:port` as the proxy compares them: lower case, IPv6 without brackets, a port always. */
export function hostKey(host: string, port: string | number): string {
  return `${host.replace(/^\[|\]$/g, '').toLowerCase()}:${port}`;
}

/** The `host:port` a URL reaches (443 or 80 when it names no port). */
export function hostKeyOfUrl(url: string): string {
  const parsed = new URL(url);
  return hostKey(parsed.hostname, parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
}

const REFUSAL = 'lhb sandbox: this run may reach only its model endpoint and its task\'s declared hosts (network endpoint-only); refused ';

export function createEgressProxy(allowed: readonly string[]): EgressProxy {
  const allow = new Set(allowed.map((entry) => entry.toLowerCase()));
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  const refuse = (key: string) => {
    if (!refused.includes(key)) refused.push(key);
  };
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };

  const server = createServer((req, res) => {
    // Plain HTTP through a proxy: the request line carries the absolute URL.
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('lhb sandbox: a proxy request names its absolute URL\n');
      return;
    }
    const key = hostKeyOfUrl(target.href);
    if (target.protocol !== 'http:' || !allow.has(key)) {
      refuse(key);
      res.writeHead(403, { 'content-type': 'text/plain' }).end(`${REFUSAL}${key}\n`);
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const upstream = httpRequest({ host: target.hostname, port: target.port || 80, method: req.method, path: `${target.pathname}${target.search}`, headers }, (answer: IncomingMessage) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`lhb sandbox: ${key} could not be reached (${error.message})\n`);
    });
    req.pipe(upstream);
  });

  server.on('connection', track);
  server.on('connect', (req: IncomingMessage, inside: Socket, head: Buffer) => {
    const [host = '', port = ''] = splitAuthority(req.url ?? '');
    const key = hostKey(host, port);
    if (!host || !/^\d+$/.test(port) || !allow.has(key)) {
      refuse(key);
      inside.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${REFUSAL}${key}\n`);
      return;
    }
    const outside = connect(Number(port), host.replace(/^\[|\]$/g, ''));
    track(outside);
    outside.once('connect', () => {
      inside.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) outside.write(head);
      inside.pipe(outside);
      outside.pipe(inside);
    });
    const drop = () => {
      inside.destroy();
      outside.destroy();
    };
    outside.on('error', (error) => {
      if (inside.writable && !outside.readable) inside.end(`HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\nlhb sandbox: ${key} could not be reached (${error.message})\n`);
      drop();
    });
    inside.on('error', drop);
  });

  return {
    server,
    refused: () => [...refused],
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `host:port` or `[v6]:port` of a CONNECT request line. */
function splitAuthority(authority: string): [string, string] {
  const at = authority.lastIndexOf(':');
  return at <= 0 ? [authority, ''] : [authority.slice(0, at), authority.slice(at + 1)];
}
