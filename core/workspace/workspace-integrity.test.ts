import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../api/create-api.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { WorkspaceStorageError } from '../store/storage-error.ts';
import { DATABASE_FILE, openWorkspace } from './open-workspace.ts';
import { damageTables, snapshotFolder } from './workspace-folder.fixture.ts';
import { LHB_NODE_ARGS } from '../cli/lhb-child-process.fixture.ts';

let root: string;
let dir: string;
const apis: Api[] = [];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-integrity-'));
  dir = join(root, 'workspace');
  // A workspace with some stored files whose table the damage below will hit.
  const workspace = openWorkspace(dir);
  for (let i = 0; i < 300; i += 1) recordBlob(workspace.db, (i.toString(16) + 'f'.repeat(64)).slice(0, 64), i, new Date().toISOString());
  workspace.close();
});

afterEach(async () => {
  for (const api of apis.splice(0)) await api.close();
  rmSync(root, { recursive: true, force: true });
});

const damageBlobsTable = () => damageTables(join(dir, DATABASE_FILE), ['blobs', 'sqlite_autoindex_blobs_1']);

describe('integrity check when a workspace opens', () => {
  it('refuses a database damaged in the middle, naming the folder and what to do, and writes nothing', () => {
    damageBlobsTable();
    const before = snapshotFolder(dir);
    for (const access of ['write', 'read'] as const) {
      let refusal: unknown;
      try {
        openWorkspace(dir, { access });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(WorkspaceStorageError);
      expect((refusal as Error).message).toMatch(new RegExp(`^The workspace database ${join(dir, DATABASE_FILE).replaceAll('/', '\\/')} is damaged \\(SQLite's quick_check found: .+\\)\\. Nothing more was written to it\\.`));
      expect((refusal as Error).message).toContain(`Restore lhb.sqlite from a backup into ${dir}`);
    }
    expect(snapshotFolder(dir)).toEqual(before);
  });

  it('refuses a file that is not a database at all, leaving it untouched', () => {
    rmSync(join(dir, DATABASE_FILE));
    writeFileSync(join(dir, DATABASE_FILE), 'These are my notes, saved over the database by mistake.\n'.repeat(200));
    const before = snapshotFolder(dir);
    expect(() => openWorkspace(dir)).toThrow(/is damaged \(file is not a database\)\. Nothing more was written to it\. Restore lhb\.sqlite from a backup/);
    expect(snapshotFolder(dir)).toEqual(before);
  });

  it('checks a large database in the background and then refuses every call with the same message', async () => {
    damageBlobsTable();
    const workspace = openWorkspace(dir, { integritySyncLimitBytes: 0 });
    const api = createApi(workspace);
    apis.push(api);
    const damage = await workspace.integrity.result;
    expect(damage).toMatch(/is damaged \(SQLite's quick_check found: .+\)\. Nothing more was written to it\. Restore lhb\.sqlite from a backup/);
    const failure = await api.call('jobs.list', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LhbError);
    expect(failure).toMatchObject({ code: 'internal', message: damage });
  });

  it('turns SQLITE_CORRUPT met by a call into a message naming the workspace and what to do', async () => {
    damageBlobsTable();
    const workspace = openWorkspace(dir, { integritySyncLimitBytes: 0 });
    workspace.integrity.stop(); // no background verdict: the call itself meets the damage
    const api = createApi(workspace);
    apis.push(api);
    const failure = await api.call('workspace.info', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LhbError);
    expect(failure).toMatchObject({ code: 'internal' });
    expect((failure as Error).message).toBe(
      `The workspace database ${join(dir, DATABASE_FILE)} is damaged (database disk image is malformed). Nothing more was written to it. ` +
        `Restore lhb.sqlite from a backup into ${dir}, or start a new workspace elsewhere with --workspace DIR.`,
    );
  });

  it('lhb info exits 1 on a damaged workspace with the message, not a stack or a bare SQLite error', () => {
    damageBlobsTable();
    const result = spawnSync(process.execPath, [...LHB_NODE_ARGS, 'info', '--workspace', dir], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^lhb: The workspace database ${join(dir, DATABASE_FILE).replaceAll('/', '\\/')} is damaged`));
    expect(result.stderr).toContain('Restore lhb.sqlite from a backup');
  });
});
