import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { TrajectorySchema, type Trajectory, type TrajectoryError } from '../../../schemas/trajectory.ts';
import { findRun } from '../../store/run-repository.ts';
import { findStudyRun, findStudyRunByRunId } from '../../store/study-repository.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';

/** A run's trajectory from the blob store; an imported run has none (its bundle carries no transcript). */
export function runsTrajectory(input: RpcParsedInput<'runs.trajectory'>, ctx: ApiContext): RpcOutput<'runs.trajectory'> {
  const { db, blobs } = ctx.workspace;
  const studyRun = findStudyRun(db, input.runId) ?? findStudyRunByRunId(db, input.runId);
  if (!studyRun && !findRun(db, input.runId)) throw new RpcError('not_found', `No run ${input.runId} in this workspace.`);
  let trajectory: Trajectory | null = null;
  if (studyRun?.trajectory_sha256 && blobs.has(studyRun.trajectory_sha256)) {
    trajectory = TrajectorySchema.parse(JSON.parse(blobs.read(studyRun.trajectory_sha256).toString('utf8')));
  }
  const errors = studyRun?.errors_json ? (JSON.parse(studyRun.errors_json) as TrajectoryError[]) : [];
  return { trajectory, errors };
}
