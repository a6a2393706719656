import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

// `lhb runs start` keeps the rule the app keeps: a task folder's MCP servers get only the
// variables the study allows (allowMcpEnv in a study file, --allow-mcp-env on the command line).

const PROOF_SERVER = fileURLToPath(new URL('../runs/study/fixtures/proof-mcp-server.mjs', import.meta.url));
const SECRET_VAR = 'LHB_TEST_FAKE_CLOUD_SECRET';
const SECRET = 'cloud-secret-do-not-send';

let dir: string;
let ws: string;
const lhb = (args: string[]) =>
  spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args, '-w', ws], { encoding: 'utf8', env: { ...process.env, LHB_TOOLS_DIR: join(dir, 'no-tools'), [SECRET_VAR]: SECRET }, timeout: 180_000 });
const receivedFile = () => join(dir, 'received.jsonl');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-cli-mcp-env-'));
  ws = join(dir, 'ws');
  const task = join(dir, 'study', 'tasks', 'proof');
  mkdirSync(join(task, 'mcp'), { recursive: true });
  copyFileSync(PROOF_SERVER, join(task, 'mcp', 'proof.mjs'));
  writeFileSync(
    join(task, 'task.json'),
    JSON.stringify({ id: 'proof-task', kind: 'programmatic', title: 'Uses a tool', instruction: 'Call the tool.', mcp_servers: { proof: { command: 'node', args: ['mcp/proof.mjs', '--record-env', receivedFile()], env_from: { PROOF_SECRET: SECRET_VAR } } } }),
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function studyFile(extra = ''): string {
  const file = join(dir, 'study', 'study.yaml');
  writeFileSync(file, `name: mcp-env\ntasks: [./tasks/proof]\nsandbox: false\nconfigurations:\n  - harness: command\n    model: scripted\n    command: "true"\n${extra}`);
  return file;
}

describe('lhb runs start and the variables a task’s MCP servers may receive', () => {
  it('refuses a study file whose task names a variable it does not allow, saying how to allow it; with allowMcpEnv the server gets it', () => {
    const refused = lhb(['runs', 'start', '--spec', studyFile()]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(new RegExp(`task "proof-task": MCP server "proof" asks for the environment variable ${SECRET_VAR}.*allowMcpEnv in the study file \\(allowMcpEnv: \\[${SECRET_VAR}\\]\\).*Nothing was run`));
    expect(existsSync(receivedFile())).toBe(false);

    // Allowed: the setup check starts the server with it (the command harness itself takes no MCP servers, so the run then fails as setup).
    const allowed = lhb(['runs', 'start', '--spec', studyFile(`allowMcpEnv: [${SECRET_VAR}]\n`), '--json']);
    expect(allowed.stderr).not.toMatch(/does not allow/);
    expect(JSON.parse(allowed.stdout.trim().split('\n').at(-1)!)).toMatchObject({ runs: [{ status: 'failed', errorKind: 'setup' }] });
    expect(readFileSync(receivedFile(), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([{ PROOF_SECRET: SECRET }]);
  }, 400_000);

  it('takes the allowed variables as --allow-mcp-env with the flags', () => {
    const refused = lhb(['runs', 'start', '--task', join(dir, 'study', 'tasks', 'proof'), '--harness', 'command', '--command', 'true', '--no-sandbox']);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(new RegExp(`MCP server "proof" asks for the environment variable ${SECRET_VAR}`));
    const allowed = lhb(['runs', 'start', '--task', join(dir, 'study', 'tasks', 'proof'), '--harness', 'command', '--command', 'true', '--no-sandbox', '--allow-mcp-env', SECRET_VAR, '--json']);
    expect(allowed.stderr).not.toMatch(/does not allow/);
    expect(readFileSync(receivedFile(), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([{ PROOF_SECRET: SECRET }]);
  }, 400_000);
});
