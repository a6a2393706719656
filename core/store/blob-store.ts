import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { blobFileHolds, blobFileHoldsSync, hashOfPathSync, hasSize, placeBlobFile, writeBlobFile, writeBlobFileFromChunks, writeBlobFileSync, writeUnplacedBlobFile } from './blob-file.ts';

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** `blobs/ab/` folders, and the temporary files `put` writes there before renaming them into place. */
const SHARD_DIR = /^[0-9a-f]{2}$/;
const TEMP_FILE = /^[0-9a-f]{62}\.tmp-[0-9a-f]+$/;

/**
 * A temporary file older than this was left by a write that was killed: no write takes an hour,
 * and a younger one may belong to another process writing right now.
 */
export const STALE_TEMP_FILE_MS = 60 * 60 * 1000;

/** A stored blob: its SHA-256 and size, and whether this call wrote its file (false: it was already there, intact). */
export interface StoredBlob {
  sha256: string;
  sizeBytes: number;
  written: boolean;
}

/** A blob written but not yet flushed or named (`putUnplaced`); `temp` null when it was already stored. */
export interface UnplacedBlob {
  sha256: string;
  sizeBytes: number;
  temp: string | null;
}

/** What checking a stored blob found. */
export type BlobCheck = 'ok' | 'missing' | 'size' | 'hash';

/** A temporary file under the blob store, with its age when it was listed. */
export interface BlobTempFile {
  path: string;
  ageMs: number;
}

/**
 * Content-addressed files under `blobs/ab/cdef…`. A blob is written to a temporary file,
 * flushed, checked, then renamed into place (blob-file.ts), so a reader never sees half a blob,
 * a full disk leaves nothing under a blob's name, and a crash leaves at most a stray temp file.
 */
export class BlobStore {
  /** `readOnly`: the store is only read, so its folder is not created (and may not exist). */
  constructor(
    readonly root: string,
    options: { readOnly?: boolean } = {},
  ) {
    if (!options.readOnly) mkdirSync(root, { recursive: true });
  }

  /** Every temporary file `put` left under the store (a killed write leaves one), with its age. */
  listTempFiles(now: number = Date.now()): BlobTempFile[] {
    const found: BlobTempFile[] = [];
    for (const shard of readdirOrEmpty(this.root)) {
      if (!SHARD_DIR.test(shard)) continue;
      for (const name of readdirOrEmpty(join(this.root, shard))) {
        if (!TEMP_FILE.test(name)) continue;
        const path = join(this.root, shard, name);
        try {
          found.push({ path, ageMs: Math.max(0, now - statSync(path).mtimeMs) });
        } catch {
          // Renamed into place or removed by its writer since the listing: not left over.
        }
      }
    }
    return found;
  }

  /**
   * Removes temporary files older than `maxAgeMs` (left by writes that were killed) and returns
   * them; younger ones are left alone, since another process may be writing them now.
   */
  removeStaleTempFiles(maxAgeMs: number = STALE_TEMP_FILE_MS, now: number = Date.now()): BlobTempFile[] {
    const removed: BlobTempFile[] = [];
    for (const temp of this.listTempFiles(now)) {
      if (temp.ageMs < maxAgeMs) continue;
      try {
        rmSync(temp.path, { force: true });
        removed.push(temp);
      } catch {
        // Not ours to remove (permissions): "Verify workspace" still lists it.
      }
    }
    return removed;
  }

  pathFor(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error(`Not a SHA-256 blob id: ${JSON.stringify(sha256)}`);
    return join(this.root, sha256.slice(0, 2), sha256.slice(2));
  }

  /**
   * Stores the bytes (once, whatever the number of calls) and returns their SHA-256; `written`
   * says this call wrote the file. A file already under that name counts only when it holds
   * exactly these bytes: one cut short (by a full disk) or changed is written again and replaced.
   */
  put(bytes: Uint8Array): StoredBlob {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathFor(sha256);
    if (blobFileHoldsSync(target, bytes)) return { sha256, sizeBytes: bytes.byteLength, written: false };
    writeBlobFileSync(target, bytes, sha256);
    return { sha256, sizeBytes: bytes.byteLength, written: true };
  }

