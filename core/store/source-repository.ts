import type { Database } from 'better-sqlite3';

export interface SourceRecord {
  id: string;
  projectId: string;
  title: string;
  type: 'pdf' | 'web' | 'markdown' | 'text';
  originalName: string;
  blobSha256: string;
  createdAt: string;
}

export function insertSource(db: Database, source: SourceRecord): void {
  db.prepare(
    `INSERT INTO sources (id, project_id, title, type, original_name, blob_sha256, created_at)
     VALUES (@id, @projectId, @title, @type, @originalName, @blobSha256, @createdAt)`,
  ).run(source);
}

export function countSources(db: Database): number {
  return (db.prepare('SELECT count(*) AS n FROM sources').get() as { n: number }).n;
}
