import { JudgeTierSchema } from '../../schemas/judge.ts';
import { findJudgment, insertJudgment, type JudgmentRow } from '../store/judgment-repository.ts';
import { findRubricSet } from '../store/rubric-set-repository.ts';
import { findRun } from '../store/run-repository.ts';
import type { JudgmentRowIn, Located } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { atRow, type MergeContext } from './merge-context.ts';

/** The scores a judgment on each scale may give (3: 0–2, 5: 1–5), as the judges' replies are checked. */
const SCORES = { 3: [0, 2], 5: [1, 5] } as const;

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
      const runId = ctx.run(row.run_id);
      if (!findRun(ctx.db, runId)) throw new ImportRefusedError(`${where}: field run_id names run ${row.run_id}, which is neither in the export's runs subset nor in this workspace. Export the runs subset too.`);
      const tier = JudgeTierSchema.safeParse(row.tier);
      if (!tier.success) throw new ImportRefusedError(`${where}: field tier is "${row.tier}", not process, output or content.`);
      if (row.scale !== 3 && row.scale !== 5) throw new ImportRefusedError(`${where}: field scale is ${row.scale}, not 3 or 5.`);
      if (row.status !== 'ok' && row.status !== 'failed') throw new ImportRefusedError(`${where}: field status is "${row.status}", not ok or failed.`);
      const [low, high] = SCORES[row.scale];
      if (row.status === 'ok' && (row.score === null || row.score < low || row.score > high)) {
        throw new ImportRefusedError(`${where}: field score is ${row.score}; a ${row.scale}-point judgment scores ${low} to ${high}.`);
      }
      // Judgments made before sets were stored name none (''); any other names a set here or in the export (merged first).
      if (row.rubric_set !== '' && !findRubricSet(ctx.db, row.rubric_set, row.rubric_set_version, row.scale)) {
        throw new ImportRefusedError(
          `${where}: field rubric_set names the rubric set ${row.rubric_set}@${row.rubric_set_version} (${row.scale}-point), which is neither in the export's rubrics subset nor in this workspace. Export the rubrics subset too.`,
        );
      }
      const judgment: Omit<JudgmentRow, 'reply_id'> = {
        id: row.judgment_id,
        run_id: runId,
        judge: row.judge,
        tier: tier.data,
        rubric: row.rubric,
        rubric_set: row.rubric_set,
        rubric_version: row.rubric_set_version,
        scale: row.scale,
        status: row.status,
        score: row.status === 'ok' ? row.score : null,
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
  return JSON.stringify({ run_id, judge, tier, rubric, rubric_set, rubric_version, scale, status, score, level, evidence, rationale, failure, created_at: new Date(created_at).toISOString(), turn: judgment.turn ?? null });
}
