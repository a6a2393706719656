import { dirname, join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { FINAL_RUN_STATUSES } from '../../schemas/studies.ts';
import { TrajectoryErrorSchema, TrajectorySchema, type TrajectoryTurn } from '../../schemas/trajectory.ts';
import { BlobStore } from '../store/blob-store.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listStudies, listStudyRuns, type StudyRunRow } from '../store/study-repository.ts';
import { labelConfigurations } from './configuration-labels.ts';
import type { StudyData } from './study-data.ts';
import { studiesInScope } from './study-scope.ts';

/** One finished multi-turn run as the per-turn analysis reads it. */
export interface MultiTurnRun {
  run: string;
  config: string;
  label: string;
  turns: TrajectoryTurn[];
  /** Its error→recovery events, each with the turn whose step made it. */
  errors: { turn: number; recovered: boolean }[];
  /** A stored blob's bytes (a turn's `out/` files), or undefined when it is not stored. */
  readBlob: (sha256: string) => Buffer | undefined;
}

const ErrorListSchema = TrajectoryErrorSchema.pick({ step: true, recovered: true }).array();

/**
 * The project's finished runs executed here whose trajectory records more than one turn (a task
 * with revision requests), the last finished where a run was executed twice. Their trajectories
 * and `out/` snapshots are blobs: content-addressed and never rewritten, so the study runs that
 * name them are the report's only inputs here (migration 017's triggers on study_runs). Synthetic
 * runs follow the report's choice, like votes and judgments.
 */
export function loadMultiTurnRuns(db: Database, data: StudyData): MultiTurnRun[] {
  const project = findCurrentProject(db);
  if (!project) return [];
  // The workspace's blob folder beside its database (open-workspace.ts), read-only: the report may be computed in a worker.
  const blobs = new BlobStore(join(dirname(db.name), 'blobs'), { readOnly: true });
  const readBlob = (sha256: string) => (blobs.has(sha256) ? blobs.read(sha256) : undefined);
  const latest = new Map<string, StudyRunRow>();
  for (const study of studiesInScope(listStudies(db, project.id), data.scope)) {
    for (const row of listStudyRuns(db, study.id)) {
      if (!FINAL_RUN_STATUSES.includes(row.status) || row.trajectory_sha256 === null) continue;
      const run = row.run_id === null ? undefined : data.runs.get(row.run_id);
      if (run?.synthetic && !data.synthetic.included) continue;
      const key = row.run_id ?? row.id;
      const seen = latest.get(key);
      if (!seen || (row.finished_at ?? '') > (seen.finished_at ?? '')) latest.set(key, row);
    }
  }
  const rows = [...latest.values()];
  const fallbackLabels = labelConfigurations(rows);
  const found: MultiTurnRun[] = [];
  for (const row of rows) {
    const bytes = readBlob(row.trajectory_sha256!);
    // Most trajectories have one turn: skip parsing those, whose JSON never names `turns`.
    if (!bytes?.includes('"turns":')) continue;
    const parsed = TrajectorySchema.safeParse(JSON.parse(bytes.toString('utf8')));
    if (!parsed.success || (parsed.data.turns?.length ?? 0) < 2) continue;
    const { steps, turns } = parsed.data;
    const errors = row.errors_json === null ? [] : (ErrorListSchema.safeParse(JSON.parse(row.errors_json)).data ?? []);
    found.push({
      run: row.run_id ?? row.id,
      config: row.config_id,
      label: data.labels.get(row.config_id) ?? fallbackLabels.get(row.config_id) ?? row.config_id,
      turns: turns!,
      errors: errors.flatMap((error) => {
        const turn = steps[error.step]?.turn;
        return turn === undefined ? [] : [{ turn, recovered: error.recovered }];
      }),
      readBlob,
    });
  }
  return found;
}
