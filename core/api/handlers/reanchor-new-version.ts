import type { CitationsReanchored } from '../../../schemas/sources.ts';
import { reanchorCitations } from '../../annotate/reanchor-citations.ts';
import type { ApiContext } from '../api-context.ts';
import { loadPlainVersionReader, runAnnotate } from './annotate-context.ts';

/**
 * Moves the citations of a source's older versions to its new one (plain-text quotes found in its
 * plain text) and says what happened to them; undefined when the source had none to move. The
 * Markdown reader is loaded here, when a version is added, not when a command starts.
 */
export async function reanchorNewVersion(ctx: ApiContext, sourceId: string, newVersionId: string): Promise<CitationsReanchored | undefined> {
  const plain = await loadPlainVersionReader();
  const report = runAnnotate(ctx, (deps) => reanchorCitations(deps, sourceId, newVersionId, plain));
  if (report.checked === 0) return undefined;
  return { reanchored: report.unchanged + report.reanchored, moved: report.reanchored, orphaned: report.orphaned, orphans: report.orphans };
}
