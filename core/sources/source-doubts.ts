import type { ExtractionDoubt, SourceType } from '../../schemas/sources.ts';
import { findVersionDoubts } from '../store/source-version-repository.ts';
import { getSource } from './get-source.ts';
import type { SourceWorkspace } from './source-workspace.ts';

/** The first normaliser of each type that records extraction doubts (normaliser-version.ts: pdf 6); a type not listed records none. */
export const DOUBTS_RECORDED_SINCE: Partial<Record<SourceType, number>> = { pdf: 6 };

/**
 * What extraction found doubtful in one version of a source (the newest unless `versionId` names
 * another), in line order: the SME's extraction notes, and whether its reader keeps any (an empty
 * list from one that does not says nothing). Throws SourceNotFoundError.
 */
export function sourceDoubts(workspace: SourceWorkspace, sourceId: string, versionId?: string): { versionId: string; doubts: ExtractionDoubt[]; recorded: boolean } {
  const { source, version } = getSource(workspace, sourceId, versionId);
  const since = DOUBTS_RECORDED_SINCE[source.type];
  return { versionId: version.id, doubts: findVersionDoubts(workspace.db, version.id) ?? [], recorded: since !== undefined && (version.normaliserVersion ?? 1) >= since };
}
