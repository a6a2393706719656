import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { demoDatasetDir } from '../app-paths.ts';
import { BlobStore } from '../store/blob-store.ts';
import { openDatabase } from '../store/open-database.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { seedWorkspace } from './seed-workspace.ts';

export interface Workspace {
  dir: string;
  databasePath: string;
  db: Database;
  blobs: BlobStore;
  schemaVersion: number;
  close(): void;
}

export const DATABASE_FILE = 'lhb.sqlite';

export interface OpenWorkspaceOptions {
  /** Dataset folder used to seed a workspace that has no project yet (default: datasets/demo). */
  seedFrom?: string;
}

/** Opens the workspace folder, creating and seeding it on first use. */
export function openWorkspace(dir: string, options: OpenWorkspaceOptions = {}): Workspace {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new Error(`Could not create the workspace folder ${dir}: ${(error as Error).message}. Choose another with --workspace DIR.`, { cause: error });
  }
  const databasePath = join(dir, DATABASE_FILE);
  const { db, schemaVersion } = openDatabase(databasePath);
  let blobs: BlobStore;
  try {
    blobs = new BlobStore(join(dir, 'blobs'));
    if (!findCurrentProject(db)) seedWorkspace(db, options.seedFrom ?? demoDatasetDir);
  } catch (error) {
    db.close();
    throw error;
  }
  return { dir, databasePath, db, blobs, schemaVersion, close: () => db.close() };
}
