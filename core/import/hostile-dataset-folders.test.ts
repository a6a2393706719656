import { execFileSync } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, truncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callInChildProcess } from '../child-peak-memory.fixture.ts';

// Folders built to hurt the reader: it is run in a child process of its own, so a hang fails the
// test after its guard instead of hanging it, and its peak memory is the reader's alone.

const EXPORT = fileURLToPath(new URL('./fixtures/format-3-export', import.meta.url));
const PROBE = new URL('./read-dataset-folder-probe.fixture.ts', import.meta.url);
const GUARD_MS = 60_000;
const ONE_GB = 1024 ** 3;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-hostile-datasets-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function copyOfExport(name: string): string {
  const copy = join(dir, name);
  cpSync(EXPORT, copy, { recursive: true });
  return copy;
}

async function readInChild(folder: string) {
  const result = await callInChildProcess(PROBE, 'rowsReadFromFolder', [folder], GUARD_MS);
  expect(result.outcome, `the reader ${result.outcome}: ${result.stderr.slice(-2000)}`).not.toMatch(/timed-out|crashed/);
  return result;
}

describe('a dataset folder whose files are not regular files', () => {
  it('a README.md that is a named pipe is refused at once, naming it', async () => {
    const folder = copyOfExport('readme-fifo');
    rmSync(join(folder, 'README.md'));
    execFileSync('mkfifo', [join(folder, 'README.md')]);
    const result = await readInChild(folder);
    expect(result.outcome).toBe('threw');
    expect(result.message).toBe(`${join(folder, 'README.md')} is a named pipe (FIFO), not a file; a dataset export's card README.md is a regular file. Replace it with the card lhb export hf wrote. Nothing was imported; the workspace is unchanged.`);
  }, GUARD_MS + 10_000);

  it('a data file that is a named pipe is refused at once, naming it', async () => {
    const folder = copyOfExport('data-fifo');
    const data = join(folder, 'data', 'chapters', 'train-00000-of-00001.jsonl');
    rmSync(data);
    execFileSync('mkfifo', [data]);
    const result = await readInChild(folder);
    expect(result.outcome).toBe('threw');
    expect(result.message).toBe('README.md names data/chapters/train-00000-of-00001.jsonl (chapters, train), which is a named pipe (FIFO), not a file. Replace it with the file lhb export hf wrote. Nothing was imported; the workspace is unchanged.');
  }, GUARD_MS + 10_000);
});

describe('a dataset folder whose card is a link out of it', () => {
  it('a README.md linking to a file outside the folder is refused, naming the link and its target, and nothing of it is read', async () => {
    const folder = copyOfExport('readme-link');
    const outside = join(dir, 'credentials.md');
    // The card someone else wrote, copied next to the folder: read through the link, it would import.
    cpSync(join(folder, 'README.md'), outside);
    rmSync(join(folder, 'README.md'));
    symlinkSync(outside, join(folder, 'README.md'));
    const result = await readInChild(folder);
    expect(result.outcome).toBe('threw');
    expect(result.message).toContain(`${join(folder, 'README.md')} resolves to ${outside}, outside the dataset folder`);
  }, GUARD_MS + 10_000);
});

describe('a dataset folder whose data file is a link inside it', () => {
  it('is refused naming the link: no link in the folder is followed, even one that stays inside', async () => {
    const folder = copyOfExport('data-link');
    const data = join(folder, 'data', 'chapters', 'train-00000-of-00001.jsonl');
    cpSync(data, join(folder, 'chapters-copy.jsonl'));
    rmSync(data);
    symlinkSync(join(folder, 'chapters-copy.jsonl'), data);
    const result = await readInChild(folder);
    expect(result.outcome).toBe('threw');
    expect(result.message).toContain('data/chapters/train-00000-of-00001.jsonl is a symbolic link; a dataset export\'s files are regular files and links in it are not followed.');
  }, GUARD_MS + 10_000);
});

describe('a dataset card built to exhaust memory', () => {
  it('a 1 GiB README.md is read only as far as its header: imported under 1 GB', async () => {
    const folder = copyOfExport('huge-readme');
    const card = join(folder, 'README.md');
    // Sparse: the card's own text, then zeros up to 1 GiB (no disk used for them).
    truncateSync(card, ONE_GB);
    const result = await readInChild(folder);
    expect(result.outcome, result.message).toBe('returned');
    expect((result.value as Record<string, number>).chapters).toBeGreaterThan(0);
    expect(result.maxRssBytes).toBeLessThan(ONE_GB);
  }, GUARD_MS + 10_000);

  it('a header holding a 100 MB YAML value is refused before parsing, under 1 GB', async () => {
    const folder = copyOfExport('huge-yaml');
    const card = join(folder, 'README.md');
    const text = readFileSync(card, 'utf8');
    const fd = openSync(card, 'w');
    writeSync(fd, '---\npretty_name: "');
    const chunk = 'a'.repeat(1 << 20);
    for (let index = 0; index < 100; index += 1) writeSync(fd, chunk);
    writeSync(fd, `"\n${text.slice(4)}`);
    closeSync(fd);
    const result = await readInChild(folder);
    expect(result.outcome).toBe('threw');
    expect(result.message).toMatch(/README\.md: its YAML header is longer than \d+ MB, which no dataset card lhb export hf writes is; it was not read\./);
    expect(result.maxRssBytes).toBeLessThan(ONE_GB);
  }, GUARD_MS + 10_000);
});

