import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApi } from '../../api/create-api.ts';
import { listStudyRuns } from '../../store/study-repository.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { processesWith } from './processes-with.fixture.ts';
import { importTestTask } from './study-engine.fixture.ts';

const CHILD = fileURLToPath(new URL('./study-engine-child.fixture.ts', import.meta.url));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-resume-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});


async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('a study whose engine was SIGKILLed mid-run resumes: it finishes, no run executes twice, none is lost, no harness is left running', async () => {
  const ws = join(dir, 'ws');
  const counts = join(dir, 'counts');
  mkdirSync(counts);
  const setup = openWorkspace(ws);
  await importTestTask(setup, dir);
  setup.close();

  const marker = `2.${Math.floor(Math.random() * 1e6)}`;
  // Each run: note that it started, work a while (long enough to be killed mid-way), then finish.
  const command = `id=$(basename "$(dirname "$PWD")"); echo x >> ${counts}/$id.start; sleep ${marker}; mkdir -p out/dist && echo ok > out/dist/index.html && echo x >> ${counts}/$id.done`;
  // The command counts its starts and ends outside its run folder, which a sandboxed run cannot
  // write: this test is about the engine's resume, so its runs go unsandboxed.
  const spec = { name: 'crash', tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command }], repeats: 4, concurrency: 1, sandbox: false };
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ws, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

  // Kill the engine once one run has finished and the next one is running.
  const started = () => readdirSync(counts).filter((f) => f.endsWith('.start')).length;
  const done = () => readdirSync(counts).filter((f) => f.endsWith('.done')).length;
  // The engine is a child started through tsx: 22 s for this whole test on the loaded CI machine.
  await until(() => done() >= 1 && started() >= 2, 120_000, 'one finished run and a second one running');
  child.kill('SIGKILL');
  await exited;
  expect(done()).toBe(1);

  const api = createApi(openWorkspace(ws));
  try {
    const { studies } = await api.call('runs.studies', {});
    expect(studies).toHaveLength(1);
    const studyId = studies[0]!.id;
    // The killed process's job is not running any more; its study can be resumed here.
    await api.call('runs.resume', { studyId });
    await api.context.jobs.idle();

    const runs = listStudyRuns(api.context.workspace.db, studyId);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    for (const run of runs) {
      expect(run.run_id).not.toBeNull();
      expect(readFileSync(join(counts, `${run.id}.done`), 'utf8')).toBe('x\n'); // finished exactly once
    }
    // The run that was cut off started twice (and finished once); the others started once.
    const starts = runs.map((r) => readFileSync(join(counts, `${r.id}.start`), 'utf8').split('\n').filter(Boolean).length).sort();
    expect(starts).toEqual([1, 1, 1, 2]);
    expect((await api.call('runs.list', { taskId: 'engine-task' })).runs).toHaveLength(4);
    expect(processesWith(`sleep ${marker}`)).toEqual([]);
    expect(existsSync(join(ws, 'studies', studyId))).toBe(true);
  } finally {
    await api.close();
  }
}, 240_000);
