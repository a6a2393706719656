import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../api/create-api.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { readMigrationFiles } from '../store/migrations.ts';
import { openDatabase, PendingMigrationsError } from '../store/open-database.ts';
import { insertProject } from '../store/project-repository.ts';
import { DATABASE_FILE, openWorkspace } from './open-workspace.ts';
import { snapshotFolder } from './workspace-folder.fixture.ts';
import { LHB_NODE_ARGS } from '../cli/lhb-child-process.fixture.ts';

const ALL_MIGRATIONS = readMigrationFiles();

let root: string;
let seedDir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-read-only-'));
  // A seed with a project and no data room, so a workspace is complete after openWorkspace alone.
  seedDir = join(root, 'seed');
  mkdirSync(seedDir);
  writeFileSync(join(seedDir, 'workspace.json'), JSON.stringify({ project: { name: 'Read-only study' } }));
});

afterEach(() => {
  chmodRecursive(root, 0o755);
  rmSync(root, { recursive: true, force: true });
});

function completeWorkspace(): string {
  const dir = join(root, 'workspace');
  openWorkspace(dir, { seedFrom: seedDir }).close();
  return dir;
}

/** A workspace last written by an app that knew only the first three migrations. */
function oldWorkspace(): string {
  const dir = join(root, 'old-workspace');
  mkdirSync(dir);
  const { db } = openDatabase(join(dir, DATABASE_FILE), ALL_MIGRATIONS.slice(0, 3));
  insertProject(db, { id: 'p1', name: 'Old study', description: '', createdAt: new Date().toISOString() });
  db.close();
  return dir;
}

const appliedVersions = (dir: string) => {
  const db = new BetterSqlite3(join(dir, DATABASE_FILE), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM schema_migrations').pluck().get();
  } finally {
    db.close();
  }
};

/** Without the files SQLite keeps beside a database it has open (a reader may leave them). */
const withoutLogs = (snapshot: Record<string, string>) => Object.fromEntries(Object.entries(snapshot).filter(([path]) => !path.startsWith(`${DATABASE_FILE}-`)));

describe('read-only workspaces', () => {
  it('a reader opens the workspace read-only: reads work, a write is refused naming the folder, the data is unchanged', async () => {
    const dir = completeWorkspace();
    const before = withoutLogs(snapshotFolder(dir));
    const workspace = openWorkspace(dir, { access: 'read' });
    expect(workspace.readOnly).toBe(true);
    expect(workspace.db.readonly).toBe(true);
    const api = createApi(workspace);
    try {
      expect(await api.call('workspace.info', {})).toMatchObject({ project: { name: 'Read-only study' } });
      const failure = await api.call('dataRooms.create', { title: 'A new data room' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(LhbError);
      expect(failure).toMatchObject({ code: 'forbidden' });
      expect((failure as Error).message).toMatch(new RegExp(`^The workspace ${dir.replaceAll('/', '\\/')} is read-only \\(attempt to write a readonly database\\), so nothing was saved\\.`));
      expect((failure as Error).message).toContain('copy the folder to a writable place');
    } finally {
      await api.close();
    }
    expect(withoutLogs(snapshotFolder(dir))).toEqual(before);
  });

  it('runs no migration on a read-only open, and says the workspace needs upgrading', () => {
    const dir = oldWorkspace();
    let refusal: unknown;
    try {
      openWorkspace(dir, { access: 'read-only' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PendingMigrationsError);
    expect((refusal as Error).message).toBe(
      `The workspace database ${join(dir, DATABASE_FILE)} is at schema version 3 and this LH-Bench Studio needs version ${ALL_MIGRATIONS.length}. ` +
        'Upgrading writes to it, and it was opened read-only, so nothing was changed. ' +
        'Open it once with a command that writes (e.g. lhb serve) from an account that may write to it, then read it again.',
    );
    expect(appliedVersions(dir)).toBe(3);

    // A reader of a writable workspace upgrades it, as any open would.
    const upgraded = openWorkspace(dir, { access: 'read' });
    expect(upgraded.readOnly).toBe(false);
    upgraded.close();
    expect(appliedVersions(dir)).toBe(ALL_MIGRATIONS.length);
  });

  describe('a folder this account cannot write (as another user when the tests run as root, whom permissions do not stop)', () => {
    const asOtherUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', ...asOtherUser });
    const lockDown = (dir: string) => {
      chmodSync(root, 0o755);
      chmodRecursive(dir, 0o555, 0o444);
    };

    it('lhb info, sources list and analyze read it; lhb sources add is refused saying what to do; nothing changes', () => {
      const dir = completeWorkspace();
      writeFileSync(join(root, 'note.md'), '# A note\n\nSome text.\n');
      lockDown(dir);
      const before = snapshotFolder(dir);

      const info = lhb(['info', '--json', '--workspace', dir]);
      expect(info.stderr).toBe('');
      expect(info.status).toBe(0);
      expect(JSON.parse(info.stdout)).toMatchObject({ workspaceDir: dir, project: { name: 'Read-only study' } });

      const list = lhb(['sources', 'list', '--workspace', dir]);
      expect(list.status).toBe(0);
      expect(list.stdout).toContain('No sources yet');

      const analyze = lhb(['analyze', '--json', '--workspace', dir]);
      expect(analyze.status).toBe(0);

      const add = lhb(['sources', 'add', join(root, 'note.md'), '--workspace', dir]);
      expect(add.status).toBe(1);
      expect(add.stderr).toContain(`lhb: The workspace ${dir} is read-only (no permission to write ${dir}), so nothing was saved.`);
      expect(add.stderr).toContain('lhb info, lhb sources list, lhb sources show, lhb runs list and lhb analyze still work on it');
      expect(add.stderr).toContain('copy the folder to a writable place and open the copy with --workspace DIR');

      expect(snapshotFolder(dir)).toEqual(before);
    }, 240_000); // four CLI runs from TypeScript sources: 39 s of 120 s on the loaded CI machine

    it('lhb info on one that needs upgrading says it must be upgraded and is read-only', () => {
      const dir = oldWorkspace();
      lockDown(dir);
      const info = lhb(['info', '--workspace', dir]);
      expect(info.status).toBe(1);
      expect(info.stderr).toContain(`lhb: The workspace ${dir} must be upgraded (or finish its first start) before this version of LH-Bench Studio can read it`);
      expect(info.stderr).toContain(`it is read-only (no permission to write ${dir})`);
      chmodRecursive(dir, 0o755, 0o644);
      expect(appliedVersions(dir)).toBe(3);
    }, 60_000);
  });
});

/** chmod a folder and everything under it (folders get `dirMode`, files `fileMode`). */
function chmodRecursive(path: string, dirMode: number, fileMode: number = dirMode): void {
  if (!existsSync(path)) return;
  chmodSync(path, dirMode);
  for (const entry of readdirSync(path, { recursive: true }) as string[]) {
    const full = join(path, entry);
    chmodSync(full, statSync(full).isDirectory() ? dirMode : fileMode);
  }
}
