import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { RunSandboxSchema } from '../../../../schemas/studies.ts';
import { HarnessIdSchema } from '../../../../schemas/trajectory.ts';
import { SandboxPlanSchema } from '../../sandbox/sandbox-plan.ts';
import { readRunFileText, replaceRunFile } from '../../run-file.ts';

/**
 * What `lhb runs exec` reads and writes in a run folder on the shared filesystem:
 * `slurm/exec.json` (the prepared harness command and the run's limits, written by the engine)
 * and `slurm/outcome.json` (how the harness ended, written by the job when it is done).
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
export const outcomeFilePath = (folder: string) => join(folder, 'slurm', 'outcome.json');

export function writeJsonAtomically(file: string, value: unknown, mode = 0o600): void {
  mkdirSync(join(file, '..'), { recursive: true });
  replaceRunFile(file, `${JSON.stringify(value, null, 2)}\n`, mode); // never through a link planted at <file>.tmp
}

/** The outcome a job wrote, or undefined when there is none (yet) or it is unreadable. */
export function readOutcomeFile(folder: string): OutcomeFile | undefined {
  try {
    const text = readRunFileText(outcomeFilePath(folder));
    if (text === undefined) return undefined;
    const parsed = OutcomeFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
