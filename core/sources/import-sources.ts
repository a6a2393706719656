import type { CitationsReanchored, ImportOutcome, SourcesJobResult } from '../../schemas/sources.ts';
import { dataRoomExists } from '../annotate/data-rooms.ts';
import { isBusyError, retryWhileBusy } from '../store/retry-while-busy.ts';
import { findSourceByName } from '../store/source-repository.ts';
import { BlobWriteError } from '../store/blob-file.ts';
import { asWorkspaceStorageError, describeStorageProblem } from '../store/storage-error.ts';
import { findLatestVersionRef } from '../store/source-version-repository.ts';
import { collectImportFiles } from './collect-import-files.ts';
import { detectSourceType, SUPPORTED_EXTENSIONS_TEXT } from './detect-source-type.ts';
import { summariseImport } from './import-summary.ts';
import { createNormaliser, DEFAULT_NORMALISER_WORKERS, type SourceNormaliser } from './normaliser-pool.ts';
import { readImportFile, type ImportCandidate, type UploadCandidate } from './read-import-file.ts';
import { SourceImportError, SourceStorageError } from './source-errors.ts';
import type { SourceWorkspace } from './source-workspace.ts';
import { discardUnplacedBlobs, storeImportedSource } from './store-imported-source.ts';

export interface ImportOptions {
  /** The data room the sources join; null imports them outside any data room. */
  dataRoomId: string | null;
  /** Cancels the import between files, and stops the file being read. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
  /**
   * Called after a changed file was stored as a new version of an existing source, before the
   * next file is stored: where citations of the previous version get re-anchored. An error it
   * throws is reported in the summary; the new version stays. What it returns about the
   * citations is the outcome's `citations`.
   */
  onNewVersion?: (sourceId: string, previousVersionId: string, newVersionId: string) => CitationsReanchored | void | Promise<CitationsReanchored | void>;
  /** Worker threads that read files (default: one per core, at most two); 0 reads in this thread. */
  workers?: number;
  now?: () => Date;
}

/** What an import did, per file, and the job's summary. */
export type ImportResult = SourcesJobResult;

type FailedOutcome = Extract<ImportOutcome, { status: 'failed' }>;

/** Imports files and folders from this machine (CLI, Electron's file dialog). */
export async function importPaths(workspace: SourceWorkspace, paths: string[], options: ImportOptions): Promise<ImportResult> {
  checkDataRoom(workspace, options.dataRoomId);
  options.onProgress?.(0, 0, `Looking for files in ${paths.length === 1 ? paths[0] : `${paths.length} places`}…`);
  const collected = await collectImportFiles(paths, options.signal);
  return importCandidates(workspace, collected.candidates, collected.failures, collected.skipped, options);
}

/** Imports files already uploaded into the workspace's blob store (browser mode, drag-and-drop). */
export async function importUploadedFiles(workspace: SourceWorkspace, files: UploadCandidate[], options: ImportOptions): Promise<ImportResult> {
  checkDataRoom(workspace, options.dataRoomId);
  return importCandidates(workspace, files, [], [], options);
}

function checkDataRoom(workspace: SourceWorkspace, dataRoomId: string | null): void {
  if (dataRoomId !== null && !dataRoomExists(workspace.db, dataRoomId)) {
    throw new Error(`No data room with id ${dataRoomId} in this workspace; nothing was imported. Pick a data room from the list, or import without one.`);
  }
}

/**
 * Reads, normalises and stores each file, a few at a time so that both worker threads stay busy
 * while the next file is read and hashed. A file that fails (unreadable, empty, too large,
 * unsupported, damaged, encrypted) gets a `failed` outcome naming it and saying why, and the
 * rest carry on. A file whose name already exists in the data room with the same bytes is
 * `unchanged` and is not even parsed.
 */
