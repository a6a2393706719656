import { readFileSync } from 'node:fs';
import { recordBlob } from '../../store/blob-repository.ts';
import type { PendingBlobs } from '../../store/pending-blobs.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { stripImageMetadata } from './strip-image-metadata.ts';

/**
 * Copies a file of a task or bundle into the blob store and records it, so the arena serves what
 * was imported even after the folder moves. Storing the same bytes again changes nothing. Images
 * lose their metadata first (what a voter could unblind a pair by), so the stored SHA-256 is the
 * stripped image's. With `pending`, the blob is recorded by the caller's transaction (and removed
 * if it is refused).
 */
export async function storeFileBlob(workspace: Workspace, path: string, pending?: PendingBlobs): Promise<{ sha256: string; sizeBytes: number }> {
  const bytes = stripImageMetadata(readFileSync(path));
  if (pending) return pending.put(bytes);
  const { sha256, sizeBytes } = await workspace.blobs.putAsync(bytes);
  recordBlob(workspace.db, sha256, sizeBytes, new Date().toISOString());
  return { sha256, sizeBytes };
}
