import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedStudy } from '../../../../schemas/studies.ts';
import { shellQuote } from '../../../shell-quote.ts';
import type { ExecuteRequest, RunExecutor } from '../run-executor.ts';
import { ExecutorUnreachableError } from '../run-executor.ts';
import type { ProcessOutcome } from '../run-process.ts';
import { jobOutcomePath, readOutcomeFile, writeExecFile, type ExecFile } from './exec-file.ts';
import { TranscriptTail } from './transcript-tail.ts';
import { ENDED, LOST, endingFromOutcomeFile, jobHasEnded, lostWords, slurmDurationMs, type JobEnding } from './slurm-job-ending.ts';
import { SlurmShell } from './slurm-commands.ts';
import { nodeLhbCommand } from './check-node-command.ts';

export interface SlurmExecutorOptions {
  /** The study's cluster settings as resolved at the door: remembered ones filled in, the shared folder absolute. */
  slurm: NonNullable<ResolvedStudy['slurm']>;
  /** The study's folder on the shared filesystem: job scripts, Slurm output and the submission log go in its slurm/. */
  studyFolder: string;
  /** How often job states are read (one squeue for all of the study's jobs). Default 2 s, or LHB_SLURM_POLL_MS. */
  pollMs?: number;
  /** How long the controller may stay unanswering before the study stops as unreachable. Default 60 s, or LHB_SLURM_UNREACHABLE_MS. */
  unreachableAfterMs?: number;
  /**
   * How long past the run's time limit a job may still run before the engine cancels it as timed
   * out: the time `lhb runs exec` takes to start on the node and stop the harness, which it does
   * itself at the limit. Default 60 s, or LHB_SLURM_START_GRACE_MS.
   */
  startGraceMs?: number;
}

/** After the job ended, how long its outcome file may take to show on a shared filesystem (NFS attribute caching). */
const OUTCOME_GRACE_MS = 5_000;

export interface Submission {
  runId: string;
  jobId: string;
  at: string;
  /** `first`, or why it was submitted again. */
  reason: string;
}

/**
 * Variables a job takes from the submitting environment: what starts Node.js and lhb on the node
 * (and what the job script's shell and Slurm's own wrapper read). Everything else a run needs is
 * in its exec.json; its API key variable is added by name.
 */
const JOB_VARIABLES = ['PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'LHB_BWRAP'] as const;

export const jobNameOf = (runId: string) => `lhb-${runId}`;
export const submissionLogOf = (studyFolder: string) => join(studyFolder, 'slurm', 'submissions.jsonl');

export function readSubmissions(studyFolder: string): Submission[] {
  const file = submissionLogOf(studyFolder);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Submission);
}


/**
 * Runs each run as one Slurm batch job: the engine has prepared the run folder on the shared
 * filesystem; the job runs `lhb runs exec` on it (the same process handling, limits and
 * transcript as a local run) and writes slurm/outcome.json; the engine follows the job through
 * squeue/scontrol (sacct where accounting exists) and cancels it with scancel.
 *
 * Idempotent: a run whose job Slurm still knows (by its name, `lhb-<run id>`) is followed, never
 * submitted again; a job that vanished (node failure, preemption, a cluster restart that lost it)
 * is submitted again once, then the run fails with the reason.
 */
