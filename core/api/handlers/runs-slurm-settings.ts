import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { rememberedSlurmSettings } from '../../runs/executors/slurm/slurm-settings.ts';
import type { ApiContext } from '../api-context.ts';

export function runsSlurmSettings(_input: RpcParsedInput<'runs.slurmSettings'>, ctx: ApiContext): RpcOutput<'runs.slurmSettings'> {
  return { settings: rememberedSlurmSettings(ctx.workspace.db) };
}
