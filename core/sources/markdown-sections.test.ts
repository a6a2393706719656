import fc from 'fast-check';
import type { Heading } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import type { Section } from '../../schemas/sources.ts';
import { countLines } from './line-index.ts';
import { markdownSections, markdownSectionsOfUtf8 } from './markdown-sections.ts';

const sectionsOf = (markdown: string) => markdownSections(markdown, countLines(markdown));

/** The invariants SectionSchema promises: in range, pre-order, nested like an outline, covering every line. */
function expectWellFormed(sections: Section[], lineCount: number): void {
  const covered = new Set<number>();
  sections.forEach((section, i) => {
    expect(section.startLine).toBeGreaterThanOrEqual(1);
    expect(section.endLine).toBeGreaterThanOrEqual(section.startLine);
    expect(section.endLine).toBeLessThanOrEqual(lineCount);
    if (section.level === 0) expect(i).toBe(0);
    for (let line = section.startLine; line <= section.endLine; line++) covered.add(line);
    const previous = sections[i - 1];
    if (previous) expect(section.startLine).toBeGreaterThan(previous.startLine);
    for (const other of sections.slice(0, i)) {
      const disjoint = other.endLine < section.startLine;
      const inside = other.startLine < section.startLine && section.endLine <= other.endLine && other.level < section.level;
      expect(disjoint || inside, `${JSON.stringify(section)} overlaps ${JSON.stringify(other)} without nesting in it`).toBe(true);
    }
  });
  expect(covered.size).toBe(lineCount);
}

