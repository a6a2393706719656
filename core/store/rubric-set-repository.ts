import type { Database } from 'better-sqlite3';
import type { RubricAuthor } from '../../schemas/judge.ts';
import { prepared } from './statement-cache.ts';

/**
 * A `rubric_sets` row: one version of a rubric set at one scale, stored whole as JSON and never
 * changed in place (a change is a new version).
 */
export interface RubricSetRow {
  id: string;
  name: string;
  version: string;
  scale: 3 | 5;
  tier: 'process' | 'output' | 'content';
  authored_by: RubricAuthor;
  chapter_id: string | null;
  definition_json: string;
  digest: string;
  builtin: 0 | 1;
  created_at: string;
}

export function insertRubricSet(db: Database, row: RubricSetRow): void {
  prepared(
    db,
    `INSERT INTO rubric_sets (id, name, version, scale, tier, authored_by, chapter_id, definition_json, digest, builtin, created_at)
     VALUES (@id, @name, @version, @scale, @tier, @authored_by, @chapter_id, @definition_json, @digest, @builtin, @created_at)`,
  ).run(row);
}

export function findRubricSetById(db: Database, id: string): RubricSetRow | undefined {
  return prepared(db, 'SELECT * FROM rubric_sets WHERE id = ?').get(id) as RubricSetRow | undefined;
}

export function findRubricSet(db: Database, name: string, version: string, scale: number): RubricSetRow | undefined {
  return prepared(db, 'SELECT * FROM rubric_sets WHERE name = ? AND version = ? AND scale = ?').get(name, version, scale) as RubricSetRow | undefined;
}

/** Every stored version of every set: by name, then scale, then oldest version first. */
export function listRubricSetRows(db: Database): RubricSetRow[] {
  return prepared(db, 'SELECT * FROM rubric_sets ORDER BY name, scale, created_at, version').all() as RubricSetRow[];
}

/** The sets written for one chapter, oldest first. */
export function listChapterRubricSetRows(db: Database, chapterId: string): RubricSetRow[] {
  return prepared(db, 'SELECT * FROM rubric_sets WHERE chapter_id = ? ORDER BY name, scale, created_at, version').all(chapterId) as RubricSetRow[];
}

/** How many judgments name one rubric set version at one scale, and how many of them failed. */
export interface RubricSetUsageRow {
  rubric_set: string;
  rubric_version: string;
  scale: 3 | 5;
  judgments: number;
  failed: number;
  runs: number;
  judges: number;
}

/** Judgments grouped by the set version and scale they were made with ('' names judgments made before sets were stored). */
export function countJudgmentsByRubricSet(db: Database): RubricSetUsageRow[] {
  return prepared(
    db,
    `SELECT rubric_set, rubric_version, scale, count(*) AS judgments, sum(status = 'failed') AS failed,
            count(DISTINCT run_id) AS runs, count(DISTINCT judge) AS judges
     FROM judgments GROUP BY rubric_set, rubric_version, scale ORDER BY rubric_set, rubric_version, scale`,
  ).all() as RubricSetUsageRow[];
}
