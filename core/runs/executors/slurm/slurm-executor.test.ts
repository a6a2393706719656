import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../../schemas/replay-script.ts';
import { createApi } from '../../../api/create-api.ts';
import { listBlobIds } from '../../../store/blob-repository.ts';
import { findJob } from '../../../store/job-repository.ts';
import { findStudy, listStudyRuns } from '../../../store/study-repository.ts';
import { openWorkspace } from '../../../workspace/open-workspace.ts';
import { HARNESS_ADAPTERS } from '../../harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../../harnesses/test-harness-tools.fixture.ts';
import { importBundles } from '../../bundles/import-bundles.ts';
import { importTestTask, writeTestTaskFolder } from '../../study/study-engine.fixture.ts';
import { clusterUnavailableReason, startTestCluster, type TestCluster } from './slurm-cluster.fixture.ts';
import { OutcomeFileSchema } from './exec-file.ts';
import { jobNameOf, readSubmissions } from './slurm-executor.ts';
import { LHB_NODE_ARGS } from '../../../cli/lhb-child-process.fixture.ts';
import { shellCommandLine } from '../../../shell-quote.ts';

// The Slurm executor against a real single-node cluster (munged, slurmctld, slurmd started here
// as root). Every run is a batch job running `lhb runs exec` from this checkout.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const LHB = shellCommandLine([process.execPath, ...LHB_NODE_ARGS]);
const CHILD = join(ROOT, 'core', 'runs', 'study', 'study-engine-child.fixture.ts');
const skipReason = clusterUnavailableReason();
if (skipReason) console.log(`Skipping the Slurm executor tests: ${skipReason}.`);

