import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { runMcpServersPath } from '../harnesses/harness-adapter.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { REAL_HARNESSES, runScriptedTask, useRealHarnessStudy } from './real-harness-study.fixture.ts';
import { SEARCH_DOCS_TOOL, startStreamableHttpMcpServer, type StreamableHttpMcpServer } from './streamable-http-mcp-server.fixture.ts';

// A task's MCP server over streamable HTTP (`url`, with its Authorization header by headers_from):
// a real server on 127.0.0.1, used by real harness CLIs through the engine against the scripted
// model server. The harness lists the server's tool, the script calls it, the call reaches the
// server with the header, and it is in the trajectory as mcp:docs.search_docs.

const TOKEN_VAR = 'LHB_TEST_DOCS_TOKEN';
const AUTHORIZATION = `Bearer docs-${randomBytes(12).toString('hex')}`;

const SCRIPT: ReplayScript = {
  name: 'http mcp',
  turns: [
    { text: 'Searching the docs.', calls: [{ action: 'mcp', server: 'docs', tool: 'search_docs', arguments: { query: 'grpo' } }] },
    { text: 'Writing the page.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: '<!doctype html><title>GRPO</title><h1>GRPO</h1>\n' }] },
  ],
  final: 'Done.',
  usage: { input: 100, output: 20 },
};

// Each CLI reaches an HTTP server by its own client.
const HARNESSES: HarnessId[] = REAL_HARNESSES;

let docs: StreamableHttpMcpServer;
beforeAll(async () => {
  docs = await startStreamableHttpMcpServer({ authorization: AUTHORIZATION, sse: true });
  process.env[TOKEN_VAR] = AUTHORIZATION;
});
afterAll(async () => {
  delete process.env[TOKEN_VAR];
  await docs?.close();
});

const study = useRealHarnessStudy('lhb-real-harnesses-http-mcp-', () => ({
  id: 'http-mcp-task',
  kind: 'programmatic',
  title: 'Search the docs',
  instruction: 'Search the docs, then build a page.',
  mcp_servers: { docs: { url: docs.url, headers_from: { Authorization: TOKEN_VAR } } },
}));

describe.each(HARNESSES)('%s with a streamable-HTTP task MCP server', (harness) => {
  it('lists its tool, calls it over HTTP with the header, and names the call mcp:docs.search_docs', async () => {
    const adapter = HARNESS_ADAPTERS[harness];
    const { api } = study;
    const callsBefore = docs.calls.length;
    const { runId, folder, firstTools } = await runScriptedTask(study, harness, 'http-mcp-task', SCRIPT, [TOKEN_VAR]);
    const run = { id: runId };
    expect(firstTools).toContain(SEARCH_DOCS_TOOL.name);
    expect(firstTools).toContain(SEARCH_DOCS_TOOL.description);

    // The call went over HTTP to the server (which refuses a request without the header) ...
    expect(docs.calls.slice(callsBefore)).toEqual([{ query: 'grpo' }]);
    // ... and is in the trajectory with the server's answer.
    const trajectory = (await api.call('runs.trajectory', { runId: run.id })).trajectory!;
    const calls = trajectory.steps.flatMap((step) => step.toolCalls).filter((call) => call.name.startsWith('mcp'));
    expect(calls).toEqual([expect.objectContaining({ name: 'mcp:docs.search_docs', ok: true, result: expect.stringContaining('GRPO normalises rewards within a group.') })]);
    const detail = (await api.call('runs.show', { runId: run.id })).run;
    expect(detail.mcpServers).toEqual([{ name: 'docs', transport: 'http', optional: false, status: 'ready', tools: ['search_docs'], reason: null }]);
    // The header's value was in the harness's own config only, which is gone.
    expect(existsSync(runMcpServersPath(adapter.mcpServersFile!, { homeDir: join(folder, 'home'), workdir: join(folder, 'work') }))).toBe(false);
  }, 300_000);
});
