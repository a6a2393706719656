import type { BlobRef } from '../../schemas/rpc.ts';
import { MAX_SOURCE_BYTES } from '../../schemas/sources.ts';
import { recordBlob } from '../store/blob-repository.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import { LhbError } from '../../schemas/lhb-error.ts';

/** Largest upload either transport accepts: the largest file an import may bring. */
export const MAX_BLOB_BYTES = MAX_SOURCE_BYTES;

/**
 * Stores uploaded bytes (an import by file picker or drag-and-drop) in the blob store and
 * records them, so a later call can name them by SHA-256. Storing is idempotent.
 */
export function putUploadedBlob(workspace: Workspace, bytes: Uint8Array): BlobRef {
  if (bytes.byteLength > MAX_BLOB_BYTES) {
    throw new LhbError('payload_too_large', `The file is ${bytes.byteLength} bytes; the limit is ${MAX_BLOB_BYTES} bytes (200 MiB). Split it or import a smaller export.`);
  }
  const { sha256, sizeBytes } = workspace.blobs.put(bytes);
  recordBlob(workspace.db, sha256, sizeBytes, new Date().toISOString());
  return { sha256, sizeBytes };
}
