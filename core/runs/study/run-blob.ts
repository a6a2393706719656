import { recordBlob } from '../../store/blob-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';

/** Bytes of a study run (its transcript, trajectory, a turn's out/ files) into the blob store, recorded; the same bytes are stored once. */
export async function putRunBlob(workspace: Workspace, bytes: Buffer): Promise<string> {
  const blob = await workspace.blobs.putAsync(bytes);
  recordBlob(workspace.db, blob.sha256, blob.sizeBytes, new Date().toISOString());
  return blob.sha256;
}

/** putRunBlob for bytes that come in chunks (a transcript read from its turns' files), never held whole. */
export async function putRunBlobChunks(workspace: Workspace, chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const blob = await workspace.blobs.putChunksAsync(chunks);
  recordBlob(workspace.db, blob.sha256, blob.sizeBytes, new Date().toISOString());
  return blob.sha256;
}
