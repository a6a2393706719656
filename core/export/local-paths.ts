import type { Database } from 'better-sqlite3';
import { listRunSourceDirs } from '../store/export-queries.ts';
import { listStudies } from '../store/study-repository.ts';

export const REDACTED_PATH = '<local path>';

/**
 * The folders on this machine that the workspace knows of (the workspace itself, where runs were
 * imported from, study folders, skill and task folders named by studies): no column exports them,
 * and any text that mentions one (an error message, a note) has it replaced by `<local path>`,
 * so an export never tells where anything lived on the machine that made it.
 */
export function localPathRedactor(db: Database, projectId: string, workspaceDir: string): (text: string) => string {
  const paths = new Set<string>([workspaceDir, ...listRunSourceDirs(db)]);
  for (const study of listStudies(db, projectId)) {
    paths.add(study.folder);
    for (const path of pathsInSpec(study.spec_json)) paths.add(path);
  }
  // Longest first, so a folder inside another is replaced whole; only absolute paths (the demo's
  // synthetic runs record a relative label, which names no place on this machine).
  const absolute = [...paths].filter((path) => path.length > 1 && (path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path))).sort((x, y) => y.length - x.length);
  if (absolute.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const path of absolute) if (out.includes(path)) out = out.split(path).join(REDACTED_PATH);
    return out;
  };
}

function pathsInSpec(specJson: string): string[] {
  try {
    const spec = JSON.parse(specJson) as { skill?: { dir?: unknown }; taskFolders?: Record<string, unknown> };
    const found: string[] = [];
    if (typeof spec.skill?.dir === 'string') found.push(spec.skill.dir);
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
