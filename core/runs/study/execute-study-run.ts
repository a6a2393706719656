import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_NOT_IMPORTED_FINDING, HARNESS_VERSION_UNKNOWN_FINDING, NO_OUTPUT_FINDING } from '../../../schemas/arena.ts';
import { NO_OUTPUT_KIND } from '../../../schemas/studies.ts';
import type { Trajectory, TrajectoryError } from '../../../schemas/trajectory.ts';
import { addRunFinding, insertRun } from '../../store/run-repository.ts';
import { finishStudyRun, markStudyRunStarted, recordStudyRunProcess, recordStudyRunProgress, recordStudyRunSandbox } from '../../store/study-repository.ts';
import type { ProcessOutcome } from '../executors/run-process.ts';
import { ExecutorUnreachableError, localExecutor, type RunExecutor } from '../executors/run-executor.ts';
import { recordStudyRunSlurmJob } from '../../store/slurm-job-repository.ts';
import { startTimeOf } from '../executors/process-tree.ts';
import { importBundles } from '../bundles/import-bundles.ts';
import { configurationColumns, runConfigurationOf } from '../run-configuration.ts';
import { summariseTrajectory } from '../trajectory/summarise-trajectory.ts';
import { extractErrors } from '../trajectory/extract-errors.ts';
import { parseTranscript } from '../trajectory/read-transcript-lines.ts';
import { trajectoryJsonStream } from '../trajectory/trajectory-json-bytes.ts';
import { classifyRunFailure, RETRYABLE_FAILURES, type RunFailure } from './classify-run-failure.ts';
import { writeRunManifest } from './run-manifest.ts';
import { runCostUsd } from './run-cost.ts';
import { authFailureAdvice } from './check-study-keys.ts';
import { RunFolderSetUp, type RunFolderInput } from './run-folder-set-up.ts';
import { mergeTurnTrajectories } from './multi-turn-trajectory.ts';
import { firstTurnEnded, harnessWallMs, runTaskTurnLoop } from './task-turn-loop.ts';
import { readTurnProgress } from './turn-progress.ts';
import { putRunBlobChunks } from './run-blob.ts';
import { listFolderFiles } from './list-folder-files.ts';
import { readTaskTurns } from './task-turns.ts';
import { storeVerifierFindings } from '../verifier/store-verifier-findings.ts';
import { symlinksIn } from '../sandbox/agent-written-files.ts';
import { openRunFile, runFileChunks, RunFileRefusedError, writeRunFile, type OpenRunFile } from '../run-file.ts';

export interface ExecuteRunInput extends RunFolderInput {
  studyId: string;
  signal: AbortSignal;
  resolveChapter?: (dataRoom: string, chapter: string) => { id: string; instruction: string } | undefined;
  /** Called with live progress (parsed steps so far, last event) at most every second. */
  onProgress?: () => void;
  /** Where the harness runs; default: this machine. */
  executor?: RunExecutor;
}

export interface ExecuteRunResult {
  status: 'succeeded' | 'failed' | 'timeout' | 'cancelled';
  failure: RunFailure | null;
  /** True when the failure may pass on another try (and the study has retries left). */
  retryable: boolean;
}

const PROGRESS_WRITE_MS = 1_000;

/** What a run that ended without an error but left nothing in out/ records: "no output", counted as not succeeded in the figures. */
const NO_OUTPUT_FAILURE: RunFailure = {
  kind: NO_OUTPUT_KIND,
  message: 'The harness ended without an error but left nothing in out/, where the task asks for its result: no output, so the figures count the run as not succeeded.',
};

/**
 * One attempt at one run: a fresh folder with the task's inputs and the skill, the harness
 * started with only what it needs, its transcript parsed into a trajectory with its errors and
 * recoveries, its artifacts imported as an ordinary run (frames captured like an imported
 * bundle's), everything archived in the blob store. A retryable failure is left for the caller
 * to retry; anything else ends the run for good.
 */
