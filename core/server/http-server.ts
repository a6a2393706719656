import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_STATUS_FOR_CODE, type RpcErrorCode } from '../../schemas/errors.ts';
import type { JudgeConfig } from '../../schemas/judge.ts';
import { isRpcMethod, RPC_METHODS } from '../../schemas/rpc.ts';
import type { Api } from '../api/create-api.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { rpcErrorBodyOf } from '../api/rpc-error.ts';
import { planInviteSees } from '../api/plan-invite-scope.ts';
import type { AppEvent } from '../../schemas/jobs.ts';
import { MAX_BLOB_BYTES } from '../api/put-blob.ts';
import { readBodyBytes, readJsonBody } from './read-body.ts';
import { allowedHostNames, isAllowedHost, isLoopbackHost, isAllowedOrigin, printableHostNames, serverDiskRefusal, serverHubTokenRefusal, serverJudgeRefusal } from './request-guards.ts';
import { startArenaAssetServer, type ArenaAssetServer } from './arena-asset-server.ts';
import { requestCaller } from './request-caller.ts';
import { appContentSecurityPolicy, readStaticFile } from './static-files.ts';
import { closeServer, trackSockets } from './close-server.ts';
import { rememberSecret } from '../secret-values.ts';

export interface HttpServerOptions {
  api: Api;
  /** Interface to bind; loopback unless the user asks otherwise. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Folder holding the built renderer. */
  rendererDir: string;
  /** Largest JSON body accepted on /rpc (bytes). */
  maxBodyBytes?: number;
  /** Largest file upload accepted on /blobs (bytes). */
  maxUploadBytes?: number;
  /** Fixed token (tests); a random one per launch otherwise. */
  token?: string;
  /** Event-stream heartbeat (tests shorten it); a voter's stream re-checks its invite on each. */
  heartbeatMs?: number;
  /** Serve the arena's untrusted content on its own origin (default true). */
  arenaAssets?: boolean;
  /** The judges configured on this machine (`lhb serve --judges FILE`): the only ones a caller on another machine may name. */
  judges?: readonly JudgeConfig[];
}

