import { openRubricLibrary, type RubricLibrary } from '../../judge/rubrics/rubric-library.ts';
import type { ApiContext } from '../api-context.ts';

/** Runs a rubric library operation over this workspace's library. */
export function rubricsLibraryCall<T>(ctx: ApiContext, operation: (library: RubricLibrary) => T): T {
  return operation(openRubricLibrary(ctx.workspace.db));
}
