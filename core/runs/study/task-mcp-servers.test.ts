import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importBundles } from '../bundles/import-bundles.ts';
import { probeMcpServer } from './probe-mcp-server.ts';
import { readTaskMcpServers, resolveTaskMcpServers, TaskMcpSetupError } from './task-mcp-servers.ts';

const PROOF_SERVER = join(import.meta.dirname, 'fixtures', 'proof-mcp-server.mjs');

let dir: string;
let taskFolder: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-task-mcp-'));
  taskFolder = join(dir, 'task');
  mkdirSync(join(taskFolder, 'mcp'), { recursive: true });
  copyFileSync(PROOF_SERVER, join(taskFolder, 'mcp', 'proof.mjs'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeTask(mcpServers: unknown): void {
  writeFileSync(join(taskFolder, 'task.json'), JSON.stringify({ id: 'mcp-task', kind: 'programmatic', title: 'Uses a tool', instruction: 'Call the tool.', mcp_servers: mcpServers }));
}

describe("a task's mcp_servers", () => {
  it('are accepted by the task import', async () => {
    writeTask({ proof: { command: 'node', args: ['mcp/proof.mjs'], env_from: { PROOF_SECRET: 'LHB_TEST_PROOF' } }, docs: { url: 'https://mcp.example.org/mcp', headers_from: { Authorization: 'DOCS_TOKEN' }, optional: true } });
    const workspace = openWorkspace(join(dir, 'ws'));
    try {
      const result = await importBundles(workspace, [taskFolder]);
      expect(result.outcomes).toEqual([expect.objectContaining({ kind: 'task', status: 'imported', id: 'mcp-task' })]);
    } finally {
      workspace.close();
    }
  });

  it('resolve relative paths against the task folder and read secrets from the named variables', () => {
    writeTask({ proof: { command: 'node', args: ['mcp/proof.mjs', '--verbose', 'not-a-file'], env_from: { PROOF_SECRET: 'LHB_TEST_PROOF' } }, docs: { url: 'http://127.0.0.1:9/mcp', headers_from: { Authorization: 'DOCS_TOKEN' } } });
    const resolved = resolveTaskMcpServers(readTaskMcpServers(taskFolder), { taskId: 'mcp-task', taskFolder, env: { LHB_TEST_PROOF: 's3cret', DOCS_TOKEN: 'Bearer t0ken' }, allowedEnv: ['LHB_TEST_PROOF', 'DOCS_TOKEN'] });
    expect(resolved.servers).toEqual([
      { name: 'proof', command: 'node', args: [join(taskFolder, 'mcp', 'proof.mjs'), '--verbose', 'not-a-file'], env: { PROOF_SECRET: 's3cret' } },
      { name: 'docs', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer t0ken' } },
    ]);
    expect(resolved.secrets.sort()).toEqual(['Bearer t0ken', 's3cret']);
    expect(resolved.skipped).toEqual([]);
  });

  it('refuse a run whose secret variable is unset, naming the server and the variable, unless the server is optional', () => {
    writeTask({ figma: { command: 'node', args: ['mcp/proof.mjs'], env_from: { FIGMA_API_KEY: 'LHB_TEST_UNSET_FIGMA' } } });
    expect(() => resolveTaskMcpServers(readTaskMcpServers(taskFolder), { taskId: 'mcp-task', taskFolder, env: {}, allowedEnv: ['LHB_TEST_UNSET_FIGMA'] })).toThrow(TaskMcpSetupError);
    expect(() => resolveTaskMcpServers(readTaskMcpServers(taskFolder), { taskId: 'mcp-task', taskFolder, env: {}, allowedEnv: ['LHB_TEST_UNSET_FIGMA'] })).toThrow(/MCP server "figma".*LHB_TEST_UNSET_FIGMA/);

    writeTask({ figma: { command: 'node', args: ['mcp/proof.mjs'], env_from: { FIGMA_API_KEY: 'LHB_TEST_UNSET_FIGMA' }, optional: true } });
    const resolved = resolveTaskMcpServers(readTaskMcpServers(taskFolder), { taskId: 'mcp-task', taskFolder, env: {}, allowedEnv: ['LHB_TEST_UNSET_FIGMA'] });
    expect(resolved.servers).toEqual([]);
    expect(resolved.skipped).toEqual([{ name: 'figma', transport: 'stdio', reason: expect.stringContaining('LHB_TEST_UNSET_FIGMA') }]);
  });

  it('are none for a task folder without them, or no folder', () => {
    writeFileSync(join(taskFolder, 'task.json'), JSON.stringify({ id: 'plain', kind: 'programmatic', title: 'Plain', instruction: 'x' }));
    expect(readTaskMcpServers(taskFolder)).toEqual({});
    expect(readTaskMcpServers(undefined)).toEqual({});
  });
});

describe('probing an MCP server before the agent starts', () => {
  it("lists a stdio server's tools", async () => {
    const tools = await probeMcpServer({ name: 'proof', command: process.execPath, args: [join(taskFolder, 'mcp', 'proof.mjs')] }, { cwd: dir, env: { PATH: process.env.PATH ?? '' }, timeoutMs: 10_000 });
    expect(tools).toEqual(['record_proof']);
  });

  it('says what a stdio server that exits printed and how it ended', async () => {
    await expect(probeMcpServer({ name: 'proof', command: process.execPath, args: [join(taskFolder, 'mcp', 'proof.mjs'), '--fail'] }, { cwd: dir, env: {}, timeoutMs: 10_000 })).rejects.toThrow(
      /exited with code 3.*refusing to start/s,
    );
    await expect(probeMcpServer({ name: 'proof', command: join(dir, 'no-such-binary'), args: [] }, { cwd: dir, env: {}, timeoutMs: 10_000 })).rejects.toThrow(/no-such-binary/);
  });

  describe('over streamable HTTP', () => {
    let server: Server;
    let url: string;
    const seenAuth: (string | undefined)[] = [];
    beforeEach(async () => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          seenAuth.push(req.headers.authorization);
          if (req.headers.authorization !== 'Bearer good') {
            res.writeHead(401).end('unauthorised');
            return;
          }
          if (req.method === 'DELETE') {
            res.writeHead(204).end();
            return;
          }
          const message = JSON.parse(body) as { id?: number; method: string };
          if (message.id === undefined) {
            res.writeHead(202).end();
            return;
          }
          const result = message.method === 'initialize' ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'docs', version: '1' } } : { tools: [{ name: 'search_docs', inputSchema: { type: 'object' } }] };
          // Answered as an event stream, as servers that stream do.
          res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'sess-1' });
          res.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n\n`);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address() as { port: number };
      url = `http://127.0.0.1:${address.port}/mcp`;
    });
    afterEach(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('lists its tools with the headers given, and names the HTTP status when refused', async () => {
      expect(await probeMcpServer({ name: 'docs', url, headers: { Authorization: 'Bearer good' } }, { cwd: dir, env: {}, timeoutMs: 10_000 })).toEqual(['search_docs']);
      expect(seenAuth).toContain('Bearer good');
      await expect(probeMcpServer({ name: 'docs', url, headers: { Authorization: 'Bearer bad' } }, { cwd: dir, env: {}, timeoutMs: 10_000 })).rejects.toThrow(/HTTP 401/);
    });
  });
});
