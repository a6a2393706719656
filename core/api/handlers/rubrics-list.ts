import type { RpcOutput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';
import { rubricsLibraryCall } from './rubrics-library-call.ts';

export function rubricsList(_input: object, ctx: ApiContext): RpcOutput<'rubrics.list'> {
  return rubricsLibraryCall(ctx, (library) => ({ sets: library.list(), warnings: library.warnings() }));
}
