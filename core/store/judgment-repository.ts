import type { Database } from 'better-sqlite3';
import type { JudgeTier } from '../../schemas/judge.ts';
import { prepared } from './statement-cache.ts';
import { CURRENT_ATTEMPT } from './superseded-run-repository.ts';

/**
 * A `judgments` row: one judge's anchored score of one run at one tier against one rubric of a
 * rubric set version, on a 3-point (0–2) or 5-point (1–5) scale, or a failed judgment (no score,
 * with why) when the judge's reply could not be used.
 */
export interface JudgmentRow {
  id: string;
  run_id: string;
  judge: string;
  tier: JudgeTier;
  rubric: string;
  /** The rubric set's name; '' for judgments made before sets were stored. */
  rubric_set: string;
  rubric_version: string;
  scale: 3 | 5;
  status: 'ok' | 'failed';
  score: number | null;
  level: string | null;
  evidence: string;
  rationale: string;
  failure: string | null;
  reply_id: string | null;
  synthetic: 0 | 1;
  created_at: string;
  /** The turn of a multi-turn run it judged; null for a run without turns (and judgments made before turns were judged apart). */
  turn?: number | null;
}

/** What insertJudgment takes: a 1–5 score with no set, level or evidence unless given. */
export type NewJudgment = Pick<JudgmentRow, 'id' | 'run_id' | 'judge' | 'tier' | 'rubric' | 'rubric_version' | 'rationale' | 'synthetic' | 'created_at'> &
  Partial<Pick<JudgmentRow, 'rubric_set' | 'scale' | 'status' | 'level' | 'evidence' | 'failure' | 'reply_id' | 'turn'>> & { score: number | null };

export function insertJudgment(db: Database, row: NewJudgment): void {
  prepared(
    db,
    `INSERT INTO judgments (id, run_id, judge, tier, rubric, rubric_set, rubric_version, scale, status, score, level, evidence, rationale, failure, reply_id, synthetic, created_at, turn)
     VALUES (@id, @run_id, @judge, @tier, @rubric, @rubric_set, @rubric_version, @scale, @status, @score, @level, @evidence, @rationale, @failure, @reply_id, @synthetic, @created_at, @turn)`,
  ).run({
    rubric_set: '',
    scale: 5,
    status: 'ok',
    level: row.score === null ? null : String(row.score),
    evidence: '',
    failure: null,
    reply_id: null,
    ...row,
    turn: row.turn ?? null,
  });
}

export function findJudgment(db: Database, id: string): JudgmentRow | undefined {
  return prepared(db, 'SELECT * FROM judgments WHERE id = ?').get(id) as JudgmentRow | undefined;
}

/**
 * Every scored judgment of the project's runs (current attempts: an earlier attempt a retry kept
 * is not counted; synthetic ones left out when asked), in a stable
 * order. Failed judgments have no score and are left out: listFailedJudgments counts them.
 */
export function listJudgments(db: Database, projectId: string, options: { excludeSynthetic?: boolean } = {}): JudgmentRow[] {
  const where = `AND j.status = 'ok' ${options.excludeSynthetic ? 'AND j.synthetic = 0' : ''}`;
  return prepared(
    db,
    `SELECT j.* FROM judgments j JOIN runs r ON r.id = j.run_id JOIN tasks t ON t.id = r.task_id
     WHERE t.project_id = ? AND ${CURRENT_ATTEMPT('r.id')} ${where} ORDER BY j.run_id, j.tier, j.rubric, j.rubric_version, j.judge, j.created_at, j.id`,
  ).all(projectId) as JudgmentRow[];
}

/** What the analysis reads of a scored judgment: no evidence, rationale or reply, the bulk of a row. */
export type ScoredJudgmentRow = Pick<JudgmentRow, 'run_id' | 'judge' | 'tier' | 'rubric' | 'rubric_set' | 'rubric_version' | 'scale' | 'synthetic' | 'turn'> & { score: number };

/**
 * The project's scored judgments (status ok, a score), in listJudgments' order, with only the
 * columns the analysis reads: at study scale (100,000 judgments) reading their rationales and
 * evidence too was most of the time the report spent in SQLite.
 */
export function listScoredJudgments(db: Database, projectId: string): ScoredJudgmentRow[] {
  return prepared(
    db,
    `SELECT j.run_id, j.judge, j.tier, j.rubric, j.rubric_set, j.rubric_version, j.scale, j.score, j.synthetic, j.turn
     FROM judgments j JOIN runs r ON r.id = j.run_id JOIN tasks t ON t.id = r.task_id
     WHERE t.project_id = ? AND ${CURRENT_ATTEMPT('r.id')} AND j.status = 'ok' AND j.score IS NOT NULL ORDER BY j.run_id, j.tier, j.rubric, j.rubric_version, j.judge, j.created_at, j.id`,
  ).all(projectId) as ScoredJudgmentRow[];
}

export function countJudgments(db: Database): number {
  return (prepared(db, 'SELECT count(*) AS n FROM judgments').get() as { n: number }).n;
}

/** The task kind of every run that has judgments: what a judgment's rubric set must be for. */
export function listJudgedRunTaskKinds(db: Database): { run_id: string; kind: 'figma' | 'programmatic' }[] {
  return prepared(db, 'SELECT DISTINCT j.run_id, t.kind FROM judgments j JOIN runs r ON r.id = j.run_id JOIN tasks t ON t.id = r.task_id').all() as { run_id: string; kind: 'figma' | 'programmatic' }[];
}

/** Judgments of the project (scored and failed; synthetic or not, as asked) counted per run and rubric set version. */
export function countJudgmentsByRunAndSet(db: Database, projectId: string, synthetic: 0 | 1): { run_id: string; rubric_set: string; rubric_version: string; scale: 3 | 5; judgments: number }[] {
  return prepared(
    db,
    `SELECT j.run_id, j.rubric_set, j.rubric_version, j.scale, count(*) AS judgments FROM judgments j JOIN runs r ON r.id = j.run_id JOIN tasks t ON t.id = r.task_id
     WHERE t.project_id = ? AND ${CURRENT_ATTEMPT('r.id')} AND j.synthetic = ? GROUP BY j.run_id, j.rubric_set, j.rubric_version, j.scale`,
  ).all(projectId, synthetic) as { run_id: string; rubric_set: string; rubric_version: string; scale: 3 | 5; judgments: number }[];
}

/** A run's judgments with what their judges wrote (evidence, rationale, why one failed), for the search index. */
export function listRunJudgmentTexts(db: Database, runId: string): Pick<JudgmentRow, 'id' | 'evidence' | 'rationale' | 'failure'>[] {
  return prepared(db, 'SELECT id, evidence, rationale, failure FROM judgments WHERE run_id = ? ORDER BY created_at, id').all(runId) as Pick<JudgmentRow, 'id' | 'evidence' | 'rationale' | 'failure'>[];
}
