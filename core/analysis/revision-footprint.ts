import type { TrajectoryTurn } from '../../schemas/trajectory.ts';
import { countLineChanges, splitLines } from './line-changes.ts';

/** What a revision turn changed in `out/`, against the turn before's snapshot. */
export interface RevisionFootprint {
  /** Files added, removed, or with other bytes. */
  filesChanged: number;
  /** Lines added plus lines removed, over text files (a binary file changes no lines). */
  linesChanged: number;
  /** The share of the turn before's output, by size, left as it was; null when it left nothing. */
  untouchedShare: number | null;
}

/** Larger files are compared whole, as binary ones are: a line diff of them costs more than it tells. */
const MAX_DIFFED_BYTES = 2 * 1024 * 1024;

type Snapshot = TrajectoryTurn['artifacts'];

/**
 * The footprint of the turn that turned `before` into `after` (each a turn's `out/` snapshot),
 * reading changed files' bytes with `read`; undefined when a changed file's bytes are not stored
 * (a pruned blob), since a guess would pass for a measurement. A file is text when it decodes as
 * UTF-8 and holds no NUL byte; a changed text file's untouched size is its size in proportion to
 * the lines the diff kept.
 */
export function revisionFootprint(before: Snapshot, after: Snapshot, read: (sha256: string) => Buffer | undefined): RevisionFootprint | undefined {
  const was = new Map(before.map((file) => [file.path, file]));
  const now = new Map(after.map((file) => [file.path, file]));
  let filesChanged = 0;
  let linesChanged = 0;
  let untouchedBytes = 0;
  for (const path of new Set([...was.keys(), ...now.keys()])) {
    const old = was.get(path);
    const next = now.get(path);
    if (old && next && old.sha256 === next.sha256) {
      untouchedBytes += old.sizeBytes;
      continue;
    }
    filesChanged++;
    const oldLines = old ? textLines(old, read) : [];
    const nextLines = next ? textLines(next, read) : [];
    if (oldLines === undefined || nextLines === undefined) return undefined;
    // Binary on either side: a changed file, with no lines to count.
    if (oldLines === null || nextLines === null) continue;
    const changes = countLineChanges(oldLines, nextLines);
    linesChanged += changes.added + changes.removed;
    if (old && oldLines.length > 0) untouchedBytes += old.sizeBytes * (changes.kept / oldLines.length);
  }
  const beforeBytes = before.reduce((sum, file) => sum + file.sizeBytes, 0);
  return { filesChanged, linesChanged, untouchedShare: beforeBytes === 0 ? null : untouchedBytes / beforeBytes };
}

/** A file's lines; null when it is binary (or too large to diff); undefined when its bytes are not stored. */
function textLines(file: Snapshot[number], read: (sha256: string) => Buffer | undefined): string[] | null | undefined {
  if (file.sizeBytes > MAX_DIFFED_BYTES) return null;
  const bytes = read(file.sha256);
  if (bytes === undefined) return undefined;
  if (bytes.includes(0)) return null;
  try {
    return splitLines(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
}
