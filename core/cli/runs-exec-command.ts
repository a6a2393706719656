import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { HarnessId } from '../../schemas/trajectory.ts';
import { runProcess, type HarnessVersionAsked } from '../runs/executors/run-process.ts';
import { HARNESS_ADAPTERS } from '../runs/harnesses/harness-registry.ts';
import { waitForHarnessVersion } from '../runs/harnesses/harness-version-detector.ts';
import { readRunFileText } from '../runs/run-file.ts';
import { ExecFileSchema, execFilePath, outcomeFilePath, writeJsonAtomically, type OutcomeFile } from '../runs/executors/slurm/exec-file.ts';
import { durationText } from '../../schemas/run-duration.ts';

export class RunsExecError extends Error {
  override name = 'RunsExecError';
}

/**
 * `lhb runs exec RUN_FOLDER`: runs one prepared run's harness (a Slurm job's whole work) with the
 * run's limits, writing its transcript and stderr into the folder and, last, slurm/outcome.json.
 * It never opens a workspace: the engine that prepared the folder imports the result. SIGTERM
 * (scancel, the job's time limit) stops the harness and its processes, and is recorded as a cancel.
 */
export async function runRunsExec(folderArgument: string): Promise<void> {
  const folder = resolve(folderArgument);
  const file = execFilePath(folder);
  if (!existsSync(file)) throw new RunsExecError(`${folder} is not a prepared run folder: it has no slurm/exec.json. The run engine writes it before it submits the run's job.`);
  let spec;
  try {
    spec = ExecFileSchema.parse(JSON.parse(readRunFileText(file) ?? ''));
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
  const outcome = await runProcess({
    invocation: { ...spec.invocation, env },
    stdoutFile: spec.stdoutFile,
    stderrFile: spec.stderrFile,
    timeoutMs: spec.timeoutMs,
    maxOutputBytes: spec.maxOutputBytes,
    signal: abort.signal,
    // Checked here, on the node: a node without bubblewrap fails the run with what to install.
    sandbox: spec.sandbox ? { plan: spec.sandbox, runKey: spec.runId } : null,
  });
  const record: OutcomeFile = { runId: spec.runId, jobId: process.env.SLURM_JOB_ID ?? null, host: hostname(), outcome: { ...outcome, signal: outcome.signal ?? null, ...(harnessVersion ? { harnessVersion } : {}) } };
  writeJsonAtomically(outcomeFilePath(folder), record, 0o644);
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
