import { findJudgment, insertJudgment, type JudgmentRow } from '../store/judgment-repository.ts';
import type { JudgmentRowIn, Located } from './dataset-rows.ts';
import { checkScoredRow, checkTier, instantText, localRun } from './judge-row-checks.ts';
import { atRow, type MergeContext } from './merge-context.ts';

/**
 * Judgments, merged by id: one the workspace has with the same content is left as it is; one it
 * has with other content, or that the file holds twice, is kept as it was and reported as a
 * conflict with both versions; a new one is stored with its score, level, evidence, rubric set
 * version and scale (failed ones as failed, without a score). Every row is checked first,
 * whether or not its id is here: its run and rubric set exist (rubrics merge first), its tier,
 * scale and status are the judges' own, its score is on its scale. The judge's reply (prompt
 * hash, raw text) is not in an export, so an imported judgment has no reply and never answers
 * the judge cache: judging again asks the judge again.
 */
export function mergeJudgments(ctx: MergeContext, rows: readonly Located<JudgmentRowIn>[]): void {
  let withModel = 0;
  for (const { row, split, where } of rows) {
    atRow(where, () => {
      const runId = localRun(ctx, 'run_id', row.run_id, where).id;
      const tier = checkTier(row.tier, where);
      const { scale, status } = checkScoredRow(ctx, row, where);
      const judgment: Omit<JudgmentRow, 'reply_id'> = {
        id: row.judgment_id,
        run_id: runId,
        judge: row.judge,
        tier,
        rubric: row.rubric,
        rubric_set: row.rubric_set,
        rubric_version: row.rubric_set_version,
        scale,
        status,
        score: status === 'ok' ? row.score : null,
        level: row.level,
        evidence: row.evidence,
        rationale: row.rationale,
        failure: row.failure,
        synthetic: split === 'synthetic' ? 1 : 0,
        created_at: row.created_at,
        // Exports before format 6 judged runs whole.
        turn: row.turn ?? null,
      };
      const stored = findJudgment(ctx.db, row.judgment_id);
      if (ctx.conflictOf('judgments', 'judgment', row.judgment_id, where, judgmentContent(judgment), stored && judgmentContent(stored))) return;
      if (stored) return ctx.count('judgments', 'unchanged');
      insertJudgment(ctx.db, { ...judgment, reply_id: null });
      if (row.judge_model !== null) withModel += 1;
      ctx.count('judgments', 'added');
    });
  }
  if (withModel > 0) ctx.notes.push(`${withModel} imported judgment${withModel === 1 ? ' names its' : 's name their'} judge model; the judges' replies are not in an export, so this workspace keeps the judge's name only.`);
}

/** What a judgment says, as one JSON text, so two versions compare as strings (the reply is never exported). */
function judgmentContent(judgment: Omit<JudgmentRow, 'reply_id'>): string {
  const { run_id, judge, tier, rubric, rubric_set, rubric_version, scale, status, score, level, evidence, rationale, failure, created_at } = judgment;
  // An instant compares as one: a workspace's own timestamps may be written with other precision than an export's.
  return JSON.stringify({ run_id, judge, tier, rubric, rubric_set, rubric_version, scale, status, score, level, evidence, rationale, failure, created_at: instantText(created_at), turn: judgment.turn ?? null });
}
