import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from '../../../../build/bench-harness.ts';
import { median } from '../../../../build/bench-harness.ts';
import { createApi, type Api } from '../../../api/create-api.ts';
import { listStudyRuns } from '../../../store/study-repository.ts';
import { openWorkspace } from '../../../workspace/open-workspace.ts';
import { clusterUnavailableReason, startTestCluster } from './slurm-cluster.fixture.ts';
import { SlurmShell } from './slurm-commands.ts';
import { importTestTask } from '../../study/study-engine.fixture.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const LHB = `${process.execPath} ${join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs')} ${join(ROOT, 'core', 'cli', 'main.ts')}`;
const RUNS = 24;
const CONCURRENCY = 8;
const POLL_MS = 500;
const INSTANT = 'mkdir -p out/dist && echo ok > out/dist/index.html';

/**
 * The Slurm executor against the local one on a real single-node cluster started here (root):
 * sbatch's own latency, and runs per minute of a study of instant `command` runs, both executors
 * in the same run. Each Slurm job starts `lhb runs exec` through tsx (this checkout), as the tests do.
 */
export default async function benchSlurm(): Promise<BenchResult[]> {
  const skip = clusterUnavailableReason();
  if (skip) {
    console.log(`  skipped: ${skip}`);
    return [];
  }
  process.env.LHB_SLURM_POLL_MS = String(POLL_MS);
  const cluster = await startTestCluster();
  const dir = mkdtempSync(join(tmpdir(), 'lhb-slurm-bench-'));
  const shared = join(dir, 'shared');
  mkdirSync(shared);
  const api = createApi(openWorkspace(join(dir, 'ws')));
  try {
    await importTestTask(api.context.workspace, dir);
    const shell = new SlurmShell({});
    const submits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const id = (await shell.check(['sbatch', '--parsable', '--job-name=lhb-bench-submit', `--output=${join(dir, 'submit-%j.out')}`, '--wrap', 'true'])).trim();
      submits.push(performance.now() - started);
      await shell.run(['scancel', id]);
    }
    const local = await timeStudy(api, { executor: 'local' });
    const slurm = await timeStudy(api, { executor: 'slurm', slurm: { sharedDir: shared, partition: cluster.partition, lhbCommand: LHB } });
    const perMinute = (ms: number) => (RUNS / ms) * 60_000;
    return [
      { name: 'sbatch submission (median)', unit: 'ms', value: median(submits), detail: `${submits.length} submissions of a trivial job to slurmctld on this machine` },
      {
        name: `runs per minute, slurm executor (${RUNS} instant command runs, concurrency ${CONCURRENCY}, poll ${POLL_MS} ms)`,
        unit: 'runs/min',
        value: perMinute(slurm),
        peer: { name: 'local executor', value: perMinute(local) },
        detail: `study wall time ${(slurm / 1000).toFixed(1)} s vs ${(local / 1000).toFixed(1)} s; overhead per run ${((slurm - local) / RUNS).toFixed(0)} ms of wall time at this concurrency`,
      },
    ];
  } finally {
    await api.close();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timeStudy(api: Api, where: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: INSTANT }], repeats: RUNS, concurrency: CONCURRENCY, ...where });
  await api.context.jobs.idle();
  const elapsed = performance.now() - started;
  const runs = listStudyRuns(api.context.workspace.db, studyId);
  const bad = runs.filter((run) => run.status !== 'succeeded');
  if (bad.length > 0) throw new Error(`${bad.length} runs of the ${String(where.executor)} study did not succeed: ${bad[0]!.error_message}`);
  return elapsed;
}
