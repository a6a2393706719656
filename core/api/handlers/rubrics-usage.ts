import type { RpcOutput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';
import { rubricsLibraryCall } from './rubrics-library-call.ts';

export function rubricsUsage(_input: object, ctx: ApiContext): RpcOutput<'rubrics.usage'> {
  return rubricsLibraryCall(ctx, (library) => ({ usage: library.usage() }));
}
