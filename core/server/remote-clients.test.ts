import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RpcErrorBodySchema } from '../../schemas/errors.ts';
import type { JudgeConfig } from '../../schemas/judge.ts';
import { rpcContract } from '../../schemas/rpc.ts';
import { createApi, type Api } from '../api/create-api.ts';
import { FAKE_API_KEY, FAKE_KEY_ENV, fakeJudgeConfig } from '../judge/providers/fake-judge-setup.fixture.ts';
import { startFakeOpenAiServer } from '../model-apis/openai-chat/fake-openai-server.fixture.ts';
import type { FakeProviderServer } from '../model-apis/fake-model-api-server.fixture.ts';
import { HubStandIn } from '../export/hub/hub-stand-in.fixture.ts';
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

  it('refuses a push to the Hub to a non-loopback client with 403 and sends nothing to the Hub, as the server\'s token is its own', async () => {
    const running = await startOnEveryInterface();
    const hub = await new HubStandIn().start();
    try {
      api!.context.hub = { url: hub.url, urlSource: 'the test', env: { HF_TOKEN: hub.token } };
      for (const [method, input] of [['export.push', { exportJobId: 'any', repo: 'alice/theirs' }], ['export.pushSettings', {}]] as const) {
        const res = await rpcVia(lanAddress!, running.port, method, input);
        expect(res.status, method).toBe(403);
        const error = RpcErrorBodySchema.parse(res.json).error;
        expect(error.message, method).toMatch(new RegExp(`^Pushing to the Hugging Face Hub uses the token of the machine running the app, so it only answers a browser on that machine; this request came from ${lanAddress!.replace(/\./g, '\\.')}\\. Nothing was sent to the Hub\\.`));
      }
      // The same call from the server machine reaches the handler (which refuses the unknown export).
      const local = await rpcVia('127.0.0.1', running.port, 'export.push', { exportJobId: 'any', repo: 'alice/theirs' });
      expect(RpcErrorBodySchema.parse(local.json).error).toMatchObject({ code: 'not_found', field: 'exportJobId' });
      expect(hub.requests).toEqual([]);
    } finally {
      await hub.stop();
    }
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

describe.skipIf(!lanAddress)('judges named by a caller on another machine', () => {
  let trusted: FakeProviderServer | undefined;
  let attacker: FakeProviderServer | undefined;
  const savedKey = process.env[FAKE_KEY_ENV];

  beforeEach(() => {
    process.env[FAKE_KEY_ENV] = FAKE_API_KEY;
  });

  afterEach(async () => {
    await trusted?.close();
    await attacker?.close();
    trusted = attacker = undefined;
    if (savedKey === undefined) delete process.env[FAKE_KEY_ENV];
    else process.env[FAKE_KEY_ENV] = savedKey;
  });

  async function startWithServerJudges(): Promise<{ running: RunningHttpServer; serverJudge: JudgeConfig }> {
    trusted = await startFakeOpenAiServer({ apiKey: FAKE_API_KEY, respond: () => ({ type: 'text', text: '{"rubric_scores": []}' }) });
    attacker = await startFakeOpenAiServer({ respond: () => ({ type: 'text', text: '{"rubric_scores": []}' }) });
    const serverJudge = fakeJudgeConfig('openai', trusted);
    api = createApi(openWorkspace(join(root, 'workspace')));
    server = await startHttpServer({ api, host: '0.0.0.0', port: 0, token: TOKEN, rendererDir: join(root, 'renderer'), arenaAssets: false, judges: [serverJudge] });
    return { running: server, serverJudge };
  }

  it('refuses with 403 a key variable or base URL the server was not started with, and the key never leaves', async () => {
    const { running, serverJudge } = await startWithServerJudges();
    const before = await jobCount();
    const stealing = { name: 'thief', provider: 'openai', baseUrl: attacker!.baseUrl, model: 'm', apiKeyEnv: FAKE_KEY_ENV };
    const cases = [
      ['judge.start', { judges: [stealing], tier: 'output' }],
      ['judge.start', { judges: [serverJudge, { ...serverJudge, name: 'same-url-other-key', apiKeyEnv: 'AWS_SECRET_ACCESS_KEY' }], tier: 'output' }],
      ['judge.start', { judges: [{ ...serverJudge, baseUrl: attacker!.baseUrl }], tier: 'output' }],
      ['rubrics.generateForChapter', { chapterId: 'any-chapter', judge: stealing }],
    ] as const;
    for (const [method, input] of cases) {
      const res = await rpcVia(lanAddress!, running.port, method, input);
      expect(res.status, `${method} ${JSON.stringify(input)}`).toBe(403);
      const { message } = RpcErrorBodySchema.parse(res.json).error;
      expect(message).toContain(`this request came from ${lanAddress}`);
      expect(message).toContain('lhb serve --judges FILE');
      expect(message).toContain('Nothing was sent');
    }
    expect(attacker!.requestCount).toBe(0);
    expect(await jobCount()).toBe(before);
  });

  it('lets a remote owner use a judge the server was configured with, and a caller on the server machine any judge', async () => {
    const { running, serverJudge } = await startWithServerJudges();
    const remote = await rpcVia(lanAddress!, running.port, 'judge.start', { judges: [serverJudge], tier: 'output' });
    expect(remote.status, JSON.stringify(remote.json)).toBe(200);
    const local = await rpcVia('127.0.0.1', running.port, 'rubrics.generateForChapter', { chapterId: 'no-such-chapter', judge: { name: 'mine', provider: 'openai', baseUrl: attacker!.baseUrl, model: 'm' } });
    // Past the door: the handler itself answers (the chapter does not exist).
    expect(local.status).toBe(404);
  });
});
