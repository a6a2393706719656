import { closeSync, constants, createWriteStream, fstatSync, lstatSync, mkdirSync, openSync, read, readSync, renameSync, rmSync, writeFileSync, type WriteStream } from 'node:fs';
import { promisify } from 'node:util';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The one way the engine, which runs outside the sandbox, opens the files it keeps about a run
 * (transcripts, stderr logs, turns.json, manifest.json, slurm/ exec and outcome files): a name
 * there may have been replaced by the agent, so none is ever followed as a link, only a regular
 * file is read (a FIFO or a device is refused, and opening one never blocks), a read stops at a
 * cap, and a file is written only by creating it afresh, so a planted link is never written
 * through. The folder it sits in must be a real folder, not a link.
 */

/** A run file that is not the engine's own: a link, a FIFO, a device, a folder, or in a linked folder. */
export class RunFileRefusedError extends Error {
  override name = 'RunFileRefusedError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

const readAt = promisify(read);
const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_APPEND, O_NOFOLLOW, O_NONBLOCK } = constants;
const READ_FLAGS = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
const CREATE_FLAGS = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;
const APPEND_FLAGS = O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK;

/** The cap for the engine's small JSON files (manifest.json, turns.json, slurm/*.json): far above any it writes. */
export const RUN_JSON_MAX_BYTES = 16 * 1024 * 1024;

const replaced = 'something in the run (the agent, most likely) replaced it, so the engine did not use it';

function kindOf(stat: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): string {
  if (stat.isSymbolicLink()) return 'a symbolic link';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  if (stat.isDirectory()) return 'a folder';
  return 'not a regular file';
}

/** The folder a run file sits in must be a real folder: a link there would lead anywhere. */
function checkFolder(file: string): void {
  const folder = dirname(file);
  const stat = lstatSync(folder, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) throw new RunFileRefusedError(file, `${folder} is ${kindOf(stat)}, not the run's own folder: ${replaced}.`);
}

/** The error open(2) gave, in words about the run file; other errors pass unchanged. */
function refusal(file: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  // ELOOP: the last component is a link (O_NOFOLLOW); ENXIO: a FIFO with no reader, opened to write.
  if (code === 'ELOOP' || code === 'EMLINK') return new RunFileRefusedError(file, `${file} is a symbolic link, not the file the engine wrote: ${replaced}.`);
  if (code === 'ENXIO') return new RunFileRefusedError(file, `${file} is a FIFO, not the file the engine wrote: ${replaced}.`);
  if (code === 'EISDIR') return new RunFileRefusedError(file, `${file} is a folder, not the file the engine wrote: ${replaced}.`);
  return error;
}

function openChecked(file: string, flags: number, mode?: number): number {
  checkFolder(file);
  let fd: number;
  try {
    fd = openSync(file, flags, mode);
  } catch (error) {
    throw refusal(file, error);
  }
  const stat = fstatSync(fd);
  if (!stat.isFile()) {
    closeSync(fd);
    throw new RunFileRefusedError(file, `${file} is ${kindOf(stat)}, not the file the engine wrote: ${replaced}.`);
  }
  return fd;
}

/** A run file opened to read: `size` is how much of it is read (at most the cap); `cut` says the file was longer. */
export interface OpenRunFile {
  path: string;
  fd: number;
  size: number;
  cut: boolean;
  /** The file's identity, so a second opener (the parsing worker) can check it opened the same one. */
  dev: number;
  ino: number;
  close(): void;
}

