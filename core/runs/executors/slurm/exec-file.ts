import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { RunSandboxSchema } from '../../../../schemas/studies.ts';
import { HarnessIdSchema } from '../../../../schemas/trajectory.ts';
import { SandboxPlanSchema } from '../../sandbox/sandbox-plan.ts';
import { ensureRunFolder, readWholeRunFile, replaceRunFile } from '../../run-file.ts';

/**
 * What `lhb runs exec` reads and writes on the shared filesystem: the run folder's
 * `slurm/exec.json` (the prepared harness command, the run's limits and sandbox, written by the
 * engine, whose SHA-256 the job script names) and the outcome (how the harness ended, written by
 * the job when it is done: in the study's own slurm/outcomes/, out of the run folder, for a job the
 * engine submitted; in the run folder's `slurm/outcome.json` when run by hand).
 */
export const ExecFileSchema = z
  .object({
    runId: z.string().min(1),
    invocation: z.object({
      command: z.string().min(1),
      args: z.array(z.string()),
      cwd: z.string().min(1),
      env: z.record(z.string(), z.string()),
      stdin: z.string().optional(),
    }),
    /**
     * Variables whose value is a secret (the API key): not written here, read from the job's own
     * environment at run time (variable in the harness's env → variable of the job's env).
     */
    envFromJob: z.record(z.string(), z.string()).default({}),
    stdoutFile: z.string().min(1),
    stderrFile: z.string().min(1),
    timeoutMs: z.number().int().positive(),
    maxOutputBytes: z.number().int().positive(),
    /** The run's sandbox, built on the node as on the engine's machine; null: `--no-sandbox`. */
    sandbox: SandboxPlanSchema.nullable(),
    /** The harness whose CLI `invocation.command` is: its version is asked on the node (kept in `toolsDir`'s cache). Absent in older files and for the command harness. */
    harness: z.object({ id: HarnessIdSchema, toolsDir: z.string().min(1) }).optional(),
  })
  .strict();
export type ExecFile = z.infer<typeof ExecFileSchema>;

export const OutcomeFileSchema = z.object({
  runId: z.string(),
  /** The Slurm job that ran it (SLURM_JOB_ID), null when run by hand. */
  jobId: z.string().nullable(),
  host: z.string(),
  outcome: z.object({
    exitCode: z.number().int().nullable(),
    signal: z.string().nullable(),
    timedOut: z.boolean(),
    cancelled: z.boolean(),
    outputCapped: z.boolean(),
    spawnError: z.string().nullable(),
    durationMs: z.number(),
    stdoutBytes: z.number(),
    stderrTail: z.string(),
    sandbox: RunSandboxSchema.optional(),
    sandboxError: z.string().optional(),
    limitHit: z.enum(['memory', 'processes', 'disk']).optional(),
    /** The CLI's version as asked on the node, of the binary the job ran. */
    harnessVersion: z.object({ version: z.string().nullable(), problem: z.string().nullable() }).optional(),
  }),
});
export type OutcomeFile = z.infer<typeof OutcomeFileSchema>;

export const execFilePath = (folder: string) => join(folder, 'slurm', 'exec.json');
/** Where `lhb runs exec` run by hand (no --outcome) records how the harness ended. */
export const outcomeFilePath = (folder: string) => join(folder, 'slurm', 'outcome.json');
/** Where a job the engine submitted records how its run's harness ended: the study's slurm/ folder, which no sandbox binds. */
export const jobOutcomePath = (studySlurmDir: string, runId: string) => join(studySlurmDir, 'outcomes', `${runId}.json`);

/** exec.json holds a prompt (stdin) and environment, never transcripts: far below this. */
const EXEC_FILE_MAX_BYTES = 32 * 1024 * 1024;
/** An outcome holds a stderr tail and a few numbers. */
const OUTCOME_FILE_MAX_BYTES = 1024 * 1024;

export const sha256Of = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export function writeJsonAtomically(file: string, value: unknown, mode = 0o600): void {
  ensureRunFolder(dirname(file));
  replaceRunFile(file, `${JSON.stringify(value, null, 2)}\n`, mode); // never through a link planted at it or its .tmp
}

/** Writes a run's exec.json (never through a link planted at it or its .tmp) and returns its SHA-256, which the job script passes to `lhb runs exec`. */
export function writeExecFile(folder: string, exec: ExecFile): string {
  const text = `${JSON.stringify(exec, null, 2)}\n`;
  ensureRunFolder(dirname(execFilePath(folder)));
  replaceRunFile(execFilePath(folder), text, 0o600);
  return sha256Of(text);
}

/**
 * The exec file's bytes, read once without following a link and checked against the SHA-256 the
 * engine put on the job's command line when it is given; undefined when there is none; throws why it cannot be used.
 */
export function readExecFileText(file: string, expectedSha256: string | undefined): string | undefined {
  const bytes = readWholeRunFile(file, EXEC_FILE_MAX_BYTES);
  if (!bytes) return undefined;
  if (expectedSha256 !== undefined && sha256Of(bytes) !== expectedSha256.toLowerCase()) {
    throw new Error(`it is not the file the run engine wrote (its SHA-256 is ${sha256Of(bytes)}, the engine's was ${expectedSha256}): it was changed after the job was submitted`);
  }
  return bytes.toString('utf8');
}

/** The outcome a job wrote, or undefined when there is none (yet) or it is unreadable (a link, a FIFO, too large, not an outcome). */
export function readOutcomeFile(file: string): OutcomeFile | undefined {
  try {
    const bytes = readWholeRunFile(file, OUTCOME_FILE_MAX_BYTES);
    if (!bytes) return undefined;
    const parsed = OutcomeFileSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
