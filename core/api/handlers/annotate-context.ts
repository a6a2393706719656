import type { AnnotateDeps } from '../../annotate/annotate-deps.ts';
import type { ApiContext } from '../api-context.ts';
import { workspaceSourceReader } from './annotate-source-reader.ts';

/** What core/annotate needs from this workspace. */
export function annotateDeps({ workspace }: ApiContext): AnnotateDeps {
  return { db: workspace.db, sources: workspaceSourceReader(workspace) };
}

/** Runs an annotate operation over this workspace. */
export function runAnnotate<T>(ctx: ApiContext, operation: (deps: AnnotateDeps) => T): T {
  return operation(annotateDeps(ctx));
}
