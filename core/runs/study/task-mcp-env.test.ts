import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RpcInput } from '../../../schemas/rpc.ts';
import { prepareTaskMcpServers } from './prepare-task-mcp-servers.ts';
import { probeMcpServer } from './probe-mcp-server.ts';
import { startStreamableHttpMcpServer, type StreamableHttpMcpServer } from './streamable-http-mcp-server.fixture.ts';
import { TaskMcpSetupError } from './task-mcp-servers.ts';
import { writeMcpTaskFolder } from './mcp-task-folder.fixture.ts';
import { useTaskWorkspace } from './task-workspace.fixture.ts';

// A task folder is someone else's code: its task.json may name any variable of ours in env_from
// or headers_from. Its servers get only the variables the study allows (allowMcpEnv), and the
// setup check reaches no further than the run could. Real servers: the stdio proof server writes
// down the PROOF_ variables it started with, the HTTP one records every request's Authorization.

const ctx = useTaskWorkspace('lhb-task-mcp-env-');
/** Stand-ins for an engine secret a hostile task would want (a cloud key, a judge's API key). */
const CLOUD_VAR = 'LHB_TEST_FAKE_AWS_SECRET_ACCESS_KEY';
const JUDGE_VAR = 'LHB_TEST_FAKE_JUDGE_API_KEY';
const CLOUD_SECRET = 'aws-secret-do-not-send';
const JUDGE_SECRET = 'Bearer judge-key-do-not-send';

let docs: StreamableHttpMcpServer;
beforeEach(async () => {
  docs = await startStreamableHttpMcpServer({ authorization: JUDGE_SECRET });
  process.env[CLOUD_VAR] = CLOUD_SECRET;
  process.env[JUDGE_VAR] = JUDGE_SECRET;
});
afterEach(async () => {
  delete process.env[CLOUD_VAR];
  delete process.env[JUDGE_VAR];
  await docs.close();
});

/** Where the stdio server writes what it received, one JSON line per start. */
const receivedFile = () => join(ctx.dir, 'proof-received.jsonl');
const received = (): Record<string, string>[] => (existsSync(receivedFile()) ? readFileSync(receivedFile(), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, string>) : []);

const writeMcpTask = (servers: Record<string, unknown>): string => writeMcpTaskFolder(ctx.dir, servers);

const proofServer = (variable: string, extra: Record<string, unknown> = {}) => ({ command: 'node', args: ['mcp/proof.mjs', '--record-env', receivedFile()], env_from: { PROOF_SECRET: variable }, ...extra });
const docsServer = (variable: string, extra: Record<string, unknown> = {}) => ({ url: docs.url, headers_from: { Authorization: variable }, ...extra });

const studySpec = (folder: string, extra: Record<string, unknown>): RpcInput<'runs.start'> => ({ tasks: ['engine-task'], taskFolders: { 'engine-task': folder }, configurations: [{ harness: 'command', model: 'scripted', command: 'touch agent-started' }], ...extra });

async function runStudy(folder: string, extra: Record<string, unknown>) {
  const { studyId } = await ctx.api.call('runs.start', studySpec(folder, extra));
  await ctx.api.context.jobs.idle();
  const { runs } = await ctx.api.call('runs.study', { studyId });
  return runs[0]!;
}