  /**
   * `put` without blocking the event loop: the write and its flush run on libuv's thread pool,
   * so an import keeps its parser workers fed while files reach the disk.
   */
  async putAsync(bytes: Uint8Array): Promise<StoredBlob> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathFor(sha256);
    if (await blobFileHolds(target, bytes)) return { sha256, sizeBytes: bytes.byteLength, written: false };
    await writeBlobFile(target, bytes, sha256);
    return { sha256, sizeBytes: bytes.byteLength, written: true };
  }

  /**
   * The first half of `putAsync`, for a thread that reads files and hands them on: the bytes
   * written beside their name and checked, but not flushed or named (writeUnplacedBlobFile).
   * `temp` is null when the blob is already stored, intact; otherwise `place` it before recording
   * it, or remove it.
   */
  async putUnplaced(bytes: Uint8Array): Promise<UnplacedBlob> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathFor(sha256);
    if (await blobFileHolds(target, bytes)) return { sha256, sizeBytes: bytes.byteLength, temp: null };
    return { sha256, sizeBytes: bytes.byteLength, temp: await writeUnplacedBlobFile(target, bytes, sha256) };
  }

  /**
   * Finishes a `putUnplaced`: the file flushed, named and its folder flushed (placeBlobFile).
   * Placing one twice is placing it once: a temporary file gone while its blob is there, whole, was placed.
   */
  async place(blob: UnplacedBlob & { temp: string }): Promise<void> {
    if (!existsSync(blob.temp) && this.has(blob.sha256, blob.sizeBytes)) return;
    await placeBlobFile(blob.temp, this.pathFor(blob.sha256), blob.sizeBytes);
  }

  /**
   * `putAsync` for bytes that come in chunks (a run's transcript from its files), never held
   * whole: written under a temporary name that `listTempFiles` knows, then renamed into place.
   * A blob already stored is replaced by the same bytes (`written` is then true as well).
   */
  async putChunksAsync(chunks: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
    const temp = join(this.root, '00', `${randomBytes(31).toString('hex')}.tmp-${randomBytes(6).toString('hex')}`);
    const { sha256, sizeBytes } = await writeBlobFileFromChunks(temp, chunks, (hash) => this.pathFor(hash));
    return { sha256, sizeBytes, written: true };
  }

  /** The blob's file is there (and is `sizeBytes` long, when given: a file cut short does not count). */
  has(sha256: string, sizeBytes?: number): boolean {
    return SHA256_HEX.test(sha256) && hasSize(this.pathFor(sha256), sizeBytes);
  }

  read(sha256: string): Buffer {
    const path = this.pathFor(sha256);
    try {
      return readFileSync(path);
    } catch (error) {
      throw new Error(`Blob ${sha256} is missing from ${this.root} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}). Run "Verify workspace" to list every missing file.`, { cause: error });
    }
  }

  /**
   * Checks the stored file against its name and recorded size: 'ok', or what is wrong with it
   * ('missing', 'size' when cut short or grown, 'hash' when its bytes changed). Reads it a chunk
   * at a time.
   */
  check(sha256: string, sizeBytes?: number): BlobCheck {
    const path = this.pathFor(sha256);
    if (!hasSize(path)) return 'missing';
    if (!hasSize(path, sizeBytes)) return 'size';
    try {
      return hashOfPathSync(path) === sha256 ? 'ok' : 'hash';
    } catch {
      return 'missing';
    }
  }

  /** Re-hashes the stored file; false when it is missing or its bytes changed. */
  verify(sha256: string): boolean {
    return this.check(sha256) === 'ok';
  }
}

function readdirOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