async function importCandidates(
  workspace: SourceWorkspace,
  candidates: ImportCandidate[],
  earlyFailures: FailedOutcome[],
  skipped: ImportResult['skipped'],
  options: ImportOptions,
): Promise<ImportResult> {
  const workers = options.workers ?? DEFAULT_NORMALISER_WORKERS;
  const normaliser = createNormaliser(Math.min(workers, candidates.length), { blobRoot: workspace.blobs.root });
  const results: (ImportOutcome | undefined)[] = new Array(candidates.length);
  const notes: string[] = [];
  const duplicates = duplicateNames(candidates);
  let next = 0;
  let done = 0;
  const total = candidates.length;
  options.onProgress?.(0, total, `Importing ${total} file${total === 1 ? '' : 's'}…`);
  const importNext = async (): Promise<void> => {
    while (next < candidates.length && !options.signal?.aborted) {
      const index = next++;
      const candidate = candidates[index]!;
      results[index] = duplicates.has(index)
        ? { status: 'failed', name: candidate.name, reason: `${candidate.name} appears twice in this import (another file has the same name); import it separately or rename one of them.` }
        : await importOne(workspace, normaliser, candidate, options, notes);
      done++;
      options.onProgress?.(done, total, `Imported ${done} of ${total} files (last: ${candidate.name})`);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(workers + 1, candidates.length)) }, importNext));
  } finally {
    await normaliser.close();
  }
  const outcomes = [...earlyFailures, ...results.filter((r): r is ImportOutcome => r !== undefined)];
  const message = [summariseImport(outcomes, skipped), ...notes].join('; ');
  return { outcomes, skipped, message };
}

async function importOne(workspace: SourceWorkspace, normaliser: SourceNormaliser, candidate: ImportCandidate, options: ImportOptions, notes: string[]): Promise<ImportOutcome> {
  const { name } = candidate;
  try {
    const { bytes, sha256 } = await readImportFile(workspace, candidate);
    const type = detectSourceType(name, bytes);
    if (!type) throw new SourceImportError(`${name} is not a supported kind of file; import ${SUPPORTED_EXTENSIONS_TEXT} files.`);
    const existing = findSourceByName(workspace.db, options.dataRoomId, name);
    const latest = existing ? findLatestVersionRef(workspace.db, existing.id) : undefined;
    // Unchanged only when the stored original is whole: one cut short by a full disk is read and stored again.
    if (existing && latest?.sha256 === sha256 && workspace.blobs.has(sha256, bytes.byteLength)) return { status: 'unchanged', name, sourceId: existing.id, versionId: latest.id };
    const sizeBytes = bytes.byteLength;
    // The worker keeps the blobs; handing it the bytes means a large file is held once, not twice.
    const indexed = await normaliser.normalise(type, bytes, name, options.signal, { transfer: true });
    if (options.signal?.aborted) {
      discardUnplacedBlobs(indexed);
      options.signal.throwIfAborted();
    }
    const createdAt = (options.now?.() ?? new Date()).toISOString();
    let stored: Awaited<ReturnType<typeof storeImportedSource>>;
    try {
      stored = await retryWhileBusy(() => storeImportedSource(workspace, { dataRoomId: options.dataRoomId, name, type, original: bytes, sizeBytes, sha256, indexed, createdAt }));
    } catch (error) {
      // Still busy after the retries is not a disk problem: say so, and that trying again is the fix.
      if (isBusyError(error)) throw new SourceStorageError(`${name} was read but not stored: ${describeStorageProblem('busy', workspace.db.name, (error as Error).message)}`, { cause: error });
      if (error instanceof BlobWriteError) throw new SourceStorageError(`${name} was read but not imported. ${error.message}`, { cause: error });
      const storage = asWorkspaceStorageError(error, workspace.db.name);
      if (storage?.problem === 'disk-full') throw new SourceStorageError(`${name} was read but not imported. ${storage.message}`, { cause: error });
      throw new SourceStorageError(`${name} was read but could not be stored (${(error as Error).message}); check the free disk space and try again.`, { cause: error });
    }
    const { outcome, previousVersionId } = stored;
    if (outcome.status === 'new-version' && previousVersionId && options.onNewVersion) {
      try {
        const citations = await options.onNewVersion(outcome.sourceId, previousVersionId, outcome.versionId);
        if (citations) return { ...outcome, citations };
      } catch (error) {
        notes.push(`${name}: the new version was stored, but re-anchoring its citations failed (${(error as Error).message})`);
      }
    }
    return outcome;
  } catch (error) {
    if (error instanceof SourceImportError || error instanceof SourceStorageError) return { status: 'failed', name, reason: error.message };
    if (options.signal?.aborted) return { status: 'failed', name, reason: `${name} was not imported: the import was cancelled while it was being read.` };
    return { status: 'failed', name, reason: `${name} was not imported: ${(error as Error).message}` };
  }
}

/** Indexes of candidates whose name an earlier candidate already has: each would overwrite the other as a "new version". */
function duplicateNames(candidates: ImportCandidate[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  candidates.forEach((candidate, index) => {
    if (seen.has(candidate.name)) duplicates.add(index);
    seen.add(candidate.name);
  });
  return duplicates;
}