/** Opens a run file to read, or undefined when there is none; refuses (RunFileRefusedError) a link, a FIFO, a device. */
export function openRunFile(file: string, maxBytes: number): OpenRunFile | undefined {
  let fd: number;
  try {
    fd = openChecked(file, READ_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const stat = fstatSync(fd);
  let closed = false;
  return {
    path: file,
    fd,
    size: Math.min(stat.size, maxBytes),
    cut: stat.size > maxBytes,
    dev: stat.dev,
    ino: stat.ino,
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

/** The first `maxBytes` of a run file (`cut` when it held more), or undefined when there is none. */
export function readRunFile(file: string, maxBytes: number): { bytes: Buffer; cut: boolean } | undefined {
  const opened = openRunFile(file, maxBytes);
  if (!opened) return undefined;
  try {
    const bytes = Buffer.alloc(opened.size);
    let at = 0;
    while (at < bytes.length) {
      const got = readSync(opened.fd, bytes, at, bytes.length - at, at);
      if (got === 0) break; // shrank while read
      at += got;
    }
    return { bytes: at === bytes.length ? bytes : bytes.subarray(0, at), cut: opened.cut };
  } finally {
    opened.close();
  }
}

/** A small run file's bytes whole (a JSON file of the engine's), or undefined when there is none; one over the cap is refused, not cut. */
export function readWholeRunFile(file: string, maxBytes = RUN_JSON_MAX_BYTES): Buffer | undefined {
  const read = readRunFile(file, maxBytes);
  if (!read) return undefined;
  if (read.cut) throw new RunFileRefusedError(file, `${file} is larger than ${Math.max(1, Math.round(maxBytes / 1048576))} MiB, far more than the engine ever writes there: ${replaced}.`);
  return read.bytes;
}

/** A small run file's text, as readWholeRunFile reads it. */
export function readRunFileText(file: string, maxBytes = RUN_JSON_MAX_BYTES): string | undefined {
  return readWholeRunFile(file, maxBytes)?.toString('utf8');
}

/** Up to `length` bytes of an opened run file from `offset` (fewer at its end): a live view reads what was added since it last looked. */
export function readRunFileAt(opened: OpenRunFile, offset: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const n = readSync(opened.fd, buffer, got, length - got, offset + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buffer : buffer.subarray(0, got);
}

/** A run file's bytes in chunks, read from its open descriptor up to its capped size. */
export async function* runFileChunks(opened: OpenRunFile, chunkBytes = 1024 * 1024): AsyncGenerator<Buffer> {
  for (let at = 0; at < opened.size; ) {
    const buffer = Buffer.alloc(Math.min(chunkBytes, opened.size - at));
    const { bytesRead } = await readAt(opened.fd, buffer, 0, buffer.length, at);
    if (bytesRead === 0) return;
    at += bytesRead;
    yield bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
  }
}

/** Creates a run file afresh for writing: whatever had its name (a planted link) is removed, never written through. */
function createFresh(file: string, mode: number): number {
  checkFolder(file);
  rmSync(file, { force: true }); // unlinks a link itself, never its target
  return openChecked(file, CREATE_FLAGS, mode);
}

/** Writes a run file whole, as a new file in place of whatever had its name. */
export function writeRunFile(file: string, data: string | Uint8Array, mode = 0o644): void {
  const fd = createFresh(file, mode);
  try {
    writeFileSync(fd, data);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the engine's file into an agent's folder of the run (a harness's config under home/, before
 * each turn): every folder from `root` down to it is made a real folder (a link or file the agent
 * put on the way is removed, never followed), then the file is written as writeRunFile does.
 */
export function writeAgentFolderFile(root: string, file: string, data: string | Uint8Array): void {
  makeAgentFolder(root, dirname(file));
  writeRunFile(file, data);
}

/** Makes `folder` and every folder from `root` down to it real folders: a link or file on the way is removed, never followed. */
export function makeAgentFolder(root: string, folder: string): void {
  const path = relative(root, folder);
  if (path.startsWith('..')) throw new Error(`${folder} is not inside ${root}`);
  let at = root;
  for (const name of path === '' ? [] : path.split(sep)) {
    at = join(at, name);
    const stat = lstatSync(at, { throwIfNoEntry: false });
    if (stat?.isDirectory()) continue;
    if (stat) rmSync(at, { force: true });
    mkdirSync(at);
  }
}

/** Makes the engine's own folder of a run a real folder: a link or file the agent put in its place is removed (never followed), then the folder is made. */
export function ensureRunFolder(folder: string): void {
  const stat = lstatSync(folder, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) rmSync(folder, { force: true });
  mkdirSync(folder, { recursive: true });
  const made = lstatSync(folder);
  if (!made.isDirectory()) throw new RunFileRefusedError(folder, `${folder} is ${kindOf(made)}, not a folder of the run: ${replaced}.`);
}

/** Replaces a run file whole through `<file>.tmp` (itself created afresh) and a rename, so a reader sees the old or the new. */
export function replaceRunFile(file: string, data: string | Uint8Array, mode = 0o644): void {
  writeRunFile(`${file}.tmp`, data, mode);
  renameSync(`${file}.tmp`, file);
}

/** Appends to a run file (made when missing) without following a link; a FIFO or device there is refused. */
export function appendRunFile(file: string, data: string | Uint8Array): void {
  const fd = openChecked(file, APPEND_FLAGS, 0o644);
  try {
    writeFileSync(fd, data);
  } finally {
    closeSync(fd);
  }
}

/** A harness's stdout or stderr file, created afresh (a link planted at its name is removed, not followed) and streamed to. */
export function createRunFileWriteStream(file: string): WriteStream {
  return createWriteStream(file, { fd: createFresh(file, 0o644) });
}