export function createSlurmExecutor(options: SlurmExecutorOptions): RunExecutor {
  const shell = new SlurmShell(options.slurm.sshHost ? { sshHost: options.slurm.sshHost } : {});
  const pollMs = options.pollMs ?? (Number(process.env.LHB_SLURM_POLL_MS) || 2_000);
  const unreachableAfterMs = options.unreachableAfterMs ?? (Number(process.env.LHB_SLURM_UNREACHABLE_MS) || 60_000);
  const startGraceMs = options.startGraceMs ?? (Number(process.env.LHB_SLURM_START_GRACE_MS) || 60_000);
  const slurmDir = join(options.studyFolder, 'slurm');
  const states = new JobStates(shell, pollMs);

  return {
    kind: 'slurm',
    async execute(request) {
      const knownJobs = () => shell.check(['squeue', '--noheader', '--me', '--states=all', `--name=${jobNameOf(request.runId)}`, '--format=%i|%T']).then(parseJobList);
      const known = await patiently(knownJobs);
      const live = known.filter((job) => !ENDED.has(job.state));
      let jobId: string | undefined;
      if (request.mayBeLive) {
        // An earlier engine left this run going: follow its job (running, or ended meanwhile).
        jobId = (live.at(-1) ?? known.at(-1))?.id;
        if (!jobId) {
          const last = readSubmissions(options.studyFolder).filter((s) => s.runId === request.runId).at(-1);
          if (last) jobId = last.jobId; // Slurm forgot it: its outcome file tells, or it is lost
        }
      } else if (live.length > 0) {
        // A job of a run that is not running any more (cancelled here while its job was starting): stop it first.
        await patiently(() => shell.check(['scancel', ...live.map((job) => job.id)]));
      }
      const stale = new Set(known.map((job) => job.id));
      /** Submits, patient with a controller that does not answer; an sbatch whose answer was lost is found by name, never sent twice. */
      const submitOnce = async (reason: string) => {
        let sent = false;
        return patiently(async () => {
          if (sent) {
            const found = (await knownJobs()).filter((job) => !stale.has(job.id)).at(-1);
            if (found) return found.id;
          }
          sent = true;
          return submit(request, reason);
        });
      };
      let requeued = false;
      if (!jobId) jobId = await submitOnce('first');
      for (;;) {
        const followed = await follow(jobId, request);
        if ('outcome' in followed) return followed.outcome;
        if (request.signal.aborted) return { ...emptyOutcome(), cancelled: true };
        if (requeued) return lostOutcome(`${followed.lost}; it had already been submitted again once, so the run is failed. ${outputTail(jobId, request.runId)}`);
        requeued = true;
        stale.add(jobId);
        jobId = await submitOnce(`requeue: ${followed.lost}`);
      }
    },
  };

  /** Runs a Slurm command again while the controller does not answer, up to the patience the study allows. */
  async function patiently<T>(action: () => Promise<T>): Promise<T> {
    const since = Date.now();
    for (;;) {
      try {
        return await action();
      } catch (error) {
        if (!(error instanceof ExecutorUnreachableError) || Date.now() - since >= unreachableAfterMs) throw error;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    }
  }

  async function submit(request: ExecuteRequest, reason: string): Promise<string> {
    const { invocation, sandbox } = await request.prepare();
    // The API key stays out of the shared folder: the job reads it from its own environment, which
    // sbatch copies from this one. A key this process does not hold in that variable (the scripted
    // model's, made up per study) has nothing to be read from there and travels in the file.
    const envFromJob: Record<string, string> = {};
    const env: Record<string, string> = {};
    const keyFromEnvironment = request.apiKey && request.apiKey.value !== '' && process.env[request.apiKey.env] === request.apiKey.value ? request.apiKey : undefined;
    for (const [key, value] of Object.entries(invocation.env)) {
      if (keyFromEnvironment && value === keyFromEnvironment.value) envFromJob[key] = keyFromEnvironment.env;
      else env[key] = value;
    }
    const exec: ExecFile = {
      runId: request.runId,
      invocation: { ...invocation, env },
      envFromJob,
      stdoutFile: request.stdoutFile,
      stderrFile: request.stderrFile,
      timeoutMs: request.timeoutMs,
      maxOutputBytes: request.maxOutputBytes,
      sandbox,
      ...(request.harness ? { harness: request.harness } : {}),
    };
    // The run folder is the agent's: exec.json goes there fresh (never through a link planted at it
    // or its .tmp), and the job runs it only if it is still these bytes. The script naming their
    // SHA-256, and the outcome the job writes, are in the study's slurm/, which no sandbox binds.
    const execSha256 = writeExecFile(request.folder, exec);
    const outcomeFile = jobOutcomePath(slurmDir, request.runId);
    for (const sub of ['jobs', 'logs', 'outcomes']) mkdirSync(join(slurmDir, sub), { recursive: true });
    rmSync(outcomeFile, { force: true });
    const script = join(slurmDir, 'jobs', `${request.runId}.sh`);
    writeFileSync(
      script,
      `#!/bin/sh\n# LH-Bench Studio: study run ${request.runId}. Runs the prepared harness in its run folder and records how it ended.\nexec ${nodeLhbCommand(options.slurm)} runs exec ${shellQuote(request.folder)} --exec-sha256 ${execSha256} --outcome ${shellQuote(outcomeFile)}\n`,
      { mode: 0o755 },
    );
    const minutes = Math.ceil((request.timeoutMs + 5 * 60_000) / 60_000); // the harness's own limit stops it first
    const args = [
      'sbatch',
      '--parsable',
      `--job-name=${jobNameOf(request.runId)}`,
      `--output=${join(slurmDir, 'logs', `${request.runId}-%j.out`)}`,
      `--chdir=${request.folder}`,
      `--cpus-per-task=${options.slurm.cpus ?? 1}`,
      // A job Slurm would requeue itself would run a half-used folder again: the engine requeues, re-preparing it.
      '--no-requeue',
      // Only what `lhb runs exec` needs and the key it hands on, never the whole submitting environment, which slurmctld keeps in its state folder.
      `--export=${[...JOB_VARIABLES, ...new Set(Object.values(envFromJob))].join(',')}`,
      `--time=${minutes}`,
      ...(options.slurm.mem ? [`--mem=${options.slurm.mem}`] : []),
      ...(options.slurm.partition ? [`--partition=${options.slurm.partition}`] : []),
      ...(options.slurm.account ? [`--account=${options.slurm.account}`] : []),
      ...(options.slurm.options ?? []),
      script,
    ];
    const stdout = await shell.check(args);
    const jobId = stdout.trim().split(';')[0]!;
    if (!/^\d+(_\d+)?$/.test(jobId)) throw new Error(`sbatch answered "${stdout.trim().slice(0, 200)}" instead of a job id.`);
    const submission: Submission = { runId: request.runId, jobId, at: new Date().toISOString(), reason };
    appendFileSync(submissionLogOf(options.studyFolder), `${JSON.stringify(submission)}\n`);
    request.onJob?.(jobId, 'PENDING');
    return jobId;
  }

  /**
   * Follows one job to its end. Its outcome counts only once Slurm says the job ended, and only
   * when it names this job; nothing of the run folder is read for the result before then (the
   * engine imports out/ once this returns). A job still running past the run's time limit (and
   * the time its `lhb runs exec` has to start and stop the harness) is cancelled as timed out.
   */
  async function follow(jobId: string, request: ExecuteRequest): Promise<JobEnding> {
    let cancelSent = false;
    let timedOutHere = false;
    let lastState = '';
    let unreachableSince: number | undefined;
    let endedAt: number | undefined;
    let runningSeenAt: number | undefined;
    let usedSoFar = 0;
    const outcomeFile = jobOutcomePath(slurmDir, request.runId);
    const transcript = new TranscriptTail(request.stdoutFile, request.onLine);
    for (;;) {
      try {
        if (request.signal.aborted && !cancelSent) {
          await shell.run(['scancel', jobId]);
          cancelSent = true;
        }
        transcript.read();
        const { state, usedMs } = await states.of(jobId);
        unreachableSince = undefined;
        if (state !== lastState) {
          lastState = state;
          request.onJob?.(jobId, state);
        }
        if (!jobHasEnded(state)) {
          if (state === 'RUNNING') runningSeenAt ??= Date.now();
          usedSoFar = Math.max(usedMs ?? 0, runningSeenAt === undefined ? 0 : Date.now() - runningSeenAt);
          if (!cancelSent && usedSoFar > request.timeoutMs + startGraceMs) {
            await shell.run(['scancel', jobId]);
            cancelSent = true;
            timedOutHere = true;
          }
        } else if (timedOutHere) {
          // Whatever its outcome says: a job that ran past its limit is what this engine records.
          transcript.read();
          return { outcome: { ...emptyOutcome(), timedOut: true, durationMs: usedSoFar } };
        } else {
          const written = readOutcomeFile(outcomeFile);
          const ending = written ? endingFromOutcomeFile(written, jobId, state, cancelSent) : undefined;
          if (ending) {
            transcript.read();
            return ending;
          }
          endedAt ??= Date.now();
          if (Date.now() - endedAt >= OUTCOME_GRACE_MS || state === 'VANISHED') {
            transcript.read();
            if (state === 'TIMEOUT') return { outcome: { ...emptyOutcome(), timedOut: true } };
            if (state === 'CANCELLED' || cancelSent) return { outcome: { ...emptyOutcome(), cancelled: true } };
            if (LOST.has(state)) return { lost: lostWords(jobId, state) };
            return { outcome: lostOutcome(`Slurm job ${jobId} ended ${state} without recording how the harness ended (no ${outcomeFile}). ${outputTail(jobId, request.runId)}`) };
          }
        }
      } catch (error) {
        if (!(error instanceof ExecutorUnreachableError)) throw error;
        unreachableSince ??= Date.now();
        if (Date.now() - unreachableSince >= unreachableAfterMs) throw error;
      }
      await pause(endedAt ? Math.min(500, pollMs) : pollMs, request.signal, cancelSent);
    }
  }

  function outputTail(jobId: string, runId: string): string {
    const file = join(slurmDir, 'logs', `${runId}-${jobId}.out`);
    if (!existsSync(file)) return `Its Slurm output file ${file} does not exist (the job never started on a node).`;
    const text = readFileSync(file, 'utf8').trim();
    return text ? `Its Slurm output (${file}) ends: ${text.slice(-1500)}` : `Its Slurm output (${file}) is empty.`;
  }
}

/** One squeue for all of a study's jobs per poll, shared by every run being followed. */
class JobStates {
  #snapshot: { at: number; states: Map<string, { state: string; usedMs?: number }> } | undefined;
  #pending: Promise<Map<string, { state: string; usedMs?: number }>> | undefined;
  constructor(
    private readonly shell: SlurmShell,
    private readonly pollMs: number,
  ) {}

  /** The job's state, and how long it has run (while squeue lists it). */
  async of(jobId: string): Promise<{ state: string; usedMs?: number }> {
    const states = await this.#fresh();
    const listed = states.get(jobId);
    if (listed) return listed;
    return { state: await this.#pastState(jobId) };
  }

  async #pastState(jobId: string): Promise<string> {
    // Gone from squeue: scontrol still knows recently ended jobs, sacct older ones where accounting exists.
    const shown = await this.shell.run(['scontrol', 'show', 'job', '--oneliner', jobId]);
    const match = /JobState=(\w+)/.exec(shown.stdout);
    if (shown.code === 0 && match) return match[1]!;
    const accounted = await this.shell.run(['sacct', '--noheader', '--allocations', '--parsable2', '--format=State', `--jobs=${jobId}`]);
    const state = accounted.code === 0 ? accounted.stdout.trim().split('\n')[0]?.split(' ')[0] : undefined;
    return state ? state : 'VANISHED';
  }

  async #fresh(): Promise<Map<string, { state: string; usedMs?: number }>> {
    if (this.#snapshot && Date.now() - this.#snapshot.at < this.pollMs * 0.8) return this.#snapshot.states;
    this.#pending ??= this.shell
      .check(['squeue', '--noheader', '--me', '--states=all', '--format=%i|%T|%M'])
      .then((stdout) => {
        const states = new Map(parseJobList(stdout).map((job) => [job.id, { state: job.state, ...(job.used ? { usedMs: slurmDurationMs(job.used) } : {}) }]));
        this.#snapshot = { at: Date.now(), states };
        return states;
      })
      .finally(() => {
        this.#pending = undefined;
      });
    return this.#pending;
  }
}

function parseJobList(stdout: string): { id: string; state: string; used?: string }[] {
  return stdout
    .split('\n')
    .map((line) => line.trim().split('|'))
    .filter((parts) => parts.length >= 2 && parts[0])
    .map(([id, state, used]) => ({ id: id!, state: state!, ...(used ? { used } : {}) }))
    .sort((a, b) => Number.parseInt(a.id, 10) - Number.parseInt(b.id, 10));
}

function emptyOutcome(): ProcessOutcome {
  return { exitCode: null, signal: null, timedOut: false, cancelled: false, outputCapped: false, spawnError: null, durationMs: 0, stdoutBytes: 0, stderrTail: '' };
}

function lostOutcome(reason: string): ProcessOutcome {
  return { ...emptyOutcome(), lostReason: reason };
}

function pause(ms: number, signal: AbortSignal, cancelSent: boolean): Promise<void> {
  return new Promise((resolve) => {
    // A cancel wakes the loop at once, so scancel goes out without waiting a whole poll.
    if (signal.aborted && !cancelSent) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    if (!cancelSent) signal.addEventListener('abort', done, { once: true });
  });
}
