import type { AnnotateDeps } from '../../annotate/annotate-deps.ts';
import type { ApiContext } from '../api-context.ts';
import { workspaceSourceReader } from './annotate-source-reader.ts';

/** What core/annotate needs from this workspace; its plan changes go out to the UIs' event streams. */
export function annotateDeps({ workspace, jobs }: ApiContext): AnnotateDeps {
  return { db: workspace.db, sources: workspaceSourceReader(workspace), announce: (change) => jobs.announce({ type: 'plan-changed', ...change }) };
}

/** Runs an annotate operation over this workspace. */
export function runAnnotate<T>(ctx: ApiContext, operation: (deps: AnnotateDeps) => T): T {
  return operation(annotateDeps(ctx));
}
