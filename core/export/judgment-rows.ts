import type { ExportSplit } from '../../schemas/export.ts';
import { countExportJudgments, pageExportJudgments } from '../store/export-queries.ts';
import { PAGE_ROWS, utcTimestamp, yieldToEventLoop, type ExportContext } from './export-context.ts';

const flag = (split: ExportSplit) => (split === 'synthetic' ? 1 : 0);

export const countJudgmentRows = (ctx: ExportContext, split: ExportSplit): number => countExportJudgments(ctx.db, ctx.projectId, flag(split));

/** One row per judgment (scored or failed), by id. */
export async function* judgmentRows(ctx: ExportContext, split: ExportSplit): AsyncGenerator<Record<string, unknown>> {
  let after = '';
  for (;;) {
    const page = pageExportJudgments(ctx.db, ctx.projectId, flag(split), after, PAGE_ROWS);
    for (const row of page) {
      const createdAt = utcTimestamp(row.created_at, `Judgment ${row.id}`);
      ctx.facts.judges.add(row.judge);
      if (row.judge_model) ctx.facts.judgeModels.add(row.judge_model);
      ctx.facts.rubricSetVersions.add(`${row.rubric_set || '(unnamed set)'}@${row.rubric_version} (${row.scale}-point)`);
      ctx.facts.date('judgments', createdAt);
      yield {
        judgment_id: row.id,
        run_id: row.run_id,
        task_id: row.task_id,
        judge: row.judge,
        judge_model: row.judge_model,
        tier: row.tier,
        rubric_set: row.rubric_set,
        rubric_set_version: row.rubric_version,
        rubric: row.rubric,
        scale: row.scale,
        status: row.status,
        score: row.score,
        level: row.level,
        evidence: row.evidence,
        rationale: row.rationale,
        failure: row.failure,
        created_at: createdAt,
      };
    }
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
    await yieldToEventLoop();
  }
}
