import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { readStoredRun } from '../../runs/trajectory/stored-trajectory.ts';
import type { ApiContext } from '../api-context.ts';
import { fullId } from './full-id.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';

/**
 * A run's trajectory from the blob store: an executed run's (study_runs), or an imported run's
 * that came with an ATIF trajectory (run_trajectories); other imported runs have none.
 */
export function runsTrajectory(input: RpcParsedInput<'runs.trajectory'>, ctx: ApiContext): RpcOutput<'runs.trajectory'> {
  const stored = readStoredRun(ctx.workspace, fullId(ctx, ['runs', 'study_runs'], input.runId));
  if (!stored) throw new LhbError('not_found', `No run ${input.runId} in this workspace.`);
  return { trajectory: stored.trajectory, errors: stored.errors };
}
