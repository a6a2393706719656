import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { ApiContext } from '../api-context.ts';
import { rubricsLibraryCall } from './rubrics-library-call.ts';

export function rubricsSave(input: RpcParsedInput<'rubrics.save'>, ctx: ApiContext): RpcOutput<'rubrics.save'> {
  return rubricsLibraryCall(ctx, (library) => library.save(input.set));
}
