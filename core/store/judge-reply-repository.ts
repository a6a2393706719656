import type { Database } from 'better-sqlite3';
import type { JudgmentRow } from './judgment-repository.ts';
import { prepared } from './statement-cache.ts';
import { writeTransaction } from './write-transaction.ts';

/** A `judge_replies` row: one judge's answer to one prompt (the cache, and the record of what came back). */
export interface JudgeReplyRow {
  id: string;
  run_id: string;
  judge: string;
  judge_model: string;
  tier: 'process' | 'output' | 'content';
  rubric_set: string;
  rubric_version: string;
  scale: 3 | 5;
  input_hash: string;
  status: 'ok' | 'failed';
  failure: string | null;
  raw_reply: string | null;
  attempts: number;
  tokens_input: number | null;
  tokens_output: number | null;
  cost_usd: number | null;
  duration_ms: number | null;
  job_id: string | null;
  created_at: string;
}

export interface JudgeReplyKey {
  judge_model: string;
  rubric_set: string;
  rubric_version: string;
  scale: 3 | 5;
  input_hash: string;
}

/** The reply stored under this id, if any. */
export function findJudgeReply(db: Database, id: string): JudgeReplyRow | undefined {
  return prepared(db, 'SELECT * FROM judge_replies WHERE id = ?').get(id) as JudgeReplyRow | undefined;
}

/** The stored reply for exactly this model, set version, scale and input, if any. */
export function findCachedReply(db: Database, key: JudgeReplyKey): JudgeReplyRow | undefined {
  return prepared(
    db,
    `SELECT * FROM judge_replies WHERE judge_model = @judge_model AND rubric_set = @rubric_set AND rubric_version = @rubric_version
     AND scale = @scale AND input_hash = @input_hash`,
  ).get(key) as JudgeReplyRow | undefined;
}

/**
 * Stores a reply and its per-rubric judgments in one transaction, replacing an earlier reply with
 * the same key (a failure that is being asked again), so a crash never leaves one without the other.
 */
export function insertReplyWithJudgments(db: Database, reply: JudgeReplyRow, judgments: readonly JudgmentRow[]): void {
  writeTransaction(db, () => {
    replaceReply(db, reply);
    insertJudgmentRows(db, judgments);
  })();
}

/**
 * Stores a reply in place of an earlier one with the same key; the caller's transaction stores what
 * was made of it. The replaced one's requests were made all the same, so its usage is kept
 * (replaced_judge_replies, migration 038) for the study's cost.
 */
export function replaceReply(db: Database, reply: JudgeReplyRow): void {
  keepReplacedUsage(db, reply);
  prepared(
    db,
    `DELETE FROM judge_replies WHERE judge_model = @judge_model AND rubric_set = @rubric_set AND rubric_version = @rubric_version
     AND scale = @scale AND input_hash = @input_hash`,
  ).run({ judge_model: reply.judge_model, rubric_set: reply.rubric_set, rubric_version: reply.rubric_version, scale: reply.scale, input_hash: reply.input_hash });
  prepared(
    db,
    `INSERT INTO judge_replies (id, run_id, judge, judge_model, tier, rubric_set, rubric_version, scale, input_hash, status, failure, raw_reply,
       attempts, tokens_input, tokens_output, cost_usd, duration_ms, job_id, created_at)
     VALUES (@id, @run_id, @judge, @judge_model, @tier, @rubric_set, @rubric_version, @scale, @input_hash, @status, @failure, @raw_reply,
       @attempts, @tokens_input, @tokens_output, @cost_usd, @duration_ms, @job_id, @created_at)`,
  ).run(reply);
}

/** The usage of the reply `reply` replaces, when it made requests here (one an import brought, or `lhb judge import` copied in, made none). */
function keepReplacedUsage(db: Database, reply: JudgeReplyRow): void {
  prepared(
    db,
    `INSERT INTO replaced_judge_replies (id, run_id, judge, judge_model, tier, rubric_set, rubric_version, scale, status, attempts, tokens_input, tokens_output, cost_usd, created_at, replaced_at)
     SELECT id, run_id, judge, judge_model, tier, rubric_set, rubric_version, scale, status, attempts, tokens_input, tokens_output, cost_usd, created_at, @replaced_at FROM judge_replies
      WHERE judge_model = @judge_model AND rubric_set = @rubric_set AND rubric_version = @rubric_version AND scale = @scale AND input_hash = @input_hash
        AND attempts > 0 AND id <> @id
     ON CONFLICT (id) DO NOTHING`,
  ).run({ judge_model: reply.judge_model, rubric_set: reply.rubric_set, rubric_version: reply.rubric_version, scale: reply.scale, input_hash: reply.input_hash, id: reply.id, replaced_at: reply.created_at });
}

/** Judgments copied from a cached reply for another judge name with the same model. */
export function insertJudgmentRows(db: Database, judgments: readonly JudgmentRow[]): void {
  const insert = prepared(
    db,
    `INSERT INTO judgments (id, run_id, judge, tier, rubric, rubric_set, rubric_version, scale, status, score, level, evidence, rationale, failure, reply_id, synthetic, created_at, turn)
     VALUES (@id, @run_id, @judge, @tier, @rubric, @rubric_set, @rubric_version, @scale, @status, @score, @level, @evidence, @rationale, @failure, @reply_id, @synthetic, @created_at, @turn)`,
  );
  writeTransaction(db, () => {
    for (const row of judgments) insert.run({ ...row, turn: row.turn ?? null });
  })();
}

/** The judgments made from a reply (any judge). */
export function listReplyJudgments(db: Database, replyId: string): JudgmentRow[] {
  return prepared(db, 'SELECT * FROM judgments WHERE reply_id = ? ORDER BY rowid').all(replyId) as JudgmentRow[];
}

/** Whether this judge already has judgments from this reply. */
export function hasReplyJudgments(db: Database, replyId: string, judge: string): boolean {
  return prepared(db, 'SELECT 1 FROM judgments WHERE reply_id = ? AND judge = ? LIMIT 1').get(replyId, judge) !== undefined;
}

export interface JudgmentWithReply extends JudgmentRow {
  judge_model: string | null;
  raw_reply: string | null;
  tokens_input: number | null;
  tokens_output: number | null;
  cost_usd: number | null;
}

/** Every judgment of the project's runs (scored and failed), or one run's, with its reply's model, raw text and cost. */
export function listJudgmentsWithReplies(db: Database, projectId: string, runId?: string): JudgmentWithReply[] {
  return prepared(
    db,
    `SELECT j.*, r.judge_model, r.raw_reply, r.tokens_input, r.tokens_output, r.cost_usd
     FROM judgments j JOIN runs ru ON ru.id = j.run_id JOIN tasks t ON t.id = ru.task_id LEFT JOIN judge_replies r ON r.id = j.reply_id
     WHERE t.project_id = ? ${runId === undefined ? '' : 'AND j.run_id = ?'}
     ORDER BY j.run_id, j.tier, j.rubric_set, j.rubric_version, j.judge, j.rowid`,
  ).all(...(runId === undefined ? [projectId] : [projectId, runId])) as JudgmentWithReply[];
}
