import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { MAX_SOURCE_BYTES } from '../../schemas/sources.ts';
import { unreadable, type PathCandidate } from './collect-import-files.ts';
import { SourceImportError } from './source-errors.ts';
import type { SourceWorkspace } from './source-workspace.ts';

/** A file already uploaded into the workspace's blob store (browser mode, drag-and-drop). */
export interface UploadCandidate {
  name: string;
  blobSha256: string;
}

export type ImportCandidate = PathCandidate | UploadCandidate;

const MIB = 1024 * 1024;

/**
 * The bytes of one file to import and their SHA-256, after the checks that need no parsing:
 * it exists, is not empty, is within MAX_SOURCE_BYTES (checked before reading, so a huge file
 * costs nothing) and, for an upload, is the blob it claims to be.
 */
export async function readImportFile(workspace: SourceWorkspace, candidate: ImportCandidate): Promise<{ bytes: Buffer; sha256: string }> {
  const isUpload = 'blobSha256' in candidate;
  if (isUpload && !workspace.blobs.has(candidate.blobSha256)) {
    throw new SourceImportError(
      `${candidate.name} was not uploaded: its file (blob ${candidate.blobSha256.slice(0, 12)}…) is not in this workspace's blob store; upload the file again, then import it.`,
    );
  }
  const path = isUpload ? workspace.blobs.pathFor(candidate.blobSha256) : candidate.path;
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new SourceImportError(`${candidate.name} is not a regular file; import files or folders of files.`);
    size = info.size;
  } catch (error) {
    if (error instanceof SourceImportError) throw error;
    throw new SourceImportError(isUpload ? `${candidate.name}: ${unreadable(path, error)}` : unreadable(path, error));
  }
  if (size === 0) throw new SourceImportError(`${candidate.name} is empty (0 bytes); check that the file was saved completely and import it again.`);
  if (size > MAX_SOURCE_BYTES) {
    throw new SourceImportError(
      `${candidate.name} is ${(size / MIB).toFixed(0)} MiB, over the ${MAX_SOURCE_BYTES / MIB} MiB limit for one source; split it into smaller files (e.g. by chapter) and import those.`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new SourceImportError(isUpload ? `${candidate.name}: ${unreadable(path, error)}` : unreadable(path, error));
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (isUpload && sha256 !== candidate.blobSha256) {
    throw new SourceImportError(`${candidate.name}: the uploaded file in the blob store is damaged (its content no longer matches ${candidate.blobSha256.slice(0, 12)}…); upload the file again, then import it.`);
  }
  return { bytes, sha256 };
}
