import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import { runMcpServersPath } from '../harnesses/harness-adapter.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { REAL_HARNESSES, runScriptedTask, useRealHarnessStudy } from './real-harness-study.fixture.ts';

// The acceptance run of a task's own MCP server: each real harness CLI through the engine against
// the scripted model server, with a stdio server in the task folder that takes a secret by env_from
// (named with "_" in it, which Gemini CLI's `mcp_<server>_<tool>` alone cannot split).
// The harness lists the server's tool to the model, the script calls it, the call is in the
// trajectory as mcp:<server>.<tool>, the secret reached the server and is kept nowhere in the workspace.

const SECRET_VAR = 'LHB_TEST_MCP_PROOF_SECRET';
const SECRET = `proof-secret-${randomBytes(12).toString('hex')}`;
const NOTE = 'hello from the script';

const SCRIPT: ReplayScript = {
  name: 'task mcp',
  turns: [
    { text: 'Recording the proof.', calls: [{ action: 'mcp', server: 'design_tokens', tool: 'record_proof', arguments: { note: NOTE } }] },
    { text: 'Writing the page.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: '<!doctype html><title>Proof</title><h1>Proof</h1>\n' }] },
  ],
  final: 'Done.',
  usage: { input: 100, output: 20 },
};

const study = useRealHarnessStudy(
  'lhb-real-harnesses-mcp-',
  { id: 'mcp-task', kind: 'programmatic', title: 'Record a proof', instruction: 'Call the proof tool, then build a page.', mcp_servers: { design_tokens: { command: 'node', args: ['mcp/proof.mjs'], env_from: { PROOF_SECRET: SECRET_VAR } } } },
  (folder) => {
    mkdirSync(join(folder, 'mcp'), { recursive: true });
    copyFileSync(join(import.meta.dirname, 'fixtures', 'proof-mcp-server.mjs'), join(folder, 'mcp', 'proof.mjs'));
  },
);

beforeAll(() => {
  process.env[SECRET_VAR] = SECRET;
});
afterAll(() => {
  delete process.env[SECRET_VAR];
});

/** Every file of the workspace's store: the database (and its WAL) and the blobs. */
function storeFiles(): string[] {
  const ws = join(study.dir, 'ws');
  const files = readdirSync(ws).filter((name) => name.startsWith('lhb.sqlite')).map((name) => join(ws, name));
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(folder, entry.name));
      else files.push(join(folder, entry.name));
    }
  };
  if (existsSync(join(ws, 'blobs'))) walk(join(ws, 'blobs'));
  return files;
}

describe.each(REAL_HARNESSES)('%s with a task MCP server', (harness) => {
  it('lists its tool to the model, calls it, names the call mcp:design_tokens.record_proof, and the secret reaches only the server', async () => {
    const adapter = HARNESS_ADAPTERS[harness];
    const { api } = study;
    const { runId, folder, firstTools } = await runScriptedTask(study, harness, 'mcp-task', SCRIPT, [SECRET_VAR]);
    const run = { id: runId };

    // The first model request offers the server's tool (each CLI under its own name for it).
    expect(firstTools).toContain('record_proof');
    expect(firstTools).toContain('Records a note in mcp-proof.json');

    // The call and its result are in the trajectory under one name whichever harness made it.
    const trajectory = (await api.call('runs.trajectory', { runId: run.id })).trajectory!;
    const calls = trajectory.steps.flatMap((step) => step.toolCalls);
    expect(calls.filter((call) => call.name.startsWith('mcp'))).toEqual([expect.objectContaining({ name: 'mcp:design_tokens.record_proof', ok: true, result: expect.stringContaining(`Recorded proof: ${NOTE}`) })]);

    // The run records the server and the tools it listed.
    const detail = (await api.call('runs.show', { runId: run.id })).run;
    expect(detail.mcpServers).toEqual([{ name: 'design_tokens', transport: 'stdio', optional: false, status: 'ready', tools: ['record_proof'], reason: null }]);

    // The secret reached the server (it wrote its hash into the work folder) ...
    const proof = JSON.parse(readFileSync(join(folder, 'work', 'mcp-proof.json'), 'utf8')) as { note: string; secretSha256: string };
    expect(proof).toMatchObject({ note: NOTE, secretSha256: createHash('sha256').update(SECRET).digest('hex') });
    // ... and is stored nowhere in the workspace's store, and the harness's config that held it is gone.
    for (const file of storeFiles()) expect(readFileSync(file).includes(SECRET), file).toBe(false);
    expect(existsSync(runMcpServersPath(adapter.mcpServersFile!, { homeDir: join(folder, 'home'), workdir: join(folder, 'work') }))).toBe(false);
  }, 300_000);
});
