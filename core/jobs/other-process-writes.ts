import type { Database } from 'better-sqlite3';

/**
 * Calls `onTick` every `intervalMs`, saying whether another connection (an `lhb` command in a
 * terminal, a detached study, a second app) committed to the workspace since the last tick.
 * SQLite's `data_version` changes only for other connections' commits, so this process's own
 * writes, which it already announces, never count, and asking costs one pragma.
 */
export function watchOtherProcessWrites(db: Database, onTick: (written: boolean) => void, intervalMs: number): () => void {
  const version = () => db.pragma('data_version', { simple: true }) as number;
  let last = version();
  const timer = setInterval(() => {
    let now: number;
    try {
      now = version();
    } catch {
      // The database was closed under a watcher nobody stopped: nothing left to watch.
      clearInterval(timer);
      return;
    }
    const written = now !== last;
    last = now;
    onTick(written);
  }, intervalMs);
  // Watching never keeps a process alive by itself.
  timer.unref();
  return () => clearInterval(timer);
}
