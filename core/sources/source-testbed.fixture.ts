// A temporary workspace and a folder of files for import tests; each test owns its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { insertDataRoom } from '../store/data-room-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';

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

/** A data room with a chosen id, through the store's data room repository (data rooms belong to core/annotate; tests only need one to exist). */
export function insertTestDataRoom(workspace: Workspace, id: string): void {
  const project = findCurrentProject(workspace.db);
  if (!project) throw new Error('the test workspace has no project');
  const now = new Date().toISOString();
  insertDataRoom(workspace.db, { id, project_id: project.id, title: `Data room ${id}`, global_notes: '', created_at: now, updated_at: now });
}
