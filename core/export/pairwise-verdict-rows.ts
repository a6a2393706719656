import { countExportPairwiseVerdicts, pageExportPairwiseVerdicts } from '../store/pairwise-verdict-repository.ts';
import { noteJudgeRecord, yieldToEventLoop, type ExportContext } from './export-context.ts';
import { countInScope, pagesInScope } from './export-scope.ts';
import type { SubsetRow } from './subset-fields.ts';

/** The two askings' reasons as stored (a JSON array, null for an asking that gave none). */
export function reasonsOf(reasonsJson: string): [string | null, string | null] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(reasonsJson);
  } catch {
    return [null, null];
  }
  const at = (index: number) => (Array.isArray(parsed) && typeof parsed[index] === 'string' ? (parsed[index] as string) : null);
  return [at(0), at(1)];
}

/** The verdicts in scope, a page at a time (a verdict is in a study's scope when both its runs are). */
const pairwiseVerdictPages = (ctx: ExportContext) => pagesInScope(ctx, (after, limit) => pageExportPairwiseVerdicts(ctx.db, ctx.projectId, ctx.demo, after, limit), (row) => [row.run_a, row.run_b]);

export const countPairwiseVerdictRows = (ctx: ExportContext): number => countInScope(ctx, () => pairwiseVerdictPages(ctx), () => countExportPairwiseVerdicts(ctx.db, ctx.projectId, ctx.demo));

/** One row per pairwise verdict (ok or failed) whose two runs are exported, by id. */
export async function* pairwiseVerdictRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'pairwise_verdicts'>> {
  for (const page of pairwiseVerdictPages(ctx)) {
    for (const row of page) {
      const createdAt = noteJudgeRecord(ctx, 'pairwise verdicts', `Pairwise verdict ${row.id}`, row);
      const [firstReason, secondReason] = reasonsOf(row.reasons_json);
      yield {
        verdict_id: row.id,
        task_id: row.task_id,
        run_a: row.run_a,
        run_b: row.run_b,
        judge: row.judge,
        judge_model: row.judge_model,
        tier: row.tier,
        status: row.status,
        first_pick: row.first_pick,
        second_pick: row.second_pick,
        verdict: row.verdict,
        flipped: row.flipped === 1,
        first_reason: firstReason,
        second_reason: secondReason,
        failure: row.failure,
        tokens_input: row.tokens_input,
        tokens_output: row.tokens_output,
        cost_usd: row.cost_usd,
        created_at: createdAt,
      };
    }
    await yieldToEventLoop();
  }
}
