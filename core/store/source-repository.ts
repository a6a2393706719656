import type { Database } from 'better-sqlite3';
import type { SourceSummary, SourceType } from '../../schemas/sources.ts';

/** The logical source: one document in one data room, whatever its number of versions. */
export interface SourceRecord {
  id: string;
  projectId: string;
  /** The data room it belongs to; null when imported outside any data room. */
  dataRoomId?: string | null;
  title: string;
  type: SourceType;
  originalName: string;
  /** The original file of the newest version. */
  blobSha256: string;
  createdAt: string;
}

interface SourceRow {
  id: string;
  project_id: string;
  data_room_id: string | null;
  title: string;
  type: SourceType;
  original_name: string;
  blob_sha256: string;
  created_at: string;
}

const toRecord = (row: SourceRow): SourceRecord => ({
  id: row.id,
  projectId: row.project_id,
  dataRoomId: row.data_room_id,
  title: row.title,
  type: row.type,
  originalName: row.original_name,
  blobSha256: row.blob_sha256,
  createdAt: row.created_at,
});

export function insertSource(db: Database, source: SourceRecord): void {
  db.prepare(
    `INSERT INTO sources (id, project_id, data_room_id, title, type, original_name, blob_sha256, created_at)
     VALUES (@id, @projectId, @dataRoomId, @title, @type, @originalName, @blobSha256, @createdAt)`,
  ).run({ ...source, dataRoomId: source.dataRoomId ?? null });
}

/** After a new version: the row shows the newest version's title, type and file. */
export function updateSourceHead(db: Database, id: string, head: Pick<SourceRecord, 'title' | 'type' | 'blobSha256'>): void {
  db.prepare('UPDATE sources SET title = @title, type = @type, blob_sha256 = @blobSha256 WHERE id = @id').run({ ...head, id });
}

export function findSource(db: Database, id: string): SourceRecord | undefined {
  const row = db.prepare('SELECT * FROM sources WHERE id = ?').get(id) as SourceRow | undefined;
  return row ? toRecord(row) : undefined;
}

/** The source a re-import of `originalName` into this data room (or into no data room) updates. */
export function findSourceByName(db: Database, dataRoomId: string | null, originalName: string): SourceRecord | undefined {
  const row = db
    .prepare('SELECT * FROM sources WHERE data_room_id IS ? AND original_name = ? ORDER BY created_at, id LIMIT 1')
    .get(dataRoomId, originalName) as SourceRow | undefined;
  return row ? toRecord(row) : undefined;
}

export function isSourceIdTaken(db: Database, id: string): boolean {
  return db.prepare('SELECT 1 FROM sources WHERE id = ?').get(id) !== undefined;
}

interface SummaryRow extends SourceRow {
  version_id: string;
  version: number;
  version_sha256: string;
  line_count: number;
}

const SUMMARY_SELECT = `
  SELECT s.*, v.id AS version_id, v.version, v.blob_sha256 AS version_sha256, v.line_count
  FROM sources s
  JOIN source_versions v ON v.source_id = s.id
   AND v.version = (SELECT max(version) FROM source_versions WHERE source_id = s.id)`;

const toSummary = (row: SummaryRow): SourceSummary => ({
  id: row.id,
  dataRoomId: row.data_room_id,
  title: row.title,
  type: row.type,
  originalName: row.original_name,
  latestVersionId: row.version_id,
  version: row.version,
  sha256: row.version_sha256,
  lineCount: row.line_count,
  createdAt: row.created_at,
});

/**
 * Sources with their newest version, oldest source first; only those in `dataRoomId` when given.
 * A source row without any version (nothing normalised yet) is not listed: it has no lines to show.
 */
export function listSourceSummaries(db: Database, dataRoomId?: string): SourceSummary[] {
  const rows = (
    dataRoomId === undefined
      ? db.prepare(`${SUMMARY_SELECT} ORDER BY s.created_at, s.id`).all()
      : db.prepare(`${SUMMARY_SELECT} WHERE s.data_room_id = ? ORDER BY s.created_at, s.id`).all(dataRoomId)
  ) as SummaryRow[];
  return rows.map(toSummary);
}

export function findSourceSummary(db: Database, id: string): SourceSummary | undefined {
  const row = db.prepare(`${SUMMARY_SELECT} WHERE s.id = ?`).get(id) as SummaryRow | undefined;
  return row ? toSummary(row) : undefined;
}

export function countSources(db: Database): number {
  return (db.prepare('SELECT count(*) AS n FROM sources').get() as { n: number }).n;
}
