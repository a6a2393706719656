import { closeSync, openSync, readSync } from 'node:fs';
import { BundleError } from '../files-inside-folder.ts';

// A frame a bundle or a Figma manifest brings is a PNG: checked by its signature before it is stored.

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Throws unless `file` (a realpath) starts with the PNG signature; `shown` is the path the user knows. */
export function assertPngFile(file: string, shown: string, fix: string): void {
  const head = Buffer.alloc(PNG_SIGNATURE.length);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read === PNG_SIGNATURE.length && head.equals(PNG_SIGNATURE)) return;
  const seen = read === 0 ? 'it is empty' : `it starts with ${hex(head.subarray(0, read))}, not the PNG signature ${hex(PNG_SIGNATURE)}`;
  throw new BundleError(shown, undefined, `${shown}: not a PNG (${seen}). ${fix}`);
}

export function hex(bytes: Buffer): string {
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
}
