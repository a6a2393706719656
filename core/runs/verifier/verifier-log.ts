import { closeSync, constants, fstatSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { readRegularFile } from './read-regular-file.ts';
import { VERIFIER_FINDINGS_FILE } from './verify-config.ts';
import type { VerificationResult } from './verifier-finding.ts';

/** One line of `<run folder>/verifier-findings.jsonl`: a verification that ran, in order. */
export const VerifierLogEntrySchema = z.object({
  seq: z.number().int().min(1),
  checkedAt: z.string(),
  /** What asked for it: `claude-code PostToolUse Write`, `gemini-cli AfterTool write_file`, `mcp verify_build`, `cli`. */
  trigger: z.string(),
  ok: z.boolean(),
  findings: z.array(z.object({ kind: z.string(), route: z.string().optional(), detail: z.string() })),
  nextAction: z.string(),
  built: z.boolean(),
  routesChecked: z.number().int(),
  durationMs: z.number().int(),
});
export type VerifierLogEntry = z.infer<typeof VerifierLogEntrySchema>;

export function appendVerifierLog(folder: string, trigger: string, result: VerificationResult, checkedAt: Date): VerifierLogEntry {
  const entry: VerifierLogEntry = { seq: readVerifierLog(folder).length + 1, checkedAt: checkedAt.toISOString(), trigger, ...result, durationMs: Math.round(result.durationMs) };
  appendNotFollowing(join(folder, VERIFIER_FINDINGS_FILE), `${JSON.stringify(entry)}\n`);
  return entry;
}

/** Appends to a regular file, never through a link or into a FIFO or device put in its place. */
function appendNotFollowing(file: string, text: string): void {
  const fd = openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`${file} is not a regular file; the check's result was not logged. Remove it and run the check again.`);
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** A findings log past this is not one the engine wrote (a check's line is a few KB): read as none. */
const MAX_LOG_BYTES = 64 * 1024 * 1024;

/**
 * The run's verifications in order. A line that does not parse (a write cut short when the run
 * was killed mid-check) is skipped: the others still count.
 */
export function readVerifierLog(folder: string): VerifierLogEntry[] {
  const file = join(folder, VERIFIER_FINDINGS_FILE);
  const text = readRegularFile(file, MAX_LOG_BYTES);
  if (text === undefined) return [];
  const entries: VerifierLogEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = VerifierLogEntrySchema.safeParse(JSON.parse(line));
      if (parsed.success) entries.push(parsed.data);
    } catch {
      // A partial last line.
    }
  }
  return entries;
}