describe('markdownSections', () => {
  it('nests ATX headings and starts with a preamble when text comes first', async () => {
    const markdown = ['Intro line', '', '# One', 'text', '## One.A', 'text', '### One.A.i', '## One.B', '# Two', 'last'].join('\n');
    expect(await sectionsOf(markdown)).toEqual([
      { title: '', level: 0, startLine: 1, endLine: 2 },
      { title: 'One', level: 1, startLine: 3, endLine: 8 },
      { title: 'One.A', level: 2, startLine: 5, endLine: 7 },
      { title: 'One.A.i', level: 3, startLine: 7, endLine: 7 },
      { title: 'One.B', level: 2, startLine: 8, endLine: 8 },
      { title: 'Two', level: 1, startLine: 9, endLine: 10 },
    ]);
  });

  it('reads setext headings, and ignores # in fenced code, quotes and lists', async () => {
    const markdown = [
      'Title',
      '=====',
      '',
      '```sh',
      '# a comment, not a heading',
      '```',
      '',
      '> # quoted heading',
      '',
      '- # heading in a list item',
      '',
      'Part *two*',
      '---',
      'body',
      '~~~',
      '## still code',
      '~~~',
    ].join('\n');
    expect(await sectionsOf(markdown)).toEqual([
      { title: 'Title', level: 1, startLine: 1, endLine: 17 },
      { title: 'Part two', level: 2, startLine: 12, endLine: 17 },
    ]);
  });

  it('covers a document without headings with one level-0 section, and an empty one with none', async () => {
    expect(await sectionsOf('just\ntext\n')).toEqual([{ title: '', level: 0, startLine: 1, endLine: 2 }]);
    expect(await sectionsOf('')).toEqual([]);
  });

  it('skips a deeper heading level without breaking the nesting', async () => {
    const sections = await sectionsOf('# A\n### deep\n## mid\n# B\n');
    expect(sections.map((s) => [s.title, s.startLine, s.endLine])).toEqual([
      ['A', 1, 3],
      ['deep', 2, 2],
      ['mid', 3, 3],
      ['B', 4, 4],
    ]);
    expectWellFormed(sections, 4);
  });

  it('keeps the invariants on generated documents, finding exactly the top-level headings', async () => {
    const word = fc.constantFrom('orders', 'region', 'week', 'total', 'Chart', 'label', 'partial', 'Brief');
    const words = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
    type Block = { lines: string[]; heading?: number };
    const block: fc.Arbitrary<Block> = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 6 }), words).map(([level, title]) => ({ lines: [`${'#'.repeat(level)} ${title}`], heading: level })),
      fc.tuple(fc.constantFrom(1, 2), words).map(([level, title]) => ({ lines: [title, level === 1 ? '====' : '----'], heading: level })),
      fc.array(words, { minLength: 1, maxLength: 4 }).map((lines) => ({ lines })),
      fc.array(words, { maxLength: 3 }).map((lines) => ({ lines: ['```', ...lines.map((l) => `# ${l}`), '```'] })),
      words.map((title) => ({ lines: [`> # ${title}`] })),
      words.map((title) => ({ lines: [`- ## ${title}`] })),
    );
    const document = fc.tuple(fc.array(fc.tuple(block, fc.integer({ min: 1, max: 2 })), { maxLength: 25 }), fc.boolean());
    await fc.assert(
      fc.asyncProperty(document, async ([blocks, trailingNewline]) => {
        const lines: string[] = [];
        const expected: { line: number; level: number }[] = [];
        for (const [b, blanks] of blocks) {
          if (b.heading) expected.push({ line: lines.length + 1, level: b.heading });
          lines.push(...b.lines, ...Array<string>(blanks).fill(''));
        }
        const markdown = lines.join('\n') + (trailingNewline ? '\n' : '');
        const lineCount = countLines(markdown);
        const sections = await markdownSections(markdown, lineCount);
        expectWellFormed(sections, lineCount);
        expect(sections.filter((s) => s.level > 0).map((s) => ({ line: s.startLine, level: s.level }))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same headings as parsing the whole document at once, on tricky generated Markdown', async () => {
    // Lines chosen to open and close blocks that span blank lines (fences, comments, <pre>,
    // list items, quotes), so cutting the document in the wrong place would change the result.
    const line = fc.constantFrom(
      '# Heading',
      '## Sub *heading*',
      '  ### Indented heading',
      '    # indented code',
      'Setext',
      '===',
      '---',
      'plain words',
      '',
      '',
      '```',
      '```js',
      '~~~',
      '  ```',
      '   ```',
      ' ~~~',
      '   # in an item',
      ' one space',
      '<!-- comment',
      'end -->',
      '<!-- one line -->',
      '<pre>',
      '</pre>',
      '<div>',
      '- item',
      '  continued item',
      '1. numbered',
      '> quote',
      '> # quoted heading',
      '\\# escaped',
      '#no space',
      '#',
      '<div>',
      '<span>inline</span>',
      '</div>',
      '<script>',
      '</script>',
      '  <!--',
      '[ref]: /url',
      '    code',
      '\t# tab-indented',
      '***',
      '<?php',
      '?>',
      '- ```',
    );
    const reference = (markdown: string, lineCount: number) =>
      unified()
        .use(remarkParse)
        .parse(markdown)
        .children.filter((node): node is Heading => node.type === 'heading')
        .map((node) => ({ line: Math.min(node.position!.start.line, lineCount), level: node.depth }));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 60 }), async (lines) => {
        const markdown = lines.join('\n');
        const lineCount = countLines(markdown);
        const sections = await markdownSections(markdown, lineCount);
        expect(sections.filter((s) => s.level > 0).map((s) => ({ line: s.startLine, level: s.level }))).toEqual(reference(markdown, lineCount));
        if (lineCount > 0) expectWellFormed(sections, lineCount);
      }),
      { numRuns: 1000 },
    );
  });

  // Speed is the text-ingest benchmark's business; a pass that went quadratic would not end before the timeout.
  it('titles thousands of headings, with and without inline markup, as the parser reads them', async () => {
    const chunk = (i: number) => [`## Plain title ${i} ##`, '', `text ${i}`, '', `### The \`code\` *path* [${i}](https://e.org/${i}) &amp; more`, '', 'body line', ''];
    const markdown = Array.from({ length: 1000 }, (_, i) => chunk(i).join('\n')).join('\n');
    const big = `${markdown}\n`.repeat(10);
    const sections = await markdownSections(big, countLines(big));
    const headings = sections.filter((s) => s.level > 0);
    expect(headings).toHaveLength(20_000);
    expect(headings[0]).toMatchObject({ title: 'Plain title 0', level: 2, startLine: 1 });
    expect(headings[1]).toMatchObject({ title: 'The code path 0 & more', level: 3, startLine: 5 });
    expect(headings[19_999]).toMatchObject({ title: 'The code path 999 & more', level: 3 });
    expect(headings.every((h, i) => i === 0 || h.startLine > headings[i - 1]!.startLine)).toBe(true);
  }, 60_000);

  it('keeps reading a long document in pieces after a fenced block inside a list item', async () => {
    const item = ['- Install it:', '', '  ```sh', '  npm install', '', '  npm test', '  ```', ''];
    const chapter = (i: number) => [`## Chapter ${i}`, '', `Text of chapter ${i}, long enough to be a paragraph of its own.`, ''];
    const markdown = [...item, ...Array.from({ length: 60_000 }, (_, i) => chapter(i).join('\n'))].join('\n');
    // Parsing everything after the list item (5 MB) with remark would take ten seconds or more.
    const sections = await markdownSections(markdown, countLines(markdown));
    expect(sections.filter((s) => s.level === 2)).toHaveLength(60_000);
    expect(sections[1]).toMatchObject({ title: 'Chapter 0', startLine: 9 });
  }, 60_000);

  it('gives the same sections from a file\'s bytes read a few at a time as from its whole text', async () => {
    const line = fc.constantFrom('# Heading', '## Sub *heading* é', 'Setext ü', '===', '---', 'plain words', '', '```', '  ```', '- item', '  continued', '> quote', '<!-- c', 'end -->', '    code', 'naïve café — “quoted”', '### Æ `x`');
    const encoder = new TextEncoder();
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 60 }), fc.boolean(), fc.integer({ min: 1, max: 40 }), async (lines, trailingNewline, chunkBytes) => {
        const markdown = lines.join('\n') + (trailingNewline && lines.length > 0 ? '\n' : '');
        const lineCount = countLines(markdown);
        expect(await markdownSectionsOfUtf8(encoder.encode(markdown), lineCount, chunkBytes)).toEqual(await markdownSections(markdown, lineCount));
      }),
      { numRuns: 500 },
    );
  });
});
