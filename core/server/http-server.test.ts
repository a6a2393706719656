import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RpcErrorBodySchema } from '../../schemas/errors.ts';
import type { JobEvent } from '../../schemas/jobs.ts';
import { WorkspaceInfoSchema } from '../../schemas/workspace.ts';
import { createApi, type Api } from '../api/create-api.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { openEventStream } from './event-stream.fixture.ts';
import { startHttpServer, type HttpServerOptions, type RunningHttpServer } from './http-server.ts';

const TOKEN = 'test-token-0123456789abcdef';
const DEMO_PROJECT_NAME = 'Demo: Evaluating a data-dashboard build';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string | number>;
  /** Sent with Content-Length (the default) or, with `chunked`, in pieces without one. */
  body?: string | Buffer;
  chunked?: boolean;
}

let root: string;
let api: Api | undefined;
let server: RunningHttpServer | undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-http-server-'));
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await api?.close();
  api = undefined;
  rmSync(root, { recursive: true, force: true });
});

/** A real server over a freshly seeded workspace, on a free loopback port. */
async function start(options: Partial<HttpServerOptions> = {}): Promise<RunningHttpServer> {
  api = createApi(openWorkspace(join(root, 'workspace')));
  server = await startHttpServer({ api, port: 0, token: TOKEN, rendererDir: join(root, 'renderer'), ...options });
  return server;
}

