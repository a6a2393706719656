import { realpathSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { listRunSourceDirs } from '../store/export-queries.ts';
import { listStudies } from '../store/study-repository.ts';

export const REDACTED_PATH = '<local path>';

/**
 * The folders on this machine that the workspace knows of: the workspace itself (and so every
 * run folder a local study made, with the work/ and home/ its agents saw, which the sandbox binds
 * at the same paths), where runs were imported from, study folders (a Slurm study's, in its
 * shared folder), skill and task folders named by studies. Each as given and as the file system
 * resolves it (a folder reached through a link is named both ways in transcripts).
 */
export function knownLocalPaths(db: Database, projectId: string, workspaceDir: string): string[] {
  const paths = new Set<string>([workspaceDir, ...listRunSourceDirs(db)]);
  for (const study of listStudies(db, projectId)) {
    paths.add(study.folder);
    for (const path of pathsInSpec(study.spec_json)) paths.add(path);
  }
  for (const path of [...paths]) {
    try {
      paths.add(realpathSync(path));
    } catch {
      // Gone from this machine: named as recorded only.
    }
  }
  // Only absolute paths (the demo's synthetic runs record a relative label, which names no place on this machine).
  return [...paths].filter((path) => path.length > 1 && (path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path)));
}

function pathsInSpec(specJson: string): string[] {
  try {
    const spec = JSON.parse(specJson) as { skill?: { dir?: unknown }; taskFolders?: Record<string, unknown>; slurm?: { sharedDir?: unknown } };
    const found: string[] = [];
    if (typeof spec.skill?.dir === 'string') found.push(spec.skill.dir);
    if (typeof spec.slurm?.sharedDir === 'string') found.push(spec.slurm.sharedDir);
    for (const folder of Object.values(spec.taskFolders ?? {})) if (typeof folder === 'string') found.push(folder);
    return found;
  } catch {
    return [];
  }
}

/** Applies `redact` to every string inside a row (nested lists and structs too). */
export function redactRow<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactRow(item, redact)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = redactRow(item, redact);
    return out as T;
  }
  return value;
}
