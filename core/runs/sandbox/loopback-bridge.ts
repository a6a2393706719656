import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRIDGE_DIR_INSIDE } from './bwrap-arguments.ts';
import type { EgressProxy } from './egress-proxy.ts';

/** Where the egress proxy of a run on network `endpoint-only` listens inside its sandbox. */
export const PROXY_PORT_INSIDE = 3128;
const PROXY_SOCKET = 'proxy';

/**
 * A run without network still talks to the scripted model server on this machine's loopback:
 * the engine listens on one unix socket per port (in a short folder of its own, since a socket's
 * path is limited to 108 bytes) and connects each to 127.0.0.1:port; inside the sandbox,
 * `INNER_BRIDGE_SCRIPT` listens on the sandbox's own 127.0.0.1:port and connects to the socket.
 * Nothing else of the host's network is reachable. On network `endpoint-only` one more socket
 * leads to the run's egress proxy, which the sandbox sees at 127.0.0.1:PROXY_PORT_INSIDE.
 */
export interface LoopbackBridge {
  /** The folder of sockets, mounted read-only at BRIDGE_DIR_INSIDE. */
  dir: string;
  close(): Promise<void>;
}

export async function openLoopbackBridge(ports: readonly number[], options: { proxy?: EgressProxy } = {}): Promise<LoopbackBridge> {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-bridge-'));
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  for (const port of ports) {
    const server = createServer((inside) => {
      const host = connect(port, '127.0.0.1');
      for (const socket of [inside, host]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          inside.destroy();
          host.destroy();
        });
      }
      inside.pipe(host);
      host.pipe(inside);
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(join(dir, `${port}.sock`), resolve));
    servers.push(server);
  }
  const { proxy } = options;
  if (proxy) await new Promise<void>((resolve, reject) => proxy.server.once('error', reject).listen(join(dir, `${PROXY_SOCKET}.sock`), resolve));
  return {
    dir,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([...servers.map((server) => new Promise((resolve) => server.close(resolve))), proxy?.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The inner script's arguments for the bridged ports, and the proxy's when there is one. */
export function innerBridgeEntries(ports: readonly number[], withProxy: boolean): string[] {
  return [...ports.map(String), ...(withProxy ? [`${PROXY_PORT_INSIDE}=${PROXY_SOCKET}`] : [])];
}

/**
 * Run inside the sandbox as `node -e SCRIPT ENTRY… -- COMMAND ARG…`, an entry being PORT or
 * PORT=NAME: listens on 127.0.0.1:PORT for each, forwards each connection to
 * BRIDGE_DIR_INSIDE/NAME.sock (NAME is the port when not given), then runs the command with
 * the same stdio and exits as it did. Plain JavaScript, so it needs nothing but Node.js.
 */
export const INNER_BRIDGE_SCRIPT = `
const net = require('node:net');
const { spawn } = require('node:child_process');
const argv = process.argv.slice(1);
const cut = argv.indexOf('--');
const entries = argv.slice(0, cut).map((entry) => entry.split('='));
const [command, ...args] = argv.slice(cut + 1);
let listening = 0;
const start = () => {
  const child = spawn(command, args, { stdio: 'inherit' });
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('error', (error) => { process.stderr.write(command + ': ' + error.message + '\\n'); process.exit(127); });
  child.on('exit', (code, sig) => process.exit(sig ? 128 + (require('node:os').constants.signals[sig] || 1) : code ?? 1));
};
for (const [port, name = port] of entries) {
  net.createServer((inside) => {
    const host = net.connect(${JSON.stringify(BRIDGE_DIR_INSIDE)} + '/' + name + '.sock');
    inside.pipe(host); host.pipe(inside);
    inside.on('error', () => host.destroy()); host.on('error', () => inside.destroy());
  }).listen(Number(port), '127.0.0.1', () => { if (++listening === entries.length) start(); });
}
if (entries.length === 0) start();
`;
