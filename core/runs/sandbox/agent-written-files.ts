import { lstatSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

// The agent's folders of a run (work/, home/) may hold links it planted to files of the user's:
// the engine writes there only through core/runs/run-file.ts and refuses out/ with links.

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
