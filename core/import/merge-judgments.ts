import { JudgeTierSchema } from '../../schemas/judge.ts';
import { findJudgment, insertJudgment } from '../store/judgment-repository.ts';
import { findRun } from '../store/run-repository.ts';
import type { JudgmentRowIn, Located } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { atRow, type MergeContext } from './merge-context.ts';

/**
 * Judgments, merged by id: one the workspace has is left as it is; a new one is stored with its
 * score, level, evidence, rubric set version and scale (failed ones as failed, without a score).
 * The judge's reply (prompt hash, raw text) is not in an export, so an imported judgment has no
 * reply and never answers the judge cache: judging again asks the judge again.
 */
export function mergeJudgments(ctx: MergeContext, rows: readonly Located<JudgmentRowIn>[]): void {
  let withModel = 0;
  for (const { row, split, where } of rows) {
    atRow(where, () => {
      if (findJudgment(ctx.db, row.judgment_id)) return ctx.count('judgments', 'unchanged');
      const runId = ctx.run(row.run_id);
      if (!findRun(ctx.db, runId)) throw new ImportRefusedError(`${where}: field run_id names run ${row.run_id}, which is neither in the export's runs subset nor in this workspace. Export the runs subset too.`);
      const tier = JudgeTierSchema.safeParse(row.tier);
      if (!tier.success) throw new ImportRefusedError(`${where}: field tier is "${row.tier}", not process, output or content.`);
      if (row.scale !== 3 && row.scale !== 5) throw new ImportRefusedError(`${where}: field scale is ${row.scale}, not 3 or 5.`);
      if (row.status !== 'ok' && row.status !== 'failed') throw new ImportRefusedError(`${where}: field status is "${row.status}", not ok or failed.`);
      insertJudgment(ctx.db, {
        id: row.judgment_id,
        run_id: runId,
        judge: row.judge,
        tier: tier.data,
        rubric: row.rubric,
        rubric_set: row.rubric_set,
        rubric_version: row.rubric_set_version,
        scale: row.scale,
        status: row.status,
        score: row.score,
        level: row.level,
        evidence: row.evidence,
        rationale: row.rationale,
        failure: row.failure,
        reply_id: null,
        synthetic: split === 'synthetic' ? 1 : 0,
        created_at: row.created_at,
      });
      if (row.judge_model !== null) withModel += 1;
      ctx.count('judgments', 'added');
    });
  }
  if (withModel > 0) ctx.notes.push(`${withModel} imported judgment${withModel === 1 ? ' names its' : 's name their'} judge model; the judges' replies are not in an export, so this workspace keeps the judge's name only.`);
}
