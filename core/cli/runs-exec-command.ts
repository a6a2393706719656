import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { HarnessId } from '../../schemas/trajectory.ts';
import { runProcess, type HarnessVersionAsked } from '../runs/executors/run-process.ts';
import { HARNESS_ADAPTERS } from '../runs/harnesses/harness-registry.ts';
import { waitForHarnessVersion } from '../runs/harnesses/harness-version-detector.ts';
import { ExecFileSchema, execFilePath, outcomeFilePath, readExecFileText, writeJsonAtomically, type ExecFile, type OutcomeFile } from '../runs/executors/slurm/exec-file.ts';
import { ensureRunFolder, writeRunFile } from '../runs/run-file.ts';
import { durationText } from '../../schemas/run-duration.ts';

export class RunsExecError extends Error {
  override name = 'RunsExecError';
}

export interface RunsExecOptions {
  /** The SHA-256 of the exec.json the engine wrote (the job script gives it): any other file is refused. */
  execSha256?: string;
  /** Where to record how the harness ended (the engine's own folder for a job it submitted); default the run folder's slurm/outcome.json. */
  outcome?: string;
}

/**
 * `lhb runs exec RUN_FOLDER`: runs one prepared run's harness (a Slurm job's whole work) with the
 * run's limits, writing its transcript and stderr into the folder and, last, the outcome file.
 * It never opens a workspace: the engine that prepared the folder imports the result. SIGTERM
 * (scancel, the job's time limit) stops the harness and its processes, and is recorded as a cancel.
 *
 * The exec file sits in the run folder, so with --exec-sha256 it is used only when it is byte for
 * byte the one the engine wrote: its command, limits and sandbox are the engine's, never an
 * agent's. Every file is written fresh (a link planted at its name is removed, never written through).
 */
export async function runRunsExec(folderArgument: string, options: RunsExecOptions = {}): Promise<void> {
  const folder = resolve(folderArgument);
  const file = execFilePath(folder);
  const outcomeFile = options.outcome ? resolve(options.outcome) : outcomeFilePath(folder);
  let spec: ExecFile | undefined;
  const record = (outcome: OutcomeFile['outcome']) => {
    const written: OutcomeFile = { runId: spec?.runId ?? '', jobId: process.env.SLURM_JOB_ID ?? null, host: hostname(), outcome };
    writeJsonAtomically(outcomeFile, written, 0o644);
  };
  let text: string | undefined;
  try {
    text = readExecFileText(file, options.execSha256);
  } catch (error) {
    // The engine is told why (its run fails saying so); nothing of the file is run.
    const refusal = `the Slurm job refused ${file}: ${(error as Error).message}. Nothing was run; retry the run to prepare it again.`;
    if (options.execSha256 !== undefined) record({ ...notRun(), sandboxError: refusal });
    throw new RunsExecError(refusal);
  }
  if (text === undefined) throw new RunsExecError(`${folder} is not a prepared run folder: it has no slurm/exec.json. The run engine writes it before it submits the run's job.`);
  try {
    spec = ExecFileSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new RunsExecError(`${file} could not be read (${(error as Error).message}); the run folder is damaged. Resume the study to prepare it again.`);
  }
  const env = { ...spec.invocation.env };
  for (const [name, source] of Object.entries(spec.envFromJob)) {
    const value = process.env[source];
    if (value === undefined) process.stderr.write(`lhb runs exec: ${source} is not set in the job's environment; the harness runs without ${name}.\n`);
    else env[name] = value;
  }
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdout.write(`lhb runs exec: run ${spec.runId} on ${hostname()}${process.env.SLURM_JOB_ID ? ` (Slurm job ${process.env.SLURM_JOB_ID})` : ''}\n`);
  // The version of the binary this node runs, which the run records (kept per binary, so asked once per node's install).
  const harnessVersion = spec.harness ? await askedHere(spec.harness, spec.invocation.command) : undefined;
  // Created fresh before the harness starts, so its output never goes through a link planted at either name.
  for (const output of [spec.stdoutFile, spec.stderrFile]) {
    ensureRunFolder(dirname(output));
    writeRunFile(output, '', 0o644);
  }
  const outcome = await runProcess({
    invocation: { ...spec.invocation, env },
    stdoutFile: spec.stdoutFile,
    stderrFile: spec.stderrFile,
    timeoutMs: spec.timeoutMs,
    maxOutputBytes: spec.maxOutputBytes,
    signal: abort.signal,
    // Checked here, on the node: a node without bubblewrap fails the run with what to install.
    sandbox: spec.sandbox ? { plan: spec.sandbox, runKey: spec.runId } : null,
    // The verifier's service runs here, beside the harness, and logs its checks into the run's verifier folder.
    runFolder: folder,
  });
  record({ ...outcome, signal: outcome.signal ?? null, ...(harnessVersion ? { harnessVersion } : {}) });
  process.stdout.write(
    `lhb runs exec: harness ended (${outcome.sandboxError ?? (outcome.cancelled ? 'cancelled' : outcome.timedOut ? 'timed out' : outcome.spawnError ? outcome.spawnError : `exit ${outcome.exitCode ?? outcome.signal}`)}) after ${durationText(outcome.durationMs) ?? `${outcome.durationMs} ms`}\n`,
  );
}

/** The harness binary's version on this node, or why there is none. */
async function askedHere(harness: { id: HarnessId; toolsDir: string }, binary: string): Promise<HarnessVersionAsked> {
  const adapter = HARNESS_ADAPTERS[harness.id];
  if (!adapter.npm) return { version: null, problem: null };
  try {
    const answer = await waitForHarnessVersion(adapter, binary, { toolsDir: harness.toolsDir });
    return { version: answer.version, problem: answer.problem };
  } catch (error) {
    return { version: null, problem: `${binary} could not be asked its version on ${hostname()}: ${(error as Error).message}` };
  }
}

function notRun(): OutcomeFile['outcome'] {
  return { exitCode: null, signal: null, timedOut: false, cancelled: false, outputCapped: false, spawnError: null, durationMs: 0, stdoutBytes: 0, stderrTail: '' };
}