export interface RunningHttpServer {
  port: number;
  host: string;
  token: string;
  /** The arena asset server's origin, when it runs. */
  assetOrigin?: string;
  /** The URL to open: the token travels in the fragment, which browsers never send to servers. */
  url: string;
  /** Every address it answers on, `url` first (a wildcard bind serves several). */
  urls: string[];
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const SSE_HEARTBEAT_MS = 15_000;

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

/** `lhb serve`: the RPC contract over HTTP plus the renderer, on 127.0.0.1 by default. */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? randomBytes(24).toString('base64url');
  // An export this server runs replaces the token wherever a record quotes it (core/export/export-redaction.ts).
  rememberSecret(token);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const hostNames = allowedHostNames(host);
  const streams = new Set<ServerResponse>();
  let port = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(`lhb serve: unexpected error on ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}\n`);
      if (!res.headersSent) sendError(res, 'internal', 'The server hit an unexpected error; nothing was changed. See the terminal running lhb serve for details.');
      else res.destroy();
    });
  });
  const sockets = trackSockets(server);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (!isAllowedHost(req.headers.host, hostNames, port)) {
      return sendError(res, 'forbidden', `Host ${JSON.stringify(req.headers.host ?? '')} is not this server. Open the URL lhb serve printed.`);
    }
    if (!isAllowedOrigin(req.headers.origin, hostNames, port)) {
      return sendError(res, 'forbidden', `Requests from origin ${JSON.stringify(req.headers.origin)} are refused.`);
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/rpc/')) return handleRpc(req, res, path.slice('/rpc/'.length));
    if (path === '/events') return handleEvents(req, res);
    if (path === '/blobs') return handleBlobUpload(req, res);
    return handleStatic(req, res, path);
  }

  /**
   * Where the browser that sent this request reaches the asset server: `localhost` on this machine,
   * and on another one the address it reached the app at (the Host header, already checked to be
   * one of ours), with the asset server's port.
   */
  function assetOriginFor(hostHeader: string | undefined): string | undefined {
    if (!assets) return undefined;
    const name = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!name || isLoopbackHost(name.replace(/^\[|\]$/g, ''))) return assets.origin;
    return `http://${name}:${assets.port}`;
  }

  const callerOf = (req: IncomingMessage, what: string) => requestCaller(req.headers.authorization, token, options.api.context.workspace.db, what);

  async function handleRpc(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    const who = callerOf(req, 'the API');
    if ('refusal' in who) return sendError(res, 'unauthorized', who.refusal);
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendError(res, 'method_not_allowed', `Call RPC methods with POST, not ${req.method}.`);
    }
    try {
      // Checked before the body is read, so an unknown method never costs a body read.
      if (!isRpcMethod(method)) throw new LhbError('not_found', `Unknown method ${JSON.stringify(method)}. Known methods: ${RPC_METHODS.join(', ')}.`);
      const refusal = serverDiskRefusal(method, req.socket.remoteAddress) ?? serverHubTokenRefusal(method, req.socket.remoteAddress);
      if (refusal) throw new LhbError('forbidden', refusal);
      const input = await readJsonBody(req, maxBodyBytes);
      const judgeRefusal = serverJudgeRefusal(method, input, req.socket.remoteAddress, options.judges ?? []);
      if (judgeRefusal) throw new LhbError('forbidden', judgeRefusal);
      const assetOrigin = assetOriginFor(req.headers.host);
      const output = await options.api.callUntrusted(method, input, who.caller, assetOrigin === undefined ? {} : { assetOrigin });
      sendJson(res, 200, output);
    } catch (error) {
      const rpcError = rpcErrorBodyOf(error);
      if (rpcError) return sendError(res, rpcError.code, rpcError.message, rpcError.field);
      throw error;
    }
  }

  /** File uploads (imports) are raw bytes, too large and too binary for the JSON contract. */
  async function handleBlobUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const who = callerOf(req, 'the upload');
    if ('refusal' in who) return sendError(res, 'unauthorized', who.refusal);
    if (who.caller.role !== 'owner') return sendError(res, 'forbidden', 'Invite links cannot upload files: they may only vote in the arena or work on one plan. Nothing was stored.');
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendError(res, 'method_not_allowed', `Upload files with POST, not ${req.method}.`);
    }
    if (!/^application\/octet-stream\b/i.test(req.headers['content-type'] ?? '')) {
      return sendError(res, 'bad_request', 'Upload the file bytes with "Content-Type: application/octet-stream".');
    }
    try {
      const bytes = await readBodyBytes(req, options.maxUploadBytes ?? MAX_BLOB_BYTES);
      sendJson(res, 200, options.api.putBlob(bytes));
    } catch (error) {
      const rpcError = rpcErrorBodyOf(error);
      if (rpcError) return sendError(res, rpcError.code, rpcError.message, rpcError.field);
      throw error;
    }
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse): void {
    const who = callerOf(req, 'the event stream');
    if ('refusal' in who) return sendError(res, 'unauthorized', who.refusal);
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    // Jobs are the owner's business: a voter's stream carries heartbeats only (it is how the page
    // knows the server is there), an SME's only the changes its page shows (planInviteSees); an
    // invite's stream ends once the invite is revoked or expires.
    const { caller } = who;
    const voter = caller.role !== 'owner';
    const send = (event: AppEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);
    const jobs = options.api.context.jobs;
    const db = options.api.context.workspace.db;
    // An SME's link revoked or expired since is told nothing more, even before the next heartbeat ends its stream.
    const stillInvited = () => !('refusal' in callerOf(req, 'the event stream'));
    const unsubscribe =
      caller.role === 'owner'
        ? jobs.onAppEvent(send)
        : caller.role === 'annotator'
          ? jobs.onAppEvent((event) => planInviteSees(db, caller, event) && stillInvited() && send(event))
          : () => {};
    const heartbeat = setInterval(() => {
      if (voter && 'refusal' in callerOf(req, 'the event stream')) return void res.end();
      res.write(': heartbeat\n\n');
    }, options.heartbeatMs ?? SSE_HEARTBEAT_MS);
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
    });
  }

  async function handleStatic(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendError(res, 'method_not_allowed', `Only GET is served at ${path}.`);
    }
    const file = await readStaticFile(options.rendererDir, path);
    if (!file) {
      const missingBuild = path === '/' || path === '/index.html';
      return sendError(
        res,
        'not_found',
        missingBuild ? `The app's interface is not built (${options.rendererDir} is missing). Run "npm run build", then start again.` : `Nothing at ${path}.`,
      );
    }
    res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': file.body.byteLength,
      'Content-Security-Policy': appContentSecurityPolicy(assetOriginFor(req.headers.host)),
      'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${options.port} on ${host} is already in use. Pick another with --port N (0 picks a free one).`
            : `Could not listen on ${host}:${options.port ?? 0}: ${error.message}`,
        ),
      );
    });
    server.listen(options.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const urls = printableHostNames(host).map((name) => `http://${name}:${port}/#token=${token}`);
  let assets: ArenaAssetServer | undefined;
  if (options.arenaAssets !== false) {
    // CSP source expressions cannot name an IPv6 literal ([::1]); loopback pages use the other names.
    const appOrigins = hostNames.filter((name) => !name.startsWith('[')).map((name) => `http://${name}:${port}`);
    try {
      // Serving other machines (lhb serve --allow-remote): the assets go where the app goes.
      const remote = !isLoopbackHost(host);
      assets = await startArenaAssetServer({
        api: options.api,
        frameAncestors: appOrigins,
        ...(remote ? { host, remoteHostNames: hostNames.filter((name) => !isLoopbackHost(name.replace(/^\[|\]$/g, ''))) } : {}),
      });
    } catch (error) {
      server.close();
      throw error;
    }
    options.api.context.arena.assetOrigin = assets.origin;
  }

  return {
    port,
    host,
    token,
    url: urls[0]!,
    urls,
    ...(assets ? { assetOrigin: assets.origin } : {}),
    close: async () => {
      await assets?.close();
      for (const stream of streams) stream.end();
      await closeServer(server, sockets);
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function sendError(res: ServerResponse, code: RpcErrorCode, message: string, field?: string): void {
  sendJson(res, HTTP_STATUS_FOR_CODE[code], { error: { code, message, ...(field === undefined ? {} : { field }) } });
}
