import { BlobStore } from '../store/blob-store.ts';
import type { SourceType } from '../../schemas/sources.ts';
import type { IndexedSource } from './normalised-source.ts';
import { normaliseSource } from './normalise-source.ts';
import { SourceStorageError } from './source-errors.ts';

/**
 * Normalises one file and, given the workspace's blob folder, writes the original and its
 * Markdown there. Done where the reading happens (a worker thread) so that the flush to disk
 * of each blob does not hold up the thread that serves the app; storing the rows later finds
 * both blobs in place. Throws SourceImportError (the file) or SourceStorageError (the disk).
 */
export async function normaliseAndKeep(type: SourceType, bytes: Uint8Array, name: string, blobRoot: string | null): Promise<IndexedSource> {
  const indexed = await normaliseSource(type, bytes, name);
  if (blobRoot !== null) {
    try {
      const blobs = new BlobStore(blobRoot);
      blobs.put(bytes);
      blobs.put(Buffer.from(indexed.markdown, 'utf8'));
    } catch (error) {
      throw new SourceStorageError(`${name} was read but could not be saved in the workspace (${(error as Error).message}); check the free disk space and that the workspace folder is writable, then import it again.`, {
        cause: error,
      });
    }
  }
  return indexed;
}
