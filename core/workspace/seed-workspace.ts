import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { BlobStore } from '../store/blob-store.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { insertProject } from '../store/project-repository.ts';
import { insertSource } from '../store/source-repository.ts';

const SeedManifestSchema = z.object({
  project: z.object({ name: z.string().min(1), description: z.string().default('') }),
  sources: z
    .array(
      z.object({
        file: z.string().min(1),
        title: z.string().min(1),
        type: z.enum(['pdf', 'web', 'markdown', 'text']),
      }),
    )
    .default([]),
});

/**
 * Fills an empty workspace from a dataset folder (`workspace.json` plus the files it lists).
 * Everything lands in one transaction: a crash half-way leaves the workspace empty, and the
 * next start seeds it again.
 */
export function seedWorkspace(db: Database, blobs: BlobStore, datasetDir: string): void {
  const manifestPath = join(datasetDir, 'workspace.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    throw new Error(`Could not read the seed manifest ${manifestPath}: ${(error as Error).message}.`, { cause: error });
  }
  const parsed = SeedManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`The seed manifest ${manifestPath} is not valid: ${problems}.`);
  }
  const manifest = parsed.data;
  const now = new Date().toISOString();
  const files = manifest.sources.map((source) => {
    const path = join(datasetDir, source.file);
    try {
      return { source, ...blobs.put(readFileSync(path)) };
    } catch (error) {
      throw new Error(`Could not read the seed source ${path}: ${(error as Error).message}.`, { cause: error });
    }
  });
  db.transaction(() => {
    const projectId = randomUUID();
    insertProject(db, { id: projectId, name: manifest.project.name, description: manifest.project.description, createdAt: now });
    for (const { source, sha256, sizeBytes } of files) {
      recordBlob(db, sha256, sizeBytes, now);
      insertSource(db, {
        id: randomUUID(),
        projectId,
        title: source.title,
        type: source.type,
        originalName: source.file.split('/').pop() ?? source.file,
        blobSha256: sha256,
        createdAt: now,
      });
    }
  })();
}
