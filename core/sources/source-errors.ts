import { lhbErrorOfCode } from '../../schemas/lhb-error.ts';
/**
 * Why one file could not become a source, in words that name the file and say what to do.
 * Import reports it as that file's `failed` outcome; the rest of the batch carries on.
 */
export class SourceImportError extends Error {
  override name = 'SourceImportError';
}

/** A source or version id that this workspace does not hold. */
export class SourceNotFoundError extends lhbErrorOfCode('not_found') {
  override name = 'SourceNotFoundError';
}

/** A file was read but could not be written to the workspace (disk full, permissions). */
export class SourceStorageError extends Error {
  override name = 'SourceStorageError';
}

/** Why a file failed: its content, the disk, or (anything else) a bug in a reader. */
export type NormaliseFailure = 'file' | 'storage' | 'bug';

export function failureKind(error: unknown): NormaliseFailure {
  return error instanceof SourceImportError ? 'file' : error instanceof SourceStorageError ? 'storage' : 'bug';
}
