import { countExportPairwiseVerdicts, pageExportPairwiseVerdicts } from '../store/pairwise-verdict-repository.ts';
import { PAGE_ROWS, utcTimestamp, yieldToEventLoop, type ExportContext } from './export-context.ts';
import { inExportScope } from './export-scope.ts';
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

export const countPairwiseVerdictRows = (ctx: ExportContext): number =>
  ctx.scope ? [...pairwiseVerdictPages(ctx)].reduce((sum, page) => sum + page.length, 0) : countExportPairwiseVerdicts(ctx.db, ctx.projectId, ctx.demo);

/** The verdicts in scope, a page at a time (a verdict is in a study's scope when both its runs are). */
function* pairwiseVerdictPages(ctx: ExportContext) {
  let after = '';
  for (;;) {
    const page = pageExportPairwiseVerdicts(ctx.db, ctx.projectId, ctx.demo, after, PAGE_ROWS);
    yield page.filter((row) => inExportScope(ctx, row.run_a, row.run_b));
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
  }
}

/** One row per pairwise verdict (ok or failed) whose two runs are exported, by id. */
export async function* pairwiseVerdictRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'pairwise_verdicts'>> {
  for (const page of pairwiseVerdictPages(ctx)) {
    for (const row of page) {
      const createdAt = utcTimestamp(row.created_at, `Pairwise verdict ${row.id}`);
      ctx.facts.judges.add(row.judge);
      ctx.facts.judgeModels.add(row.judge_model);
      ctx.facts.date('pairwise verdicts', createdAt);
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