const SCRIPT: ReplayScript = {
  name: 'slurm acceptance',
  turns: [
    { text: 'Writing the page.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: '<!doctype html><title>Trend</title><h1>The trend</h1>\n' }] },
    { text: 'Checking assets.', calls: [{ action: 'shell', command: 'ls /definitely-missing-dir' }] },
    { text: 'Checking the build.', calls: [{ action: 'shell', command: 'ls out/dist' }] },
  ],
  final: 'Done: out/dist/index.html.',
  usage: { input: 100, output: 20 },
};

let cluster: TestCluster;
const saved = { poll: process.env.LHB_SLURM_POLL_MS, unreachable: process.env.LHB_SLURM_UNREACHABLE_MS, tools: process.env.LHB_TOOLS_DIR };

describe.skipIf(skipReason !== undefined)('the slurm executor on a real cluster', () => {
  let dir: string;
  let shared: string;
  beforeAll(async () => {
    process.env.LHB_SLURM_POLL_MS = '250';
    process.env.LHB_SLURM_UNREACHABLE_MS = '3000';
    cluster = await startTestCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
    for (const [key, value] of [['LHB_SLURM_POLL_MS', saved.poll], ['LHB_SLURM_UNREACHABLE_MS', saved.unreachable], ['LHB_TOOLS_DIR', saved.tools]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }, 60_000);
  // A test run concurrently (it.concurrent) makes its own folders with ownFolders(): it would share this one `dir`.
  beforeEach(({ task }) => {
    if (!task.concurrent) ({ dir, shared } = ownFolders());
  });
  afterEach(({ task }) => {
    if (!task.concurrent) rmSync(dir, { recursive: true, force: true });
  });

  const slurmBlock = (sharedDir = shared) => ({ sharedDir, partition: cluster.partition, cpus: 1, mem: '256M', lhbCommand: LHB, options: ['--comment=lhb-test'] });
  /** Slurm's own list of jobs that ended (jobcomp/filetxt): how many jobs of each run's name. */
  const endedJobsByName = () => {
    const counts = new Map<string, number>();
    if (!existsSync(cluster.jobCompLog)) return counts;
    for (const line of readFileSync(cluster.jobCompLog, 'utf8').split('\n')) {
      const name = /\bName=(\S+)/.exec(line)?.[1];
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return counts;
  };

  it('a study of command runs and a real harness runs as one Slurm job per run; results land in the workspace exactly as a local run\'s', async () => {
    await ensureTestHarness(HARNESS_ADAPTERS['claude-code']);
    process.env.LHB_TOOLS_DIR = TEST_TOOLS_DIR;
    const api = createApi(openWorkspace(join(dir, 'ws')));
    try {
      const taskFolder = await importTestTask(api.context.workspace, dir);
      const page = (n: number) => `mkdir -p out/dist && echo '<h1>page ${n}</h1>' > out/dist/index.html && echo '{"type":"note","n":${n}}'`;
      const base = {
        tasks: ['engine-task'],
        taskFolders: { 'engine-task': taskFolder },
        replay: SCRIPT,
        timeoutSeconds: 180,
        concurrency: 8,
      };
      const { studyId } = await api.call('runs.start', {
        ...base,
        name: 'on slurm',
        configurations: [...[1, 2, 3].map((n) => ({ harness: 'command' as const, model: 'm', command: page(n) })), { harness: 'claude-code', model: 'claude-sonnet-4-5' }],
        repeats: 2,
        executor: 'slurm',
        slurm: slurmBlock(),
      });
      await api.context.jobs.idle();
      const { runs } = await api.call('runs.study', { studyId });
      expect(runs).toHaveLength(8);
      for (const run of runs) expect(run.status, `${run.harness}: ${run.errorMessage}`).toBe('succeeded');
      // Each job ran its harness inside the sandbox lhb runs exec built on the node.
      for (const run of runs) expect(run.sandbox).toMatchObject({ mode: 'bubblewrap', network: 'host' });

      // Each run was one job, submitted once; Slurm's own list of ended jobs says the same.
      const submissions = readSubmissions(join(shared, 'lhb-studies', studyId));
      expect(submissions.map((s) => s.runId).sort()).toEqual(runs.map((r) => r.id).sort());
      expect(submissions.every((s) => s.reason === 'first')).toBe(true);
      for (const run of runs) expect(run.slurmJobId).toBe(submissions.find((s) => s.runId === run.id)!.jobId);
      await until(() => runs.every((run) => endedJobsByName().get(jobNameOf(run.id)) === 1), 30_000, 'Slurm to record every job as ended');
      expect(readFileSync(cluster.jobCompLog, 'utf8')).toMatch(/JobState=COMPLETED/);

      // The run folders are on the shared folder; the results are the workspace's.
      const study = findStudy(api.context.workspace.db, studyId)!;
      expect(study.folder).toBe(join(shared, 'lhb-studies', studyId));
      expect(study.executor).toBe('slurm');
      for (const run of runs) {
        const detail = (await api.call('runs.show', { runId: run.id })).run;
        expect(detail.artifacts.map((a) => a.path)).toEqual(['dist/index.html']);
        expect(detail.status).toBe('succeeded');
      }

      // The real harness's run matches the same run done locally: trajectory, errors, artifacts.
      const { studyId: localId } = await api.call('runs.start', { ...base, name: 'local', configurations: [{ harness: 'claude-code', model: 'claude-sonnet-4-5' }] });
      await api.context.jobs.idle();
      const localRun = (await api.call('runs.study', { studyId: localId })).runs[0]!;
      expect(localRun.status).toBe('succeeded');
      expect(localRun.slurmJobId).toBeNull();
      const summary = async (runId: string) => {
        const detail = (await api.call('runs.show', { runId })).run;
        const trajectory = (await api.call('runs.trajectory', { runId })).trajectory;
        return { t: { steps: detail.trajectory!.steps, toolCalls: detail.trajectory!.toolCalls, failed: detail.trajectory!.failedToolCalls, tokens: detail.trajectory!.tokens }, errors: detail.errors, artifacts: detail.artifacts, versions: detail.versions, stored: trajectory !== null };
      };
      const slurmClaude = runs.filter((r) => r.harness === 'claude-code');
      expect(slurmClaude).toHaveLength(2);
      const local = await summary(localRun.id);
      expect(local.t.toolCalls).toBe(3);
      expect(local.stored).toBe(true);
      for (const run of slurmClaude) expect(await summary(run.id)).toEqual(local);
    } finally {
      await api.close();
    }
  }, 600_000);

  it('an engine SIGKILLed mid-study resumes: the jobs it left are followed, no run is submitted or started twice, none is lost', async () => {
    const ws = join(dir, 'ws');
    const counts = join(shared, 'counts');
    mkdirSync(counts);
    const setup = openWorkspace(ws);
    await importTestTask(setup, dir);
    setup.close();
    const marker = `3.${Math.floor(Math.random() * 1e6)}`;
    const command = `id=$(basename "$(dirname "$PWD")"); echo x >> ${counts}/$id.start; sleep ${marker}; mkdir -p out/dist && echo ok > out/dist/index.html && echo x >> ${counts}/$id.done`;
    // The command counts its starts and ends in the shared folder, outside its run folder, which a
    // sandboxed run cannot write: this test is about the engine, so its runs go unsandboxed.
    const spec = { name: 'crash', tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command }], repeats: 5, concurrency: 2, executor: 'slurm', slurm: slurmBlock(), sandbox: false };
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ws, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'], cwd: ROOT });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const started = () => readdirSync(counts).filter((f) => f.endsWith('.start')).length;
    const done = () => readdirSync(counts).filter((f) => f.endsWith('.done')).length;
    await until(() => done() >= 1 && started() >= 3, 120_000, 'one finished run and more running');
    child.kill('SIGKILL');
    await exited;

    const api = createApi(openWorkspace(ws));
    try {
      const { studies } = await api.call('runs.studies', {});
      const studyId = studies[0]!.id;
      await api.call('runs.resume', { studyId });
      await api.context.jobs.idle();
      const runs = listStudyRuns(api.context.workspace.db, studyId);
      expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded']);
      for (const run of runs) {
        expect(run.run_id).not.toBeNull();
        // The jobs kept running while no engine watched them: each run started and finished exactly once.
        expect(readFileSync(join(counts, `${run.id}.start`), 'utf8')).toBe('x\n');
        expect(readFileSync(join(counts, `${run.id}.done`), 'utf8')).toBe('x\n');
      }
      const submissions = readSubmissions(findStudy(api.context.workspace.db, studyId)!.folder);
      expect(submissions.map((s) => s.runId).sort()).toEqual(runs.map((r) => r.id).sort());
      await until(() => runs.every((run) => endedJobsByName().get(jobNameOf(run.id)) === 1), 30_000, 'Slurm to record each job once');
      expect((await api.call('runs.list', { taskId: 'engine-task' })).runs).toHaveLength(5);
    } finally {
      await api.close();
    }
  }, 300_000);

  it("a job gets only the variables lhb runs exec needs: an unrelated secret of the submitting environment reaches neither the job nor slurmctld's state", async () => {
    const SECRET = `unrelated-secret-${process.pid}-8813`;
    process.env.LHB_UNRELATED_SECRET = SECRET;
    const api = createApi(openWorkspace(join(dir, 'ws')));
    try {
      await importTestTask(api.context.workspace, dir);
      const { studyId } = await api.call('runs.start', {
        tasks: ['engine-task'],
        configurations: [{ harness: 'command', model: 'm', command: 'sleep 5; mkdir -p out/dist && echo ok > out/dist/index.html' }],
        executor: 'slurm',
        slurm: slurmBlock(),
      });
      const db = api.context.workspace.db;
      await until(() => listStudyRuns(db, studyId).some((r) => r.slurm_state === 'RUNNING'), 60_000, 'the job to run');
      const run = listStudyRuns(db, studyId)[0]!;
      // slurmctld keeps each job's environment in its state folder while the job lives.
      const stateFiles = filesUnder(join(cluster.dir, 'state'));
      expect(stateFiles.some((file) => file.endsWith('environment'))).toBe(true);
      expect(stateFiles.filter((file) => readFileSync(file).includes(SECRET))).toEqual([]);
      // The job itself: `lhb runs exec` of this run, as slurmstepd started it (this test runs as root, so it may read it).
      const folder = join(findStudy(db, studyId)!.folder, 'runs', run.id);
      const execProcess = () =>
        readdirSync('/proc')
          .filter((name) => /^\d+$/.test(name))
          .find((pid) => {
            try {
              const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
              return cmdline.includes('runs\0exec') && cmdline.includes(folder);
            } catch {
              return false;
            }
          });
      await until(() => execProcess() !== undefined, 30_000, "the job's lhb runs exec to start");
      const jobEnv = readFileSync(`/proc/${execProcess()}/environ`, 'utf8').split('\0');
      expect(jobEnv.some((entry) => entry.startsWith('PATH='))).toBe(true);
      expect(jobEnv.filter((entry) => entry.includes(SECRET))).toEqual([]);
      await api.context.jobs.idle();
      expect(listStudyRuns(db, studyId)[0]!.status).toBe('succeeded');
    } finally {
      delete process.env.LHB_UNRELATED_SECRET;
      await api.close();
    }
  }, 120_000);

  it('a run records the version of the harness binary its job ran, asked on the node', async () => {
    // A stand-in Gemini CLI that will not say its version to the engine but does to the job's
    // lhb runs exec: as a node whose install answers where the submitting machine's did not.
    const tools = join(dir, 'tools');
    const binDir = join(tools, 'gemini-cli@2.0.0', 'node_modules', '.bin');
    mkdirSync(binDir, { recursive: true });
    writeFileSync(
      join(binDir, 'gemini'),
      `#!/bin/sh\nif [ "$1" = "--version" ]; then\n  if tr '\\0' ' ' < /proc/$PPID/cmdline | grep -q 'runs exec'; then echo 2.0.0; exit 0; fi\n  echo 'not here' >&2; exit 4\nfi\ncat > /dev/null\nmkdir -p out/dist && echo ok > out/dist/index.html\n`,
      { mode: 0o755 },
    );
    const toolsBefore = process.env.LHB_TOOLS_DIR;
    process.env.LHB_TOOLS_DIR = tools;
    process.env.LHB_SLURM_TEST_KEY = 'not-a-real-key';
    const api = createApi(openWorkspace(join(dir, 'ws')));
    try {
      await importTestTask(api.context.workspace, dir);
      const { harnesses } = await api.call('harnesses.list', {});
      expect(harnesses.find((h) => h.id === 'gemini-cli')!.detection).not.toBe('not-installed');
      const { studyId } = await api.call('runs.start', {
        tasks: ['engine-task'],
        configurations: [{ harness: 'gemini-cli', model: 'gemini-2.5-pro', apiKeyEnv: 'LHB_SLURM_TEST_KEY' }],
        executor: 'slurm',
        slurm: slurmBlock(),
        sandbox: false,
      });
      await api.context.jobs.idle();
      const [studyRun] = listStudyRuns(api.context.workspace.db, studyId);
      expect(studyRun!.status, studyRun!.error_message ?? '').toBe('succeeded');
      const { run } = await api.call('runs.show', { runId: studyRun!.run_id! });
      expect(run.harnessVersion).toBe('2.0.0');
    } finally {
      delete process.env.LHB_SLURM_TEST_KEY;
      if (toolsBefore === undefined) delete process.env.LHB_TOOLS_DIR;
      else process.env.LHB_TOOLS_DIR = toolsBefore;
      await api.close();
    }
  }, 180_000);

  it('scancel of one job from outside ends its run cancelled; the others finish', async () => {
    const api = createApi(openWorkspace(join(dir, 'ws')));
    try {
      await importTestTask(api.context.workspace, dir);
      const { studyId } = await api.call('runs.start', {
        tasks: ['engine-task'],
        configurations: [{ harness: 'command', model: 'm', command: 'sleep 6; mkdir -p out/dist && echo ok > out/dist/index.html' }],
        repeats: 2,
        concurrency: 2,
        executor: 'slurm',
        slurm: slurmBlock(),
      });
      const db = api.context.workspace.db;
      await until(() => listStudyRuns(db, studyId).some((r) => r.slurm_state === 'RUNNING'), 60_000, 'a job to run');
      const victim = listStudyRuns(db, studyId).find((r) => r.slurm_state === 'RUNNING')!;
      expect(spawnSync('scancel', [victim.slurm_job_id!], { encoding: 'utf8' }).status).toBe(0);
      await api.context.jobs.idle();
      const runs = listStudyRuns(db, studyId);
      expect(runs.find((r) => r.id === victim.id)!.status).toBe('cancelled');
      expect(runs.find((r) => r.id !== victim.id)!.status).toBe('succeeded');
      expect(readSubmissions(findStudy(db, studyId)!.folder)).toHaveLength(2);
    } finally {
      await api.close();
    }
  }, 120_000);

  it('a job lost to a node failure is submitted again once; lost again, its run fails saying so', async () => {
    const api = createApi(openWorkspace(join(dir, 'ws')));
    try {
      // The task's folder is mounted read-only in each job's sandbox: the test marks the first job lost there,
      // where the next job sees it (its run folder is prepared afresh, and the agent can write nothing else that lasts).
      const taskFolder = await importTestTask(api.context.workspace, dir);
      const lostOnce = join(taskFolder, 'lost-once');
      const db = api.context.workspace.db;
      const start = async (command: string) => {
        const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], taskFolders: { 'engine-task': taskFolder }, configurations: [{ harness: 'command', model: 'm', command }], executor: 'slurm', slurm: slurmBlock() });
        return studyId;
      };
      const loseRunningJob = async (studyId: string, submissions: number) => {
        const since = Date.now();
        await until(() => readSubmissions(findStudy(db, studyId)!.folder).length === submissions && listStudyRuns(db, studyId)[0]!.slurm_state === 'RUNNING', 60_000, 'the job to run');
        // RUNNING comes while the node still launches the job; a node set DOWN then can return at once
        // (ReturnToService=2) before it is seen down. This job's own transcript means it is at work: a
        // job submitted again finds the last one's transcript in its run folder until it prepares the
        // folder afresh, and a node failed before that stops the job in its set-up, not at work.
        const transcript = join(findStudy(db, studyId)!.folder, 'runs', listStudyRuns(db, studyId)[0]!.id, 'transcript.jsonl');
        await until(() => existsSync(transcript) && statSync(transcript).mtimeMs >= since, 60_000, "the job's harness to start");
        await cluster.failNode();
      };
      // Lost once: the second job finishes the run.
      const once = await start(`if [ -e ${lostOnce} ]; then mkdir -p out/dist && echo ok > out/dist/index.html; else sleep 30; fi`);
      await loseRunningJob(once, 1);
      writeFileSync(lostOnce, 'lost once\n');
      await api.context.jobs.idle();
      expect(listStudyRuns(db, once)[0]!.status, listStudyRuns(db, once)[0]!.error_message ?? '').toBe('succeeded');
      const submissions = readSubmissions(findStudy(db, once)!.folder);
      expect(submissions.map((s) => s.reason)).toEqual(['first', expect.stringMatching(/^requeue: Slurm job \d+ ended NODE_FAIL/)]);

      // Lost twice: failed, with the reason.
      const twice = await start('sleep 30');
      await loseRunningJob(twice, 1);
      await loseRunningJob(twice, 2);
      await api.context.jobs.idle();
      const run = listStudyRuns(db, twice)[0]!;
      expect(run.status).toBe('failed');
      expect(run.error_kind, run.error_message ?? '').toBe('harness-crash');
      expect(run.error_message).toMatch(/ended NODE_FAIL; it had already been submitted again once/);
    } finally {
      await api.close();
    }
  }, 240_000);

  it('lhb runs start --executor slurm runs the study on the cluster with `lhb` from the nodes\' PATH, and remembers the settings for the next study', async () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'lhb'), `#!/bin/sh\nexec ${LHB} "$@"\n`, { mode: 0o755 });
    const taskFolder = join(dir, 'cli-task');
    mkdirSync(join(taskFolder, 'inputs'), { recursive: true });
    writeFileSync(join(taskFolder, 'task.json'), JSON.stringify({ id: 'cli-task', kind: 'programmatic', title: 'T', instruction: 'Build a page.' }));
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` };
    const lhb = (...args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', env, cwd: ROOT, timeout: 120_000 });
    const ws = join(dir, 'ws');
    const build = 'mkdir -p out/dist && echo ok > out/dist/index.html';
    const first = lhb('runs', 'start', '--task', taskFolder, '--harness', 'command', '--command', build, '--repeats', '2', '--json', '-w', ws, '--executor', 'slurm', '--shared-dir', shared, '--slurm-partition', cluster.partition, '--slurm-opt', '--comment=from-cli');
    expect(first.status, first.stderr).toBe(0);
    const last = JSON.parse(first.stdout.trim().split('\n').at(-1)!) as { studyId: string; runs: { id: string; status: string }[] };
    expect(last.runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(readSubmissions(join(shared, 'lhb-studies', last.studyId))).toHaveLength(2);
    // The next study names no Slurm setting but the executor: the remembered ones are used.
    const second = lhb('runs', 'start', '--task', 'cli-task', '--harness', 'command', '--command', build, '--json', '-w', ws, '--executor', 'slurm');
    expect(second.status, second.stderr).toBe(0);
    const again = JSON.parse(second.stdout.trim().split('\n').at(-1)!) as { studyId: string; runs: { status: string }[] };
    expect(again.runs.map((r) => r.status)).toEqual(['succeeded']);
    expect(readSubmissions(join(shared, 'lhb-studies', again.studyId))).toHaveLength(1);
    const status = lhb('runs', 'status', again.studyId, '-w', ws);
    expect(status.status, status.stderr).toBe(0);
  }, 180_000);

  it('with slurmctld stopped the study says the cluster is unreachable, naming the command; after a restart a resume finishes it', async () => {
    const api = createApi(openWorkspace(join(dir, 'ws')));
    try {
      await importTestTask(api.context.workspace, dir);
      const { studyId } = await api.call('runs.start', {
        tasks: ['engine-task'],
        configurations: [{ harness: 'command', model: 'm', command: 'sleep 5; mkdir -p out/dist && echo ok > out/dist/index.html' }],
        repeats: 3,
        concurrency: 3,
        executor: 'slurm',
        slurm: slurmBlock(),
      });
      const db = api.context.workspace.db;
      await until(() => listStudyRuns(db, studyId).filter((r) => r.slurm_job_id !== null && r.slurm_job_id !== undefined).length === 3, 60_000, 'three jobs submitted');
      // The controller stops while the three jobs run on the node (each has its Slurm output file,
      // opened by slurmstepd as it starts the job script). Stopped between allocating a job and
      // handing it to the node, Slurm loses the job's launch, and submitting it again is right.
      const logs = join(findStudy(db, studyId)!.folder, 'slurm', 'logs');
      await until(() => existsSync(logs) && readdirSync(logs).filter((f) => f.endsWith('.out')).length === 3, 60_000, 'three jobs started on the node');
      await cluster.stopController();
      try {
        await api.context.jobs.idle();
        const study = findStudy(db, studyId)!;
        expect(study.state).toBe('interrupted');
        const job = findJob(db, study.job_id!)!;
        expect(job.state).toBe('failed');
        expect(job.message).toMatch(/Slurm cluster is unreachable: `squeue .*` on this machine failed: .*Unable to contact slurm controller/);
        expect(job.message).toContain('Resume the study');
      } finally {
        await cluster.startController();
      }
      await api.call('runs.resume', { studyId });
      await api.context.jobs.idle();
      const runs = listStudyRuns(db, studyId);
      expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      // Followed after the restart, never submitted again.
      expect(readSubmissions(findStudy(db, studyId)!.folder)).toHaveLength(3);
    } finally {
      await api.close();
    }
  }, 180_000);

  // Each test but the first waits seconds on a job that sleeps while the agent's tampering is tried (the
  // window a loaded machine needs), so they wait together: each has its own folders, workspace and jobs,
  // and the partition takes 4 jobs per CPU. The first sets the start grace for the whole process: alone.
  describe('against an agent that writes its run folder (as the sandbox allowed before it bound only work/ and home/)', () => {
    /** The outcome an agent would forge: exit 0 in a sandbox without network, naming the real job. */
    const forged = (runId: string, jobId: string) =>
      JSON.stringify(OutcomeFileSchema.parse({ runId, jobId, host: 'forged', outcome: { exitCode: 0, signal: null, timedOut: false, cancelled: false, outputCapped: false, spawnError: null, durationMs: 1000, stdoutBytes: 10, stderrTail: '', sandbox: { mode: 'bubblewrap', network: 'none', limits: null } } }));
    const runFolderOf = (db: Parameters<typeof findStudy>[0], studyId: string, id: string) => join(findStudy(db, studyId)!.folder, 'runs', id);
    const artifactsOf = async (api: ReturnType<typeof createApi>, runId: string) => (await api.call('runs.show', { runId })).run.artifacts;

    it('a job still running past its time limit is cancelled and its run recorded as timed out; an outcome forged for it is not taken', async () => {
      // A node whose `lhb runs exec` never stops its harness (an old install, or one that hangs): only the engine's follow ends it.
      const hanging = join(dir, 'hanging-lhb');
      writeFileSync(hanging, '#!/bin/sh\nexec sleep 600\n', { mode: 0o755 });
      const graceBefore = process.env.LHB_SLURM_START_GRACE_MS;
      process.env.LHB_SLURM_START_GRACE_MS = '3000';
      const api = createApi(openWorkspace(join(dir, 'ws')));
      try {
        await importTestTask(api.context.workspace, dir);
        const timeoutSeconds = 8;
        const { studyId } = await api.call('runs.start', {
          tasks: ['engine-task'],
          configurations: [{ harness: 'command', model: 'm', command: 'mkdir -p out/dist && echo ok > out/dist/index.html' }],
          timeoutSeconds,
          executor: 'slurm',
          slurm: { ...slurmBlock(), lhbCommand: hanging },
        });
        const db = api.context.workspace.db;
        await until(() => listStudyRuns(db, studyId)[0]?.slurm_state === 'RUNNING', 60_000, 'the job to run');
        const runningAt = Date.now();
        const run = listStudyRuns(db, studyId)[0]!;
        writeFileSync(join(runFolderOf(db, studyId, run.id), 'slurm', 'outcome.json'), forged(run.id, run.slurm_job_id!));
        writeFileSync(join(findStudy(db, studyId)!.folder, 'slurm', 'outcomes', `${run.id}.json`), forged(run.id, run.slurm_job_id!));
        await until(() => listStudyRuns(db, studyId)[0]!.status !== 'running', 120_000, 'the run to end');
        const endedAfterMs = Date.now() - runningAt;
        await api.context.jobs.idle();
        const ended = listStudyRuns(db, studyId)[0]!;
        expect(ended.status).toBe('timeout');
        expect(ended.error_kind).toBe('timeout');
        expect(ended.run_id).not.toBeNull();
        // Its limit, the start grace and a few polls (RUNNING was seen here at most a poll after it began).
        console.log(`The run past its ${timeoutSeconds} s limit (start grace 3 s) ended ${endedAfterMs} ms after its job was seen running.`);
        expect(endedAfterMs).toBeLessThan((timeoutSeconds + 3 + 10) * 1000);
        await until(() => (endedJobsByName().get(jobNameOf(run.id)) ?? 0) === 1, 30_000, 'Slurm to record the job as ended');
        expect(readFileSync(cluster.jobCompLog, 'utf8')).toMatch(new RegExp(`JobId=${run.slurm_job_id} .*JobState=CANCELLED`));
      } finally {
        if (graceBefore === undefined) delete process.env.LHB_SLURM_START_GRACE_MS;
        else process.env.LHB_SLURM_START_GRACE_MS = graceBefore;
        await api.close();
      }
    }, 180_000);

    it.concurrent("an outcome and out/ forged while the job runs are not taken: the run ends once Slurm says the job ended, with the job's own outcome and out/", async ({ onTestFinished }) => {
      const { dir, shared } = ownFolders(onTestFinished);
      const api = createApi(openWorkspace(join(dir, 'ws')));
      try {
        await importTestTask(api.context.workspace, dir);
        const { studyId } = await api.call('runs.start', {
          tasks: ['engine-task'],
          configurations: [{ harness: 'command', model: 'm', command: "sleep 15; mkdir -p out/dist && echo final > out/dist/index.html && echo '{\"type\":\"note\"}'; exit 3" }],
          timeoutSeconds: 120,
          executor: 'slurm',
          slurm: slurmBlock(shared),
        });
        const db = api.context.workspace.db;
        await until(() => listStudyRuns(db, studyId)[0]?.slurm_state === 'RUNNING', 60_000, 'the job to run');
        const run = listStudyRuns(db, studyId)[0]!;
        const folder = runFolderOf(db, studyId, run.id);
        await until(() => existsSync(join(folder, 'transcript.jsonl')), 60_000, "the job's harness to start");
        // The agent's forgeries: a passing outcome naming the real job, where the job used to write it
        // and where it writes it now, and a page in out/ before the job is done.
        writeFileSync(join(folder, 'slurm', 'outcome.json'), forged(run.id, run.slurm_job_id!));
        writeFileSync(join(findStudy(db, studyId)!.folder, 'slurm', 'outcomes', `${run.id}.json`), forged(run.id, run.slurm_job_id!));
        mkdirSync(join(folder, 'work', 'out', 'dist'), { recursive: true });
        writeFileSync(join(folder, 'work', 'out', 'dist', 'index.html'), 'forged while the job ran\n');
        await api.context.jobs.idle();
        const ended = listStudyRuns(db, studyId)[0]!;
        // The job's own ending: exit 3 after it wrote its page, not the forged exit 0.
        expect(ended.status).toBe('failed');
        expect(ended.error_message).toContain('exited with code 3');
        expect(ended.slurm_state).toBe('COMPLETED');
        expect(await artifactsOf(api, ended.run_id!)).toEqual([expect.objectContaining({ path: 'dist/index.html', sizeBytes: 'final\n'.length })]);
      } finally {
        await api.close();
      }
    }, 180_000);

    for (const [how, tamper] of [
      ['network host instead of none', (spec: { sandbox: { network: string } | null }) => ({ ...spec, sandbox: { ...spec.sandbox!, network: 'host' } })],
      ['its sandbox removed', (spec: { sandbox: unknown }) => ({ ...spec, sandbox: null })],
    ] as const) {
      it.concurrent(`an exec.json changed after submission (${how}) is refused by the job, and the run fails saying so`, async ({ onTestFinished }) => {
        const { dir, shared } = ownFolders(onTestFinished);
        const marker = join(shared, 'ran-unsandboxed');
        const api = createApi(openWorkspace(join(dir, 'ws')));
        try {
          await importTestTask(api.context.workspace, dir);
          const { studyId } = await api.call('runs.start', {
            tasks: ['engine-task'],
            configurations: [{ harness: 'command', model: 'm', command: `touch ${marker}; mkdir -p out/dist && echo ok > out/dist/index.html` }],
            executor: 'slurm',
            // Held, so the file is changed before the job starts, as an agent of an earlier turn could.
            slurm: { ...slurmBlock(shared), options: ['--comment=lhb-test', '--hold'] },
          });
          const db = api.context.workspace.db;
          await until(() => listStudyRuns(db, studyId)[0]?.slurm_job_id != null, 60_000, 'the job to be submitted');
          const run = listStudyRuns(db, studyId)[0]!;
          const execFile = join(runFolderOf(db, studyId, run.id), 'slurm', 'exec.json');
          writeFileSync(execFile, JSON.stringify(tamper(JSON.parse(readFileSync(execFile, 'utf8')) as never), null, 2));
          expect(spawnSync('scontrol', ['release', run.slurm_job_id!], { encoding: 'utf8' }).status).toBe(0);
          await api.context.jobs.idle();
          const ended = listStudyRuns(db, studyId)[0]!;
          expect(ended.status).toBe('failed');
          expect(ended.error_kind).toBe('setup');
          expect(ended.error_message).toContain('the Slurm job refused');
          expect(ended.error_message).toContain('it was changed after the job was submitted');
          expect(existsSync(marker)).toBe(false);
        } finally {
          await api.close();
        }
      }, 180_000);
    }

    for (const [what, plant] of [
      ['a link to a secret of the user', (file: string, secret: string) => symlinkSync(secret, file)],
      ['a FIFO', (file: string) => expect(spawnSync('mkfifo', [file]).status).toBe(0)],
      ['a link to /dev/zero', (file: string) => symlinkSync('/dev/zero', file)],
    ] as const) {
      it.concurrent(`a transcript replaced by ${what} while the job runs is not read: nothing outside is stored, and the run is recorded within its limit`, async ({ onTestFinished }) => {
        const { dir, shared } = ownFolders(onTestFinished);
        const secretText = `-----BEGIN OPENSSH PRIVATE KEY----- slurm-run-files-${Math.floor(Math.random() * 1e6)}`;
        const secret = join(dir, 'users-id_rsa');
        writeFileSync(secret, `${secretText}\n`);
        const timeoutSeconds = 60;
        const api = createApi(openWorkspace(join(dir, 'ws')));
        try {
          await importTestTask(api.context.workspace, dir);
          const { studyId } = await api.call('runs.start', {
            tasks: ['engine-task'],
            configurations: [{ harness: 'command', model: 'm', command: "touch harness-started; sleep 8; mkdir -p out/dist && echo ok > out/dist/index.html && echo '{\"type\":\"note\"}'" }],
            timeoutSeconds,
            executor: 'slurm',
            slurm: slurmBlock(shared),
          });
          const db = api.context.workspace.db;
          await until(() => listStudyRuns(db, studyId)[0]?.slurm_state === 'RUNNING', 60_000, 'the job to run');
          const run = listStudyRuns(db, studyId)[0]!;
          const transcript = join(runFolderOf(db, studyId, run.id), 'transcript.jsonl');
          // Once the harness runs (its output file is open), as an agent would replace it.
          await until(() => existsSync(join(runFolderOf(db, studyId, run.id), 'work', 'harness-started')), 60_000, "the job's harness to start");
          const replacedAt = Date.now();
          rmSync(transcript);
          plant(transcript, secret);
          await api.context.jobs.idle();
          const ended = listStudyRuns(db, studyId)[0]!;
          expect(ended, ended.error_message ?? '').toMatchObject({ status: 'failed', error_kind: 'run-files-replaced' });
          expect(ended.error_message).toContain(transcript);
          expect(Date.now() - replacedAt).toBeLessThan((timeoutSeconds + 30) * 1000);
          const { workspace } = api.context;
          const holding = listBlobIds(workspace.db).filter((sha) => workspace.blobs.read(sha).includes(secretText));
          expect(holding).toEqual([]);
          expect(readFileSync(join(workspace.dir, 'lhb.sqlite')).includes(Buffer.from(secretText))).toBe(false);
          expect(readFileSync(secret, 'utf8')).toBe(`${secretText}\n`);
        } finally {
          await api.close();
        }
      }, 180_000);
    }

    it.concurrent("links planted at exec.json.tmp, the next turn's transcript and stderr, and the outcome's .tmp while a job runs: no file outside is written", async ({ onTestFinished }) => {
      const { dir, shared } = ownFolders(onTestFinished);
      const taskFolder = writeTestTaskFolder(join(dir, 'turns-task'), 'turns-task');
      writeFileSync(join(taskFolder, 'task.json'), JSON.stringify({ id: 'turns-task', kind: 'programmatic', title: 'T', instruction: 'Build a page.', turns: [{ prompt: 'Again.' }] }));
      const outside = (name: string) => {
        const file = join(dir, `users-${name}`);
        writeFileSync(file, `the user's ${name}\n`);
        return file;
      };
      const api = createApi(openWorkspace(join(dir, 'ws')));
      try {
        expect((await importBundles(api.context.workspace, [taskFolder], { captureMissingFrames: false })).outcomes[0]?.status).toBe('imported');
        const { studyId } = await api.call('runs.start', {
          tasks: ['turns-task'],
          taskFolders: { 'turns-task': taskFolder },
          configurations: [{ harness: 'command', model: 'm', command: "sleep 6; mkdir -p out/dist && echo ok > out/dist/index.html && echo '{\"type\":\"note\"}'" }],
          executor: 'slurm',
          slurm: slurmBlock(shared),
        });
        const db = api.context.workspace.db;
        await until(() => listStudyRuns(db, studyId)[0]?.slurm_state === 'RUNNING', 60_000, 'the first turn to run');
        const run = listStudyRuns(db, studyId)[0]!;
        const folder = runFolderOf(db, studyId, run.id);
        await until(() => existsSync(join(folder, 'transcript.jsonl')), 60_000, "the first turn's harness to start");
        symlinkSync(outside('authorized_keys'), join(folder, 'slurm', 'exec.json.tmp'));
        symlinkSync(outside('bashrc'), join(folder, 'transcript-turn-2.jsonl'));
        symlinkSync(outside('profile'), join(folder, 'stderr-turn-2.log'));
        symlinkSync(outside('config'), join(findStudy(db, studyId)!.folder, 'slurm', 'outcomes', `${run.id}.json.tmp`));
        await api.context.jobs.idle();
        const ended = listStudyRuns(db, studyId)[0]!;
        expect(ended.status, ended.error_message ?? '').toBe('succeeded');
        expect(readSubmissions(findStudy(db, studyId)!.folder)).toHaveLength(2); // one job per turn
        for (const name of ['authorized_keys', 'bashrc', 'profile', 'config']) expect(readFileSync(join(dir, `users-${name}`), 'utf8')).toBe(`the user's ${name}\n`);
        expect(readFileSync(join(folder, 'transcript-turn-2.jsonl'), 'utf8')).toBe('{"type":"note"}\n');
      } finally {
        await api.close();
      }
    }, 240_000);
  });
});

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A test's own temp folder and the shared folder in it (the cluster's nodes see it as the login machine does); removed when `cleanUp` says. */
function ownFolders(cleanUp?: (fn: () => void) => void): { dir: string; shared: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-slurm-test-'));
  const shared = join(dir, 'shared');
  mkdirSync(shared);
  cleanUp?.(() => rmSync(dir, { recursive: true, force: true }));
  return { dir, shared };
}
