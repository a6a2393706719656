import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { findJudgment, insertJudgment } from '../store/judgment-repository.ts';
import { findRun } from '../store/run-repository.ts';
import { describeZodIssues } from '../../schemas/lhb-error.ts';

/** One judge's anchored rubric score of one run, as the judge engine (or a synthetic study) gives it. */
export const JudgmentInputSchema = z.object({
  /** Stable id for idempotent writes; a new one is made when absent. */
  id: z.string().min(1).max(300).optional(),
  runId: z.string().min(1),
  judge: z.string().min(1).max(200),
  tier: z.enum(['process', 'output', 'content']),
  rubric: z.string().min(1).max(200),
  rubricVersion: z.string().min(1).max(100),
  score: z.number().int().min(1).max(5),
  rationale: z.string().default(''),
  synthetic: z.boolean().default(false),
  createdAt: z.string().optional(),
});
export type JudgmentInput = z.input<typeof JudgmentInputSchema>;

/**
 * Stores a judgment after checking its shape and that the run exists. With an `id` that is
 * already stored nothing changes (`created: false`), so a rerun of the same judging or seed
 * never duplicates.
 */
export function recordJudgment(db: Database, input: JudgmentInput): { id: string; created: boolean } {
  const parsed = JudgmentInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new RangeError(`The judgment is not valid: ${describeZodIssues(parsed.error, 'input', 1)}`);
  }
  const judgment = parsed.data;
  const id = judgment.id ?? randomUUID();
  if (judgment.id !== undefined && findJudgment(db, id)) return { id, created: false };
  if (!findRun(db, judgment.runId)) throw new RangeError(`The judgment names run ${judgment.runId}, which is not in this workspace.`);
  insertJudgment(db, {
    id,
    run_id: judgment.runId,
    judge: judgment.judge,
    tier: judgment.tier,
    rubric: judgment.rubric,
    rubric_version: judgment.rubricVersion,
    score: judgment.score,
    rationale: judgment.rationale,
    synthetic: judgment.synthetic ? 1 : 0,
    created_at: judgment.createdAt ?? new Date().toISOString(),
  });
  return { id, created: true };
}
