import { TrajectorySchema, type Trajectory, type TrajectoryError } from '../../../schemas/trajectory.ts';
import { findRun, type RunRow } from '../../store/run-repository.ts';
import { findRunTrajectory, type RunTrajectoryRow } from '../../store/run-trajectory-repository.ts';
import { findStudyRun, findStudyRunByRunId, type StudyRunRow } from '../../store/study-repository.ts';
import { findSupersededRun, supersededStudyRunRow } from '../../store/superseded-run-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';

/** A run with what is stored of its trajectory. */
export interface StoredRun {
  /** The store's run, once it finished (a study run still going has none yet). */
  run: RunRow | undefined;
  /** Its study run, when a study of this workspace executed it. */
  studyRun: StudyRunRow | undefined;
  /** The trajectory it was imported with, for an imported run that brought one. */
  imported: RunTrajectoryRow | undefined;
  /** The normalised trajectory from the blob store, or null when the run has none. */
  trajectory: Trajectory | null;
  errors: TrajectoryError[];
}

/**
 * A run (by its id or its study run's id; an earlier attempt by its own run id) with its trajectory from the blob store: an executed
 * run's (study_runs), or an imported run's that came with an ATIF trajectory (run_trajectories);
 * other imported runs have none. Undefined when the workspace has no such run.
 */
export function readStoredRun(workspace: Workspace, id: string): StoredRun | undefined {
  const { db, blobs } = workspace;
  // An earlier attempt a retry kept: its study run's record of it, as it was. The first attempt's run id is its study run's
  // own, so that id names the earlier attempt once the study run has stored a later one, and the live attempt until then.
  const slot = findStudyRun(db, id);
  const earlier = slot && slot.run_id === null ? undefined : findSupersededRun(db, id);
  const studyRun = earlier ? supersededStudyRunRow(earlier) : (slot ?? findStudyRunByRunId(db, id));
  const run = findRun(db, studyRun?.run_id ?? id);
  if (!studyRun && !run) return undefined;
  const imported = !studyRun && run ? findRunTrajectory(db, run.id) : undefined;
  const stored = studyRun ?? imported;
  let trajectory: Trajectory | null = null;
  if (stored?.trajectory_sha256 && blobs.has(stored.trajectory_sha256)) {
    trajectory = TrajectorySchema.parse(JSON.parse(blobs.read(stored.trajectory_sha256).toString('utf8')));
  }
  const errors = stored?.errors_json ? (JSON.parse(stored.errors_json) as TrajectoryError[]) : [];
  return { run, studyRun, imported, trajectory, errors };
}