/** node:http rather than fetch: fetch forbids setting Host and normalises `..` out of paths. */
function send(running: RunningHttpServer, req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { Host: `127.0.0.1:${running.port}`, ...req.headers };
    if (req.body !== undefined && !req.chunked) headers['Content-Length'] = Buffer.byteLength(req.body);
    const outgoing = request({ host: '127.0.0.1', port: running.port, method: req.method ?? 'GET', path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    outgoing.on('error', reject);
    if (req.body !== undefined && req.chunked) {
      // Pieces a few milliseconds apart, so the server sees a stream rather than one buffer.
      const body = Buffer.from(req.body);
      void (async () => {
        for (let at = 0; at < body.length && !outgoing.destroyed; at += 500) {
          outgoing.write(body.subarray(at, at + 500));
          await new Promise((r) => setTimeout(r, 5));
        }
        outgoing.end();
      })();
      return;
    }
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}

function rpc(running: RunningHttpServer, method: string, body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return send(running, {
    method: 'POST',
    path: `/rpc/${method}`,
    headers: { Authorization: `Bearer ${running.token}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function errorOf(res: RawResponse): { code: string; message: string; field?: string | undefined } {
  return RpcErrorBodySchema.parse(JSON.parse(res.text)).error;
}

describe('authorization', () => {
  it('refuses a call without the token with 401 and a JSON error body', async () => {
    const running = await start();
    const res = await send(running, { method: 'POST', path: '/rpc/workspace.info', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const error = errorOf(res);
    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(/token/i);
  });

  it('refuses a call with a wrong token with 401', async () => {
    const running = await start();
    const res = await rpc(running, 'workspace.info', {}, { Authorization: `Bearer ${TOKEN.slice(0, -1)}X` });
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
  });
});

describe('host and origin checks', () => {
  it('refuses a foreign Host header (DNS rebinding) with 403', async () => {
    const running = await start();
    const res = await rpc(running, 'workspace.info', {}, { Host: `evil.example:${running.port}` });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
  });

  it('refuses our own host name with another port with 403', async () => {
    const running = await start();
    const res = await rpc(running, 'workspace.info', {}, { Host: `127.0.0.1:${running.port + 1}` });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
  });

  it('refuses a foreign Origin with 403, even with the right token', async () => {
    const running = await start();
    const res = await rpc(running, 'workspace.info', {}, { Origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
  });

  it('accepts our own Origin', async () => {
    const running = await start();
    const res = await rpc(running, 'workspace.info', {}, { Origin: `http://127.0.0.1:${running.port}` });
    expect(res.status).toBe(200);
    expect(WorkspaceInfoSchema.parse(JSON.parse(res.text)).project.name).toBe(DEMO_PROJECT_NAME);
  });
});

describe('bad requests', () => {
  it('answers 400 to a body that is not JSON', async () => {
    const running = await start();
    const res = await send(running, {
      method: 'POST',
      path: '/rpc/jobs.list',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: '{"limit": 5,',
    });
    expect(res.status).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(/JSON/);
  });

  it('answers 400 naming the field when the input fails its schema', async () => {
    const running = await start();
    const res = await rpc(running, 'jobs.cancel', { jobId: 42 });
    expect(res.status).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('jobId');
    expect(error.field).toBe('jobId');
  });

  it('answers 400 to an unknown extra key on a strict input', async () => {
    const running = await start();
    const res = await rpc(running, 'jobs.list', { limit: 5, sneaky: true });
    expect(res.status).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('sneaky');
  });

  it('answers 404 to an unknown method', async () => {
    const running = await start();
    const res = await rpc(running, 'jobs.deleteEverything', {});
    expect(res.status).toBe(404);
    const error = errorOf(res);
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('jobs.deleteEverything');
  });

  it('answers 413 to a body over the limit sent with Content-Length', async () => {
    const running = await start({ maxBodyBytes: 1024 });
    const res = await rpc(running, 'jobs.list', { limit: 5, padding: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(errorOf(res).code).toBe('payload_too_large');
  });

  it('answers 413 from the declared Content-Length alone, without waiting for the body', async () => {
    const running = await start({ maxBodyBytes: 1024 });
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: running.port,
          method: 'POST',
          path: '/rpc/jobs.list',
          headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'Content-Length': 5000 },
          agent: false,
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          outgoing.destroy();
        },
      );
      outgoing.on('error', reject);
      // Only the first bytes of the declared 5000 are ever sent.
      outgoing.write('{"limit": 5, "padding": "');
    });
    expect(status).toBe(413);
  });

  it('answers 413 to a chunked body (no Content-Length) over the limit', async () => {
    const running = await start({ maxBodyBytes: 1024 });
    const res = await send(running, {
      method: 'POST',
      path: '/rpc/jobs.list',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ limit: 5, padding: 'x'.repeat(5000) }),
      chunked: true,
    });
    expect(res.status).toBe(413);
    expect(errorOf(res).code).toBe('payload_too_large');
  });

  it('accepts a chunked body under the limit', async () => {
    const running = await start({ maxBodyBytes: 1024 });
    const res = await send(running, {
      method: 'POST',
      path: '/rpc/jobs.list',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ limit: 5 }),
      chunked: true,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ jobs: [] });
  });

  it('answers 405 to GET on an RPC path', async () => {
    const running = await start();
    const res = await send(running, { method: 'GET', path: '/rpc/x', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(errorOf(res).code).toBe('method_not_allowed');
  });
});

