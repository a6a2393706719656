import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTestTaskFolder } from '../runs/study/study-engine.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args, '-w', ws], { encoding: 'utf8', env: { ...process.env, LHB_TOOLS_DIR: join(dir, 'no-tools') }, timeout: 120_000 });

const WARNING = /Warning: this study runs WITHOUT the sandbox/;

let dir: string;
let ws: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-unsandboxed-'));
  ws = join(dir, 'ws');
  writeTestTaskFolder(join(dir, 'study', 'tasks', 'trend'), 'trend-task');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function studyFile(name: string, extra: string): string {
  const file = join(dir, 'study', `${name}.yaml`);
  writeFileSync(file, `name: ${name}\ntasks: [./tasks/trend]\nconfigurations:\n  - harness: command\n    model: scripted\n    command: "mkdir -p out/dist && echo '<h1>ok</h1>' > out/dist/index.html"\n${extra}`);
  return file;
}

type Status = { spec: { sandbox?: boolean }; runs: { status: string; sandbox: { mode: string } | null }[] };

describe('a study that runs without the sandbox', () => {
  it('is warned about on stderr before it starts from a study file with sandbox: false, and again when it is resumed', () => {
    const file = studyFile('unboxed', 'sandbox: false\n');
    const start = lhb(['runs', 'start', '--spec', file, '--json']);
    expect(start.status, start.stderr).toBe(0);
    expect(start.stderr).toMatch(WARNING);
    expect(start.stderr).toContain(`sandbox: false in ${file}`);
    expect(start.stderr).toMatch(/can read and change anything you can/);
    // Said before anything ran: the first JSON line on stdout came after it, so it stands first on stderr.
    expect(start.stderr.trimStart()).toMatch(/^Warning: this study runs WITHOUT the sandbox/);
    const { studyId } = JSON.parse(start.stdout.trim().split('\n').at(-1)!) as { studyId: string };
    const status = JSON.parse(lhb(['runs', 'status', studyId, '--json']).stdout) as Status;
    expect(status.runs.map((run) => run.sandbox?.mode)).toEqual(['none']);

    const resumed = lhb(['runs', 'resume', studyId, '--json']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(WARNING);
  });

  it('is warned about for --no-sandbox, naming the flag; a sandboxed study says nothing of the kind', () => {
    const flagged = lhb(['runs', 'start', '--spec', studyFile('flagged', ''), '--no-sandbox', '--json']);
    expect(flagged.status, flagged.stderr).toBe(0);
    expect(flagged.stderr).toMatch(WARNING);
    expect(flagged.stderr).toContain('(--no-sandbox)');

    const boxed = lhb(['runs', 'start', '--spec', studyFile('boxed', ''), '--json']);
    expect(boxed.status, boxed.stderr).toBe(0);
    expect(boxed.stderr).not.toMatch(/WITHOUT the sandbox/);
    const { studyId } = JSON.parse(boxed.stdout.trim().split('\n').at(-1)!) as { studyId: string };
    const status = JSON.parse(lhb(['runs', 'status', studyId, '--json']).stdout) as Status;
    expect(status.runs.map((run) => run.sandbox?.mode)).toEqual(['bubblewrap']);
  });
});
