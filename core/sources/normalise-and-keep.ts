import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { BlobStore, type UnplacedBlob } from '../store/blob-store.ts';
import { storageProblemOf } from '../store/storage-error.ts';
import type { SourceType } from '../../schemas/sources.ts';
import type { KeptSource } from './normalised-source.ts';
import { checkTextBytes, isVerbatimUtf8 } from './decode-text.ts';
import { countLinesOfBytes } from './line-index.ts';
import { markdownSectionsOfUtf8 } from './markdown-sections.ts';
import { normaliseSource } from './normalise-source.ts';
import { plainTextTitle } from './normalise-text.ts';
import { plainTextSectionsOfUtf8 } from './plain-text-sections.ts';
import { utf8LineChunks } from './utf8-line-chunks.ts';
import { SourceStorageError } from './source-errors.ts';

/**
 * Normalises one file and, given the workspace's blob folder, writes the original and its
 * Markdown there, checked but not yet flushed or named (`unplaced`). Done where the reading
 * happens (a worker thread) so that writing them does not hold up the thread that serves the app;
 * storing the rows later flushes and names them on libuv's threads (storeImportedSource), and
 * the Markdown is not sent back. A text or Markdown file that needed no
 * change (UTF-8 without a BOM, "\n" line endings) is its own Markdown: one blob, no copy.
 * Throws SourceImportError (the file) or SourceStorageError (the disk).
 */
export async function normaliseAndKeep(type: SourceType, bytes: Uint8Array, name: string, blobRoot: string | null): Promise<KeptSource> {
  if ((type === 'markdown' || type === 'text') && blobRoot !== null) {
    checkTextBytes(bytes, name);
    // A Markdown or text file already in UTF-8 with "\n" endings is its own Markdown: its outline
    // is read from its bytes a chunk at a time, so the whole text is never held as one string
    // (a string of text with one character beyond Latin-1 takes two bytes a character).
    if (isVerbatimUtf8(bytes)) return keepVerbatimText(type, bytes, name, blobRoot);
  }
  const { markdown, ...index } = await normaliseSource(type, bytes, name);
  const unchanged = (type === 'text' || type === 'markdown') && isVerbatim(bytes, markdown);
  const markdownBytes = unchanged ? bytes : Buffer.from(markdown, 'utf8');
  if (blobRoot === null) {
    return { ...index, markdown, markdownSha256: createHash('sha256').update(markdownBytes).digest('hex'), markdownBytes: markdownBytes.byteLength };
  }
  // Written and checked but not flushed: storing the source flushes and names them (BlobStore.place)
  // while this thread reads the next file, instead of it waiting for the disk (a tenth of a fresh
  // worker's import: four flushes a file, each a wait on the disk's journal).
  const blobs = new BlobStore(blobRoot);
  const original = await keepBlobs(name, () => blobs.putUnplaced(bytes));
  const kept = unchanged ? original : await keepBlobs(name, () => blobs.putUnplaced(markdownBytes), [original]);
  return { ...index, markdown: null, markdownSha256: kept.sha256, markdownBytes: kept.sizeBytes, ...unplacedOf([original, kept]) };
}

async function keepVerbatimText(type: 'markdown' | 'text', bytes: Uint8Array, name: string, blobRoot: string): Promise<KeptSource> {
  const lineCount = countLinesOfBytes(bytes);
  const sections = type === 'markdown' ? await markdownSectionsOfUtf8(bytes, lineCount) : plainTextSectionsOfUtf8(bytes, lineCount);
  const kept = await keepBlobs(name, () => new BlobStore(blobRoot).putUnplaced(bytes));
  // As normaliseMarkdown / normaliseText and normaliseSource would make it, title and all.
  const title = type === 'markdown' ? null : plainTextTitle(utf8LineChunks(bytes).next().value ?? '');
  return { title, pages: [], lineCount, sections, markdown: null, markdownSha256: kept.sha256, markdownBytes: kept.sizeBytes, ...unplacedOf([kept]) };
}

/** Writes a blob; when that fails, removes the ones `written` before it, which nothing will place now. */
async function keepBlobs(name: string, write: () => Promise<UnplacedBlob>, written: UnplacedBlob[] = []): Promise<UnplacedBlob> {
  try {
    return await write();
  } catch (error) {
    for (const blob of written) if (blob.temp !== null) rmSync(blob.temp, { force: true });
    // A full disk: the blob store's message says so, where, and how much to free.
    if (storageProblemOf(error) === 'disk-full') throw new SourceStorageError(`${name} was read but not imported. ${(error as Error).message}`, { cause: error });
    throw new SourceStorageError(`${name} was read but could not be saved in the workspace (${(error as Error).message}); check the free disk space and that the workspace folder is writable, then import it again.`, {
      cause: error,
    });
  }
}

/** The blobs a reader wrote and left to be placed, as KeptSource carries them (each once). */
function unplacedOf(blobs: UnplacedBlob[]): Pick<KeptSource, 'unplaced'> {
  const unplaced = [...new Map(blobs.flatMap((blob) => (blob.temp === null ? [] : [[blob.sha256, { ...blob, temp: blob.temp }] as const]))).values()];
  return unplaced.length > 0 ? { unplaced } : {};
}

/** The decoded text is the file's bytes as they are (valid UTF-8, no BOM, no carriage returns, same length). */
function isVerbatim(bytes: Uint8Array, markdown: string): boolean {
  return isVerbatimUtf8(bytes) && Buffer.byteLength(markdown, 'utf8') === bytes.byteLength;
}
