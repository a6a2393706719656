import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describeDiskFull, isDiskFullCode } from './disk-full.ts';

/** Bytes read at a time when a stored file is compared or re-hashed. */
const CHUNK_BYTES = 1 << 20;

/**
 * Writing one blob file, the only way any blob reaches the disk: every byte is written (a short
 * write, which a filling disk returns before ENOSPC, is continued, and a write that makes no
 * progress is a full disk), into a temporary file beside the target, flushed, then checked (its
 * size, and its bytes hashed again to the name it will take) and only then renamed into place.
 * So a blob's name never holds anything but exactly its bytes, and a failed write leaves nothing.
 * A full disk is thrown as a BlobWriteError that says so, naming the folder and what to free.
 */
export function writeBlobFileSync(target: string, bytes: Uint8Array, sha256: string): void {
  const temp = tempPathOf(target);
  try {
    mkdirSync(dirname(target), { recursive: true });
    const fd = openSync(temp, 'wx+');
    try {
      for (let offset = 0; offset < bytes.byteLength; ) offset += progressOf(writeSync(fd, bytes, offset, bytes.byteLength - offset));
      fsyncSync(fd);
      checkWritten(fstatSync(fd).size, hashOfFileSync(fd), bytes.byteLength, sha256, target);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    removeQuietly(temp);
    throw blobWriteError(error, target, bytes.byteLength);
  }
  syncFolderSync(dirname(target));
}

/** writeBlobFileSync on libuv's thread pool, so the event loop keeps serving while the bytes reach the disk. */
export async function writeBlobFile(target: string, bytes: Uint8Array, sha256: string): Promise<void> {
  await placeBlobFile(await writeUnplacedBlobFile(target, bytes, sha256), target, bytes.byteLength);
}

/**
 * The first half of writeBlobFile, for a reader that hands the blob on (normalise-and-keep.ts):
 * every byte written to a temporary file beside `target` and checked (its size, and its bytes
 * hashed again), but neither flushed to the disk nor named. Returns the temporary file's path;
 * whoever records the blob finishes it with placeBlobFile just before, or removes it.
 */
export async function writeUnplacedBlobFile(target: string, bytes: Uint8Array, sha256: string): Promise<string> {
  const temp = tempPathOf(target);
  try {
    await mkdir(dirname(target), { recursive: true });
    const file = await open(temp, 'wx+');
    try {
      for (let offset = 0; offset < bytes.byteLength; ) offset += progressOf((await file.write(bytes, offset, bytes.byteLength - offset)).bytesWritten);
      checkWritten((await file.stat()).size, await hashOfFile(file), bytes.byteLength, sha256, target);
    } finally {
      await file.close();
    }
    return temp;
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw blobWriteError(error, target, bytes.byteLength);
  }
}

/**
 * The second half: flushes the checked temporary file to the disk, only then renames it to
 * `target`, and flushes the folder, so a blob's name never holds bytes the disk may not have,
 * and the name itself is on the disk when this returns (before any row that points at it).
 */
export async function placeBlobFile(temp: string, target: string, sizeBytes: number): Promise<void> {
  try {
    if (dirname(temp) !== dirname(target)) throw new Error(`the temporary file ${temp} is not beside ${target}`);
    // Read and write: Windows flushes only a file opened for writing.
    const file = await open(temp, 'r+');
    try {
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw blobWriteError(error, target, sizeBytes);
  }
  await syncFolder(dirname(target));
}

/**
 * A blob whose bytes come in chunks (a run's transcript, read from its files): each chunk is
 * hashed and written as it comes, so the blob is never held whole, into `temp`, flushed, read
 * back and checked, then renamed to `targetOf(sha256)`. The same guarantees as writeBlobFile.
 */
export async function writeBlobFileFromChunks(temp: string, chunks: AsyncIterable<Uint8Array>, targetOf: (sha256: string) => string): Promise<{ sha256: string; sizeBytes: number }> {
  let target = temp;
  let sizeBytes = 0;
  try {
    await mkdir(dirname(temp), { recursive: true });
    const file = await open(temp, 'wx+');
    const hash = createHash('sha256');
    let sha256: string;
    try {
      for await (const chunk of chunks) {
        hash.update(chunk);
        for (let offset = 0; offset < chunk.byteLength; ) offset += progressOf((await file.write(chunk, offset, chunk.byteLength - offset)).bytesWritten);
        sizeBytes += chunk.byteLength;
      }
      sha256 = hash.digest('hex');
      target = targetOf(sha256);
      await file.sync();
      checkWritten((await file.stat()).size, await hashOfFile(file), sizeBytes, sha256, target);
    } finally {
      await file.close();
    }
    await mkdir(dirname(target), { recursive: true });
    await rename(temp, target);
    await syncFolder(dirname(target));
    return { sha256, sizeBytes };
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw blobWriteError(error, target, sizeBytes);
  }
}

/**
 * Whether `path` holds exactly `bytes`: a regular file of the same size whose bytes compare
 * equal. A file cut short by a full disk, or changed since, does not count, so the caller writes
 * the blob again and the rename replaces it.
 */
export function blobFileHoldsSync(path: string, bytes: Uint8Array): boolean {
  if (!hasSize(path, bytes.byteLength)) return false;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(1, bytes.byteLength)));
    for (let offset = 0; offset < bytes.byteLength; ) {
      const read = readSync(fd, chunk, 0, Math.min(chunk.length, bytes.byteLength - offset), offset);
      if (read === 0 || Buffer.compare(chunk.subarray(0, read), bytes.subarray(offset, offset + read)) !== 0) return false;
      offset += read;
    }
    return true;
  } finally {
    closeSync(fd);
  }
}

