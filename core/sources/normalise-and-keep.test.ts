import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobStore } from '../store/blob-store.ts';
import { normaliseAndKeep } from './normalise-and-keep.ts';
import type { KeptSource } from './normalised-source.ts';
import { SourceImportError } from './source-errors.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-keep-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const MARKDOWN = '# Guide\n\nIntro é.\n\n- item\n\n  ```sh\n  npm test\n  ```\n\n## Install *now*\n\nSetext\n---\n\nend\n';

// A `#` line is a heading standing alone (a script's comment run into its code is not): "# C++ addons" has blank lines around it.
const PLAIN_TEXT = '# Field notes, *Köln*\n\n\nTag eins\n========\n\nText — with a dash.\n\n# C++ addons\n\nend\n';

/**
 * The Markdown blob once the files the reader left are placed, as storing the source does: until
 * then no blob is under its name (a name only ever holds bytes flushed to the disk).
 */
async function placedMarkdown(markdownSha256: string, unplaced: KeptSource['unplaced']): Promise<string> {
  const blobs = new BlobStore(dir);
  expect(unplaced?.map((blob) => blob.sha256)).toContain(markdownSha256);
  for (const blob of unplaced ?? []) expect(blobs.has(blob.sha256)).toBe(false);
  for (const blob of unplaced ?? []) await blobs.place(blob);
  expect(blobs.listTempFiles()).toEqual([]);
  return readFileSync(blobs.pathFor(markdownSha256), 'utf8');
}

describe('normaliseAndKeep', () => {
  it.each([
    ['UTF-8 with \\n (its own Markdown, read from its bytes)', Buffer.from(MARKDOWN)],
    ['with a BOM and \\r\\n (decoded first)', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(MARKDOWN.replace(/\n/g, '\r\n'))])],
  ])('keeps a Markdown file %s with the index and blob the decoded text gives', async (_, bytes) => {
    const kept = await normaliseAndKeep('markdown', bytes, 'guide.md', dir);
    const inMemory = await normaliseAndKeep('markdown', bytes, 'guide.md', null);
    expect(kept.markdown).toBeNull();
    expect(inMemory.markdown).toBe(MARKDOWN);
    const { markdown: _text, ...index } = inMemory;
    const { unplaced, ...rest } = kept;
    expect(rest).toEqual({ ...index, markdown: null });
    expect(kept.sections.map((s) => [s.title, s.level, s.startLine])).toEqual([['Guide', 1, 1], ['Install now', 2, 11], ['Setext', 2, 13]]);
    expect(await placedMarkdown(kept.markdownSha256, unplaced)).toBe(MARKDOWN);
  });

  it.each([
    ['UTF-8 with \\n (its own text, read from its bytes)', Buffer.from(PLAIN_TEXT)],
    ['with a BOM and \\r\\n (decoded first)', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(PLAIN_TEXT.replace(/\n/g, '\r\n'))])],
  ])('keeps a plain-text file %s with the title, index and blob the decoded text gives', async (_, bytes) => {
    const kept = await normaliseAndKeep('text', bytes, 'notes.txt', dir);
    const inMemory = await normaliseAndKeep('text', bytes, 'notes.txt', null);
    const { markdown: _text, ...index } = inMemory;
    const { unplaced, ...rest } = kept;
    expect(rest).toEqual({ ...index, markdown: null });
    expect(kept.title).toBe('Field notes, Köln');
    expect(kept.sections.map((s) => [s.title, s.level, s.startLine])).toEqual([['Field notes, *Köln*', 1, 1], ['Tag eins', 1, 4], ['C++ addons', 1, 9]]);
    expect(await placedMarkdown(kept.markdownSha256, unplaced)).toBe(PLAIN_TEXT);
  });

  it('refuses an empty or binary Markdown file before reading it', async () => {
    await expect(normaliseAndKeep('markdown', Buffer.alloc(0), 'empty.md', dir)).rejects.toThrow(SourceImportError);
    await expect(normaliseAndKeep('markdown', Buffer.from([0x23, 0x20, 0x00, 0x41]), 'binary.md', dir)).rejects.toThrow(/binary\.md looks like a binary file/);
  });
});
