import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asWorkspaceStorageError } from './storage-error.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-storage-error-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('asWorkspaceStorageError', () => {
  it('calls a full disk, a used-up quota and SQLITE_FULL "the disk is full", naming the folder, and never suggests a backup', () => {
    const database = join(dir, 'lhb.sqlite');
    for (const error of [sqliteError('SQLITE_FULL', 'database or disk is full'), sqliteError('ENOSPC', 'no space left on device'), sqliteError('EDQUOT', 'disk quota exceeded')]) {
      const storage = asWorkspaceStorageError(error, database);
      expect(storage?.problem, error.message).toBe('disk-full');
      expect(storage?.message).toContain(`Could not use the workspace ${dir}: the disk is full (${error.message})`);
      expect(storage?.message).toContain('the database is as it was before it');
      expect(storage?.message).not.toMatch(/backup/i);
    }
  });

  it('an I/O error on a disk with room is not called a full disk, and a backup is advised only if the check finds damage', () => {
    const storage = asWorkspaceStorageError(sqliteError('SQLITE_IOERR_WRITE', 'disk I/O error'), join(dir, 'lhb.sqlite'));
    expect(storage?.problem).toBe('disk-error');
    expect(storage?.message).toContain('run lhb workspace verify: only if it reports the database damaged, restore lhb.sqlite from a backup');
  });
});
