import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../api/create-api.ts';
import { shellQuote } from '../../shell-quote.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importTestTask } from '../study/study-engine.fixture.ts';

let dir: string;
let api: Api;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-limit-exit-zero-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  await importTestTask(api.context.workspace, dir);
});

afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

type Run = { id: string; status: string; errorKind: string | null; errorMessage: string | null; sandbox?: { mode: string; limits: { memoryVia: string; processesVia: string } | null } | null };

/** One command run, alone in a study of its own with these limits, to its end. */
async function runAlone(model: string, command: string, limits: Record<string, number>): Promise<Run> {
  const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model, command }], limits });
  await api.context.jobs.idle();
  return (await api.call('runs.study', { studyId })).runs[0]!;
}

const node = shellQuote(process.execPath);
// Leaves a result in out/ as a finished run does, so only the limit can fail it.
const RESULT = "mkdir -p out/dist && echo '<h1>done</h1>' > out/dist/index.html";

describe('a run that hit its memory or process limit and still exited 0', () => {
  it('is failed as resource-limit naming the memory limit when a process of it was killed there', { timeout: 120_000 }, async () => {
    const hog = `${node} -e "const kept = []; for (;;) kept.push(Buffer.alloc(32 * 1024 * 1024, 1))"`;
    const run = await runAlone('hog-then-exit-0', `${RESULT}; ${hog}; echo "the hog died with $?, the agent carries on"; exit 0`, { memoryMb: 128 });
    expect(run.sandbox?.mode).toBe('bubblewrap');
    expect(run.status).toBe('failed');
    expect(run.errorKind, run.errorMessage ?? '').toBe('resource-limit');
    expect(run.errorMessage).toMatch(/exited with code 0, but a process of the run was (killed|refused memory) at its memory limit of 128 MiB/);
  });

  it('is failed as resource-limit naming the process limit when it was refused a new process', { timeout: 120_000 }, async () => {
    // Node's own threads count against the limit too; then it starts sleeps until one is refused, and exits 0 anyway.
    const forker = `${node} -e "const { spawn } = require('node:child_process'); let refused = 0; for (let i = 0; i < 80; i++) { try { spawn('sleep', ['2']).on('error', () => refused++); } catch { refused++; } } setTimeout(() => { console.log('refused', refused); process.exit(0); }, 3000)"`;
    const run = await runAlone('forker-then-exit-0', `${RESULT}; ${forker}; exit 0`, { processes: 24 });
    expect(run.sandbox?.mode).toBe('bubblewrap');
    expect(run.status).toBe('failed');
    expect(run.errorKind, run.errorMessage ?? '').toBe('resource-limit');
    expect(run.errorMessage).toMatch(/exited with code 0, but the run was refused a new process at its process limit of 24/);
  });

  it('still succeeds when it only wrote more files than its memory limit (page cache reclaimed at the limit is no hit)', { timeout: 120_000 }, async () => {
    const writer = 'i=0; while [ $i -lt 6 ]; do head -c 33554432 /dev/zero > out/fill-$i.bin; i=$((i+1)); done';
    const run = await runAlone('writer', `${RESULT}; ${writer}`, { memoryMb: 96 });
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
  });
});
