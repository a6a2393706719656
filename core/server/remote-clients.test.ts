import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RpcErrorBodySchema } from '../../schemas/errors.ts';
import { rpcContract } from '../../schemas/rpc.ts';
import { createApi, type Api } from '../api/create-api.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { startHttpServer, type RunningHttpServer } from './http-server.ts';

// A client on another machine, honestly: the server binds every interface and this test connects
// through the machine's own non-loopback address, so the server sees a non-loopback peer (the
// kernel routes it locally, but the source address is the interface's, not 127.0.0.1).
const lanAddress = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;

const TOKEN = 'remote-test-token-0123456789';

let root: string;
let api: Api | undefined;
let server: RunningHttpServer | undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-remote-'));
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await api?.close();
  api = undefined;
  rmSync(root, { recursive: true, force: true });
});

const jobCount = async () => rpcContract['jobs.list'].output.parse(await api!.call('jobs.list', {})).jobs.length;
const sourceTitles = async () => rpcContract['sources.list'].output.parse(await api!.call('sources.list', {})).sources.map((s) => s.title);

async function startOnEveryInterface(): Promise<RunningHttpServer> {
  api = createApi(openWorkspace(join(root, 'workspace')));
  server = await startHttpServer({ api, host: '0.0.0.0', port: 0, token: TOKEN, rendererDir: join(root, 'renderer'), arenaAssets: false });
  return server;
}

/** POST /rpc/<method> to `address`, with the Host header a browser opening that address sends. */
function rpcVia(address: string, port: number, method: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: address,
        port,
        method: 'POST',
        path: `/rpc/${method}`,
        agent: false,
        headers: { Host: `${address}:${port}`, Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

describe.skipIf(!lanAddress)(`a server bound to 0.0.0.0, reached through ${lanAddress ?? '(no non-loopback IPv4 interface here: skipped)'}`, () => {
  it('prints an address that works, never 0.0.0.0, and answers ordinary calls from another machine', async () => {
    const running = await startOnEveryInterface();
    expect(running.urls.map((url) => new URL(url).hostname)).not.toContain('0.0.0.0');
    expect(running.urls).toContain(`http://${lanAddress}:${running.port}/#token=${TOKEN}`);
    expect(running.urls).toContain(`http://127.0.0.1:${running.port}/#token=${TOKEN}`);
    for (const url of running.urls) {
      const { hostname } = new URL(url);
      const res = await rpcVia(hostname, running.port, 'workspace.info', {});
      expect(res.status, url).toBe(200);
    }
  });

  it('refuses the path-based imports to a non-loopback client with 403, imports nothing, and says to upload', async () => {
    const running = await startOnEveryInterface();
    const folder = join(root, 'to-import');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.md'), '# Notes\n\nA line.\n');
    const before = { jobs: await jobCount(), sources: (await sourceTitles()).length };

    const sources = await rpcVia(lanAddress!, running.port, 'sources.importPaths', { paths: [folder] });
    expect(sources.status).toBe(403);
    const sourcesError = RpcErrorBodySchema.parse(sources.json).error;
    expect(sourcesError.code).toBe('forbidden');
    expect(sourcesError.message).toContain(`this request came from ${lanAddress}`);
    expect(sourcesError.message).toContain('Nothing was read or changed');
    expect(sourcesError.message).toContain('upload the files instead');

    const runs = await rpcVia(lanAddress!, running.port, 'runs.importPaths', { paths: [folder] });
    expect(runs.status).toBe(403);
    expect(RpcErrorBodySchema.parse(runs.json).error.message).toContain('lhb runs import DIR...');

    // Nothing started: no import job, no new source.
    expect({ jobs: await jobCount(), sources: (await sourceTitles()).length }).toEqual(before);
  });

  it('still lets a browser on the server machine import by path', async () => {
    const running = await startOnEveryInterface();
    const folder = join(root, 'to-import');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.md'), '# Notes\n\nA line.\n');
    const res = await rpcVia('127.0.0.1', running.port, 'sources.importPaths', { paths: [folder] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ jobId: expect.any(String) });
  });
});
