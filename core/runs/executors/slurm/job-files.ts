import { closeSync, constants, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * How the Slurm executor and its job open the files they share with a run folder (exec.json, the
 * outcome, the transcript and stderr): never through a link, only regular files, size-capped and
 * non-blocking, so a name an agent replaced cannot make them read or write a file of the user's.
 *
 * A local stand-in for core/runs/run-file.ts (package A of issue 34), which does the same for
 * every run file; after both are merged these call it.
 */

export class JobFileError extends Error {
  override name = 'JobFileError';
}

/** The folder a job file goes in, made if missing; a link or a non-folder in its place is removed first (never followed). */
export function ensureRealFolder(folder: string): void {
  const stat = lstatSync(folder, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) rmSync(folder, { force: true }); // a planted link (or file) goes, its target is untouched
  mkdirSync(folder, { recursive: true });
  if (!lstatSync(folder).isDirectory()) throw new JobFileError(`${folder} is not a folder; the run folder is damaged. Resume the study to prepare it again.`);
}

/** Writes a fresh file: whatever is at the name (a link, a FIFO) is unlinked, then the file is created exclusively, never through a link. */
export function writeFresh(file: string, data: string | Buffer, mode = 0o600): void {
  ensureRealFolder(dirname(file));
  rmSync(file, { force: true });
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes `file` whole or not at all: a fresh `<file>.tmp` (never through a link planted there), renamed over it. */
export function writeFreshAtomically(file: string, data: string | Buffer, mode = 0o600): void {
  writeFresh(`${file}.tmp`, data, mode);
  renameSync(`${file}.tmp`, file);
}

/**
 * Reads a regular file without following a link at its name and without blocking on a FIFO, at
 * most `maxBytes`; undefined when there is none. A link, a FIFO, a device or a larger file is a JobFileError.
 */
export function readCapped(file: string, maxBytes: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw new JobFileError(`${file} is a link, which is never followed.`);
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new JobFileError(`${file} is not a regular file.`);
    if (stat.size > maxBytes) throw new JobFileError(`${file} is ${stat.size} bytes, more than the ${maxBytes} allowed.`);
    return readFrom(fd, 0, stat.size);
  } finally {
    closeSync(fd);
  }
}

/** Reads up to `length` bytes at `offset` of an open file (fewer at its end). */
export function readFrom(fd: number, offset: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buffer, got, length - got, offset + got);
    if (n === 0) break;
    got += n;
  }
  return buffer.subarray(0, got);
}