/** blobFileHoldsSync without blocking the event loop. */
export async function blobFileHolds(path: string, bytes: Uint8Array): Promise<boolean> {
  try {
    const stats = await stat(path);
    if (!stats.isFile() || stats.size !== bytes.byteLength) return false;
  } catch {
    return false;
  }
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch {
    return false;
  }
  try {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(1, bytes.byteLength)));
    for (let offset = 0; offset < bytes.byteLength; ) {
      const { bytesRead } = await file.read(chunk, 0, Math.min(chunk.length, bytes.byteLength - offset), offset);
      if (bytesRead === 0 || Buffer.compare(chunk.subarray(0, bytesRead), bytes.subarray(offset, offset + bytesRead)) !== 0) return false;
      offset += bytesRead;
    }
    return true;
  } finally {
    await file.close();
  }
}

/** A regular file at `path`, of `sizeBytes` bytes when that is given. */
export function hasSize(path: string, sizeBytes?: number): boolean {
  try {
    const stats = statSync(path);
    return stats.isFile() && (sizeBytes === undefined || stats.size === sizeBytes);
  } catch {
    return false;
  }
}

/** The SHA-256 of the file at `path`, read a chunk at a time (a large blob is never held whole). */
export function hashOfPathSync(path: string): string {
  const fd = openSync(path, 'r');
  try {
    return hashOfFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A blob that could not be written; `code` is the system's (ENOSPC for a full disk), so storage errors classify it. */
export class BlobWriteError extends Error {
  override name = 'BlobWriteError';
  constructor(
    message: string,
    readonly code: string | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

function tempPathOf(target: string): string {
  return `${target}.tmp-${randomBytes(6).toString('hex')}`;
}

/** A write that wrote nothing made no progress: the disk had no room left. */
function progressOf(written: number): number {
  if (written > 0) return written;
  throw Object.assign(new Error('ENOSPC: no space left on device, write (the disk accepted no more bytes)'), { code: 'ENOSPC' });
}

function checkWritten(size: number, hash: string, expectedSize: number, sha256: string, target: string): void {
  if (size !== expectedSize) throw new Error(`the file written for ${target} holds ${size} of its ${expectedSize} bytes`);
  if (hash !== sha256) throw new Error(`the file written for ${target} does not read back as the bytes given (SHA-256 ${hash.slice(0, 12)}…, expected ${sha256.slice(0, 12)}…)`);
}

function hashOfFileSync(fd: number): string {
  const hash = createHash('sha256');
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  for (let offset = 0; ; ) {
    const read = readSync(fd, chunk, 0, chunk.length, offset);
    if (read === 0) return hash.digest('hex');
    hash.update(chunk.subarray(0, read));
    offset += read;
  }
}

async function hashOfFile(file: FileHandle): Promise<string> {
  const hash = createHash('sha256');
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  for (let offset = 0; ; ) {
    const { bytesRead } = await file.read(chunk, 0, chunk.length, offset);
    if (bytesRead === 0) return hash.digest('hex');
    hash.update(chunk.subarray(0, bytesRead));
    offset += bytesRead;
  }
}

/** Removes a temporary file a failed write left; the write's own error is the one to report. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Its folder is gone or unusable: nothing was left in it.
  }
}

/** Flushes the folder's entry for the renamed file; a file system that cannot sync a folder is left as it is. */
function syncFolderSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a folder; the file itself is already flushed.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** syncFolderSync on libuv's thread pool. */
async function syncFolder(dir: string): Promise<void> {
  let folder: FileHandle | undefined;
  try {
    folder = await open(dir, 'r');
    await folder.sync();
  } catch {
    // As in syncFolderSync: a file system that cannot sync a folder; the file itself is already flushed.
  } finally {
    await folder?.close().catch(() => undefined);
  }
}

function blobWriteError(error: unknown, target: string, sizeBytes: number): BlobWriteError {
  if (error instanceof BlobWriteError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  const folder = dirname(dirname(target));
  if (typeof code === 'string' && isDiskFullCode(code)) {
    return new BlobWriteError(`Could not store a file of ${sizeBytes} bytes in ${folder}: ${describeDiskFull(folder, detail, sizeBytes)} Nothing of it was kept.`, code, { cause: error });
  }
  return new BlobWriteError(`Could not store a file of ${sizeBytes} bytes in ${folder} (${detail}); nothing was kept of it.`, typeof code === 'string' ? code : undefined, { cause: error });
}
