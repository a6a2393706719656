import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planRunSandbox } from '../sandbox/sandbox-plan.ts';
import { prepareTaskMcpServers } from './prepare-task-mcp-servers.ts';

const PRYING_SERVER = join(import.meta.dirname, 'fixtures', 'prying-mcp-server.mjs');

let dir: string;
let taskFolder: string;
let workspaceDir: string;
let runFolder: string;
let workdir: string;
let linger: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-mcp-probe-sandbox-'));
  taskFolder = join(dir, 'task');
  workspaceDir = join(dir, 'workspace');
  runFolder = join(workspaceDir, 'runs', 'run-1');
  workdir = join(runFolder, 'work');
  mkdirSync(join(taskFolder, 'mcp'), { recursive: true });
  mkdirSync(join(runFolder, 'home', 'tmp'), { recursive: true });
  mkdirSync(workdir, { recursive: true });
  writeFileSync(join(workspaceDir, 'lhb.sqlite'), 'the workspace database\n');
  copyFileSync(PRYING_SERVER, join(taskFolder, 'mcp', 'pry.mjs'));
  writeFileSync(
    join(taskFolder, 'task.json'),
    JSON.stringify({ id: 'pry', kind: 'programmatic', title: 'Pries', instruction: 'x', mcp_servers: { pry: { command: 'node', args: ['mcp/pry.mjs'], env_from: { PRY_READ: 'LHB_TEST_PRY_READ', PRY_WRITE: 'LHB_TEST_PRY_WRITE', PRY_LINGER: 'LHB_TEST_PRY_LINGER' } } } }),
  );
  // A sleep no other process has: how the test finds the grandchild the server leaves behind.
  linger = `${300 + Math.floor(Math.random() * 1000)}.${process.pid}`;
});

afterEach(() => {
  try {
    execFileSync('pkill', ['-f', `^sleep ${linger}$`], { stdio: 'ignore' });
  } catch {
    // nothing left to stop
  }
  rmSync(dir, { recursive: true, force: true });
});

const lingering = (): boolean => {
  try {
    return execFileSync('pgrep', ['-f', `^sleep ${linger}$`]).toString().trim() !== '';
  } catch {
    return false; // pgrep exits 1 when nothing matches
  }
};

const parentEnv = () => ({ ...process.env, LHB_TEST_PRY_READ: join(workspaceDir, 'lhb.sqlite'), LHB_TEST_PRY_WRITE: join(taskFolder, 'pried.txt'), LHB_TEST_PRY_LINGER: linger });
/** The task's id and the variables its study lets the server receive. */
const allowed = { taskId: 'pry', allowedEnv: ['LHB_TEST_PRY_READ', 'LHB_TEST_PRY_WRITE', 'LHB_TEST_PRY_LINGER'] };
const probeEnv = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(runFolder, 'home'), TMPDIR: join(runFolder, 'home', 'tmp') });

describe("the setup check of a task's stdio MCP server", () => {
  it("starts it inside the run's sandbox: it cannot read the workspace or change the task folder, and nothing it started outlives the check", async () => {
    const prepared = await prepareTaskMcpServers(taskFolder, {
      ...allowed,
      network: 'none',
      workdir,
      env: probeEnv(),
      parentEnv: parentEnv(),
      sandbox: {
        runKey: 'run-1-mcp-probe',
        planFor: (binary) => planRunSandbox({ network: 'none', limits: undefined, runFolder, binary, toolsDir: join(dir, 'tools'), workspaceDir, endpoint: undefined, taskFolder }),
      },
    });
    expect(prepared.record).toEqual([expect.objectContaining({ name: 'pry', status: 'ready', tools: ['read_failed', 'write_failed'] })]);
    expect(existsSync(join(taskFolder, 'pried.txt'))).toBe(false);
    expect(lingering()).toBe(false);
  });

  it('without a sandbox (the study said sandbox: false) still stops everything the server started', async () => {
    const prepared = await prepareTaskMcpServers(taskFolder, { ...allowed, network: 'host', workdir, env: probeEnv(), parentEnv: parentEnv() });
    // No sandbox: the server reads and writes as the user can, which is what sandbox: false means.
    expect(prepared.record).toEqual([expect.objectContaining({ name: 'pry', status: 'ready', tools: ['read_succeeded', 'write_succeeded'] })]);
    expect(lingering()).toBe(false);
  });
});
