import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { WorkspaceInfo } from '../../schemas/workspace.ts';
import { openApi } from '../api/open-api.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

const temps: string[] = [];
const tempWorkspace = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-cli-'));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test spawns lhb through tsx, and the first run on a workspace seeds the demo data room: on
// the loaded CI machine one such run took 15 s, so a budget of seconds is not enough.
describe('lhb', { timeout: 120_000 }, () => {
  it('--help describes every command', () => {
    const result = lhb(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('serve');
    expect(result.stdout).toContain('info');
    expect(result.stdout).toContain('LHB_WORKSPACE');
  });

  it('serve --help describes its options', () => {
    const result = lhb(['serve', '--help']);
    expect(result.status).toBe(0);
    for (const option of ['--port', '--host', '--no-open', '--workspace']) expect(result.stdout).toContain(option);
  });

  it('refuses a bad port with a message that says what a port is', () => {
    const result = lhb(['serve', '--port', 'eighty']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('whole number from 0 to 65535');
  });

  it('info --json reports the seeded demo workspace, its runs, votes and judgments (the demo’s among them), honouring LHB_WORKSPACE', async () => {
    const workspace = tempWorkspace();
    await (await openApi(workspace)).close();
    const result = lhb(['info', '--json'], { LHB_WORKSPACE: workspace });
    expect(result.status, result.stderr).toBe(0);
    const info = JSON.parse(result.stdout) as WorkspaceInfo;
    expect(info.workspaceDir).toBe(workspace);
    expect(info.project.name).toBe('Demo: Evaluating a data-dashboard build');
    expect(info.counts).toMatchObject({ sources: 4, runs: 53, votes: 300, judgments: 1008, demo: { runs: 53, votes: 300, judgments: 1008, sources: 4, chapters: 3 } });
    const text = lhb(['info'], { LHB_WORKSPACE: workspace });
    expect(text.stdout).toContain('Contents:  4 sources, 53 runs, 300 votes, 1008 judgments,');
    expect(text.stdout).toMatch(/Demo: .* 53 runs, 300 votes and 1008 judgments are the demo's/);
  });

  it('-w DIR names the workspace as --workspace DIR does, and wins over LHB_WORKSPACE', () => {
    const workspace = join(tempWorkspace(), 'ws');
    expect(lhb(['init', workspace, '--project', 'Flag wins']).status).toBe(0);
    const result = lhb(['info', '-w', workspace, '--json'], { LHB_WORKSPACE: tempWorkspace() });
    expect(result.status, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { workspaceDir: string }).workspaceDir).toBe(workspace);
  });

  // The next three start lhb several times each: on a loaded machine one test took 50 s.
  it('info on a folder that is not a workspace says so, exits 1 and creates nothing', () => {
    const parent = tempWorkspace();
    const typo = join(parent, 'worksapce');
    const missing = lhb(['info', '-w', typo]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`${typo} is not an LH-Bench Studio workspace`);
    expect(missing.stderr).toContain('nothing was created');
    expect(existsSync(typo)).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
    // An empty folder, and one holding someone's file, are left exactly as they were.
    const empty = join(parent, 'empty');
    mkdirSync(empty);
    expect(lhb(['info', '--json'], { LHB_WORKSPACE: empty }).status).toBe(1);
    expect(readdirSync(empty)).toEqual([]);
    writeFileSync(join(empty, 'notes.txt'), 'mine');
    expect(lhb(['info', '-w', empty]).status).toBe(1);
    expect(readdirSync(empty)).toEqual(['notes.txt']);
  }, 300_000);

  it('init makes a workspace with its named project and no demo record; project rename renames it', () => {
    const workspace = join(tempWorkspace(), 'study');
    const made = lhb(['init', workspace, '--project', 'Dashboard skills']);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain(`Created the workspace ${workspace} with the project "Dashboard skills" and no demo data`);
    expect(made.stdout).toContain(`Open it with: lhb serve --workspace '${workspace}'`);
    const info = JSON.parse(lhb(['info', '--json', '-w', workspace]).stdout) as WorkspaceInfo;
    expect(info.project.name).toBe('Dashboard skills');
    expect(info.counts).toMatchObject({ sources: 0, runs: 0, votes: 0, judgments: 0, blobs: 0, demo: { runs: 0, votes: 0, judgments: 0, sources: 0, chapters: 0 } });
    const db = new BetterSqlite3(join(workspace, 'lhb.sqlite'), { readonly: true });
    try {
      for (const table of ['tasks', 'runs', 'votes', 'judgments', 'annotators', 'sources', 'data_rooms', 'chapters', 'studies']) {
        expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(0);
      }
    } finally {
      db.close();
    }
    const renamed = lhb(['project', 'rename', 'Dashboard skills, round 2', '-w', workspace]);
    expect(renamed.status, renamed.stderr).toBe(0);
    expect(renamed.stdout).toBe('Renamed the project "Dashboard skills" to "Dashboard skills, round 2".\n');
    expect((JSON.parse(lhb(['info', '--json', '-w', workspace]).stdout) as WorkspaceInfo).project.name).toBe('Dashboard skills, round 2');
    expect(lhb(['project', 'rename', '  ', '-w', workspace]).stderr).toContain('The project name is empty');
  }, 300_000);

  it('init refuses a folder that is a workspace already, or holds something else, and changes nothing', () => {
    const workspace = join(tempWorkspace(), 'ws');
    expect(lhb(['init', workspace, '--project', 'First']).status).toBe(0);
    const again = lhb(['init', workspace, '--project', 'Second']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('is a workspace already');
    expect((JSON.parse(lhb(['info', '--json', '-w', workspace]).stdout) as WorkspaceInfo).project.name).toBe('First');
    const someone = tempWorkspace();
    writeFileSync(join(someone, 'thesis.tex'), 'mine');
    const refused = lhb(['init', someone, '--project', 'X']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('is not empty (it holds thesis.tex)');
    expect(readdirSync(someone)).toEqual(['thesis.tex']);
  }, 300_000);

  it('serve prints exactly one URL line, answers on it, and stops cleanly on SIGTERM', async () => {
    const workspace = tempWorkspace();
    const child = spawn(process.execPath, [...LHB_NODE_ARGS, 'serve', '--port', '0', '--no-open', '--workspace', workspace], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // A test that fails or runs out of time still stops its server (it would keep writing to the
    // workspace that afterEach removes).
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /^LH-Bench Studio at (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)\n/.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`serve exited early with ${code}`)));
    });
    const { origin, hash } = new URL(url);
    const response = await fetch(`${origin}/rpc/workspace.info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${hash.slice('#token='.length)}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { workspaceDir: string }).workspaceDir).toBe(workspace);
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
  });
});
