import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../../api/create-api.ts';
import { listStudies } from '../../../store/study-repository.ts';
import { findCurrentProject } from '../../../store/project-repository.ts';
import { openWorkspace } from '../../../workspace/open-workspace.ts';
import { importTestTask } from '../../study/study-engine.fixture.ts';
import { missingNodeCommand } from './check-node-command.ts';

const BIN = fileURLToPath(new URL('../../../../bin', import.meta.url));

let dir: string;
let api: Api;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-node-command-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  await importTestTask(api.context.workspace, dir);
});
afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the command Slurm jobs run', () => {
  it('is bin/lhb: with bin/ on PATH, `lhb` is a real command that starts the CLI', () => {
    const result = spawnSync('sh', ['-c', 'command -v lhb && lhb --help'], { encoding: 'utf8', env: { ...process.env, PATH: `${BIN}:${process.env.PATH}` } });
    expect(result.stdout).toContain(join(BIN, 'lhb'));
    // Built, it prints its usage; unbuilt, it says how to build it. Either way lhb.mjs answered, not the shell.
    expect(`${result.stdout}${result.stderr}`).toMatch(/Usage: lhb|lhb is not built yet/);
  });

  it('is looked up where sbatch runs, and a missing one is named with what to do', async () => {
    expect(await missingNodeCommand({ sharedDir: dir, lhbCommand: join(BIN, 'lhb') })).toBeNull();
    const problem = await missingNodeCommand({ sharedDir: dir, lhbCommand: 'lhb-not-installed-here --flag' });
    expect(problem).toContain('"lhb-not-installed-here" is not a command on this machine');
    expect(problem).toContain('bin/ on PATH');
  });

  it('refuses a Slurm study before any job is queued or anything recorded', async () => {
    const start = api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: 'true' }], executor: 'slurm', slurm: { sharedDir: dir, lhbCommand: 'lhb-not-installed-here' } });
    await expect(start).rejects.toThrow(/"lhb-not-installed-here" is not a command.*No job was queued/);
    const project = findCurrentProject(api.context.workspace.db)!;
    expect(listStudies(api.context.workspace.db, project.id)).toHaveLength(0);
  });
});
