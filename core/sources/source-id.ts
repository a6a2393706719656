import type { Database } from 'better-sqlite3';
import { isSourceIdTaken } from '../store/source-repository.ts';

const MAX_SLUG_LENGTH = 48;

/**
 * A readable, stable id for a new source, from its file name: `Ops Review (v2).pdf` →
 * `ops-review-v2`, then `ops-review-v2-2` … when taken. Citations are written
 * `source_id:start--end` in exports and chapter plans, where a name beats a UUID.
 */
export function newSourceId(db: Database, originalName: string): string {
  const base = slugify(originalName.replace(/\.[^./]+$/, '')) || 'source';
  if (!isSourceIdTaken(db, base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!isSourceIdTaken(db, candidate)) return candidate;
  }
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}
