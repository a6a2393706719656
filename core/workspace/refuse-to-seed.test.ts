import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordBlob } from '../store/blob-repository.ts';
import { openDatabase } from '../store/open-database.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { DATABASE_FILE, openWorkspace, WorkspaceRefusedError } from './open-workspace.ts';
import { snapshotFolder } from './workspace-folder.fixture.ts';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-refuse-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A workspace with two stored files, closed, as a user would leave it. */
function workspaceWithFiles(): string {
  const dir = join(root, 'workspace');
  const workspace = openWorkspace(dir);
  for (const text of ['# Quarterly report\n', '# Field notes\n']) {
    const stored = workspace.blobs.put(Buffer.from(text));
    recordBlob(workspace.db, stored.sha256, stored.sizeBytes, new Date().toISOString());
  }
  workspace.close();
  return dir;
}

describe('openWorkspace seeds only a new or empty folder', () => {
  it('refuses a workspace whose lhb.sqlite was emptied while blobs/ holds files, and changes nothing on disk', () => {
    const dir = workspaceWithFiles();
    truncateSync(join(dir, DATABASE_FILE), 0);
    const before = snapshotFolder(dir);

    let refusal: unknown;
    try {
      openWorkspace(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(WorkspaceRefusedError);
    const message = (refusal as Error).message;
    expect(message).toContain(`The workspace ${dir} holds 2 stored files under blobs/, but its database lhb.sqlite is empty (0 bytes)`);
    expect(message).toContain('Nothing was changed: the demo was not seeded over it.');
    expect(message).toContain(`Restore lhb.sqlite from a backup into ${dir}`);
    expect(message).toContain('--workspace DIR');
    // Not even the WAL files of a first open.
    expect(snapshotFolder(dir)).toEqual(before);
  });

  it('refuses a workspace whose lhb.sqlite is missing while blobs/ holds files, for readers too', () => {
    const dir = workspaceWithFiles();
    rmSync(join(dir, DATABASE_FILE));
    const before = snapshotFolder(dir);
    expect(() => openWorkspace(dir)).toThrow(/holds 2 stored files under blobs\/, but its database lhb\.sqlite is missing/);
    expect(() => openWorkspace(dir, { access: 'read' })).toThrow(/lhb\.sqlite is missing/);
    expect(snapshotFolder(dir)).toEqual(before);
  });

  it('refuses a database that holds data but no project, leaving it as it was', () => {
    const dir = join(root, 'workspace');
    mkdirSync(dir);
    const { db } = openDatabase(join(dir, DATABASE_FILE));
    recordBlob(db, 'a'.repeat(64), 10, new Date().toISOString());
    db.close();
    const before = snapshotFolder(dir);
    expect(() => openWorkspace(dir)).toThrow(`The workspace database ${join(dir, DATABASE_FILE)} holds data but no project`);
    expect(snapshotFolder(dir)).toEqual(before);
  });

  it('refuses a folder of other files that is not a workspace, creating nothing in it', () => {
    const dir = join(root, 'my-project');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.md'), '# My notes\n');
    mkdirSync(join(dir, 'data'));
    expect(() => openWorkspace(dir)).toThrow(`The folder ${dir} is not an LH-Bench Studio workspace (lhb.sqlite is missing) and is not empty (it holds data, notes.md)`);
    expect(() => openWorkspace(dir)).toThrow(`--workspace ${join(dir, 'lhb-workspace')}`);
    expect(readdirSync(dir).sort()).toEqual(['data', 'notes.md']);
  });

  it('seeds an empty folder, and a brand-new empty lhb.sqlite in an otherwise empty folder', () => {
    const empty = join(root, 'empty');
    mkdirSync(empty);
    const first = openWorkspace(empty);
    expect(findCurrentProject(first.db)?.name).toMatch(/^Demo/);
    first.close();

    const touched = join(root, 'touched');
    mkdirSync(touched);
    writeFileSync(join(touched, DATABASE_FILE), '');
    writeFileSync(join(touched, '.DS_Store'), 'desktop litter');
    const second = openWorkspace(touched);
    expect(findCurrentProject(second.db)?.name).toMatch(/^Demo/);
    second.close();
    expect(existsSync(join(touched, 'blobs'))).toBe(true);
  });
});
