import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { ExportSubset } from '../../schemas/export.ts';

/** Text is redacted this many bytes at a time at most (a block ends at a line break when it has one). */
export const TEXT_BLOCK_BYTES = 16 * 1024 * 1024;

/** A file copied into the export folder, as a row names it. */
export interface CopiedFile {
  /** Relative to the folder, forward slashes: `files/trajectories/<sha256>.jsonl`. */
  path: string;
  size_bytes: number;
  sha256: string;
}

/**
 * The files an export carries beside its data files (a task's ground-truth images, a run's raw
 * transcript), written into the staging folder under `files/<subset>/<sha256><ext>` (outside data/, which holds the data files the card's configs name and nothing else): named by
 * their content, so a file two rows share is written once, the name can hold nothing of the
 * workspace, and an unchanged workspace exports the same names. Text goes through the export's
 * redaction first (its digest is the redacted file's); images are copied as they are.
 */
export class CopiedFiles {
  /** Files written, and their bytes, for the card. */
  count = 0;
  bytes = 0;

  private folder: string | undefined;

  constructor(private readonly redact: (text: string) => string) {}

  /** The (staging) folder the files go into, once it exists. */
  writeInto(folder: string): void {
    this.folder = folder;
  }

  /**
   * A text file (UTF-8), redacted, then written. Redacted a block of whole lines at a time (a path
   * or a secret never spans a line break), so a transcript larger than a string can hold (a
   * study may keep gigabytes) is copied in bounded memory.
   */
  text(subset: ExportSubset, bytes: Buffer, extension: string): CopiedFile {
    if (bytes.length <= TEXT_BLOCK_BYTES) return this.bytesFile(subset, Buffer.from(this.redact(bytes.toString('utf8')), 'utf8'), extension);
    const folder = this.folderOrThrow();
    mkdirSync(join(folder, 'files', subset), { recursive: true });
    const temporary = join(folder, 'files', subset, `.copying-${process.pid}`);
    const hash = createHash('sha256');
    let size = 0;
    const fd = openSync(temporary, 'w');
    try {
      for (let start = 0; start < bytes.length; ) {
        const newline = bytes.lastIndexOf(0x0a, Math.min(start + TEXT_BLOCK_BYTES, bytes.length) - 1);
        const end = start + TEXT_BLOCK_BYTES >= bytes.length ? bytes.length : newline >= start ? newline + 1 : start + TEXT_BLOCK_BYTES;
        const block = Buffer.from(this.redact(bytes.subarray(start, end).toString('utf8')), 'utf8');
        hash.update(block);
        writeSync(fd, block);
        size += block.length;
        start = end;
      }
    } finally {
      closeSync(fd);
    }
    const sha256 = hash.digest('hex');
    const path = `files/${subset}/${sha256}${extension}`;
    const target = join(folder, path);
    if (existsSync(target)) rmSync(temporary);
    else {
      renameSync(temporary, target);
      this.count += 1;
      this.bytes += size;
    }
    return { path, size_bytes: size, sha256 };
  }

  private folderOrThrow(): string {
    if (this.folder === undefined) throw new Error('CopiedFiles.writeInto was not called: the export has no folder to copy files into yet.');
    return this.folder;
  }

  /** A binary file, written as it is. */
  bytesFile(subset: ExportSubset, bytes: Buffer, extension: string): CopiedFile {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const path = `files/${subset}/${sha256}${extension}`;
    const folder = this.folderOrThrow();
    const target = join(folder, path);
    if (!existsSync(target)) {
      mkdirSync(join(folder, 'files', subset), { recursive: true });
      writeFileSync(target, bytes);
      this.count += 1;
      this.bytes += bytes.length;
    }
    return { path, size_bytes: bytes.length, sha256 };
  }
}

/** The extension a copied image keeps, from its first bytes (the workspace stores blobs without names). */
export function imageExtension(bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return '.png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return '.jpg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return '.webp';
  return '.bin';
}
