import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { TrajectorySchema, type Trajectory, type TrajectoryError } from '../../../schemas/trajectory.ts';
import { findRun } from '../../store/run-repository.ts';
import { findRunTrajectory } from '../../store/run-trajectory-repository.ts';
import { findStudyRun, findStudyRunByRunId } from '../../store/study-repository.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';

/**
 * A run's trajectory from the blob store: an executed run's (study_runs), or an imported run's
 * that came with an ATIF trajectory (run_trajectories); other imported runs have none.
 */
export function runsTrajectory(input: RpcParsedInput<'runs.trajectory'>, ctx: ApiContext): RpcOutput<'runs.trajectory'> {
  const { db, blobs } = ctx.workspace;
  const studyRun = findStudyRun(db, input.runId) ?? findStudyRunByRunId(db, input.runId);
  if (!studyRun && !findRun(db, input.runId)) throw new RpcError('not_found', `No run ${input.runId} in this workspace.`);
  const stored = studyRun ?? findRunTrajectory(db, input.runId);
  let trajectory: Trajectory | null = null;
  if (stored?.trajectory_sha256 && blobs.has(stored.trajectory_sha256)) {
    trajectory = TrajectorySchema.parse(JSON.parse(blobs.read(stored.trajectory_sha256).toString('utf8')));
  }
  const errors = stored?.errors_json ? (JSON.parse(stored.errors_json) as TrajectoryError[]) : [];
  return { trajectory, errors };
}
