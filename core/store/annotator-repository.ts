import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

/** An `annotators` row: an expert who votes in the arena. */
export interface AnnotatorRow {
  id: string;
  project_id: string;
  name: string;
  queue_seed: string;
  synthetic: 0 | 1;
  created_at: string;
}

export function insertAnnotator(db: Database, row: AnnotatorRow): void {
  prepared(db, 
    `INSERT INTO annotators (id, project_id, name, queue_seed, synthetic, created_at)
     VALUES (@id, @project_id, @name, @queue_seed, @synthetic, @created_at)`,
  ).run(row);
}

export function findAnnotator(db: Database, id: string): AnnotatorRow | undefined {
  return prepared(db, 'SELECT * FROM annotators WHERE id = ?').get(id) as AnnotatorRow | undefined;
}

export function findAnnotatorByName(db: Database, projectId: string, name: string): AnnotatorRow | undefined {
  return prepared(db, 'SELECT * FROM annotators WHERE project_id = ? AND name = ?').get(projectId, name) as AnnotatorRow | undefined;
}

export function listAnnotators(db: Database, projectId: string): AnnotatorRow[] {
  return prepared(db, 'SELECT * FROM annotators WHERE project_id = ? ORDER BY synthetic, name, id').all(projectId) as AnnotatorRow[];
}

/** The project's annotator named `name`, created (with a random queue seed) when there is none. */
export function findOrInsertAnnotator(db: Database, projectId: string, name: string, createdAt: string): AnnotatorRow {
  const existing = findAnnotatorByName(db, projectId, name);
  if (existing) return existing;
  const row: AnnotatorRow = { id: randomUUID(), project_id: projectId, name, queue_seed: randomBytes(16).toString('hex'), synthetic: 0, created_at: createdAt };
  insertAnnotator(db, row);
  return row;
}
