import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { ExtractionDoubtSchema, PageSpanSchema, SectionSchema, type ExtractionDoubt, type PageSpan, type SourceVersion } from '../../schemas/sources.ts';

interface VersionRow {
  id: string;
  source_id: string;
  version: number;
  blob_sha256: string;
  markdown_sha256: string;
  line_count: number;
  sections_json: string;
  pages_json: string;
  normaliser_version: number;
  created_at: string;
}

const SectionsSchema = z.array(SectionSchema);
const PagesSchema = z.array(PageSpanSchema);

function toVersion(row: VersionRow): SourceVersion {
  // The JSON columns are ours, but a damaged row should fail here, naming itself, rather than
  // reach the viewer as a half-valid outline.
  const sections = SectionsSchema.safeParse(JSON.parse(row.sections_json));
  const pages = PagesSchema.safeParse(JSON.parse(row.pages_json));
  if (!sections.success || !pages.success) {
    throw new Error(`Source version ${row.id} has an unreadable section or page index in the database; re-import the file to rebuild it.`);
  }
  return {
    id: row.id,
    sourceId: row.source_id,
    version: row.version,
    sha256: row.blob_sha256,
    markdownSha256: row.markdown_sha256,
    lineCount: row.line_count,
    sections: sections.data,
    pages: pages.data,
    normaliserVersion: row.normaliser_version,
    createdAt: row.created_at,
  };
}

/** `doubts`: what extraction found doubtful (empty when nothing was, or for a version merged from elsewhere). */
export function insertSourceVersion(db: Database, version: SourceVersion, doubts: readonly ExtractionDoubt[] = []): void {
  db.prepare(
    `INSERT INTO source_versions (id, source_id, version, blob_sha256, markdown_sha256, line_count, sections_json, pages_json, normaliser_version, created_at, doubts_json)
     VALUES (@id, @sourceId, @version, @sha256, @markdownSha256, @lineCount, @sectionsJson, @pagesJson, @normaliserVersion, @createdAt, @doubtsJson)`,
  ).run({
    id: version.id,
    sourceId: version.sourceId,
    version: version.version,
    sha256: version.sha256,
    markdownSha256: version.markdownSha256,
    lineCount: version.lineCount,
    sectionsJson: JSON.stringify(version.sections),
    pagesJson: JSON.stringify(version.pages),
    normaliserVersion: version.normaliserVersion ?? 1,
    createdAt: version.createdAt,
    doubtsJson: JSON.stringify(doubts),
  });
}

/**
 * What a newer normaliser found in a version whose Markdown it left as it was: its outline, pages
 * and extraction doubts replace the stored ones, and the version is marked as that normaliser's.
 * The lines (and so every citation of them) stay. True when the outline, pages or doubts changed.
 */
export function refreshVersionIndex(db: Database, id: string, index: Pick<SourceVersion, 'sections' | 'pages'> & { normaliserVersion: number }, doubts: readonly ExtractionDoubt[]): boolean {
  const json = { sectionsJson: JSON.stringify(index.sections), pagesJson: JSON.stringify(index.pages), doubtsJson: JSON.stringify(doubts) };
  const before = db.prepare('SELECT sections_json, pages_json, doubts_json FROM source_versions WHERE id = ?').get(id) as { sections_json: string; pages_json: string; doubts_json: string } | undefined;
  if (!before) return false;
  const changed = before.sections_json !== json.sectionsJson || before.pages_json !== json.pagesJson || before.doubts_json !== json.doubtsJson;
  db.prepare(
    changed
      ? 'UPDATE source_versions SET sections_json = @sectionsJson, pages_json = @pagesJson, doubts_json = @doubtsJson, normaliser_version = @normaliserVersion WHERE id = @id'
      : 'UPDATE source_versions SET normaliser_version = @normaliserVersion WHERE id = @id AND normaliser_version <> @normaliserVersion',
  ).run(changed ? { ...json, normaliserVersion: index.normaliserVersion, id } : { normaliserVersion: index.normaliserVersion, id });
  return changed;
}

const DoubtsSchema = z.array(ExtractionDoubtSchema);

/** A version's extraction doubts, in line order, or undefined when there is no such version. */
export function findVersionDoubts(db: Database, id: string): ExtractionDoubt[] | undefined {
  const row = db.prepare('SELECT doubts_json FROM source_versions WHERE id = ?').get(id) as { doubts_json: string } | undefined;
  if (!row) return undefined;
  const doubts = DoubtsSchema.safeParse(JSON.parse(row.doubts_json));
  if (!doubts.success) throw new Error(`Source version ${id} has an unreadable list of extraction notes in the database; run lhb sources renormalise on its source to rebuild it.`);
  return doubts.data;
}

export function findSourceVersion(db: Database, id: string): SourceVersion | undefined {
  const row = db.prepare('SELECT * FROM source_versions WHERE id = ?').get(id) as VersionRow | undefined;
  return row ? toVersion(row) : undefined;
}

/** Where a version's Markdown lives, without parsing its index: what the line reader needs. */
export function findVersionMarkdownSha256(db: Database, id: string): { markdownSha256: string; lineCount: number } | undefined {
  const row = db.prepare('SELECT markdown_sha256, line_count FROM source_versions WHERE id = ?').get(id) as { markdown_sha256: string; line_count: number } | undefined;
  return row ? { markdownSha256: row.markdown_sha256, lineCount: row.line_count } : undefined;
}

/** A version's page spans alone (what a window of its lines needs), or undefined when there is no such version. */
export function findVersionPages(db: Database, id: string): PageSpan[] | undefined {
  const row = db.prepare('SELECT pages_json FROM source_versions WHERE id = ?').get(id) as { pages_json: string } | undefined;
  if (!row) return undefined;
  const pages = PagesSchema.safeParse(JSON.parse(row.pages_json));
  if (!pages.success) throw new Error(`Source version ${id} has an unreadable page index in the database; re-import the file to rebuild it.`);
  return pages.data;
}

/** Every version of a source, newest first. */
export function listSourceVersions(db: Database, sourceId: string): { id: string; version: number; createdAt: string }[] {
  return (db.prepare('SELECT id, version, created_at FROM source_versions WHERE source_id = ? ORDER BY version DESC').all(sourceId) as { id: string; version: number; created_at: string }[]).map((r) => ({
    id: r.id,
    version: r.version,
    createdAt: r.created_at,
  }));
}

/** The newest version's id, number, original file, Markdown and normaliser, without parsing its index. */
export function findLatestVersionRef(
  db: Database,
  sourceId: string,
): { id: string; version: number; sha256: string; markdownSha256: string; normaliserVersion: number } | undefined {
  const row = db
    .prepare('SELECT id, version, blob_sha256, markdown_sha256, normaliser_version FROM source_versions WHERE source_id = ? ORDER BY version DESC LIMIT 1')
    .get(sourceId) as { id: string; version: number; blob_sha256: string; markdown_sha256: string; normaliser_version: number } | undefined;
  return row ? { id: row.id, version: row.version, sha256: row.blob_sha256, markdownSha256: row.markdown_sha256, normaliserVersion: row.normaliser_version } : undefined;
}
