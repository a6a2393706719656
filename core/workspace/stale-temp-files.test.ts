import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobRunner } from '../jobs/job-runner.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { findJob } from '../store/job-repository.ts';
import { openWorkspace, type Workspace } from './open-workspace.ts';
import { verifyWorkspace } from './verify-workspace.ts';

let root: string;
let dir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-temp-files-'));
  dir = join(root, 'workspace');
  // A project without a data room: the workspace is complete once opened, so a reader opens it read-only.
  const seedDir = join(root, 'seed');
  mkdirSync(seedDir);
  writeFileSync(join(seedDir, 'workspace.json'), JSON.stringify({ project: { name: 'Temp files' } }));
  const workspace = openWorkspace(dir, { seedFrom: seedDir });
  const stored = workspace.blobs.put(Buffer.from('# A source\n'));
  recordBlob(workspace.db, stored.sha256, stored.sizeBytes, new Date().toISOString());
  workspace.close();
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A temporary file as BlobStore.put names it, as a write killed `ageMs` ago left it. */
function leftTempFile(name: string, ageMs: number): string {
  mkdirSync(join(dir, 'blobs', 'ab'), { recursive: true });
  const relative = join('blobs', 'ab', `${name.repeat(62).slice(0, 62)}.tmp-0123456789ab`);
  const path = join(dir, relative);
  writeFileSync(path, 'half a blob');
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
  return relative;
}

async function verifyMessage(workspace: Workspace): Promise<string> {
  const runner = new JobRunner(workspace.db);
  try {
    const started = runner.start('workspace.verify', 'Verify workspace', (progress) => verifyWorkspace(workspace, progress));
    await runner.idle();
    return findJob(workspace.db, started.id)?.message ?? '';
  } finally {
    await runner.shutdown();
  }
}

const HOUR = 60 * 60 * 1000;

describe('temporary blob files left by a killed write', () => {
  it('are removed on open once over an hour old, younger ones are left to their writer, and Verify reports both', async () => {
    const stale = leftTempFile('c', 2 * HOUR);
    const fresh = leftTempFile('d', 60 * 1000);

    const workspace = openWorkspace(dir);
    try {
      expect(existsSync(join(dir, stale))).toBe(false);
      expect(existsSync(join(dir, fresh))).toBe(true);
      expect(workspace.removedTempFiles.map((temp) => temp.path)).toEqual([join(dir, stale)]);
      expect(await verifyMessage(workspace)).toBe(
        'Workspace is healthy: database intact, 1 stored file verified. ' +
          `Removed 1 temporary file left by interrupted writes (over an hour old): ${stale}. ` +
          '1 temporary file younger than an hour left alone: a write may be in progress.',
      );
    } finally {
      workspace.close();
    }
  });

  it('are left alone by a read-only open (lhb info), and those left while the app runs are removed by Verify', async () => {
    const stale = leftTempFile('e', 3 * HOUR);
    const reader = openWorkspace(dir, { access: 'read' });
    reader.close();
    expect(reader.readOnly).toBe(true);
    expect(reader.removedTempFiles).toEqual([]);
    expect(existsSync(join(dir, stale))).toBe(true);

    const workspace = openWorkspace(dir);
    const later = leftTempFile('f', 2 * HOUR); // a write killed in another process while this one runs
    try {
      const message = await verifyMessage(workspace);
      expect(message).toContain(`Removed 2 temporary files left by interrupted writes (over an hour old): `);
      expect(message).toContain(stale);
      expect(message).toContain(later);
      expect(existsSync(join(dir, later))).toBe(false);
    } finally {
      workspace.close();
    }
  });
});
