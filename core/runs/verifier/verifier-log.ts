import { join } from 'node:path';
import { z } from 'zod';
import { appendRunFile, readRunFile, RunFileRefusedError } from '../run-file.ts';
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
  appendRunFile(join(folder, VERIFIER_FINDINGS_FILE), `${JSON.stringify(entry)}\n`);
  return entry;
}

/** A findings log past this is not one the engine wrote (a check's line is a few KB): read as none. */
const MAX_LOG_BYTES = 64 * 1024 * 1024;

/**
 * The run's verifications in order. A line that does not parse (a write cut short when the run
 * was killed mid-check) is skipped: the others still count.
 */
export function readVerifierLog(folder: string): VerifierLogEntry[] {
  let text: string | undefined;
  try {
    text = readRunFile(join(folder, VERIFIER_FINDINGS_FILE), MAX_LOG_BYTES)?.bytes.toString('utf8');
  } catch (error) {
    if (error instanceof RunFileRefusedError) return []; // a link or FIFO in its place: not the verifier's log
    throw error;
  }
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
