import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { harnessCacheDir } from './harness-tools.ts';

/**
 * One installed harness executable as it is on disk now: the file its name resolves to (npm's
 * `.bin` entries are links) and what changes when that file is replaced. npm may give every file
 * it unpacks the same fixed modification time, so the inode and status-change time are kept too:
 * a reinstall over the same path makes a new file, and so a new identity, whatever its mtime says.
 */
export interface BinaryIdentity {
  path: string;
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  ino: number;
}

export function binaryIdentity(binary: string): BinaryIdentity {
  const path = realpathSync(binary);
  const stat = statSync(path);
  return { path, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, size: stat.size, ino: stat.ino };
}

/** The identity as one string: the same file, unchanged, has the same key. */
export const identityKey = (identity: BinaryIdentity): string => `${identity.path}\n${identity.mtimeMs}\n${identity.ctimeMs}\n${identity.size}\n${identity.ino}`;

const EntrySchema = z.object({ mtimeMs: z.number(), ctimeMs: z.number(), size: z.number(), ino: z.number(), version: z.string().min(1), askedAt: z.string() });
const CacheFileSchema = z.object({ format: z.literal(1), binaries: z.record(z.string(), EntrySchema) });
type CacheFile = z.infer<typeof CacheFileSchema>;

/**
 * `<tools>/.cache/harness-versions.json`: each installed binary's version, by its resolved path,
 * with the identity it was asked at. Beside the installs rather than in a workspace: it describes
 * the machine's CLIs, not a study's record, so every workspace that shares the tools folder
 * (`LHB_TOOLS_DIR`) shares it, and `lhb runs exec` on a Slurm node reads it without a database.
 */
export function harnessVersionsFile(toolsDir: string): string {
  return join(harnessCacheDir(toolsDir), 'harness-versions.json');
}

function readCacheFile(file: string): CacheFile {
  if (!existsSync(file)) return { format: 1, binaries: {} };
  try {
    return CacheFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // Unreadable (a newer format, a torn copy): asked again, and rewritten on the next answer.
    return { format: 1, binaries: {} };
  }
}

/** The version kept for this binary, or undefined when none was kept or the binary changed since. */
export function cachedHarnessVersion(file: string, identity: BinaryIdentity): string | undefined {
  const entry = readCacheFile(file).binaries[identity.path];
  if (!entry) return undefined;
  const same = entry.mtimeMs === identity.mtimeMs && entry.ctimeMs === identity.ctimeMs && entry.size === identity.size && entry.ino === identity.ino;
  return same ? entry.version : undefined;
}

/**
 * Keeps a binary's version. Written to a temporary file and renamed, so a reader never sees half a
 * file; two processes writing at once may lose one entry, which is then only asked again.
 */
export function keepHarnessVersion(file: string, identity: BinaryIdentity, version: string): void {
  const cache = readCacheFile(file);
  const { path, ...rest } = identity;
  cache.binaries[path] = { ...rest, version, askedAt: new Date().toISOString() };
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(cache, null, 2)}\n`);
  renameSync(temporary, file);
}
