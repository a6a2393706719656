import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

export type JudgmentTier = 'process' | 'output' | 'content';

/** A `judgments` row: one judge's anchored 1–5 score of one run at one tier against one rubric version. */
export interface JudgmentRow {
  id: string;
  run_id: string;
  judge: string;
  tier: JudgmentTier;
  rubric: string;
  rubric_version: string;
  score: number;
  rationale: string;
  synthetic: 0 | 1;
  created_at: string;
}

export function insertJudgment(db: Database, row: JudgmentRow): void {
  prepared(
    db,
    `INSERT INTO judgments (id, run_id, judge, tier, rubric, rubric_version, score, rationale, synthetic, created_at)
     VALUES (@id, @run_id, @judge, @tier, @rubric, @rubric_version, @score, @rationale, @synthetic, @created_at)`,
  ).run(row);
}

export function findJudgment(db: Database, id: string): JudgmentRow | undefined {
  return prepared(db, 'SELECT * FROM judgments WHERE id = ?').get(id) as JudgmentRow | undefined;
}

/** Every judgment of the project's runs (synthetic ones left out when asked), in a stable order. */
export function listJudgments(db: Database, projectId: string, options: { excludeSynthetic?: boolean } = {}): JudgmentRow[] {
  const where = options.excludeSynthetic ? 'AND j.synthetic = 0' : '';
  return prepared(
    db,
    `SELECT j.* FROM judgments j JOIN runs r ON r.id = j.run_id JOIN tasks t ON t.id = r.task_id
     WHERE t.project_id = ? ${where} ORDER BY j.run_id, j.tier, j.rubric, j.rubric_version, j.judge, j.created_at, j.id`,
  ).all(projectId) as JudgmentRow[];
}

/** One run's judgments, newest first. */
export function listRunJudgments(db: Database, runId: string): JudgmentRow[] {
  return prepared(db, 'SELECT * FROM judgments WHERE run_id = ? ORDER BY created_at DESC, id').all(runId) as JudgmentRow[];
}

export function countJudgments(db: Database): number {
  return (prepared(db, 'SELECT count(*) AS n FROM judgments').get() as { n: number }).n;
}