export async function executeStudyRun(input: ExecuteRunInput): Promise<ExecuteRunResult> {
  const { workspace, run, folder } = input;
  const db = workspace.db;
  const started = new Date();
  markStudyRunStarted(db, run.id, input.harnessVersion, started.toISOString());
  const attempt = run.attempts + 1;

  const manifest = { run_id: run.id, study_id: input.studyId, attempt, completed_steps: [] as ('prepared' | 'executed' | 'parsed' | 'stored')[], status: 'running', updated_at: started.toISOString(), artifacts: [] as string[] };
  const save = (status: string) => writeRunManifest(folder, { ...manifest, status, updated_at: new Date().toISOString() });

  let outcome: ProcessOutcome;
  const transcriptFile = join(folder, 'transcript.jsonl');
  const executor = input.executor ?? localExecutor;
  // Aborted when the harness says the provider refused its key yet keeps retrying.
  const keyRefused = new AbortController();
  let steps = 0;
  let lastWrite = 0;
  // What every turn's process shares: the run, its key, its limits, cancel, live progress.
  const eachTurn = {
    runId: run.id,
    folder,
    ...(input.configuration.apiKeyEnv && input.apiKey ? { apiKey: { env: input.configuration.apiKeyEnv, value: input.apiKey } } : {}),
    timeoutMs: input.spec.timeoutSeconds * 1000,
    maxOutputBytes: input.spec.maxOutputBytes,
    signal: AbortSignal.any([input.signal, keyRefused.signal]),
    onSpawn: (pid: number) => recordStudyRunProcess(db, run.id, pid, startTimeOf(pid) ?? null, new Date().toISOString()),
    onLine: (line: string) => {
      if (input.adapter.refusedKeyIn?.(line)) keyRefused.abort();
      steps += 1;
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      recordStudyRunProgress(db, run.id, { steps, lastEvent: describeLine(line) }, new Date(now).toISOString());
      input.onProgress?.();
    },
    ...(input.adapter.npm ? { harness: { id: input.adapter.id, toolsDir: input.toolsDir } } : {}),
    onJob: (jobId: string, state: string) => {
      recordStudyRunSlurmJob(db, run.id, jobId, state, new Date().toISOString());
      input.onProgress?.();
    },
  };
  // The run's folder and the first turn's invocation, which later turns of a multi-turn task continue.
  const setUp = new RunFolderSetUp(input, {
    cleared: () => (manifest.completed_steps = []),
    prepared: () => {
      manifest.completed_steps.push('prepared');
      save('running');
    },
  });
  const { workdir } = setUp;
  const followUps = readTaskTurns(input.task.folder);
  // A multi-turn run an earlier engine left during a later turn: the turns that had ended are kept
  // (and the work folder as they left it), and the run goes on at the turn it was in.
  // (The attempt it stopped in is the run's last counted one, `run.attempts`; this process goes on with it.)
  const kept = run.status === 'running' && followUps.length > 0 ? readTurnProgress(folder, run.attempts) : [];
  try {
    if (kept.length > 0) {
      await setUp.setUp(false);
      outcome = kept.at(-1)!.outcome;
    } else {
      outcome = await executor.execute({
        ...eachTurn,
        // Left `running` by a process that stopped: its batch job may still be at work.
        mayBeLive: run.status === 'running',
        prepare: () => setUp.setUp(true),
        stdoutFile: transcriptFile,
        stderrFile: join(folder, 'stderr.log'),
      });
    }
  } catch (error) {
    // The cluster went away: the run is left as it is (its job may still run) for a resume to follow.
    if (error instanceof ExecutorUnreachableError) throw error;
    if (setUp.configWithSecrets) rmSync(setUp.configWithSecrets, { force: true });
    const failure: RunFailure = { kind: 'setup', message: `The run could not be set up: ${(error as Error).message}` };
    finish(input, { status: 'failed', failure, harnessMs: null, trajectory: undefined, trajectoryBlob: undefined, errors: [], transcript: undefined, runId: null });
    mkdirSync(folder, { recursive: true });
    save('failed');
    return { status: 'failed', failure, retryable: false };
  }
  if (outcome.sandbox && kept.length === 0) recordStudyRunSandbox(db, run.id, JSON.stringify(outcome.sandbox), new Date().toISOString());
  if (!manifest.completed_steps.includes('prepared')) manifest.completed_steps.push('prepared'); // prepared by an earlier process, whose job this one followed
  manifest.completed_steps.push('executed');
  save('running');

  const limits = { timeoutMs: input.spec.timeoutSeconds * 1000, maxOutputBytes: input.spec.maxOutputBytes };
  const createParser = await input.adapter.loadParser();
  // The run's MCP server names (the verifier's and the task's) split the CLIs' MCP tool names where the names alone cannot.
  const parserOptions = { mcpServers: setUp.prepareInput?.mcpServers.map((server) => server.name) ?? setUp.mcpServers.map((server) => server.name) };
  // A transcript is read only as the engine wrote it (never through a link, never a FIFO), up to the
  // run's output cap; one something replaced is not read, and the run says so.
  const replaced: string[] = [];
  const refused = (error: unknown) => {
    if (!(error instanceof RunFileRefusedError)) throw error;
    if (!replaced.includes(error.message)) replaced.push(error.message);
    return undefined;
  };
  const parseTurn = async (file: string) => {
    let opened;
    try {
      opened = openRunFile(file, input.spec.maxOutputBytes);
    } catch (error) {
      return refused(error);
    }
    if (!opened) return undefined;
    try {
      return await parseTranscript(createParser(parserOptions), opened);
    } finally {
      opened.close();
    }
  };
  // The prompt sent, recorded for every harness alike (a process that only followed an earlier
  // one's job knows none, and keeps what the transcript says).
  const firstParsed = await parseTurn(transcriptFile);
  const firstTrajectory = firstParsed && setUp.firstPrompt !== '' ? { ...firstParsed, prompt: setUp.firstPrompt } : firstParsed;
  const transcriptFiles = [transcriptFile];
  let lastOutcome = outcome;
  let harnessMs = harnessWallMs(outcome);
  let parsed = firstTrajectory;
  if (followUps.length > 0) {
    const turnFailed = (turnOutcome: ProcessOutcome, turnTrajectory: Trajectory | undefined) => keyRefused.signal.aborted || classifyRunFailure(turnOutcome, turnTrajectory ? finalWords(turnTrajectory) : '', limits) !== null;
    const ended = kept.length > 0 ? kept : [await firstTurnEnded(workspace, { prompt: setUp.firstPrompt, failed: turnFailed(outcome, firstTrajectory), durationMs: harnessMs, outDir: join(workdir, 'out'), transcriptFile, outcome })];
    const trajectories = [firstTrajectory];
    for (const turn of ended.slice(1)) trajectories.push(await parseTurn(join(folder, turn.transcriptFile)));
    const executed = await runTaskTurnLoop({
      workspace,
      folder,
      // Written with this process's attempt, so a resume of this one goes on from here too.
      attempt,
      workdir,
      adapter: input.adapter,
      executor,
      eachTurn,
      followUps,
      ended,
      trajectories,
      firstTurn: setUp.firstTurn,
      prepareInput: setUp.prepareInput,
      sessionId: firstTrajectory?.sessionId ?? null,
      interrupted: kept.length > 0,
      parseTurn,
      turnFailed,
      stopped: () => input.signal.aborted || keyRefused.signal.aborted,
    });
    transcriptFiles.splice(0, transcriptFiles.length, ...ended.map((turn) => join(folder, turn.transcriptFile)));
    lastOutcome = ended.at(-1)!.outcome;
    parsed = mergeTurnTrajectories(executed, input.adapter.resumedTurnUsage);
    const durations = executed.map((turn) => turn.record.durationMs);
    harnessMs = durations.some((ms) => ms === null) ? null : durations.reduce<number>((sum, ms) => sum + ms!, 0);
  }
  if (setUp.configWithSecrets) rmSync(setUp.configWithSecrets, { force: true });
  // The servers and the tools each listed, as checked before the agent started: the same record whichever harness ran.
  const trajectory = parsed && setUp.mcpServers.length > 0 ? { ...parsed, mcpServers: setUp.mcpServers } : parsed;
  const errors = trajectory ? extractErrors(trajectory) : [];
  manifest.completed_steps.push('parsed');

  const classifiedFromOutcome = classifyRunFailure(lastOutcome, trajectory ? finalWords(trajectory) : '', limits);
  const refusal: RunFailure = { kind: 'auth', message: 'The provider refused the key (HTTP 401/403) and the harness kept retrying, so the run was stopped.' };
  const filesReplaced: RunFailure = { kind: 'run-files-replaced', message: `The engine's own files of this run were replaced, so they were not read and the run is not counted as succeeded: ${replaced.join(' ')}` };
  const classified = replaced.length > 0 && !input.signal.aborted ? filesReplaced : keyRefused.signal.aborted && !input.signal.aborted ? refusal : classifiedFromOutcome;
  const failure = classified?.kind === 'auth' ? { ...classified, message: classified.message + authFailureAdvice(input.configuration, input.run.config_index) } : classified;
  const status: ExecuteRunResult['status'] = failure === null ? 'succeeded' : failure.kind === 'cancelled' ? 'cancelled' : failure.kind === 'timeout' ? 'timeout' : 'failed';
  const retryable = failure !== null && RETRYABLE_FAILURES.has(failure.kind);
  // Ended without an error yet left nothing in out/, where the task's result goes: not plainly a success.
  const noOutput = status === 'succeeded' && listFolderFiles(join(workdir, 'out')).length === 0 && symlinksIn(join(workdir, 'out')).length === 0;

  // One transcript for the run: each turn's, in order, streamed into the blob store a chunk at a
  // time (read whole, a 100 MB transcript was held beside its parsed trajectory).
  const transcriptOpened = transcriptFiles.flatMap((file) => {
    try {
      return openRunFile(file, input.spec.maxOutputBytes) ?? [];
    } catch (error) {
      return refused(error) ?? [];
    }
  });
  let transcript: string | undefined;
  try {
    transcript = transcriptOpened.length > 0 ? await putRunBlobChunks(workspace, transcriptChunks(transcriptOpened)) : undefined;
  } finally {
    for (const opened of transcriptOpened) opened.close();
  }
  const trajectoryBlob = trajectory ? await putRunBlobChunks(workspace, trajectoryJsonStream(trajectory)) : undefined;
  let runId: string | null = null;
  // A cancelled run, or one that will be tried again, is not a finished run: it stays out of the arena and analysis.
  if (status !== 'cancelled' && !retryable) {
    // The CLI's own answer to --version, else what its transcript says (the command harness has no CLI to ask).
    // The version of the binary that ran: asked where it ran when the executor did (a Slurm node), else the engine's answer for the same binary.
    const asked = outcome.harnessVersion ?? { version: input.harnessVersion, problem: input.harnessVersionProblem ?? null };
    const harnessVersion = asked.version ?? trajectory?.harnessVersion ?? null;
    runId = await storeRun(input, started, status, join(workdir, 'out'), harnessVersion, noOutput);
    // A CLI that would not say its version: the run says why, rather than a silent null.
    if (harnessVersion === null && input.adapter.npm) {
      const detail = asked.problem ?? `${input.binary} did not say its version.`;
      addRunFinding(db, { run_id: runId, node_id: '', kind: HARNESS_VERSION_UNKNOWN_FINDING, detail });
    }
    storeVerifierFindings(db, runId, folder);
    manifest.artifacts = symlinksIn(join(workdir, 'out')).length > 0 ? [] : listFolderFiles(join(workdir, 'out'));
  }
  finish(input, { status: retryable ? 'pending' : status, failure: noOutput ? NO_OUTPUT_FAILURE : failure, harnessMs, trajectory, trajectoryBlob, errors, transcript, runId });
  manifest.completed_steps.push('stored');
  save(status);
  return { status, failure, retryable };
}

