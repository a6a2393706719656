import { RubricControlSchema } from '../../schemas/judging.ts';
import { findControlJudgment, insertControlJudgmentRows, type ControlJudgmentRow } from '../store/control-judgment-repository.ts';
import { findJudgeReply, replaceReply, type JudgeReplyRow } from '../store/judge-reply-repository.ts';
import type { ImportedRow } from '../export/subset-fields.ts';
import type { Located } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { checkScoredRow, checkTier, instantText, localRun } from './judge-row-checks.ts';
import { atRow, type MergeContext } from './merge-context.ts';

/**
 * Control judgments, merged by id as judgments are: one the workspace has with the same content
 * is left as it is; with other content, or twice in the file, the first is kept and the conflict
 * reported with both. Every row is checked first, as a judgment is (its run and rubric set exist,
 * tier, scale, status and score are the judges' own), and its control is one the app makes. Each
 * is stored with the reply it came from (reply_id): the reply's model, tokens and cost, as one
 * record however many rubrics it scored (rows of one reply must agree on them). The reply's
 * prompt and raw text are not in an export, so an imported reply never answers the judge cache,
 * and it made no request here (attempts 0: no study's cost counts it twice).
 */
export function mergeControlJudgments(ctx: MergeContext, rows: readonly Located<ImportedRow<'control_judgments'>>[]): void {
  const replies = new Map<string, { where: string; facts: string }>();
  for (const { row, where } of rows) {
    atRow(where, () => {
      const control = RubricControlSchema.safeParse(row.control);
      if (!control.success) throw new ImportRefusedError(`${where}: field control is "${row.control}", not ${RubricControlSchema.options.join(' or ')}.`);
      const run = localRun(ctx, 'run_id', row.run_id, where);
      const tier = checkTier(row.tier, where);
      const { scale, status } = checkScoredRow(ctx, row, where);
      const reply: JudgeReplyRow = {
        id: row.reply_id,
        run_id: run.id,
        judge: row.judge,
        judge_model: row.judge_model,
        tier,
        rubric_set: row.rubric_set,
        rubric_version: row.rubric_set_version,
        scale,
        input_hash: `import:${row.reply_id}`,
        status,
        failure: row.failure,
        raw_reply: null,
        attempts: 0,
        tokens_input: row.tokens_input,
        tokens_output: row.tokens_output,
        cost_usd: row.cost_usd,
        duration_ms: null,
        job_id: null,
        created_at: row.created_at,
      };
      const facts = replyFacts(reply);
      const earlier = replies.get(row.reply_id);
      if (earlier && earlier.facts !== facts) {
        throw new ImportRefusedError(`${where}: field reply_id ${row.reply_id} is also the reply of ${earlier.where}, which names another run, judge model, rubric set, tier or usage; the rows of one reply agree on them.`);
      }
      if (!earlier) replies.set(row.reply_id, { where, facts });
      const judgment: ControlJudgmentRow = {
        id: row.control_judgment_id,
        control: control.data,
        run_id: run.id,
        judge: row.judge,
        tier,
        rubric: row.rubric,
        rubric_set: row.rubric_set,
        rubric_version: row.rubric_set_version,
        scale,
        turn: row.turn,
        status,
        score: status === 'ok' ? row.score : null,
        level: row.level,
        evidence: row.evidence,
        failure: row.failure,
        reply_id: row.reply_id,
        created_at: row.created_at,
      };
      const stored = findControlJudgment(ctx.db, judgment.id);
      if (ctx.conflictOf('control_judgments', 'control-judgment', judgment.id, where, controlContent(judgment), stored && controlContent(stored))) return;
      if (stored) return ctx.count('control_judgments', 'unchanged');
      // A reply already here (an earlier import's, or this workspace's own) is the same record: its id is a random UUID.
      if (!findJudgeReply(ctx.db, reply.id)) replaceReply(ctx.db, reply);
      insertControlJudgmentRows(ctx.db, [judgment]);
      ctx.count('control_judgments', 'added');
    });
  }
}

/** What the rows of one reply share. */
function replyFacts(reply: JudgeReplyRow): string {
  const { run_id, judge_model, tier, rubric_set, rubric_version, scale, tokens_input, tokens_output, cost_usd } = reply;
  return JSON.stringify({ run_id, judge_model, tier, rubric_set, rubric_version, scale, tokens_input, tokens_output, cost_usd });
}

/** What a control judgment says, as one JSON text, so two versions compare as strings (its reply is compared by id). */
function controlContent(judgment: ControlJudgmentRow): string {
  const { control, run_id, judge, tier, rubric, rubric_set, rubric_version, scale, status, score, level, evidence, failure, reply_id, created_at } = judgment;
  return JSON.stringify({ control, run_id, judge, tier, rubric, rubric_set, rubric_version, scale, turn: judgment.turn ?? null, status, score, level, evidence, failure, reply_id, created_at: instantText(created_at) });
}
