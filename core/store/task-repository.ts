import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';
import { writeTransaction } from './write-transaction.ts';

/** A `tasks` row as stored. */
export interface TaskRow {
  id: string;
  project_id: string;
  kind: 'figma' | 'programmatic';
  title: string;
  instruction: string;
  chapter_id: string | null;
  figma_file_key: string | null;
  created_at: string;
  updated_at: string;
  /** 1 for a generated task (the demo study's): its runs are synthetic and stay out of real results. */
  synthetic: 0 | 1;
}

/** What upsertTask takes: a task is real unless it says it is synthetic. */
export type NewTask = Omit<TaskRow, 'synthetic'> & { synthetic?: 0 | 1 };

/** A `task_frames` row: one ground-truth frame of a Figma task. */
export interface TaskFrameRow {
  task_id: string;
  position: number;
  node_id: string;
  name: string;
  target_route: string;
  viewport_width: number | null;
  viewport_height: number | null;
  gt_sha256: string;
}

/**
 * Inserts or replaces a task and its frames in one transaction. A task keeps its kind of
 * identity: a real task never replaces a synthetic one of the same id, nor the other way round.
 */
export function upsertTask(db: Database, task: NewTask, frames: readonly TaskFrameRow[]): void {
  const row: TaskRow = { ...task, synthetic: task.synthetic ?? 0 };
  const existing = findTask(db, row.id);
  if (existing && existing.synthetic !== row.synthetic) {
    throw new Error(
      existing.synthetic === 1
        ? `A synthetic demo task with the id ${row.id} is already in this workspace; a real task cannot replace it. Nothing was changed; give the task another id (in task.json and its bundles' run.json task_id).`
        : `A real task with the id ${row.id} is already in this workspace; a synthetic task cannot replace it. Nothing was changed.`,
    );
  }
  writeTransaction(db, () => {
    prepared(db,
      `INSERT INTO tasks (id, project_id, kind, title, instruction, chapter_id, figma_file_key, created_at, updated_at, synthetic)
       VALUES (@id, @project_id, @kind, @title, @instruction, @chapter_id, @figma_file_key, @created_at, @updated_at, @synthetic)
       ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, title = excluded.title, instruction = excluded.instruction,
         chapter_id = excluded.chapter_id, figma_file_key = excluded.figma_file_key, updated_at = excluded.updated_at`,
    ).run(row);
    prepared(db, 'DELETE FROM task_frames WHERE task_id = ?').run(row.id);
    const insert = prepared(db, 
      `INSERT INTO task_frames (task_id, position, node_id, name, target_route, viewport_width, viewport_height, gt_sha256)
       VALUES (@task_id, @position, @node_id, @name, @target_route, @viewport_width, @viewport_height, @gt_sha256)`,
    );
    for (const frame of frames) insert.run(frame);
  })();
}

export function findTask(db: Database, id: string): TaskRow | undefined {
  return prepared(db, 'SELECT * FROM tasks WHERE id = ?').get(id) as TaskRow | undefined;
}

export function listTasks(db: Database, projectId: string): TaskRow[] {
  return prepared(db, 'SELECT * FROM tasks WHERE project_id = ? ORDER BY title, id').all(projectId) as TaskRow[];
}

export function listTaskFrames(db: Database, taskId: string): TaskFrameRow[] {
  return prepared(db, 'SELECT * FROM task_frames WHERE task_id = ? ORDER BY position').all(taskId) as TaskFrameRow[];
}

export function countTaskFrames(db: Database, taskId: string): number {
  return (prepared(db, 'SELECT count(*) AS n FROM task_frames WHERE task_id = ?').get(taskId) as { n: number }).n;
}

/** What is recorded against a task: its runs, the votes on them and the judges' scores of them. */
export interface TaskUses {
  runs: number;
  votes: number;
  judgments: number;
}

export function countTaskUses(db: Database, taskId: string): TaskUses {
  return prepared(
    db,
    `SELECT (SELECT count(*) FROM runs WHERE task_id = @taskId) AS runs,
            (SELECT count(*) FROM votes WHERE task_id = @taskId) AS votes,
            (SELECT count(*) FROM judgments WHERE run_id IN (SELECT id FROM runs WHERE task_id = @taskId)) AS judgments`,
  ).get({ taskId }) as TaskUses;
}
