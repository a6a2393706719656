import { countExportControlJudgments, pageExportControlJudgments } from '../store/control-judgment-repository.ts';
import { PAGE_ROWS, utcTimestamp, yieldToEventLoop, type ExportContext } from './export-context.ts';
import { inExportScope } from './export-scope.ts';
import type { SubsetRow } from './subset-fields.ts';

export const countControlJudgmentRows = (ctx: ExportContext): number =>
  ctx.scope ? [...controlJudgmentPages(ctx)].reduce((sum, page) => sum + page.length, 0) : countExportControlJudgments(ctx.db, ctx.projectId, ctx.demo);

/** The control judgments of runs in scope, a page at a time. */
function* controlJudgmentPages(ctx: ExportContext) {
  let after = '';
  for (;;) {
    const page = pageExportControlJudgments(ctx.db, ctx.projectId, ctx.demo, after, PAGE_ROWS);
    yield page.filter((row) => inExportScope(ctx, row.run_id));
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
  }
}

/**
 * One row per control judgment (scored or failed) of an exported run, by id. All of them, with
 * whatever rubric set: the report counts every one, and a dataset's users recompute from what
 * they get (they are never counted as scores, so none is left out as a judgment of another kind is).
 */
export async function* controlJudgmentRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'control_judgments'>> {
  for (const page of controlJudgmentPages(ctx)) {
    for (const row of page) {
      const createdAt = utcTimestamp(row.created_at, `Control judgment ${row.id}`);
      ctx.facts.judges.add(row.judge);
      ctx.facts.judgeModels.add(row.judge_model);
      ctx.facts.date('control judgments', createdAt);
      yield {
        control_judgment_id: row.id,
        control: row.control,
        run_id: row.run_id,
        task_id: row.task_id,
        judge: row.judge,
        judge_model: row.judge_model,
        tier: row.tier,
        rubric_set: row.rubric_set,
        rubric_set_version: row.rubric_version,
        rubric: row.rubric,
        scale: row.scale,
        turn: row.turn ?? null,
        status: row.status,
        score: row.score,
        level: row.level,
        evidence: row.evidence,
        failure: row.failure,
        reply_id: row.reply_id,
        tokens_input: row.tokens_input,
        tokens_output: row.tokens_output,
        cost_usd: row.cost_usd,
        created_at: createdAt,
      };
    }
    await yieldToEventLoop();
  }
}
