import type { SourceSummary, SourceType } from '../../../schemas/sources.ts';
import type { SourceLinesReader, SourceVersionRef } from '../../annotate/source-lines-reader.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';

// INTERIM: reads sources straight from their tables until core/sources exports its readers
// (getSourceVersion, readSourceLines, its source summaries). Then replace the body of
// `workspaceSourceReader` with calls to those and delete the SQL below; core/annotate only
// sees the SourceLinesReader interface and does not change.

interface VersionDbRow {
  id: string;
  source_id: string;
  version: number;
  blob_sha256: string;
  markdown_sha256: string;
  line_count: number;
}

interface SummaryDbRow {
  id: string;
  course_id: string | null;
  title: string;
  type: SourceType;
  original_name: string;
  created_at: string;
  latest_version_id: string;
  version: number;
  version_sha256: string;
  line_count: number;
}

const SUMMARY_SELECT = `
  SELECT s.id, s.course_id, s.title, s.type, s.original_name, s.created_at,
         v.id AS latest_version_id, v.version, v.blob_sha256 AS version_sha256, v.line_count
  FROM sources s
  JOIN source_versions v ON v.source_id = s.id
   AND v.version = (SELECT max(version) FROM source_versions WHERE source_id = s.id)`;

const toSummary = (row: SummaryDbRow): SourceSummary => ({
  id: row.id,
  courseId: row.course_id,
  title: row.title,
  type: row.type,
  originalName: row.original_name,
  latestVersionId: row.latest_version_id,
  version: row.version,
  sha256: row.version_sha256,
  lineCount: row.line_count,
  createdAt: row.created_at,
});

export function workspaceSourceReader(workspace: Workspace): SourceLinesReader {
  const { db, blobs } = workspace;
  const findVersion = (id: string) => db.prepare('SELECT * FROM source_versions WHERE id = ?').get(id) as VersionDbRow | undefined;
  // One request reads the same version repeatedly (a citation's window, then its margins).
  let cached: { versionId: string; lines: string[] } | undefined;
  const allLines = (row: VersionDbRow): string[] => {
    if (cached?.versionId !== row.id) {
      const text = blobs.read(row.markdown_sha256).toString('utf8');
      cached = { versionId: row.id, lines: text.split(/\r?\n/).slice(0, row.line_count) };
    }
    return cached.lines;
  };
  return {
    version(versionId): SourceVersionRef | undefined {
      const row = findVersion(versionId);
      return row && { id: row.id, sourceId: row.source_id, version: row.version, sha256: row.blob_sha256, lineCount: row.line_count };
    },
    source(sourceId) {
      const row = db.prepare(`${SUMMARY_SELECT} WHERE s.id = ?`).get(sourceId) as SummaryDbRow | undefined;
      return row && toSummary(row);
    },
    lines(versionId, start, end) {
      const row = findVersion(versionId);
      return row ? allLines(row).slice(Math.max(0, start - 1), Math.max(0, end)) : [];
    },
    listCourseSources(courseId) {
      return (db.prepare(`${SUMMARY_SELECT} WHERE s.course_id = ? ORDER BY s.created_at, s.title, s.id`).all(courseId) as SummaryDbRow[]).map(toSummary);
    },
  };
}
