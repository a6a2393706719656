import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { studyPanel } from '../../arena/study-panel.ts';
import type { ApiContext } from '../api-context.ts';
import { runArena } from './arena-context.ts';

export function arenaStudy(_input: RpcParsedInput<'arena.study'>, ctx: ApiContext): RpcOutput<'arena.study'> {
  return runArena(ctx, (deps) => studyPanel(deps.db));
}