/** The turns' transcript files one after another, a chunk at a time, each read up to its capped size. */
async function* transcriptChunks(files: OpenRunFile[]): AsyncGenerator<Uint8Array> {
  for (const file of files) yield* runFileChunks(file);
}

/** The trajectory's last agent words, where a harness says why it stopped (an API error, a refused key). */
function finalWords(trajectory: Trajectory): string {
  const last = trajectory.steps.filter((step) => step.source !== 'user').slice(-3);
  return [...last.map((step) => step.text), ...trajectory.warnings.slice(-5)].join('\n');
}

function describeLine(line: string): string {
  try {
    const value = JSON.parse(line) as Record<string, unknown>;
    const type = [value.type, value.subtype, (value.item as { type?: unknown } | undefined)?.type].filter((v) => typeof v === 'string').join(' ');
    return type || 'event';
  } catch {
    return line.slice(0, 120);
  }
}

function hasArtifacts(outDir: string): boolean {
  if (!existsSync(outDir)) return false;
  if (existsSync(join(outDir, 'dist', 'index.html'))) return true;
  if (existsSync(join(outDir, 'frames')) && readdirSync(join(outDir, 'frames')).some((name) => name.endsWith('.png'))) return true;
  return ['video.mp4', 'video.webm'].some((name) => existsSync(join(outDir, name)));
}