describe('successful calls', () => {
  it('workspace.info returns the demo project and its counts', async () => {
    const running = await start();
    const res = await rpc(running, 'workspace.info', {});
    expect(res.status).toBe(200);
    const info = WorkspaceInfoSchema.parse(JSON.parse(res.text));
    expect(info.project.name).toBe(DEMO_PROJECT_NAME);
    expect(info.workspaceDir).toBe(join(root, 'workspace'));
    expect(info.counts).toEqual({ sources: 0, blobs: 0, jobs: 0, runs: 0, votes: 0, judgments: 0, demo: { sources: 0, chapters: 0, runs: 0, votes: 0, judgments: 0 } });
  });

  it('workspace.info works with no body at all', async () => {
    const running = await start();
    const res = await send(running, { method: 'POST', path: '/rpc/workspace.info', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(WorkspaceInfoSchema.parse(JSON.parse(res.text)).project.name).toBe(DEMO_PROJECT_NAME);
  });

  it('jobs.list returns no jobs on a fresh workspace', async () => {
    const running = await start();
    const res = await rpc(running, 'jobs.list', {});
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ jobs: [] });
  });

  it('works through fetch as the browser client calls it', async () => {
    const running = await start();
    const res = await fetch(`http://127.0.0.1:${running.port}/rpc/jobs.list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${running.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ limit: 10 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ jobs: [] });
  });
});

describe('event stream', () => {
  it('streams job events for a started verify job, through to succeeded', async () => {
    const running = await start();
    const stream = await openEventStream(running.port, running.token);
    try {
      const res = await rpc(running, 'workspace.verify', {});
      expect(res.status).toBe(200);
      const { jobId } = JSON.parse(res.text) as { jobId: string };
      expect(jobId).toEqual(expect.any(String));

      const first = await stream.waitFor<JobEvent>((e) => e.type === 'job' && e.job.id === jobId);
      expect(first.type).toBe('job');
      expect(first.job.kind).toBe('workspace.verify');
      const done = await stream.waitFor<JobEvent>((e) => e.type === 'job' && e.job.id === jobId && e.job.state === 'succeeded');
      expect(done.job.message).toMatch(/healthy/);
      expect(stream.events.indexOf(first)).toBeLessThan(stream.events.indexOf(done));
    } finally {
      stream.close();
    }
  });

  it('refuses /events without the token with 401', async () => {
    const running = await start();
    const res = await send(running, { path: '/events' });
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
  });
});

describe('static files', () => {
  function writeRenderer(): string {
    const dir = join(root, 'renderer');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>LHB test shell</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("lhb app");');
    writeFileSync(join(root, 'secret.txt'), 'TOP-SECRET-OUTSIDE-RENDERER');
    return dir;
  }

  it('serves index.html at / with a Content-Security-Policy', async () => {
    writeRenderer();
    const running = await start();
    const res = await send(running, { path: '/' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('LHB test shell');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves assets with their content type', async () => {
    writeRenderer();
    const running = await start();
    const res = await send(running, { path: '/assets/app.js' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.text).toBe('console.log("lhb app");');
  });

  it.each(['/../secret.txt', '/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fsecret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '..%2fsecret.txt'])(
    'never serves a file outside the renderer folder for %s',
    async (path) => {
      writeRenderer();
      const running = await start();
      const res = await send(running, { path });
      expect(res.text).not.toContain('TOP-SECRET-OUTSIDE-RENDERER');
      expect(res.text).not.toContain('root:');
      expect(res.text).not.toContain('"name"');
      // 200 only for the client-side-route fallback to index.html; 400 is Node refusing a target without a leading slash.
      if (res.status === 200) expect(res.text).toContain('LHB test shell');
      else expect([400, 404]).toContain(res.status);
    },
  );

  it('answers 404 with a hint to build when the renderer is missing', async () => {
    const running = await start({ rendererDir: join(root, 'no-such-build') });
    const res = await send(running, { path: '/' });
    expect(res.status).toBe(404);
    const error = errorOf(res);
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('npm run build');
  });
});

describe('POST /blobs (file uploads for imports)', () => {
  const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/octet-stream' };

  it('stores the bytes in the workspace and answers with their SHA-256', async () => {
    const running = await start();
    const bytes = Buffer.from('%PDF-1.7 not really, but bytes are bytes\n');
    const response = await send(running, { method: 'POST', path: '/blobs', headers: auth, body: bytes });
    expect(response.status).toBe(200);
    const { sha256, sizeBytes } = JSON.parse(response.text) as { sha256: string; sizeBytes: number };
    expect(sizeBytes).toBe(bytes.length);
    expect(api!.context.workspace.blobs.read(sha256).equals(bytes)).toBe(true);
  });

  it('refuses an upload without the token, with the wrong type, or over the limit', async () => {
    const running = await start({ maxUploadBytes: 1000 });
    expect((await send(running, { method: 'POST', path: '/blobs', headers: { 'Content-Type': 'application/octet-stream' }, body: 'x' })).status).toBe(401);
    expect((await send(running, { method: 'POST', path: '/blobs', headers: { ...auth, 'Content-Type': 'text/plain' }, body: 'x' })).status).toBe(400);
    expect((await send(running, { method: 'POST', path: '/blobs', headers: auth, body: Buffer.alloc(5000), chunked: true })).status).toBe(413);
    expect((await send(running, { method: 'GET', path: '/blobs', headers: auth })).status).toBe(405);
  });
});
