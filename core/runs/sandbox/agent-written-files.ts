import { lstatSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The run folder is the agent's to write: any name in it may be a symlink it planted to a file of
 * the user's. The engine, which runs outside the sandbox, writes there only through a fresh file
 * (unlinked first, then created exclusively, which fails on a symlink) and refuses out/ with links.
 */
export function writeFileNotFollowing(file: string, data: string | Buffer): void {
  rmSync(file, { force: true }); // unlinks a symlink itself, never its target
  writeFileSync(file, data, { flag: 'wx' });
}

/** Symlinks in `dir` (itself included), relative to it: a run's out/ with any is not imported. */
export function symlinksIn(dir: string, limit = 20): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    if (found.length >= limit) return;
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isSymbolicLink()) found.push(relative(dir, path) || '.');
    else if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}
