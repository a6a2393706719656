import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectImportFiles } from './collect-import-files.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-collect-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, content = 'x') => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
};

describe('collectImportFiles', () => {
  it('walks folders in name order, naming files by their path inside the folder', async () => {
    write('room/b.md');
    write('room/a/z.txt');
    write('room/a/notes.HTML');
    write('room/.git/config.md');
    const { candidates, failures, skipped } = await collectImportFiles([join(root, 'room')]);
    expect(candidates.map((c) => c.name)).toEqual(['a/notes.HTML', 'a/z.txt', 'b.md']);
    expect(candidates[2]!.path).toBe(join(root, 'room', 'b.md'));
    expect([failures, skipped]).toEqual([[], []]);
  });

  it('does not follow a link to a folder, so a link cycle cannot make the walk endless', async () => {
    write('room/doc.md');
    symlinkSync(join(root, 'room'), join(root, 'room', 'loop'));
    symlinkSync(join(root, 'room', 'doc.md'), join(root, 'room', 'linked.md'));
    const { candidates, skipped } = await collectImportFiles([join(root, 'room')]);
    expect(candidates.map((c) => c.name)).toEqual(['doc.md', 'linked.md']);
    expect(skipped).toEqual([{ path: join(root, 'room', 'loop'), reason: expect.stringMatching(/links to folders are not followed/) }]);
  });

  it('refuses a link inside the folder to a file outside it, naming the link and its target, and reads none of it', async () => {
    write('secrets/credentials.md', 'aws_secret_access_key = wJalrXUtnFEMI');
    write('room/notes.md');
    write('room/sub/inner.md');
    symlinkSync(join(root, 'secrets', 'credentials.md'), join(root, 'room', 'creds.md'));
    symlinkSync(join('..', '..', 'secrets', 'credentials.md'), join(root, 'room', 'sub', 'relative.md'));
    // A link that stays inside the folder is fine, even through a linked parent of the folder.
    symlinkSync(join(root, 'room'), join(root, 'room-link'));
    symlinkSync(join(root, 'room', 'notes.md'), join(root, 'room', 'sub', 'again.md'));
    const { candidates, failures } = await collectImportFiles([join(root, 'room-link')]);
    expect(candidates.map((c) => c.name)).toEqual(['notes.md', 'sub/again.md', 'sub/inner.md']);
    expect(failures).toEqual([
      { status: 'failed', name: 'creds.md', reason: `${join(root, 'room-link', 'creds.md')} is a symbolic link to ${join(root, 'secrets', 'credentials.md')}, outside the folder ${join(root, 'room')}; nothing outside the folder given is imported. Copy the file into the folder if it belongs there.` },
      { status: 'failed', name: 'sub/relative.md', reason: expect.stringContaining(`is a symbolic link to ${join(root, 'secrets', 'credentials.md')}, outside the folder`) },
    ]);
  });

  it('fails named paths that are missing or unsupported, and resolves relative paths against cwd', async () => {
    write('report.docx');
    write('brief.md');
    const { candidates, failures } = await collectImportFiles(['brief.md', 'report.docx', 'gone.pdf'], undefined, root);
    expect(candidates).toEqual([{ name: 'brief.md', path: join(root, 'brief.md') }]);
    expect(failures).toEqual([
      { status: 'failed', name: 'report.docx', reason: expect.stringMatching(/^report\.docx is not a supported kind of file \(\.docx\); import PDF/) },
      { status: 'failed', name: 'gone.pdf', reason: `${join(root, 'gone.pdf')} does not exist; check the path and try again.` },
    ]);
  });
});