/**
 * Makes the run an ordinary run of the store. With artifacts it goes through the bundle import
 * (blob-stored files, frames captured for a Figma build); without, it is recorded bare, so a
 * failed run still counts in pass rates. One that ended without an error but left nothing in out/
 * carries the `no-output` finding.
 */
async function storeRun(input: ExecuteRunInput, started: Date, status: 'succeeded' | 'failed' | 'timeout', outDir: string, harnessVersion: string | null, noOutput: boolean): Promise<string> {
  // The study run's own id, unless an earlier attempt holds it (kept with its votes and judgments): then the id its retry chose.
  const runId = input.run.next_run_id ?? input.run.id;
  const versions = JSON.parse(input.run.versions_json) as Record<string, string>;
  const finished = new Date();
  const runJson = {
    task_id: input.run.task_id,
    harness: input.run.harness,
    // Given even when unknown, so the study's versions are kept as they are (run-configuration.ts).
    harness_version: harnessVersion,
    model: input.run.model,
    versions,
    started_at: started.toISOString(),
    finished_at: finished.toISOString(),
    status,
  };
  const links = symlinksIn(outDir);
  // Why out/ was not imported: stored on the run as a finding (the Runs screen, lhb runs show), and in import-error.txt.
  let notImported: string | undefined;
  if (links.length > 0) {
    // A link could point at any file of the user's: nothing in out/ is read, and the run is kept bare.
    notImported = `out/ holds symbolic links (${links.join(', ')}); its artifacts were not imported, as a bundle with links is not.`;
  } else if (hasArtifacts(outDir)) {
    writeRunFile(join(outDir, 'run.json'), `${JSON.stringify(runJson, null, 2)}\n`);
    const result = await importBundles(input.workspace, [outDir], { runId, ...(input.resolveChapter ? { resolveChapter: input.resolveChapter } : {}) });
    const outcome = result.outcomes.find((o) => o.kind === 'run');
    if (outcome?.status === 'imported' || outcome?.status === 'unchanged') return outcome.id;
    // The artifacts could not be imported (too large, a broken frame): keep the run, say why.
    notImported = outcome?.status === 'failed' ? outcome.reason : 'no run was found in out/';
  }
  if (notImported !== undefined) writeRunFile(join(input.folder, 'import-error.txt'), `${notImported}\n`);
  insertRun(
    input.workspace.db,
    {
      id: runId,
      task_id: input.run.task_id,
      ...configurationColumns(runConfigurationOf({ harness: input.run.harness, model: input.run.model, versions, harnessVersion })),
      status,
      started_at: runJson.started_at,
      finished_at: runJson.finished_at,
      digest: createHash('sha256').update(`study-run\n${runId}`).digest('hex'),
      source_dir: outDir,
      imported_at: finished.toISOString(),
    },
    [],
    [
      ...(notImported === undefined ? [] : [{ run_id: runId, node_id: '', kind: ARTIFACTS_NOT_IMPORTED_FINDING, detail: notImported }]),
      ...(noOutput ? [{ run_id: runId, node_id: '', kind: NO_OUTPUT_FINDING, detail: NO_OUTPUT_FAILURE.message }] : []),
    ],
  );
  return runId;
}

