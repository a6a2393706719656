// A temporary workspace and a folder of files for import tests; each test owns its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';

export interface SourceTestbed {
  workspace: Workspace;
  /** A scratch folder for files to import. */
  files: string;
  /** Writes `files/relativePath` and returns its absolute path. */
  write(relativePath: string, content: string | Uint8Array): string;
  close(): void;
}

export function openSourceTestbed(): SourceTestbed {
  const root = mkdtempSync(join(tmpdir(), 'lhb-sources-'));
  const workspace = openWorkspace(join(root, 'workspace'));
  const files = join(root, 'files');
  mkdirSync(files);
  return {
    workspace,
    files,
    write(relativePath, content) {
      const path = join(files, relativePath);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
      return path;
    },
    close() {
      workspace.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Inserts a course row directly (courses belong to core/annotate; tests only need one to exist). */
export function insertTestCourse(workspace: Workspace, id: string): void {
  const project = workspace.db.prepare('SELECT id FROM projects LIMIT 1').get() as { id: string };
  const now = new Date().toISOString();
  workspace.db
    .prepare('INSERT INTO courses (id, project_id, title, global_notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(id, project.id, `Course ${id}`, '', now, now);
}
