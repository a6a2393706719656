import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The shortest pause between two walks of a run folder. */
const MIN_INTERVAL_MS = 1_000;
/** A walk takes at most this share of the time: a run folder holding a large node_modules is walked less often. */
const WALK_SHARE = 0.1;

/**
 * What a run's folders take on disk: every file, folder and link in them, each inode once (hard links),
 * never following a link out of them. A file counts at its apparent size when that is larger than
 * its blocks: a sparse file would take its full size once copied into the blob store.
 */
export async function diskUseOf(folders: readonly string[]): Promise<number> {
  const seen = new Set<string>();
  let total = 0;
  const walk = async (path: string): Promise<void> => {
    const stat = await lstat(path).catch(() => undefined);
    if (!stat) return; // removed while walked
    const inode = `${stat.dev}:${stat.ino}`;
    if (seen.has(inode)) return;
    seen.add(inode);
    const allocated = stat.blocks * 512;
    total += stat.isFile() ? Math.max(stat.size, allocated) : allocated;
    if (!stat.isDirectory()) return;
    for (const name of await readdir(path).catch(() => [] as string[])) await walk(join(path, name));
  };
  for (const folder of folders) await walk(folder);
  return total;
}

export interface RunFolderDiskWatch {
  /** Walks the folder once more (after the run ended, its last word) and reports a hit if it is over. */
  measure(): Promise<number>;
  stop(): void;
}

/**
 * Measures a run's folders (what its agent can write: work/ and home/) while its run works and calls `onExceeded` once, as soon as its disk use
 * passes `limitBytes`. Walks one at a time, paced by how long the last one took.
 */
export function watchRunFolderDisk(folders: readonly string[], limitBytes: number, onExceeded: (bytes: number) => void): RunFolderDiskWatch {
  let stopped = false;
  let reported = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async (): Promise<number> => {
    const bytes = await diskUseOf(folders);
    if (bytes > limitBytes && !reported) {
      reported = true;
      onExceeded(bytes);
    }
    return bytes;
  };
  const schedule = (delayMs: number) => {
    if (stopped || reported) return;
    timer = setTimeout(() => {
      const began = Date.now();
      void check().then(() => schedule(Math.max(MIN_INTERVAL_MS, (Date.now() - began) / WALK_SHARE)));
    }, delayMs);
  };
  schedule(MIN_INTERVAL_MS / 2);
  return {
    measure: check,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
