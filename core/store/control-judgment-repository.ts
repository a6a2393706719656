import type { Database } from 'better-sqlite3';
import type { RubricControl } from '../../schemas/judging.ts';
import { replaceReply, type JudgeReplyRow } from './judge-reply-repository.ts';
import type { JudgmentRow } from './judgment-repository.ts';
import type { DemoFlag } from './export-queries.ts';
import { CURRENT_ATTEMPT } from './superseded-run-repository.ts';
import { prepared } from './statement-cache.ts';
import { writeTransaction } from './write-transaction.ts';

/** A `control_judgments` row (migration 032): a judgment made under a control, never counted as a real one. */
export type ControlJudgmentRow = Omit<JudgmentRow, 'rationale' | 'synthetic' | 'reply_id'> & { control: RubricControl; reply_id: string };

const INSERT = `INSERT INTO control_judgments (id, control, run_id, judge, tier, rubric, rubric_set, rubric_version, scale, turn, status, score, level, evidence, failure, reply_id, created_at)
  VALUES (@id, @control, @run_id, @judge, @tier, @rubric, @rubric_set, @rubric_version, @scale, @turn, @status, @score, @level, @evidence, @failure, @reply_id, @created_at)`;

/** Stores a control's reply and its per-rubric judgments in one transaction, replacing an earlier reply with the same key (a failure asked again). */
export function insertControlReply(db: Database, reply: JudgeReplyRow, judgments: readonly ControlJudgmentRow[]): void {
  writeTransaction(db, () => {
    replaceReply(db, reply);
    insertControlJudgmentRows(db, judgments);
  })();
}

/** Control judgments copied from a cached reply for another judge name with the same model. */
export function insertControlJudgmentRows(db: Database, judgments: readonly ControlJudgmentRow[]): void {
  const insert = prepared(db, INSERT);
  writeTransaction(db, () => {
    for (const row of judgments) insert.run({ ...row, turn: row.turn ?? null });
  })();
}

/** The control judgments made from a reply (any judge). */
export function listControlReplyJudgments(db: Database, replyId: string): ControlJudgmentRow[] {
  return prepared(db, 'SELECT * FROM control_judgments WHERE reply_id = ? ORDER BY rowid').all(replyId) as ControlJudgmentRow[];
}

/** Whether this judge already has control judgments from this reply. */
export function hasControlReplyJudgments(db: Database, replyId: string, judge: string): boolean {
  return prepared(db, 'SELECT 1 FROM control_judgments WHERE reply_id = ? AND judge = ? LIMIT 1').get(replyId, judge) !== undefined;
}

/** Every scored control judgment of the project's runs under this control. */
export function listScoredControlJudgments(db: Database, projectId: string, control: RubricControl): ControlJudgmentRow[] {
  return prepared(
    db,
    `SELECT c.* FROM control_judgments c JOIN runs ru ON ru.id = c.run_id JOIN tasks t ON t.id = ru.task_id
     WHERE t.project_id = ? AND c.control = ? AND c.status = 'ok' ORDER BY c.run_id, c.tier, c.rubric_set, c.rubric_version, c.judge, c.rowid`,
  ).all(projectId, control) as ControlJudgmentRow[];
}

/** The control judgment stored under this id, if any (an import merges by id). */
export function findControlJudgment(db: Database, id: string): ControlJudgmentRow | undefined {
  return prepared(db, 'SELECT * FROM control_judgments WHERE id = ?').get(id) as ControlJudgmentRow | undefined;
}

/** A control judgment as an export writes it: with its run's task and its reply's model and usage. */
export type ExportControlJudgmentRow = ControlJudgmentRow & { task_id: string; judge_model: string; tokens_input: number | null; tokens_output: number | null; cost_usd: number | null };

/** The control judgments an export writes: of current attempts of the project's runs, by id; with `demo` 0, none of a demo or synthetic run. */
const EXPORTED = `FROM control_judgments c JOIN runs r ON r.id = c.run_id JOIN tasks t ON t.id = r.task_id JOIN judge_replies jr ON jr.id = c.reply_id
  WHERE t.project_id = @project AND ${CURRENT_ATTEMPT('r.id')} AND (@demo OR (r.demo = 0 AND r.synthetic = 0))`;

export function countExportControlJudgments(db: Database, projectId: string, demo: DemoFlag): number {
  return (prepared(db, `SELECT count(*) AS n ${EXPORTED}`).get({ project: projectId, demo }) as { n: number }).n;
}

export function pageExportControlJudgments(db: Database, projectId: string, demo: DemoFlag, afterId: string, limit: number): ExportControlJudgmentRow[] {
  return prepared(
    db,
    `SELECT c.*, r.task_id, jr.judge_model, jr.tokens_input, jr.tokens_output, jr.cost_usd ${EXPORTED} AND c.id > @after ORDER BY c.id LIMIT @limit`,
  ).all({ project: projectId, demo, after: afterId, limit }) as ExportControlJudgmentRow[];
}
