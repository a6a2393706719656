import type { HarnessId } from '../../../schemas/trajectory.ts';
import type { HarnessInvocation } from '../harnesses/harness-adapter.ts';
import { runProcess, type ProcessOutcome } from './run-process.ts';
import type { SandboxPlan } from '../sandbox/sandbox-plan.ts';

/** A run made ready to start: the harness command, and the sandbox it runs in (null: `--no-sandbox`). */
export interface PreparedRun {
  invocation: HarnessInvocation;
  sandbox: SandboxPlan | null;
}

/**
 * Where one run's harness process runs. The engine prepares the run folder, an executor runs the
 * harness to its end (time limit, output cap, cancel) and reports how it ended; parsing,
 * classifying and importing are the engine's, the same for every executor.
 */
export interface RunExecutor {
  readonly kind: 'local' | 'slurm';
  execute(request: ExecuteRequest): Promise<ProcessOutcome>;
}

export interface ExecuteRequest {
  runId: string;
  /** The run's folder (work/, home/, transcript.jsonl, stderr.log, manifest.json). */
  folder: string;
  /**
   * True when an earlier process may have left this run going (it was `running` when that process
   * stopped): an executor whose jobs outlive the engine follows that job instead of starting again.
   */
  mayBeLive: boolean;
  /** The run's API key, by the variable its configuration reads it from: a batch job reads it from its own environment rather than from the shared folder. */
  apiKey?: { env: string; value: string };
  /** Makes the run folder afresh and returns the harness command to run in it, with its sandbox. */
  prepare(): Promise<PreparedRun>;
  stdoutFile: string;
  stderrFile: string;
  timeoutMs: number;
  maxOutputBytes: number;
  signal: AbortSignal;
  /** The harness's pid on this machine (local runs), so a resume after a crash can stop it. */
  onSpawn?: (pid: number) => void;
  /** Each complete transcript line, for live progress. */
  onLine?: (line: string) => void;
  /** A batch job took the run, or its state changed (Slurm job id and state). */
  onJob?: (jobId: string, state: string) => void;
  /**
   * The harness whose CLI the run starts, for an executor that runs it elsewhere (Slurm) to ask
   * that binary its version where it runs; `toolsDir` holds the kept versions. Absent: a CLI-less harness.
   */
  harness?: { id: HarnessId; toolsDir: string };
}

/** The cluster (or whatever runs the jobs) cannot be reached: the study stops, its runs are kept, and a resume goes on. */
export class ExecutorUnreachableError extends Error {
  override name = 'ExecutorUnreachableError';
}

/** Today's behaviour: the harness runs as a child process of this one. */
export const localExecutor: RunExecutor = {
  kind: 'local',
  async execute(request) {
    const { invocation, sandbox } = await request.prepare();
    return runProcess({
      invocation,
      sandbox: sandbox ? { plan: sandbox, runKey: request.runId } : null,
      runFolder: request.folder,
      stdoutFile: request.stdoutFile,
      stderrFile: request.stderrFile,
      timeoutMs: request.timeoutMs,
      maxOutputBytes: request.maxOutputBytes,
      signal: request.signal,
      ...(request.onSpawn ? { onSpawn: request.onSpawn } : {}),
      ...(request.onLine ? { onLine: request.onLine } : {}),
    });
  },
};
