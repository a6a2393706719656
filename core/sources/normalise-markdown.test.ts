import { describe, expect, it } from 'vitest';
import { normaliseMarkdown } from './normalise-markdown.ts';
import { SourceImportError } from './source-errors.ts';

describe('normaliseMarkdown', () => {
  it('keeps the text as written, with \\n line endings and no BOM', () => {
    const written = '# Title\r\n\r\nSome *text*  \r\nwith a hard break.\rOld Mac line.\r\n';
    const { markdown, pages, title } = normaliseMarkdown(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(written)]), 'brief.md');
    expect(markdown).toBe('# Title\n\nSome *text*  \nwith a hard break.\nOld Mac line.\n');
    expect(pages).toEqual([]);
    expect(title).toBeNull();
  });

  it('reads a file that is not UTF-8 as Windows-1252 rather than garbling it', () => {
    const latin1 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x0a]); // "Café\n" in Windows-1252
    expect(normaliseMarkdown(latin1, 'cafe.md').markdown).toBe('Café\n');
  });

  it('refuses an empty file or a binary one, naming the file', () => {
    expect(() => normaliseMarkdown(new Uint8Array(), 'empty.md')).toThrow(SourceImportError);
    expect(() => normaliseMarkdown(new Uint8Array(), 'empty.md')).toThrow(/empty\.md is empty/);
    expect(() => normaliseMarkdown(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'archive.md')).toThrow(/archive\.md looks like a binary file/);
  });
});
