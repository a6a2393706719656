import type { Stats } from 'node:fs';

/**
 * What a path that is not a regular file is, in words ("a named pipe (FIFO)"). Readers open
 * only regular files: a named pipe waits for a writer that may never come and a device such as
 * /dev/zero never ends, so a message names what the user gave instead of calling it "a folder".
 */
export function kindOfPath(stats: Stats): string {
  if (stats.isFile()) return 'a file';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}
