import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { requireCurrentProject } from '../store/project-repository.ts';
import { SYNTHETIC_CONFIG_PREFIX, findRun, insertRun } from '../store/run-repository.ts';
import { findTask, upsertTask } from '../store/task-repository.ts';
import { configurationColumns, runConfigurationOf } from './run-configuration.ts';

export interface SyntheticTask {
  id: string;
  title: string;
  instruction: string;
}

export interface SyntheticRun {
  id: string;
  taskId: string;
  harness: string;
  model: string;
  versions: Record<string, string>;
  /** The harness version the record names (not part of the configuration); absent: read from versions.harness, as for a bundle. */
  harnessVersion?: string | null;
  startedAt: string;
  finishedAt: string;
  /** Where the record came from, kept as the run's source_dir (e.g. the study file). */
  origin: string;
}

/**
 * A Figma-style task with no frames, stored as synthetic, for synthetic studies. Unchanged when
 * it exists already (a rerun of a seed never rewrites a task a user may have edited).
 */
export function recordSyntheticTask(db: Database, task: SyntheticTask, createdAt: string): boolean {
  if (findTask(db, task.id)) return false;
  const project = requireCurrentProject(db);
  upsertTask(
    db,
    { id: task.id, project_id: project.id, kind: 'figma', title: task.title, instruction: task.instruction, chapter_id: null, figma_file_key: null, created_at: createdAt, updated_at: createdAt, synthetic: 1 },
    [],
  );
  return true;
}

/**
 * A synthetic run with no artifacts, on a synthetic task: it counts in analysis under its own
 * synthetic configuration (never a real run's) when synthetic data is included, and never
 * enters the arena's queue (which only shows runs with something to show). Returns false when
 * it exists; the store refuses it on a real task.
 */
export function recordSyntheticRun(db: Database, run: SyntheticRun, importedAt: string): boolean {
  if (findRun(db, run.id)) return false;
  const columns = configurationColumns(runConfigurationOf(run));
  insertRun(
    db,
    {
      id: run.id,
      task_id: run.taskId,
      ...columns,
      // The canonical id in the synthetic namespace, so it never names the same configuration as a real run.
      config_id: `${SYNTHETIC_CONFIG_PREFIX}${columns.config_id}`,
      status: 'succeeded',
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      // Bundles are keyed by the digest of their files; a synthetic run has none, so its digest
      // is that of its id, tagged so it can never equal a bundle's.
      digest: `synthetic:${createHash('sha256').update(run.id).digest('hex')}`,
      source_dir: run.origin,
      imported_at: importedAt,
      synthetic: 1,
    },
    [],
    [],
  );
  return true;
}
