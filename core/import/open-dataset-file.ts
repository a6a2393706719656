import { closeSync, constants, fstatSync, lstatSync, openSync } from 'node:fs';
import { kindOfPath } from '../path-kind.ts';
import { ImportRefusedError } from './import-refused-error.ts';

/*
 * Opening a file of a dataset folder someone else wrote (the card, a data file) so that what the
 * folder holds can neither hang the import nor lead it outside: the last component is opened
 * without following a link (O_NOFOLLOW), without waiting for a writer (O_NONBLOCK: a named pipe
 * opens at once instead of blocking until one comes), and the open file must be a regular file
 * (fstat after opening, so a path swapped between a check and the open is caught too), of at most
 * `limitBytes`. The same rules as core/runs/run-file.ts applies to a run's files (issue 34); the
 * two can become one helper.
 */

/** On systems without them (Windows) the flags are 0 and the fstat check still refuses a pipe or device. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export interface DatasetFile {
  fd: number;
  size: number;
  /** A path other readers (DuckDB) open to read this very file, not whatever the name points at by then. */
  readablePath: string;
}

/**
 * Opens `path` of a dataset folder for reading as described above; `shown` is how messages name
 * it (`data/runs/train-00000-of-00001.jsonl`). The caller closes `fd`.
 */
export function openDatasetFile(path: string, shown: string, limitBytes = Number.POSITIVE_INFINITY): DatasetFile {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || (code === 'EMLINK' && isLink(path))) {
      throw new ImportRefusedError(`${shown} is a symbolic link; a dataset export's files are regular files and links in it are not followed. Copy the file it points to in its place.`, { cause: error });
    }
    if (code === 'ENOENT') throw new ImportRefusedError(`${shown} does not exist (it was removed while the import read the folder).`, { cause: error });
    throw new ImportRefusedError(`${shown} could not be opened (${(error as Error).message}).`, { cause: error });
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      throw new ImportRefusedError(`${shown} is ${kindOfPath(stats)}, not a file; it was not read. Replace it with the file lhb export hf wrote.`);
    }
    if (stats.size > limitBytes) {
      throw new ImportRefusedError(`${shown} is ${formatBytes(stats.size)}, more than the ${formatBytes(limitBytes)} a data file of an export may hold; it was not read.`);
    }
    return { fd, size: stats.size, readablePath: process.platform === 'linux' ? `/proc/self/fd/${fd}` : `/dev/fd/${fd}` };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}