function finish(
  input: ExecuteRunInput,
  result: {
    status: 'succeeded' | 'failed' | 'timeout' | 'cancelled' | 'pending';
    failure: RunFailure | null;
    harnessMs: number | null;
    trajectory: Trajectory | undefined;
    trajectoryBlob: string | undefined;
    errors: TrajectoryError[];
    transcript: string | undefined;
    runId: string | null;
  },
): void {
  const { trajectory } = result;
  // The whole run's counts, what a long trajectory left out included.
  const summary = trajectory ? summariseTrajectory(trajectory) : undefined;
  const finishedAt = new Date();
  finishStudyRun(input.workspace.db, input.run.id, {
    status: result.status,
    error_kind: result.failure?.kind ?? null,
    error_message: result.failure?.message ?? null,
    finished_at: finishedAt.toISOString(),
    duration_ms: result.harnessMs,
    steps: summary?.steps ?? null,
    tool_calls: summary?.toolCalls ?? null,
    failed_tool_calls: summary?.failedToolCalls ?? null,
    tokens_input: trajectory?.tokens.input ?? null,
    tokens_output: trajectory?.tokens.output ?? null,
    cost_usd: trajectory ? runCostUsd(trajectory, input.configuration.price) : null,
    last_event: result.failure ? result.failure.message.slice(0, 200) : 'Finished',
    transcript_sha256: result.transcript ?? null,
    trajectory_sha256: result.trajectoryBlob ?? null,
    errors_json: JSON.stringify(result.errors),
    run_id: result.runId,
  });
}
