import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/**
 * A regular file's text, opened without following a link (O_NOFOLLOW), non-blocking so a FIFO
 * never hangs the engine, and only when it holds at most `maxBytes`; undefined when it is
 * missing, too large, or anything but a regular file. (Package A's core/runs/run-file.ts does
 * this for every run file; this stands in until the two meet.)
 */
export function readRegularFile(file: string, maxBytes: number): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const got = readSync(fd, buffer, read, stat.size - read, read);
      if (got === 0) break;
      read += got;
    }
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