describe("a task's MCP servers and the variables its study allows", () => {
  it('refuses the study before any run starts when a server names a variable the study does not allow, naming the task, the server, the variable and how to allow it', async () => {
    const folder = writeMcpTask({ proof: proofServer(CLOUD_VAR), docs: docsServer(JUDGE_VAR) });
    const start = ctx.api.call('runs.start', studySpec(folder, { sandbox: false, allowMcpEnv: [JUDGE_VAR] }));
    await expect(start).rejects.toThrow(
      new RegExp(`task "engine-task": MCP server "proof" asks for the environment variable ${CLOUD_VAR} \\(as its variable PROOF_SECRET\\), which this study does not allow.*allowMcpEnv in the study file \\(allowMcpEnv: \\[${CLOUD_VAR}\\]\\).*New study form.*Nothing was run`),
    );
    await expect(start).rejects.not.toThrow(new RegExp(`"docs" asks`));
    // No study was recorded, no server started or was asked anything.
    expect((await ctx.api.call('runs.studies', {})).studies).toEqual([]);
    expect(received()).toEqual([]);
    expect(docs.authorizations).toEqual([]);
  });

  it('refuses a study that allows nothing when a server names any variable, listing each', async () => {
    const folder = writeMcpTask({ proof: proofServer(CLOUD_VAR), docs: docsServer(JUDGE_VAR) });
    await expect(ctx.api.call('runs.start', studySpec(folder, { sandbox: false }))).rejects.toThrow(
      new RegExp(`"proof" asks for the environment variable ${CLOUD_VAR}.*"docs" asks for the environment variable ${JUDGE_VAR} \\(as its Authorization header\\).*allowMcpEnv: \\[${CLOUD_VAR}, ${JUDGE_VAR}\\]`),
    );
    expect(received()).toEqual([]);
    expect(docs.authorizations).toEqual([]);
  });

  it('gives the servers the variables the study allows: the setup check starts each with its value', async () => {
    const folder = writeMcpTask({ proof: proofServer(CLOUD_VAR), docs: docsServer(JUDGE_VAR) });
    const run = await runStudy(folder, { sandbox: false, allowMcpEnv: [CLOUD_VAR, JUDGE_VAR] });
    // Both servers were checked (the command harness itself takes no MCP servers, which is said after).
    expect(run).toMatchObject({ status: 'failed', errorKind: 'setup' });
    expect(run.errorMessage).toMatch(/MCP servers \(proof, docs\).*takes none/);
    expect(received()).toEqual([{ PROOF_SECRET: CLOUD_SECRET }]);
    expect(docs.authorizations.length).toBeGreaterThan(0);
    expect(new Set(docs.authorizations)).toEqual(new Set([JUDGE_SECRET]));
  });

  it('lists, for the form before start, which task servers ask for which variables (read from the task folder, nothing started)', async () => {
    const folder = writeMcpTask({ proof: proofServer(CLOUD_VAR), docs: docsServer(JUDGE_VAR) });
    const { requests } = await ctx.api.call('runs.mcpVariables', { tasks: ['engine-task', 'no-folder-task'], taskFolders: { 'engine-task': folder } });
    expect(requests).toEqual([
      { taskId: 'engine-task', server: 'proof', transport: 'stdio', variable: CLOUD_VAR, as: 'PROOF_SECRET' },
      { taskId: 'engine-task', server: 'docs', transport: 'http', variable: JUDGE_VAR, as: 'Authorization' },
    ]);
    expect(received()).toEqual([]);
    expect(docs.authorizations).toEqual([]);
  });

  it("fails a run's set-up when its task.json names a variable not allowed (changed since the study started), before any is read", async () => {
    const folder = writeMcpTask({ proof: proofServer(CLOUD_VAR), docs: docsServer(JUDGE_VAR) });
    const workdir = join(ctx.dir, 'work');
    mkdirSync(workdir, { recursive: true });
    const prepared = prepareTaskMcpServers(folder, { taskId: 'engine-task', allowedEnv: [JUDGE_VAR], network: 'host', workdir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    await expect(prepared).rejects.toThrow(TaskMcpSetupError);
    await expect(prepared).rejects.toThrow(new RegExp(`task "engine-task": MCP server "proof" asks for the environment variable ${CLOUD_VAR}.*allowMcpEnv`));
    expect(received()).toEqual([]);
    expect(docs.authorizations).toEqual([]);
  });
});

describe("the setup check of a task's HTTP MCP server obeys the run's network", () => {
  it('on network none sends the server nothing and fails the run as setup, saying why and what to do', async () => {
    const folder = writeMcpTask({ docs: docsServer(JUDGE_VAR) });
    const run = await runStudy(folder, { network: 'none', allowMcpEnv: [JUDGE_VAR] });
    expect(run).toMatchObject({ status: 'failed', errorKind: 'setup' });
    expect(run.errorMessage).toMatch(/MCP server "docs" is reached over HTTP \(http:\/\/127\.0\.0\.1:\d+\/mcp\), and this run's network is none.*not contacted.*network endpoint-only.*"optional": true/);
    expect(docs.authorizations).toEqual([]);
  });

  it('on network none leaves an optional one out, recorded with why, and sends it nothing', async () => {
    const folder = writeMcpTask({ docs: docsServer(JUDGE_VAR, { optional: true }) });
    const workdir = join(ctx.dir, 'work');
    mkdirSync(workdir, { recursive: true });
    const prepared = await prepareTaskMcpServers(folder, { taskId: 'engine-task', allowedEnv: [JUDGE_VAR], network: 'none', workdir, env: {} });
    expect(prepared.servers).toEqual([]);
    expect(prepared.record).toEqual([{ name: 'docs', transport: 'http', optional: true, status: 'left-out', tools: [], reason: expect.stringMatching(/network is none.*not contacted/) }]);
    expect(docs.authorizations).toEqual([]);
  });

  it('on network endpoint-only asks the declared address only: a redirect elsewhere is not followed, so the header goes nowhere else', async () => {
    const redirecting: Server = createServer((_req, res) => res.writeHead(307, { location: docs.url }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = redirecting.address() as { port: number };
      const folder = writeMcpTask({ docs: { url: `http://127.0.0.1:${port}/mcp`, headers_from: { Authorization: JUDGE_VAR } } });
      const workdir = join(ctx.dir, 'work');
      mkdirSync(workdir, { recursive: true });
      const prepared = prepareTaskMcpServers(folder, { taskId: 'engine-task', allowedEnv: [JUDGE_VAR], network: 'endpoint-only', workdir, env: {} });
      await expect(prepared).rejects.toThrow(/MCP server "docs" could not start: .*answered HTTP 307, a redirect to http:\/\/127\.0\.0\.1:\d+\/mcp, which the check does not follow/);
      expect(docs.authorizations).toEqual([]);
      // The declared address itself is checked as before.
      await expect(probeMcpServer({ name: 'docs', url: docs.url, headers: { Authorization: JUDGE_SECRET } }, { cwd: workdir, env: {}, timeoutMs: 30_000 })).resolves.toEqual(['search_docs']);
    } finally {
      redirecting.closeAllConnections();
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });
});
