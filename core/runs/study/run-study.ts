import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NO_SKILL, StudySpecSchema, type ResolvedStudy, type StudyConfiguration, type StudySpec } from '../../../schemas/studies.ts';
import type { JobProgress } from '../../jobs/job-runner.ts';
import { findRunBySourceDir, findStudy, pendingCancelRequests, finishStudyRun, cancelPendingStudyRuns, countStudyRunsByStatus, listStudyRuns, listPendingStudyRuns, listUnfinishedStudyRuns, setStudyState, type StudyRunRow } from '../../store/study-repository.ts';
import { findTask, listTaskFrames } from '../../store/task-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { killLeftoverHarness } from '../executors/process-tree.ts';
import { startReplayServer, type ReplayServer } from '../replay/replay-server.ts';
import { ALL_WIRE_FORMATS } from '../replay/wire-formats.ts';
import { readSkill } from '../skills/read-skill.ts';
import { describeSpecChange, studyConfigDigest } from './create-study.ts';
import { executeStudyRun } from './execute-study-run.ts';
import { ExecutorUnreachableError, localExecutor } from '../executors/run-executor.ts';
import { createSlurmExecutor } from '../executors/slurm/slurm-executor.ts';
import { missingNodeCommand } from '../executors/slurm/check-node-command.ts';
import { harnessKey, resolveStudyHarnesses } from './resolve-study-harnesses.ts';
import { checkStudyKeys } from './check-study-keys.ts';
import { resolveStudySpec } from './resolve-study-spec.ts';
import { sandboxProblem } from '../sandbox/sandbox-availability.ts';
import { writeRunFile } from '../run-file.ts';
import { LhbError, lhbErrorOfCode } from '../../../schemas/lhb-error.ts';

export interface RunStudyDeps {
  workspace: Workspace;
  toolsDir: string;
  resolveChapter?: (dataRoom: string, chapter: string) => { id: string; instruction: string } | undefined;
  /** Per-run cancellation: the engine registers each running run's controller here. */
  runControllers: Map<string, AbortController>;
  /** Told whenever a run changes state or reports progress (the UI's live view). */
  onRunChange?: (runId: string) => void;
}

/** The key a harness is given against the scripted model server, which takes any. */
const SCRIPTED_MODEL_KEY = 'lhb-scripted-model';

/** How often a running study looks for a cancel asked by another process. */
const CANCEL_POLL_MS = 1_000;

export class StudyResumeError extends lhbErrorOfCode('bad_request') {
  override name = 'StudyResumeError';
}

/** Reads a study's stored spec, resolved as it runs (resume's door), and refuses to go on when its skill changed since it started. */
export function loadStudySpec(workspace: Workspace, studyId: string): ResolvedStudy {
  return resolveStudySpec(unchangedStoredSpec(workspace, studyId), process.cwd());
}

/** A study's spec as stored, refused when its skill changed since it started (what resuming checks before it runs anything). */
export function unchangedStoredSpec(workspace: Workspace, studyId: string): StudySpec {
  const study = findStudy(workspace.db, studyId);
  if (!study) throw new LhbError('not_found', `No study ${studyId} in this workspace. \`lhb runs status\` lists the studies.`);
  const stored = StudySpecSchema.parse(JSON.parse(study.spec_json));
  const digest = studyConfigDigest(stored);
  if (digest !== study.config_digest) {
    throw new StudyResumeError(
      `Study "${study.name}" cannot resume: its configuration changed since it started (the skill folder ${stored.skill?.dir ?? ''} has different contents). ` +
        'Its finished runs are kept; start a new study to run the changed skill.',
    );
  }
  return stored;
}

/** Refuses to resume a study with a different spec than the one it started with (both resolved), naming what changed. */
export function assertSameSpec(workspace: Workspace, studyId: string, requested: ResolvedStudy): void {
  const study = findStudy(workspace.db, studyId);
  if (!study) return;
  const stored = StudySpecSchema.parse(JSON.parse(study.spec_json));
  const changes = describeSpecChange(resolveStudySpec(stored, process.cwd()), requested);
  if (changes.length > 0 || studyConfigDigest(stored) !== study.config_digest) {
    throw new StudyResumeError(
      `Study "${study.name}" was started with another configuration; resuming it would mix two studies. What changed: ${changes.length > 0 ? changes.join('; ') : 'the skill folder\'s contents'}. ` +
        'Give the new configuration another --name, or run the study as it was.',
    );
  }
}

/**
 * Runs (or resumes) a study to its end as a job: finished runs are skipped, unfinished ones
 * (pending, interrupted by a crash, cancelled) run again, `concurrency` at a time. A run that
 * an earlier process left half-done is cleaned up first: its harness, if still alive, is killed,
 * and a run that was already stored is not executed again.
 */
