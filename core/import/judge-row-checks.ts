import { JudgeTierSchema, type JudgeTier } from '../../schemas/judge.ts';
import { findRubricSet } from '../store/rubric-set-repository.ts';
import { findRun, type RunRow } from '../store/run-repository.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import type { MergeContext } from './merge-context.ts';

/*
 * The checks every judge record's row gets on import, whether or not its id is here (judgments,
 * pairwise verdicts, control judgments): what it names exists, and its values are the judges' own.
 */

/** The scores a judgment on each scale may give (3: 0–2, 5: 1–5), as the judges' replies are checked. */
const SCORES = { 3: [0, 2], 5: [1, 5] } as const;

/** The workspace's run a row names (by id, or the run with its digest), or a refusal naming the field. */
export function localRun(ctx: MergeContext, field: string, id: string, where: string): RunRow {
  const run = findRun(ctx.db, ctx.run(id));
  if (!run) throw new ImportRefusedError(`${where}: field ${field} names run ${id}, which is neither in the export's runs subset nor in this workspace. Export the runs subset too.`);
  return run;
}

export function checkTier(tier: string, where: string): JudgeTier {
  const parsed = JudgeTierSchema.safeParse(tier);
  if (!parsed.success) throw new ImportRefusedError(`${where}: field tier is "${tier}", not process, output or content.`);
  return parsed.data;
}

export function checkStatus(status: string, where: string): 'ok' | 'failed' {
  if (status !== 'ok' && status !== 'failed') throw new ImportRefusedError(`${where}: field status is "${status}", not ok or failed.`);
  return status;
}

/** A per-rubric score row: its scale is 3 or 5, its status ok or failed, an ok one's score on its scale, and its rubric set here or in the export (rubrics merge first). */
export function checkScoredRow(ctx: MergeContext, row: { scale: number; status: string; score: number | null; rubric_set: string; rubric_set_version: string }, where: string): { scale: 3 | 5; status: 'ok' | 'failed' } {
  const { scale } = row;
  if (scale !== 3 && scale !== 5) throw new ImportRefusedError(`${where}: field scale is ${scale}, not 3 or 5.`);
  const status = checkStatus(row.status, where);
  const [low, high] = SCORES[scale];
  if (status === 'ok' && (row.score === null || row.score < low || row.score > high)) {
    throw new ImportRefusedError(`${where}: field score is ${row.score}; a ${scale}-point judgment scores ${low} to ${high}.`);
  }
  // Judgments made before sets were stored name none (''); any other names a set here or in the export (merged first).
  if (row.rubric_set !== '' && !findRubricSet(ctx.db, row.rubric_set, row.rubric_set_version, scale)) {
    throw new ImportRefusedError(
      `${where}: field rubric_set names the rubric set ${row.rubric_set}@${row.rubric_set_version} (${scale}-point), which is neither in the export's rubrics subset nor in this workspace. Export the rubrics subset too.`,
    );
  }
  return { scale, status };
}

/**
 * What an imported judge record says of its asking: its tokens and cost as exported, but no
 * request made here (attempts 0, so no study's cost counts it twice) and no job of this workspace.
 */
export const importedAsking = (row: { tokens_input: number | null; tokens_output: number | null; cost_usd: number | null; created_at: string }) => ({
  attempts: 0,
  tokens_input: row.tokens_input ?? 0,
  tokens_output: row.tokens_output ?? 0,
  cost_usd: row.cost_usd,
  job_id: null,
  created_at: row.created_at,
});

/** An instant as one text, so a workspace's own timestamps compare with an export's whatever their precision. */
export const instantText = (iso: string): string => new Date(iso).toISOString();
