import { createHash } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { BlobStore } from '../store/blob-store.ts';
import type { SourceType } from '../../schemas/sources.ts';
import type { KeptSource } from './normalised-source.ts';
import { normaliseSource } from './normalise-source.ts';
import { SourceStorageError } from './source-errors.ts';

/**
 * Normalises one file and, given the workspace's blob folder, writes the original and its
 * Markdown there. Done where the reading happens (a worker thread) so that the flush to disk
 * of each blob does not hold up the thread that serves the app; storing the rows later finds
 * both blobs in place, and the Markdown is not sent back. A text or Markdown file that needed no
 * change (UTF-8 without a BOM, "\n" line endings) is its own Markdown: one blob, no copy.
 * Throws SourceImportError (the file) or SourceStorageError (the disk).
 */
export async function normaliseAndKeep(type: SourceType, bytes: Uint8Array, name: string, blobRoot: string | null): Promise<KeptSource> {
  const { markdown, ...index } = await normaliseSource(type, bytes, name);
  const unchanged = (type === 'text' || type === 'markdown') && isVerbatim(bytes, markdown);
  const markdownBytes = unchanged ? bytes : Buffer.from(markdown, 'utf8');
  if (blobRoot === null) {
    return { ...index, markdown, markdownSha256: createHash('sha256').update(markdownBytes).digest('hex'), markdownBytes: markdownBytes.byteLength };
  }
  try {
    const blobs = new BlobStore(blobRoot);
    const original = blobs.put(bytes);
    const kept = unchanged ? original : blobs.put(markdownBytes);
    return { ...index, markdown: null, markdownSha256: kept.sha256, markdownBytes: kept.sizeBytes };
  } catch (error) {
    throw new SourceStorageError(`${name} was read but could not be saved in the workspace (${(error as Error).message}); check the free disk space and that the workspace folder is writable, then import it again.`, {
      cause: error,
    });
  }
}

/** The decoded text is the file's bytes as they are: valid UTF-8, no BOM, no carriage returns, same length. */
function isVerbatim(bytes: Uint8Array, markdown: string): boolean {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return false;
  return bytes.indexOf(0x0d) === -1 && isUtf8(bytes) && Buffer.byteLength(markdown, 'utf8') === bytes.byteLength;
}
