import { rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { ImportOutcome, SourceType } from '../../schemas/sources.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { findSourceByName, insertSource, updateSourceHead } from '../store/source-repository.ts';
import { findLatestVersionRef, insertSourceVersion, refreshVersionIndex } from '../store/source-version-repository.ts';
import type { KeptSource } from './normalised-source.ts';
import { NORMALISER_VERSIONS } from './normaliser-version.ts';
import { newSourceId } from './source-id.ts';
import type { SourceWorkspace } from './source-workspace.ts';
import { writeTransaction } from '../store/write-transaction.ts';

export interface ImportedFile {
  dataRoomId: string | null;
  name: string;
  type: SourceType;
  /** The file's bytes; may be empty (handed to the reader) when the reader already kept the blob. */
  original: Uint8Array;
  sizeBytes: number;
  sha256: string;
  indexed: KeptSource;
  createdAt: string;
  /**
   * Re-reading a source's own original with a newer normaliser: a new version even though the
   * bytes are the same as the newest version's, unless the Markdown comes out the same too; then
   * the newest version takes the new outline, pages and extraction doubts in place.
   */
  renormalise?: boolean;
  /** The normaliser that made `indexed` (default: the current one for the type). */
  normaliserVersion?: number;
}

export type StoredOutcome = Exclude<ImportOutcome, { status: 'failed' }>;

/**
 * Stores one normalised file: both files as blobs (the original and its Markdown), then, in one
 * transaction, either a new source with version 1, or a new version of the source this data room
 * already has under the same name (older versions stay, and so do citations of them), or nothing
 * when the newest version has the same bytes. A re-read whose Markdown is the newest version's
 * makes no version (its lines, so its citations, are the same) but brings that version's outline,
 * pages and extraction doubts up to the newer normaliser's: `reindexed` when they changed. The
 * decision is made inside the transaction, so two imports of one file cannot make two sources.
 */
export async function storeImportedSource(workspace: SourceWorkspace, file: ImportedFile): Promise<{ outcome: StoredOutcome; previousVersionId?: string }> {
  const { db, blobs } = workspace;
  const { markdownSha256, markdownBytes } = file.indexed;
  // Blob files first: a crash between the two steps leaves an unreferenced file, never a row
  // pointing at a missing one. The reader usually wrote both already (normalise-and-keep.ts) and
  // left them to be flushed and named here, on libuv's threads, while it reads the next file.
  // A blob counts only whole: bytes still in memory are compared with the stored file (and a file
  // cut short is written again); otherwise the reader's file must have the recorded size.
  const placing = new Map((file.indexed.unplaced ?? []).map((blob) => [blob.sha256, blobs.place(blob)]));
  const keep = async (sha256: string, sizeBytes: number, bytes: Uint8Array | null, what: string) => {
    const placed = placing.get(sha256);
    if (placed) return placed;
    if (bytes !== null && bytes.byteLength > 0) {
      await blobs.putAsync(bytes);
      return;
    }
    if (blobs.has(sha256, sizeBytes)) return;
    throw new Error(`the ${what} was not saved whole by the reader and is no longer in memory`);
  };
  const markdown = file.indexed.markdown === null ? null : Buffer.from(file.indexed.markdown, 'utf8');
  // Every placement is waited for, also when another fails: none is left running unobserved.
  const kept = await Promise.allSettled([keep(file.sha256, file.sizeBytes, file.original, 'original file'), keep(markdownSha256, markdownBytes, markdown, 'Markdown text'), ...placing.values()]);
  const failed = kept.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return writeTransaction(db, () => {
    const project = findCurrentProject(db);
    if (!project) throw new Error('The workspace has no project to import into; restart the app so it can seed one.');
    recordBlob(db, file.sha256, file.sizeBytes, file.createdAt);
    recordBlob(db, markdownSha256, markdownBytes, file.createdAt);
    const existing = findSourceByName(db, file.dataRoomId, file.name);
    const latest = existing ? findLatestVersionRef(db, existing.id) : undefined;
    const same = file.renormalise ? latest?.markdownSha256 === markdownSha256 : latest?.sha256 === file.sha256;
    if (existing && latest && same) {
      const normaliserVersion = file.normaliserVersion ?? NORMALISER_VERSIONS[file.type];
      const reindexed =
        file.renormalise === true && latest.normaliserVersion < normaliserVersion && refreshVersionIndex(db, latest.id, { sections: file.indexed.sections, pages: file.indexed.pages, normaliserVersion }, file.indexed.doubts ?? []);
      const outcome: StoredOutcome = { status: 'unchanged', name: file.name, sourceId: existing.id, versionId: latest.id, ...(reindexed ? { reindexed: true as const } : {}) };
      return { outcome };
    }
    const title = sourceTitle(file);
    const sourceId = existing?.id ?? newSourceId(db, file.name);
    if (existing) updateSourceHead(db, sourceId, { title, type: file.type, blobSha256: file.sha256 });
    else insertSource(db, { id: sourceId, projectId: project.id, dataRoomId: file.dataRoomId, title, type: file.type, originalName: file.name, blobSha256: file.sha256, createdAt: file.createdAt });
    const version = (latest?.version ?? 0) + 1;
    const versionId = randomUUID();
    insertSourceVersion(db, {
      id: versionId,
      sourceId,
      version,
      sha256: file.sha256,
      markdownSha256,
      lineCount: file.indexed.lineCount,
      sections: file.indexed.sections,
      pages: file.indexed.pages,
      normaliserVersion: file.normaliserVersion ?? NORMALISER_VERSIONS[file.type],
      createdAt: file.createdAt,
    }, file.indexed.doubts ?? []);
    if (!latest) return { outcome: { status: 'added', name: file.name, sourceId, versionId } as const };
    return { outcome: { status: 'new-version', name: file.name, sourceId, versionId, version } as const, previousVersionId: latest.id };
  })();
}

/** The document's own title, else its first heading, else its file name without the extension. */
function sourceTitle(file: ImportedFile): string {
  const heading = file.indexed.sections.find((section) => section.level > 0 && section.title !== '')?.title;
  const fileName = file.name.split('/').pop()!.replace(/\.[^.]+$/, '') || file.name;
  return (file.indexed.title ?? heading ?? fileName).slice(0, 300);
}

/**
 * Removes the blob files a reader wrote for `indexed` and left to be placed, when the source will
 * not be stored (the import was cancelled after the file was read). A file already placed stays.
 */
export function discardUnplacedBlobs(indexed: KeptSource): void {
  for (const blob of indexed.unplaced ?? []) rmSync(blob.temp, { force: true });
}
