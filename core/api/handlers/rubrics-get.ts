import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';
import { rubricsLibraryCall } from './rubrics-library-call.ts';

export function rubricsGet(input: RpcParsedInput<'rubrics.get'>, ctx: ApiContext): RpcOutput<'rubrics.get'> {
  return rubricsLibraryCall(ctx, (library) => library.require(input.name, input.version, input.scale));
}
