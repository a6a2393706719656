import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { exportRunAtif } from '../../runs/trajectory/atif-run-export.ts';
import type { ApiContext } from '../api-context.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';

/**
 * A run's trajectory as ATIF (Harbor's `trajectory.json`), written by exportAtif with what the
 * run knows beside it, so importing the file back (beside a run.json, or in a Harbor trial
 * folder) gives the same trajectory, summary and errors.
 */
export function runsExportAtif(input: RpcParsedInput<'runs.exportAtif'>, ctx: ApiContext): RpcOutput<'runs.exportAtif'> {
  const exported = exportRunAtif(ctx.workspace, input.runId);
  if (!exported) throw new LhbError('not_found', `No run ${input.runId} in this workspace.`);
  if (!exported.atif) {
    throw new LhbError(
      'not_found',
      `Run ${input.runId} has no trajectory to export: it was imported from an output bundle without a trajectory.json, or its harness never started. Nothing was written; \`lhb runs show ${input.runId}\` says what the run has.`,
    );
  }
  return { runId: input.runId, fileName: 'trajectory.json', atif: exported.atif };
}