export async function runStudy(deps: RunStudyDeps, studyId: string, jobId: string, progress: JobProgress): Promise<string> {
  const { workspace } = deps;
  const db = workspace.db;
  const spec = loadStudySpec(workspace, studyId);
  const study = findStudy(db, studyId)!;
  setStudyState(db, studyId, 'running', jobId, new Date().toISOString());
  // Cancelled from here (the job) or from another process (a cancel request in the store).
  const studyAbort = new AbortController();
  const signal = studyAbort.signal;
  const abortStudy = () => studyAbort.abort();
  progress.signal.addEventListener('abort', abortStudy, { once: true });
  const poller = setInterval(() => {
    const requests = pendingCancelRequests(db, studyId);
    if (requests.study) studyAbort.abort();
    for (const runId of requests.runIds) deps.runControllers.get(runId)?.abort();
  }, CANCEL_POLL_MS);
  poller.unref();
  try {
    return await runStudyRuns();
  } finally {
    clearInterval(poller);
    progress.signal.removeEventListener('abort', abortStudy);
    // A study that stopped on an error is not running any more: say so, so it can be resumed.
    if (findStudy(db, studyId)?.state === 'running') setStudyState(db, studyId, 'interrupted', jobId, new Date().toISOString());
  }

  async function runStudyRuns(): Promise<string> {
    const harnesses = await resolveStudyHarnesses(spec, deps.toolsDir);
    // Each arm's skill, read once; `none` installs nothing.
    const skills = new Map((spec.skill?.versions ?? []).filter((arm) => arm !== NO_SKILL).map((arm) => [arm, readSkill(spec.skill!.dir, arm)]));
    try {
      checkStudyKeys(spec);
    } catch (error) {
      throw new StudyResumeError(`${(error as Error).message} Then resume the study.`);
    }
    // Only its own configuration's key reaches a run.
    const apiKeyOf = (configuration: StudyConfiguration) => (spec.replay ? SCRIPTED_MODEL_KEY : configuration.apiKeyEnv ? process.env[configuration.apiKeyEnv] : undefined);

    const queue: StudyRunRow[] = [];
    for (const run of listUnfinishedStudyRuns(db, studyId)) {
      if (reconcile(deps, study.folder, run)) continue;
      queue.push(run);
    }
    const total = listStudyRuns(db, studyId).length;
    const finishedCount = () => {
      const counts = countStudyRunsByStatus(db, studyId);
      return (counts.succeeded ?? 0) + (counts.failed ?? 0) + (counts.timeout ?? 0);
    };
    progress.report(finishedCount(), total, `${queue.length} run${queue.length === 1 ? '' : 's'} to go`);

    const executor =
      spec.executor === 'slurm' && spec.slurm
        ? createSlurmExecutor({ slurm: spec.slurm, studyFolder: study.folder })
        : localExecutor;
    // Refused before any run starts: a sandbox that cannot be made would fail every run the same way.
    if (spec.sandbox !== false && spec.executor !== 'slurm' && queue.length > 0) {
      const problem = sandboxProblem();
      if (problem) throw new StudyResumeError(`${problem} Then resume the study.`);
    }
    if (spec.executor === 'slurm' && spec.slurm && queue.length > 0) {
      const problem = await missingNodeCommand(spec.slurm);
      if (problem) throw new StudyResumeError(`${problem} Then resume the study.`);
    }
    // Set when the executor's cluster cannot be reached: no more runs start, and the study stops to be resumed.
    let unreachable: ExecutorUnreachableError | undefined;
    let replay: ReplayServer | undefined;
    if (spec.replay) replay = await startReplayServer(ALL_WIRE_FORMATS);
    try {
      const worker = async () => {
        for (let run = queue.shift(); run && !signal.aborted && !unreachable; run = queue.shift()) {
          try {
            await runWithRetries(run);
          } catch (error) {
            if (!(error instanceof ExecutorUnreachableError)) throw error;
            unreachable ??= error;
            return;
          }
          progress.report(finishedCount(), total, describeCounts(countStudyRunsByStatus(db, studyId)));
        }
      };
      const runWithRetries = async (initial: StudyRunRow) => {
        const configuration = spec.configurations[initial.config_index]!;
        const harness = harnesses.get(harnessKey(configuration))!;
        const task = findTask(db, initial.task_id);
        if (!task) {
          finishStudyRun(db, initial.id, { ...emptyResult('failed'), error_kind: 'setup', error_message: `Task ${initial.task_id} was deleted from the workspace.` });
          return;
        }
        const frames = listTaskFrames(db, task.id);
        const taskFolder = spec.taskFolders[task.id];
        for (let attempt = 0; ; attempt++) {
          const controller = new AbortController();
          const onJobAbort = () => controller.abort();
          signal.addEventListener('abort', onJobAbort, { once: true });
          deps.runControllers.set(initial.id, controller);
          deps.onRunChange?.(initial.id);
          const current = listStudyRuns(db, studyId).find((r) => r.id === initial.id) ?? initial;
          try {
            const result = await executeStudyRun({
              workspace,
              studyId,
              spec,
              run: current,
              folder: join(study.folder, 'runs', initial.id),
              adapter: harness.adapter,
              configuration,
              binary: harness.binary,
              harnessVersion: harness.version,
              harnessVersionProblem: harness.versionProblem,
              skill: skills.get((JSON.parse(current.versions_json) as { skill?: string }).skill ?? NO_SKILL),
              task: { task, frames, ...(taskFolder ? { folder: taskFolder } : {}), framePath: (sha) => workspace.blobs.pathFor(sha) },
              endpointFor: (workdir, skillFile) => {
                if (!replay) return configuration.endpoint;
                replay.openSession(spec.replayByTask?.[task.id] ?? spec.replay!, { workdir, skill_file: skillFile }, initial.id);
                return replay.endpointFor(initial.id);
              },
              apiKey: apiKeyOf(configuration),
              signal: controller.signal,
              executor,
              toolsDir: deps.toolsDir,
              ...(deps.resolveChapter ? { resolveChapter: deps.resolveChapter } : {}),
              onProgress: () => deps.onRunChange?.(initial.id),
            });
            // What the harness sent the scripted model (its tool results included), kept beside the transcript.
          const session = replay?.session(initial.id);
          if (session) writeRunFile(join(study.folder, 'runs', initial.id, 'model-requests.jsonl'), session.requests.map((request) => JSON.stringify(request)).join('\n') + '\n');
          if (!result.retryable || attempt >= spec.maxRetries || signal.aborted) {
              if (result.retryable) {
                // Out of retries: record the last failure for good.
                finishStudyRun(db, initial.id, { ...emptyResult('failed'), error_kind: result.failure!.kind, error_message: `${result.failure!.message} (gave up after ${attempt + 1} attempts)` });
              }
              return;
            }
            await sleep(spec.retryBackoffMs * 2 ** attempt, signal);
          } finally {
            signal.removeEventListener('abort', onJobAbort);
            deps.runControllers.delete(initial.id);
            deps.onRunChange?.(initial.id);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(spec.concurrency, Math.max(1, queue.length)) }, () => worker()));
      // Runs retried while the study ran (runs.retry) are pending again: run them before finishing.
      for (let again = listPendingStudyRuns(db, studyId); again.length > 0 && !signal.aborted && !unreachable; again = listPendingStudyRuns(db, studyId)) {
        queue.push(...again);
        await Promise.all(Array.from({ length: Math.min(spec.concurrency, queue.length) }, () => worker()));
      }
    } finally {
      await replay?.close();
    }
    if (unreachable) throw unreachable; // the study is left interrupted; its runs are kept for a resume
    const now = new Date().toISOString();
    if (signal.aborted) {
      cancelPendingStudyRuns(db, studyId, now);
      setStudyState(db, studyId, 'cancelled', jobId, now);
    } else {
      setStudyState(db, studyId, 'finished', jobId, now);
    }
    const counts = countStudyRunsByStatus(db, studyId);
    return `${signal.aborted ? 'Cancelled; ' : ''}${describeCounts(counts)}. Finished runs are in the Runs screen and the arena.`;
  }
}

