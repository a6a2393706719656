import type { CitationsReanchored, ImportOutcome, SourceType } from '../../schemas/sources.ts';
import { findSourceSummary, listSourceSummaries } from '../store/source-repository.ts';
import { findLatestVersionRef } from '../store/source-version-repository.ts';
import { summariseImport } from './import-summary.ts';
import type { ImportOptions, ImportResult } from './import-sources.ts';
import { createNormaliser, DEFAULT_NORMALISER_WORKERS } from './normaliser-pool.ts';
import { NORMALISER_VERSIONS } from './normaliser-version.ts';
import { SourceImportError, SourceStorageError } from './source-errors.ts';
import type { SourceWorkspace } from './source-workspace.ts';
import { storeImportedSource } from './store-imported-source.ts';

export interface RenormaliseOptions extends Pick<ImportOptions, 'signal' | 'onProgress' | 'onNewVersion' | 'workers' | 'now'> {
  /** The normalisers' versions to compare with (tests pretend a newer one); default NORMALISER_VERSIONS. */
  versions?: Readonly<Record<SourceType, number>>;
}

/**
 * Re-reads sources from their own original files with the current normalisers. A source whose
 * newest version was made by the current normaliser for its type is `unchanged` and not read;
 * another gets a new version when its Markdown comes out different (its older versions stay,
 * and `onNewVersion` re-anchors their citations, as a re-import does), else `unchanged`.
 * `sourceIds` empty means every source in the workspace; an unknown id is a `failed` outcome.
 */
export async function renormaliseSources(workspace: SourceWorkspace, sourceIds: string[], options: RenormaliseOptions = {}): Promise<ImportResult> {
  const versions = options.versions ?? NORMALISER_VERSIONS;
  const ids = sourceIds.length > 0 ? sourceIds : listSourceSummaries(workspace.db).map((source) => source.id);
  const outcomes: ImportOutcome[] = [];
  const notes: string[] = [];
  const normaliser = createNormaliser(Math.min(options.workers ?? DEFAULT_NORMALISER_WORKERS, 1), { blobRoot: workspace.blobs.root });
  try {
    for (const [index, id] of ids.entries()) {
      if (options.signal?.aborted) break;
      options.onProgress?.(index, ids.length, `Re-reading ${index + 1} of ${ids.length} sources (${id})…`);
      const source = findSourceSummary(workspace.db, id);
      if (!source) {
        outcomes.push({ status: 'failed', name: id, reason: `No source with id ${id} in this workspace; see lhb sources list for the ids.` });
        continue;
      }
      const name = source.originalName;
      const latest = findLatestVersionRef(workspace.db, id)!;
      if (latest.normaliserVersion >= versions[source.type]) {
        outcomes.push({ status: 'unchanged', name, sourceId: id, versionId: latest.id });
        continue;
      }
      try {
        if (!workspace.blobs.has(latest.sha256)) {
          throw new SourceImportError(`${name}: its original file (blob ${latest.sha256.slice(0, 12)}…) is missing from the workspace, so it cannot be re-read; import the file again instead.`);
        }
        const bytes = workspace.blobs.read(latest.sha256);
        const sizeBytes = bytes.byteLength;
        const indexed = await normaliser.normalise(source.type, bytes, name, options.signal, { transfer: true });
        const createdAt = (options.now?.() ?? new Date()).toISOString();
        const { outcome, previousVersionId } = await storeImportedSource(workspace, {
          dataRoomId: source.dataRoomId,
          name,
          type: source.type,
          original: bytes,
          sizeBytes,
          sha256: latest.sha256,
          indexed,
          createdAt,
          renormalise: true,
        });
        let citations: CitationsReanchored | void = undefined;
        if (outcome.status === 'new-version' && previousVersionId && options.onNewVersion) {
          try {
            citations = await options.onNewVersion(outcome.sourceId, previousVersionId, outcome.versionId);
          } catch (error) {
            notes.push(`${name}: the new version was stored, but re-anchoring its citations failed (${(error as Error).message})`);
          }
        }
        if (citations && citations.orphaned > 0) notes.push(`${name}: ${citations.orphaned} citation${citations.orphaned === 1 ? '' : 's'} orphaned (quote not in the new version)`);
        outcomes.push(outcome.status === 'new-version' && citations ? { ...outcome, citations } : outcome);
      } catch (error) {
        const reason = error instanceof SourceImportError || error instanceof SourceStorageError ? error.message : `${name} was not re-read: ${(error as Error).message}`;
        outcomes.push({ status: 'failed', name, reason });
      }
    }
  } finally {
    await normaliser.close();
  }
  options.onProgress?.(outcomes.length, ids.length, `Re-read ${outcomes.length} of ${ids.length} sources`);
  return { outcomes, skipped: [], message: [summariseImport(outcomes, []), ...notes].join('; ') };
}
