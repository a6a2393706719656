import type { ExportSplit } from '../../schemas/export.ts';
import { judgmentKindCheck, type JudgmentKindCheck } from '../judge/rubrics/judgment-kind-check.ts';
import { countExportJudgments, pageExportJudgments } from '../store/export-queries.ts';
import { countJudgmentsByRunAndSet } from '../store/judgment-repository.ts';
import { PAGE_ROWS, utcTimestamp, yieldToEventLoop, type ExportContext } from './export-context.ts';
import { inExportScope } from './export-scope.ts';
import type { SubsetRow } from './subset-fields.ts';

const flag = (split: ExportSplit) => (split === 'synthetic' ? 1 : 0);

const checks = new WeakMap<ExportContext, JudgmentKindCheck>();
const checkOf = (ctx: ExportContext): JudgmentKindCheck => {
  let check = checks.get(ctx);
  if (!check) checks.set(ctx, (check = judgmentKindCheck(ctx.db)));
  return check;
};

/**
 * Judgments made with a rubric set for another task kind than their run's are left out of the
 * export, as of every figure: a dataset's users compute figures from every row they get, and a
 * Figma build scored on pedagogy is no judgment of it. They stay in the workspace, marked, and
 * the card says how many were left out.
 */
function leftOutCount(ctx: ExportContext, split: ExportSplit): number {
  const check = checkOf(ctx);
  return countJudgmentsByRunAndSet(ctx.db, ctx.projectId, flag(split)).reduce((sum, group) => sum + (check.leftOut(group) === null ? 0 : group.judgments), 0);
}

export const countJudgmentRows = (ctx: ExportContext, split: ExportSplit): number =>
  ctx.scope
    ? countJudgmentsByRunAndSet(ctx.db, ctx.projectId, flag(split)).reduce((sum, group) => sum + (inExportScope(ctx, group.run_id) && checkOf(ctx).leftOut(group) === null ? group.judgments : 0), 0)
    : countExportJudgments(ctx.db, ctx.projectId, flag(split), ctx.demo) - leftOutCount(ctx, split);

/** One row per judgment (scored or failed) that counts, by id. */
export async function* judgmentRows(ctx: ExportContext, split: ExportSplit): AsyncGenerator<SubsetRow<'judgments'>> {
  const check = checkOf(ctx);
  let after = '';
  for (;;) {
    const page = pageExportJudgments(ctx.db, ctx.projectId, flag(split), ctx.demo, after, PAGE_ROWS);
    for (const row of page) {
      if (!inExportScope(ctx, row.run_id)) continue;
      if (check.leftOut({ run_id: row.run_id, rubric_set: row.rubric_set, rubric_version: row.rubric_version, scale: row.scale }) !== null) {
        ctx.facts.judgmentsLeftOut += 1;
        continue;
      }
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
        turn: row.turn,
      };
    }
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
    await yieldToEventLoop();
  }
}
