import { RubricLibraryError } from '../../judge/rubrics/rubric-library-error.ts';
import { openRubricLibrary, type RubricLibrary } from '../../judge/rubrics/rubric-library.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';

/** Runs a rubric library operation, turning its caller-fixable errors into the RpcError of the same code. */
export function rubricsLibraryCall<T>(ctx: ApiContext, operation: (library: RubricLibrary) => T): T {
  try {
    return operation(openRubricLibrary(ctx.workspace.db));
  } catch (error) {
    if (error instanceof RubricLibraryError) throw new RpcError(error.code, error.message);
    throw error;
  }
}
