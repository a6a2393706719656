import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CopiedFiles, TEXT_BLOCK_BYTES } from './copied-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'lhb-copied-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a transcript copied into the export folder', () => {
  it('is redacted whole, a block of lines at a time past the block size, named by the digest of what was written', () => {
    const files = new CopiedFiles((text) => text.replaceAll('/home/me/ws', '<local path>'));
    files.writeInto(dir);
    const line = 'ls /home/me/ws/studies/s/runs/r/work/missing: No such file\n';
    const text = line.repeat(Math.ceil((2.5 * TEXT_BLOCK_BYTES) / line.length));
    const copied = files.text('trajectories', Buffer.from(text, 'utf8'), '.jsonl');
    const written = readFileSync(join(dir, copied.path));
    const expected = Buffer.from(text.replaceAll('/home/me/ws', '<local path>'), 'utf8');
    expect(written.equals(expected)).toBe(true);
    expect(copied).toEqual({ path: `files/trajectories/${createHash('sha256').update(expected).digest('hex')}.jsonl`, size_bytes: expected.length, sha256: createHash('sha256').update(expected).digest('hex') });
    // The same text again is the same file, written once.
    expect(files.text('trajectories', Buffer.from(text, 'utf8'), '.jsonl')).toEqual(copied);
    expect(files.count).toBe(1);
  });
});
