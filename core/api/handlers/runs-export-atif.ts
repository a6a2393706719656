import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { exportAtif } from '../../runs/trajectory/atif.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';
import { runsTrajectory } from './runs-trajectory.ts';

/**
 * A run's trajectory as ATIF (Harbor's `trajectory.json`): what runs.trajectory reads, written by
 * exportAtif, so importing the file back (beside a run.json, or in a Harbor trial folder) gives the
 * same trajectory, summary and errors.
 */
export function runsExportAtif(input: RpcParsedInput<'runs.exportAtif'>, ctx: ApiContext): RpcOutput<'runs.exportAtif'> {
  const { trajectory } = runsTrajectory(input, ctx);
  if (!trajectory) {
    throw new RpcError(
      'not_found',
      `Run ${input.runId} has no trajectory to export: it was imported from an output bundle without a trajectory.json, or its harness never started. Nothing was written; \`lhb runs show ${input.runId}\` says what the run has.`,
    );
  }
  return { runId: input.runId, fileName: 'trajectory.json', atif: exportAtif(trajectory) };
}
