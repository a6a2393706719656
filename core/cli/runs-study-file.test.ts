import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { writeTestSkill, writeTestTaskFolder } from '../runs/study/study-engine.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args, '-w', ws], { encoding: 'utf8', env: { ...process.env, LHB_TOOLS_DIR: join(dir, 'no-tools'), ...env }, timeout: 120_000 });

// The agent says which SKILL.md it was given (none, the base or v2), so each arm is seen to get its own.
const AGENT = 'mkdir -p out/dist && (cat .agents/skills/demo-skill/SKILL.md 2>/dev/null || echo NO SKILL) > out/dist/index.html';

let dir: string;
let ws: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-study-file-'));
  ws = join(dir, 'ws');
  writeTestTaskFolder(join(dir, 'study', 'tasks', 'trend'), 'trend-task');
  writeTestSkill(join(dir, 'study'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function studyFile(extra = ''): string {
  const file = join(dir, 'study', 'study.yaml');
  writeFileSync(
    file,
    `name: ablation
tasks: [./tasks/trend]
skill:
  dir: ./demo-skill
  versions: [none, v2]
configurations:
  - harness: command
    model: scripted
    command: ${JSON.stringify(AGENT)}
    price: { inputPerMillion: 3, outputPerMillion: 15 }
${extra}`,
  );
  return file;
}

describe('lhb runs start --spec', () => {
  it('runs a study file: one run per skill version, each recording it; status shows the resolved spec, runs spec prints it back, a changed file is refused naming the field', () => {
    const file = studyFile();
    const start = lhb(['runs', 'start', '--spec', file, '--json']);
    expect(start.status, start.stderr).toBe(0);
    const last = JSON.parse(start.stdout.trim().split('\n').at(-1)!) as { studyId: string; runs: { id: string; status: string }[] };
    expect(last.runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded']);

    // A short id, as the CLI prints them, names the study.
    const status = lhb(['runs', 'status', last.studyId.slice(0, 8), '--json']);
    expect(status.status, status.stderr).toBe(0);
    const view = JSON.parse(status.stdout) as { spec: { skill: { dir: string; versions: string[] }; taskFolders: Record<string, string>; configurations: { skillVersions: string[] }[] }; runs: { id: string; versions: Record<string, string> }[] };
    expect(view.runs.map((run) => run.versions.skill).sort()).toEqual(['none', 'v2']);
    expect(view.spec.skill).toEqual({ dir: join(dir, 'study', 'demo-skill'), versions: ['none', 'v2'] });
    expect(view.spec.taskFolders).toEqual({ 'trend-task': join(dir, 'study', 'tasks', 'trend') });
    expect(view.spec.configurations[0]!.skillVersions).toEqual(['none', 'v2']);

    // Each arm's agent saw its own SKILL.md, or none.
    for (const run of view.runs) {
      const shown = lhb(['runs', 'show', run.id.slice(0, 8), '--json']);
      expect(shown.status, shown.stderr).toBe(0);
      expect((JSON.parse(shown.stdout) as { versions: Record<string, string> }).versions.skill).toBe(run.versions.skill);
      const page = readFileSync(join(ws, 'studies', last.studyId, 'runs', run.id, 'work', 'out', 'dist', 'index.html'), 'utf8');
      expect(page).toContain(run.versions.skill === 'v2' ? 'V2 SKILL TEXT' : 'NO SKILL');
    }

    // `lhb runs spec` prints it as YAML that starts the same study again (it resumes: nothing changed).
    const printed = lhb(['runs', 'spec', last.studyId.slice(0, 8)]);
    expect(printed.status, printed.stderr).toBe(0);
    expect(parseYaml(printed.stdout)).toMatchObject({ name: 'ablation', skill: { versions: ['none', 'v2'] }, configurations: [{ harness: 'command', price: { inputPerMillion: 3, outputPerMillion: 15 } }] });
    const again = join(dir, 'printed.yaml');
    writeFileSync(again, printed.stdout);
    const resumed = lhb(['runs', 'start', '--spec', again, '--json']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout.trim().split('\n').at(-1)!)).toMatchObject({ studyId: last.studyId });

    writeFileSync(file, readFileSync(file, 'utf8').replace('versions: [none, v2]', 'versions: [none, base]'));
    const changed = lhb(['runs', 'start', '--spec', file]);
    expect(changed.status).not.toBe(0);
    expect(changed.stderr).toContain('skill.versions.1: "v2" → "base"');
  }, 360_000); // six CLI runs through tsx, two of them running a study: 62 s on the loaded CI machine

  it('takes each run\'s limits from --memory-mb, --max-processes and --disk-mb over the file\'s own, and records them on the run', () => {
    const file = studyFile('limits: { memoryMb: 2048, diskMb: 512 }\n');
    const start = lhb(['runs', 'start', '--spec', file, '--disk-mb', '64', '--max-processes', '300', '--json']);
    expect(start.status, start.stderr).toBe(0);
    const { studyId } = JSON.parse(start.stdout.trim().split('\n').at(-1)!) as { studyId: string };
    const status = lhb(['runs', 'status', studyId, '--json']);
    const view = JSON.parse(status.stdout) as { spec: { limits: unknown }; runs: { sandbox: { mode: string; limits: { memoryBytes: number; processes: number; diskBytes: number } | null } | null }[] };
    expect(view.spec.limits).toEqual({ memoryMb: 2048, processes: 300, diskMb: 64 });
    for (const run of view.runs) {
      expect(run.sandbox?.mode).toBe('bubblewrap');
      expect(run.sandbox?.limits).toMatchObject({ memoryBytes: 2048 * 1024 * 1024, processes: 300, diskBytes: 64 * 1024 * 1024 });
    }
    const refused = lhb(['runs', 'start', '--spec', file, '--disk-mb', '3']);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('disk-mb is a whole number from 16 to');
  }, 180_000);

  it('refuses a file with an unknown field, naming the field and its line, before anything is recorded', () => {
    const file = studyFile('    apiKeyVar: MY_KEY\n');
    const start = lhb(['runs', 'start', '--spec', file]);
    expect(start.status).not.toBe(0);
    expect(start.stderr).toContain('study.yaml:11');
    expect(start.stderr).toContain('apiKeyVar');
    expect(lhb(['runs', 'status', '--json']).stdout).not.toContain('ablation');
  }, 60_000);

  it('refuses a study file that is a named pipe or holds a 100 MB value at once, saying what it is, before reading it', () => {
    const fifo = join(dir, 'study-pipe.yaml');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const piped = lhb(['runs', 'start', '--spec', fifo]);
    expect(piped.error, 'it hung on the pipe').toBeUndefined();
    expect(piped.status).not.toBe(0);
    expect(piped.stderr).toContain('is a named pipe (FIFO), not a study file');
    const huge = join(dir, 'study-huge.yaml');
    writeFileSync(huge, `name: huge\ndescription: ${'x'.repeat(100 * 1024 * 1024)}\n`);
    const started = lhb(['runs', 'start', '--spec', huge]);
    expect(started.status).not.toBe(0);
    expect(started.stderr).toContain('a study file is at most 1 MB');
  }, 120_000);

  it('refuses a configuration whose key variable is not set, naming it and the configuration, before any run', () => {
    const file = studyFile('    apiKeyEnv: LHB_TEST_KEY_NOBODY_SET\n');
    const start = lhb(['runs', 'start', '--spec', file]);
    expect(start.status).not.toBe(0);
    expect(start.stderr).toContain('LHB_TEST_KEY_NOBODY_SET');
    expect(start.stderr).toContain('configurations.0 (command, scripted)');
    expect(lhb(['runs', 'status', '--json']).stdout).not.toContain('ablation');
  }, 60_000);
});
