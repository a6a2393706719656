import type { AnnotateDeps } from '../../annotate/annotate-deps.ts';
import type { PlainVersionReader } from '../../annotate/reanchor-plain-quote.ts';
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

/**
 * How versions are read as plain text, for moving citations (re-anchoring, undo and redo). It
 * brings the Markdown parser, so it loads at the first such call, not at every start of lhb.
 */
export function loadPlainVersionReader(): Promise<PlainVersionReader> {
  return import('../../annotate/plain-version-text.ts');
}
