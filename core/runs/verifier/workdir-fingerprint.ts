import { createHash } from 'node:crypto';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';

/**
 * Folders of the agent's working folder that are not its app's sources: dependencies, build
 * output, version control, caches, and every harness's own config and skills (whichever harness
 * runs, a task may bring another's).
 */
const NOT_SOURCES = new Set([
  ...['out', 'node_modules', 'dist', '.git', '.cache', '.vite', '.next', '.turbo', 'coverage'],
  ...Object.values(HARNESS_ADAPTERS).flatMap((adapter) => adapter.configFolders),
]);
/** A folder this large is not walked further: the fingerprint then covers what was seen. */
const MAX_FILES = 20_000;

export interface TreeScan {
  /** SHA-256 over every file's relative path, size and modification time. */
  hash: string;
  /** The newest file's modification time (ms), 0 for an empty or missing folder. */
  newestMtimeMs: number;
  files: number;
}

/**
 * A cheap fingerprint of a folder: paths, sizes and modification times, not contents, so a
 * check after every tool call costs milliseconds. `skip` names top-level folders left out.
 */
export function scanTree(root: string, skip: ReadonlySet<string> = new Set()): TreeScan {
  const hash = createHash('sha256');
  let newestMtimeMs = 0;
  let files = 0;
  const walk = (folder: string, prefix: string, top: boolean) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (files >= MAX_FILES) return;
      if (top && skip.has(entry.name)) continue;
      const path = join(folder, entry.name);
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        walk(path, rel, false);
        continue;
      }
      let info;
      try {
        info = lstatSync(path);
      } catch {
        continue;
      }
      files += 1;
      newestMtimeMs = Math.max(newestMtimeMs, info.mtimeMs);
      hash.update(`${rel}\0${info.size}\0${info.mtimeMs}\n`);
    }
  };
  walk(root, '', true);
  return { hash: hash.digest('hex'), newestMtimeMs, files };
}

/** The app's sources in the working folder (everything but NOT_SOURCES). */
export function scanSources(workdir: string): TreeScan {
  return scanTree(workdir, NOT_SOURCES);
}

/** What the agent has built: the whole state the preview depends on (sources and out/dist). */
export function workdirFingerprint(workdir: string): string {
  return createHash('sha256').update(scanSources(workdir).hash).update(scanTree(join(workdir, 'out', 'dist')).hash).digest('hex');
}
