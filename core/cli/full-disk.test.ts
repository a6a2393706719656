import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApi } from '../api/open-api.ts';
import { runLhbChild } from './lhb-child-process.fixture.ts';

// A full disk, for real: a small tmpfs holds the workspace (or the export's folder). Mounting one
// needs root, as CI runs; elsewhere these tests are skipped, saying so in their name.
const isRoot = process.getuid?.() === 0;
const SKIPPED = isRoot ? '' : ' (skipped: mounting a tmpfs needs root, which CI has)';

/** ~61 MB of plain text: a file `lhb sources add` takes, larger than the 40 MB disk. */
const BIG_BYTES = 61 * 1024 * 1024;

let base: string;
const mounted: string[] = [];

function mountTmpfs(dir: string, size: string): void {
  mkdirSync(dir, { recursive: true });
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  mounted.push(dir);
}

function remount(dir: string, size: string): void {
  const result = spawnSync('mount', ['-o', `remount,size=${size}`, dir], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
}

/** A new workspace (lhb init) on a tmpfs of `size` mounted at `base/name`. */
async function workspaceOnTmpfs(name: string, size: string, project: string): Promise<{ disk: string; workspace: string }> {
  const disk = join(base, name);
  mountTmpfs(disk, size);
  const workspace = join(disk, 'workspace');
  const init = await runLhbChild(['init', workspace, '--project', project]);
  expect(init.status, init.stderr).toBe(0);
  return { disk, workspace };
}

/** Writes zeros into `file` until the disk takes no more: afterwards not a byte is free there. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    closeSync(fd);
  }
}

/** Lines of words, deterministic, `bytes` long: a text file the import stores as it is. */
function bigText(bytes: number): Buffer {
  const words = ['alpha', 'ledger', 'quarter', 'revenue', 'market', 'growth', 'region', 'share'];
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i += 1) {
    const line = `${Array.from({ length: 11 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ')} ${i}\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join(''), 'utf8');
}

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[]).filter((entry) => statSync(join(root, entry)).isFile());
}

function databaseState(workspace: string): { integrity: unknown; sources: number; project: string } {
  const db = new Database(join(workspace, 'lhb.sqlite'), { readonly: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      sources: (db.prepare('SELECT count(*) AS n FROM sources').get() as { n: number }).n,
      project: (db.prepare('SELECT name FROM projects LIMIT 1').get() as { name: string }).name,
    };
  } finally {
    db.close();
  }
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'lhb-full-disk-'));
});

afterAll(() => {
  for (const dir of mounted.reverse()) spawnSync('umount', ['-l', dir]);
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!isRoot)(`a full disk${SKIPPED}`, () => {
  it('an import larger than the disk says the disk is full and stores nothing; on a roomier disk the same import stores the whole file and lhb workspace verify is clean', async () => {
    const { disk, workspace } = await workspaceOnTmpfs('disk', '40m', 'Full disk');
    const source = join(base, 'quarterly-ledger.txt');
    const bytes = bigText(BIG_BYTES);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    writeFileSync(source, bytes);
    const blob = join(workspace, 'blobs', sha256.slice(0, 2), sha256.slice(2));

    const full = await runLhbChild(['sources', 'add', source, '-w', workspace]);
    expect(full.status).toBe(1);
    expect(full.stderr).toContain('quarterly-ledger.txt was read but not imported');
    expect(full.stderr).toContain(`the disk is full`);
    expect(full.stderr).toContain(`on the disk holding ${join(workspace, 'blobs')}`);
    expect(full.stderr).not.toMatch(/backup/i);
    // Nothing under the file's name (a truncated blob there once counted as the whole file), no temporary file.
    expect(existsSync(blob)).toBe(false);
    expect(filesUnder(join(workspace, 'blobs'))).toEqual([]);
    expect(databaseState(workspace)).toEqual({ integrity: 'ok', sources: 0, project: 'Full disk' });

    remount(disk, '200m');
    const retry = await runLhbChild(['sources', 'add', source, '-w', workspace]);
    expect(retry.status, retry.stderr).toBe(0);
    expect(retry.stdout).toMatch(/^added /);
    expect(statSync(blob).size).toBe(bytes.byteLength);
    expect(createHash('sha256').update(readFileSync(blob)).digest('hex')).toBe(sha256);
    expect(databaseState(workspace)).toMatchObject({ integrity: 'ok', sources: 1 });

    const verify = await runLhbChild(['workspace', 'verify', '-w', workspace]);
    expect(verify.status, verify.stderr).toBe(0);
    expect(verify.stdout).toBe('Workspace is healthy: database intact, 1 stored file verified.\n');
  }, 600_000);

  it("SQLite's write on a full disk says the disk is full (never to restore a backup) and leaves the database as it was", async () => {
    const { disk, workspace } = await workspaceOnTmpfs('db-disk', '8m', 'Before');
    const filler = join(disk, 'filler');

    // With the database open (its log and shared memory in place), a write that finds no room.
    const api = await openApi(workspace);
    try {
      fillDisk(filler);
      const longName = 'x'.repeat(200);
      const rename = api.call('project.rename', { name: longName });
      await expect(rename).rejects.toThrow(/the disk is full/);
      await expect(rename).rejects.toThrow(new RegExp(`Could not use the workspace ${workspace}`));
      await expect(rename).rejects.not.toThrow(/backup/i);
    } finally {
      await api.close().catch(() => undefined);
    }

    // A command started on the full disk (closing the database above freed its log's room, so it
    // is filled again): SQLite cannot even map its shared memory, and says "disk I/O error".
    fillDisk(join(disk, 'filler-2'));
    const refused = await runLhbChild(['project', 'rename', 'After', '-w', workspace]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('the disk is full');
    expect(refused.stderr).not.toMatch(/backup/i);

    rmSync(filler);
    rmSync(join(disk, 'filler-2'));
    expect(databaseState(workspace)).toEqual({ integrity: 'ok', sources: 0, project: 'Before' });
    const verify = await runLhbChild(['workspace', 'verify', '-w', workspace]);
    expect(verify.status, verify.stderr).toBe(0);
  }, 600_000);

  it('an export to a full disk says the disk is full and leaves no partial folder, whether the disk is full from the start or fills midway', async () => {
    const demo = join(base, 'demo');
    const out = join(base, 'out');
    mountTmpfs(out, '300k');

    // Full from the start: not even the staging folder's first file fits.
    fillDisk(join(out, 'filler'));
    const atOnce = await runLhbChild(['export', 'hf', '--out', join(out, 'dataset'), '--include-synthetic', '-w', demo]);
    expect(atOnce.status).toBe(1);
    expect(atOnce.stderr).toContain(`Could not export to ${join(out, 'dataset')}: the disk is full`);
    expect(atOnce.stderr).toContain(`no partial folder was left in ${out}`);
    expect(atOnce.stderr).not.toContain('lhb: ENOSPC');
    expect(readdirSync(out)).toEqual(['filler']);

    // Room for the first files, not for the demo's whole export (over 300 KB).
    rmSync(join(out, 'filler'));
    for (const format of ['jsonl', 'parquet']) {
      const midway = await runLhbChild(['export', 'hf', '--format', format, '--out', join(out, 'dataset'), '--include-synthetic', '-w', demo]);
      expect(midway.status, format).toBe(1);
      expect(midway.stderr, format).toContain('the disk is full');
      expect(readdirSync(out), format).toEqual([]);
    }
  }, 600_000);
});
