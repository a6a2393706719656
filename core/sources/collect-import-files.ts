import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, extname, join, relative, resolve, sep } from 'node:path';
import type { ImportOutcome } from '../../schemas/sources.ts';
import { isPathInside } from '../path-inside.ts';
import { SOURCE_EXTENSIONS, SUPPORTED_EXTENSIONS_TEXT } from './detect-source-type.ts';

/** A file found on disk to import, under the name the source will be known by. */
export interface PathCandidate {
  name: string;
  path: string;
}

export interface CollectedFiles {
  candidates: PathCandidate[];
  /** Paths named explicitly that cannot be imported (missing, unreadable, unsupported). */
  failures: Extract<ImportOutcome, { status: 'failed' }>[];
  /** Files met while walking a folder that are not sources; reported, not failed. */
  skipped: { path: string; reason: string }[];
}

/**
 * Expands the paths given to an import: a file is taken as it is (named by its file name); a
 * folder is walked recursively for PDF, HTML, Markdown and text files, each named by its path
 * inside the folder (`notes/brief.md`), so that importing the folder again finds the same
 * sources and two `brief.md` in different subfolders stay two sources. Hidden entries
 * (`.git`, `.DS_Store`) are passed over silently; symbolic links to folders are not followed,
 * so a link cycle cannot make the walk endless. Relative paths resolve against `cwd`.
 */
export async function collectImportFiles(paths: string[], signal?: AbortSignal, cwd: string = process.cwd()): Promise<CollectedFiles> {
  const collected: CollectedFiles = { candidates: [], failures: [], skipped: [] };
  for (const given of paths) {
    signal?.throwIfAborted();
    const path = resolve(cwd, given);
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      collected.failures.push({ status: 'failed', name: basename(path) || path, reason: unreadable(path, error) });
      continue;
    }
    if (info.isDirectory()) await walkFolder({ root: path, realRoot: await realpath(path) }, path, collected, signal);
    else if (!isSupported(path)) collected.failures.push({ status: 'failed', name: basename(path), reason: unsupported(path) });
    else collected.candidates.push({ name: basename(path), path });
  }
  return collected;
}

/** The folder given (names are relative to it) and where it really is (links must stay inside that). */
interface WalkRoot {
  root: string;
  realRoot: string;
}

async function walkFolder(walk: WalkRoot, folder: string, collected: CollectedFiles, signal: AbortSignal | undefined): Promise<void> {
  const { root } = walk;
  signal?.throwIfAborted();
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    collected.skipped.push({ path: folder, reason: unreadable(folder, error) });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      await walkFolder(walk, path, collected, signal);
      continue;
    }
    const name = relative(root, path).split(sep).join('/');
    let readFrom = path;
    if (entry.isSymbolicLink()) {
      const target = await stat(path).catch(() => undefined);
      if (!target?.isFile()) {
        collected.skipped.push({ path, reason: `${path} is a symbolic link to a folder or to nothing; links to folders are not followed.` });
        continue;
      }
      // A folder's link to ~/.aws/credentials would otherwise become a source, and then a row of
      // the exported dataset: only what is inside the folder given is imported.
      readFrom = await realpath(path);
      if (!isPathInside(walk.realRoot, readFrom)) {
        collected.failures.push({
          status: 'failed',
          name,
          reason: `${path} is a symbolic link to ${readFrom}, outside the folder ${walk.realRoot}; nothing outside the folder given is imported. Copy the file into the folder if it belongs there.`,
        });
        continue;
      }
    } else if (!entry.isFile()) {
      continue;
    }
    if (!isSupported(path)) {
      collected.skipped.push({ path, reason: unsupported(path) });
      continue;
    }
    collected.candidates.push({ name, path: readFrom });
  }
}

function isSupported(path: string): boolean {
  return Object.hasOwn(SOURCE_EXTENSIONS, extname(path).toLowerCase());
}

function unsupported(path: string): string {
  const extension = extname(path) || 'no extension';
  return `${basename(path)} is not a supported kind of file (${extension}); import ${SUPPORTED_EXTENSIONS_TEXT} files.`;
}

export function unreadable(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `${path} does not exist; check the path and try again.`;
  if (code === 'EACCES' || code === 'EPERM') return `${path} cannot be read (permission denied); check its permissions and try again.`;
  return `${path} cannot be read (${code ?? (error as Error).message}); check that it is a file you can open and try again.`;
}
