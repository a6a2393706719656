import type { Database } from 'better-sqlite3';

/** Records that a blob file exists (the file itself lives in the BlobStore). */
export function recordBlob(db: Database, sha256: string, sizeBytes: number, createdAt: string): void {
  db.prepare('INSERT INTO blobs (sha256, size_bytes, created_at) VALUES (?, ?, ?) ON CONFLICT (sha256) DO NOTHING').run(
    sha256,
    sizeBytes,
    createdAt,
  );
}

/** Every recorded blob with the size it was recorded with, by id. */
export function listBlobs(db: Database): { sha256: string; sizeBytes: number }[] {
  return db.prepare('SELECT sha256, size_bytes AS sizeBytes FROM blobs ORDER BY sha256').all() as { sha256: string; sizeBytes: number }[];
}

export function listBlobIds(db: Database): string[] {
  return (db.prepare('SELECT sha256 FROM blobs ORDER BY sha256').all() as { sha256: string }[]).map((r) => r.sha256);
}

export function countBlobs(db: Database): number {
  return (db.prepare('SELECT count(*) AS n FROM blobs').get() as { n: number }).n;
}
