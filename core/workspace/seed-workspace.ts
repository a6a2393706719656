import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { readMetaValue, writeMetaValue } from '../store/meta-repository.ts';
import { insertProject } from '../store/project-repository.ts';
import { readSeedManifest } from './seed-manifest.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/** Meta key naming the dataset folder whose data room is still to be imported. */
export const SEED_PENDING_KEY = 'seed.pending';

/**
 * Gives an empty workspace its project from a dataset folder, in one transaction, and notes
 * that the dataset's data room (sources to ingest, chapters to cite) is still to come:
 * `seedDataRoom` (core/demo) does that part, which needs the (asynchronous) ingestion pipeline.
 */
export function seedWorkspace(db: Database, datasetDir: string): void {
  const manifest = readSeedManifest(datasetDir);
  writeTransaction(db, () => {
    insertProject(db, { id: randomUUID(), name: manifest.project.name, description: manifest.project.description, createdAt: new Date().toISOString() });
    if (manifest.dataRoom) writeMetaValue(db, SEED_PENDING_KEY, datasetDir);
  })();
}

/** Gives an empty workspace a project and nothing else: no demo data room, arena or study. */
export function seedEmptyWorkspace(db: Database, project: { name: string; description?: string }): void {
  insertProject(db, { id: randomUUID(), name: project.name, description: project.description ?? '', createdAt: new Date().toISOString() });
}

/** Whether a seed's data room is still to be imported (a first start that has not finished). */
export function isSeedPending(db: Database): boolean {
  return readMetaValue(db, SEED_PENDING_KEY) !== undefined;
}
