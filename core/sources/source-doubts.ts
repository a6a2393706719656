import type { ExtractionDoubt } from '../../schemas/sources.ts';
import { findVersionDoubts } from '../store/source-version-repository.ts';
import { getSource } from './get-source.ts';
import type { SourceWorkspace } from './source-workspace.ts';

/**
 * What extraction found doubtful in one version of a source (the newest unless `versionId` names
 * another), in line order: the SME's extraction notes. Throws SourceNotFoundError.
 */
export function sourceDoubts(workspace: SourceWorkspace, sourceId: string, versionId?: string): { versionId: string; doubts: ExtractionDoubt[] } {
  const { version } = getSource(workspace, sourceId, versionId);
  return { versionId: version.id, doubts: findVersionDoubts(workspace.db, version.id) ?? [] };
}
