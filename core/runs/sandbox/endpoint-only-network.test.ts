import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../api/create-api.ts';
import { shellQuote } from '../../shell-quote.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importTestTask } from '../study/study-engine.fixture.ts';
import { OUTWARD_ADDRESS as OUTWARD } from './outward-address.fixture.ts';

const AGENT = fileURLToPath(new URL('./fixtures/egress-agent.mjs', import.meta.url));


let dir: string;
let api: Api;
const servers: Server[] = [];
const seen = { endpoint: 0, other: 0 };

async function serve(name: keyof typeof seen): Promise<string> {
  const server = createServer((req, res) => {
    seen[name]++;
    const body = `${name} answered ${req.url}`;
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body), connection: 'close' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, OUTWARD, resolve));
  servers.push(server);
  return `http://${OUTWARD}:${(server.address() as { port: number }).port}`;
}

// Needs an address other than loopback to stand for a remote model API; every machine with a network has one.
describe.skipIf(!OUTWARD)('a run on network endpoint-only', () => {
  let endpoint: string;
  let other: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lhb-endpoint-only-'));
    api = createApi(openWorkspace(join(dir, 'ws')));
    await importTestTask(api.context.workspace, dir);
    endpoint = await serve('endpoint');
    other = await serve('other');
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('reaches its model endpoint through the proxy, plainly and by CONNECT, and nothing else: another host is refused and recorded, a direct connection and DNS fail', async () => {
    const command = `${shellQuote(process.execPath)} ${shellQuote(AGENT)} ${shellQuote(`${other}/exfiltrate`)}`;
    const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'egress', command, endpoint: `${endpoint}/v1`, network: 'endpoint-only' }] });
    await api.context.jobs.idle();
    const { runs } = await api.call('runs.study', { studyId });
    const run = runs[0]!;
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
    const results = JSON.parse(readFileSync(join(dir, 'ws', 'studies', studyId, 'runs', run.id, 'work', 'out', 'egress.json'), 'utf8')) as Record<string, { status?: number | null; body?: string; connected?: boolean; resolved?: boolean }>;
    for (const [attempt, result] of Object.entries(results)) console.log(`${attempt}: ${JSON.stringify(result)}`);

    expect(results.endpointViaProxy).toEqual({ status: 200, body: 'endpoint answered /v1' });
    expect(results.endpointViaTunnel).toEqual({ status: 200, body: 'endpoint answered /v1' });
    expect(results.otherViaProxy!.status).toBe(403);
    expect(results.otherViaProxy!.body).toMatch(/endpoint-only/);
    expect(results.otherViaTunnel!.status).toBe(403);
    expect(results.otherDirect!.connected).toBe(false);
    expect(results.dns!.resolved).toBe(false);
    expect(seen.other).toBe(0);
    expect(seen.endpoint).toBe(2);

    const otherHost = new URL(other).host;
    expect(run.sandbox).toMatchObject({ network: 'endpoint-only', allowedHosts: [new URL(endpoint).host], refusedHosts: [otherHost] });
  }, 120_000);
});
