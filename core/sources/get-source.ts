import type { SourceSummary, SourceVersion } from '../../schemas/sources.ts';
import { findSourceSummary, listSourceSummaries } from '../store/source-repository.ts';
import { findSourceVersion, listSourceVersions } from '../store/source-version-repository.ts';
import { SourceNotFoundError } from './source-errors.ts';
import type { SourceWorkspace } from './source-workspace.ts';

export interface SourceDetail {
  source: SourceSummary;
  /** The version asked for, else the newest. */
  version: SourceVersion;
  /** Every version, newest first. */
  versions: { id: string; version: number; createdAt: string }[];
}

/** A source with one of its versions (the newest unless `versionId` names another). Throws SourceNotFoundError. */
export function getSource(workspace: SourceWorkspace, sourceId: string, versionId?: string): SourceDetail {
  const source = findSourceSummary(workspace.db, sourceId);
  if (!source) throw new SourceNotFoundError(`No source with id ${sourceId} in this workspace; refresh the source list.`);
  const version = findSourceVersion(workspace.db, versionId ?? source.latestVersionId);
  if (!version || version.sourceId !== sourceId) {
    throw new SourceNotFoundError(`Source ${sourceId} has no version with id ${versionId}; open the source again to see its versions.`);
  }
  return { source, version, versions: listSourceVersions(workspace.db, sourceId) };
}

/** Every source with its newest version, oldest first; only a data room's when `dataRoomId` is given. */
export function listSources(workspace: SourceWorkspace, dataRoomId?: string): SourceSummary[] {
  return listSourceSummaries(workspace.db, dataRoomId);
}

/** The source with its newest version, or undefined when this workspace has no such source. */
export function lookupSource(workspace: SourceWorkspace, sourceId: string): SourceSummary | undefined {
  return findSourceSummary(workspace.db, sourceId);
}

/** The version, or undefined when this workspace has no such version. */
export function lookupSourceVersion(workspace: SourceWorkspace, versionId: string): SourceVersion | undefined {
  return findSourceVersion(workspace.db, versionId);
}
