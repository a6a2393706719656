import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExportSubset } from '../../schemas/export.ts';

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

  /** A text file, redacted, then written. */
  text(subset: ExportSubset, text: string, extension: string): CopiedFile {
    return this.bytesFile(subset, Buffer.from(this.redact(text), 'utf8'), extension);
  }

  /** A binary file, written as it is. */
  bytesFile(subset: ExportSubset, bytes: Buffer, extension: string): CopiedFile {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const path = `files/${subset}/${sha256}${extension}`;
    if (this.folder === undefined) throw new Error('CopiedFiles.writeInto was not called: the export has no folder to copy files into yet.');
    const target = join(this.folder, path);
    if (!existsSync(target)) {
      mkdirSync(join(this.folder, 'files', subset), { recursive: true });
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