/**
 * Settles a run an earlier process left unfinished. A harness still running from it is killed
 * (same pid and start time, so never a stranger that reused the pid). A run whose result was
 * already stored is marked done instead of being run twice. Returns true when nothing is left to run.
 */
function reconcile(deps: RunStudyDeps, studyFolder: string, run: StudyRunRow): boolean {
  const db = deps.workspace.db;
  if (run.process_pid !== null && run.process_start !== null) killLeftoverHarness(run.process_pid, run.process_start);
  const outDir = join(studyFolder, 'runs', run.id, 'work', 'out');
  const stored = existsSync(outDir) ? findRunBySourceDir(db, outDir) : undefined;
  if (!stored) return false;
  finishStudyRun(db, run.id, {
    ...emptyResult(stored.status),
    finished_at: stored.finished_at,
    run_id: stored.id,
    last_event: 'Finished (recovered after an interruption)',
  });
  return true;
}

function emptyResult(status: 'succeeded' | 'failed' | 'timeout' | 'cancelled') {
  return {
    status,
    error_kind: null,
    error_message: null,
    finished_at: new Date().toISOString(),
    duration_ms: null,
    steps: null,
    tool_calls: null,
    failed_tool_calls: null,
    tokens_input: null,
    tokens_output: null,
    cost_usd: null,
    last_event: null,
    transcript_sha256: null,
    trajectory_sha256: null,
    errors_json: null,
    run_id: null,
  };
}

function describeCounts(counts: Record<string, number>): string {
  const order = ['succeeded', 'failed', 'timeout', 'cancelled', 'running', 'pending'] as const;
  const words: Record<(typeof order)[number], string> = { succeeded: 'succeeded', failed: 'failed', timeout: 'timed out', cancelled: 'cancelled', running: 'running', pending: 'waiting' };
  const parts = order.filter((status) => (counts[status] ?? 0) > 0).map((status) => `${counts[status]} ${words[status]}`);
  return parts.length > 0 ? parts.join(', ') : 'no runs';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
