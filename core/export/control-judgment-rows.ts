import { countExportControlJudgments, pageExportControlJudgments } from '../store/control-judgment-repository.ts';
import { noteJudgeRecord, yieldToEventLoop, type ExportContext } from './export-context.ts';
import { countInScope, pagesInScope } from './export-scope.ts';
import type { SubsetRow } from './subset-fields.ts';

/** The control judgments of runs in scope, a page at a time. */
const controlJudgmentPages = (ctx: ExportContext) => pagesInScope(ctx, (after, limit) => pageExportControlJudgments(ctx.db, ctx.projectId, ctx.demo, after, limit), (row) => [row.run_id]);

export const countControlJudgmentRows = (ctx: ExportContext): number => countInScope(ctx, () => controlJudgmentPages(ctx), () => countExportControlJudgments(ctx.db, ctx.projectId, ctx.demo));

/**
 * One row per control judgment (scored or failed) of an exported run, by id. All of them, with
 * whatever rubric set: the report counts every one, and a dataset's users recompute from what
 * they get (they are never counted as scores, so none is left out as a judgment of another kind is).
 */
export async function* controlJudgmentRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'control_judgments'>> {
  for (const page of controlJudgmentPages(ctx)) {
    for (const row of page) {
      const createdAt = noteJudgeRecord(ctx, 'control judgments', `Control judgment ${row.id}`, row);
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
