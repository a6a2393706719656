import type { AnnotateDeps } from '../../annotate/annotate-deps.ts';
import { AnnotateError } from '../../annotate/annotate-error.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';
import { workspaceSourceReader } from './annotate-source-reader.ts';

/** What core/annotate needs from this workspace. */
export function annotateDeps({ workspace }: ApiContext): AnnotateDeps {
  return { db: workspace.db, sources: workspaceSourceReader(workspace) };
}

/** Runs an annotate operation, turning its caller-fixable errors into the RpcError of the same code. */
export function runAnnotate<T>(ctx: ApiContext, operation: (deps: AnnotateDeps) => T): T {
  try {
    return operation(annotateDeps(ctx));
  } catch (error) {
    if (error instanceof AnnotateError) throw new RpcError(error.code, error.message);
    throw error;
  }
}
