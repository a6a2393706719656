import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseHtml } from './normalise-html.ts';
import { isSafeHref } from './strip-html-chrome.ts';

const DEMO_PAGE = readFileSync(new URL('../../datasets/demo/sources/scoring-guide.html', import.meta.url));
const html = (text: string) => normaliseHtml(new TextEncoder().encode(text), 'page.html');

describe('normaliseHtml', () => {
  it('makes a list written straight inside another list the previous item\'s sub-list, never an item holding only a list', async () => {
    const html = '<ul><li><a href="#a">Type 1</a></li><ul><li><a href="#b">Overview</a></li><li>TeX</li></ul><li>True Type</li></ul><ol><ul><li>Orphan</li></ul><li>Next</li></ol>';
    const { markdown } = await normaliseHtml(new TextEncoder().encode(html), 'stray-lists.html');
    expect(markdown).not.toMatch(/^\s*[-*] [-*] /m);
    expect(markdown).not.toMatch(/^\s*\d+\. [-*] /m);
    const lines = markdown.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual(['- [Type 1](#a)', '  - [Overview](#b)', '  - TeX', '- True Type', '1. Orphan', '2. Next']);
  });

  it('turns the demo page into Markdown with its headings, table, list, code and links', async () => {
    const { title, markdown, pages } = await normaliseHtml(DEMO_PAGE, 'scoring-guide.html');
    expect(title).toBe('Scoring guide: operations dashboard builds');
    expect(pages).toEqual([]);
    expect(markdown).toMatch(/^# Scoring guide: operations dashboard builds\n/);
    expect(markdown).toContain('## Criteria and weights');
    expect(markdown).toMatch(/\| Consistent numbers +\| 40% +\|/);
    expect(markdown).toContain('1. Add up the regional breakdown');
    expect(markdown).toContain('```sql\nSELECT week, count(*) AS orders');
    expect(markdown).toContain('- Rewarding polish');
    expect(markdown).toContain('[judging notes](https://example.org/lh-bench/judging)');
  });

  it('drops the demo page chrome: nav, script, styles, inline handlers, forms, aside, footer, iframe', async () => {
    const { markdown } = await normaliseHtml(DEMO_PAGE, 'scoring-guide.html');
    for (const gone of ['Home', 'Contact', 'trackVisit', 'tracker.invalid', 'font-family', 'onclick', 'onload', 'Other guides', 'Privacy', 'ads.invalid', 'Send']) {
      expect(markdown, gone).not.toContain(gone);
    }
  });

  it('keeps a link text but not its javascript: URL, and shows an image as its alt text only', async () => {
    const { markdown } = await normaliseHtml(DEMO_PAGE, 'scoring-guide.html');
    expect(markdown).toContain('Ask the rubric owner');
    expect(markdown).not.toMatch(/javascript:/i);
    expect(markdown).toContain('Bar chart of the four criteria weights');
    expect(markdown).not.toContain('images.invalid');
  });

  it('neutralises hostile markup: nothing executable or remote survives', async () => {
    const { markdown } = await html(`<html><head><base href="https://evil.invalid/"><meta http-equiv="refresh" content="0;url=https://evil.invalid">
      <link rel="stylesheet" href="https://evil.invalid/x.css"></head><body>
      <p>Safe text</p>
      <a href="JaVaScRiPt:alert(1)">one</a> <a href="java&#x09;script:alert(2)">two</a> <a href=" javascript:alert(3)">three</a>
      <a href="data:text/html,<script>alert(4)</script>">four</a> <a href="vbscript:msgbox(5)">five</a>
      <img src=x onerror="alert(6)"> <svg onload="alert(7)"><text>svg text</text></svg>
      <iframe srcdoc="<script>alert(8)</script>"></iframe><object data="https://evil.invalid/x.swf"></object><embed src="x">
      <div style="background:url(https://evil.invalid/bg.png)" onmouseover="alert(9)">Styled</div>
      <template><script>alert(10)</script></template><noscript><img src="https://evil.invalid/p.gif"></noscript>
      <p>&lt;script&gt;alert(11)&lt;/script&gt; is shown as text</p>
      </body></html>`);
    expect(markdown).toContain('Safe text');
    expect(markdown).toContain('one two three four five');
    expect(markdown).toContain('Styled');
    for (const gone of [/javascript:/i, /vbscript:/i, /data:text/i, /evil\.invalid/, /onerror|onload|onmouseover/i, /alert\((?:[0-9]|10)\)/, /svg text/, /(^|[^\\])<script/]) {
      expect(markdown).not.toMatch(gone);
    }
    // Text that merely shows a tag stays text: escaped, so no Markdown reader takes it for HTML.
    expect(markdown).toContain('\\<script>alert(11)\\</script> is shown as text');
  });

  it('keeps an article header with its title but drops the page header', async () => {
    const { markdown, title } = await html(`<body><header><a href="/">Site name</a></header>
      <section><header><h2>Part one</h2></header><p>Body.</p></section></body>`);
    expect(markdown).toBe('## Part one\n\nBody.\n');
    expect(title).toBe(null);
  });

  it('takes the first h1 as the title when there is no <title>, and honours a declared charset', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('<meta charset="windows-1252"><h1>Caf'), 0xe9, ...new TextEncoder().encode('</h1>')]);
    const { title, markdown } = await normaliseHtml(bytes, 'cafe.html');
    expect(title).toBe('Café');
    expect(markdown).toBe('# Café\n');
  });
});

describe('isSafeHref', () => {
  it.each(['https://example.org/x', 'http://a', 'mailto:a@b.c', '/relative/path', '#anchor', 'page.html?q=1', 'ftp://files'])('allows %s', (href) => {
    expect(isSafeHref(href)).toBe(true);
  });
  it.each(['javascript:alert(1)', ' JAVASCRIPT:x', 'java\tscript:x', 'java\nscript:x', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'blob:https://x/y'])('refuses %j', (href) => {
    expect(isSafeHref(href)).toBe(false);
  });

  it('drops permalink anchors (Sphinx ¶, Node #, GitHub icons) from headings and text, keeping real links', async () => {
    const { markdown } = await html(`<main>
      <h1>Python Policy<a class="headerlink" href="#python-policy" title="Link to this heading">¶</a></h1>
      <h2 id="x"><a class="mark" href="#x">#</a> Versions</h2>
      <h3><a class="anchor" aria-label="Permalink" href="#install"><svg><path d="M0"/></svg></a>Install</h3>
      <p>See <a href="#versions">the versions section</a> and note 1<a href="#fn1">1</a>.<a class="headerlink" href="#p1">¶</a></p>
    </main>`);
    expect(markdown).toContain('# Python Policy\n');
    expect(markdown).toContain('## Versions\n');
    expect(markdown).toContain('### Install\n');
    expect(markdown).toContain('See [the versions section](#versions) and note 1[1](#fn1).\n');
    expect(markdown).not.toMatch(/¶|\[#\]|\[\]\(/);
  });

  it('converts a long page part by part with the same Markdown as in one piece: every block once, one blank line between', async () => {
    const section = (i: number) =>
      `<section id="s${i}"><h2>Part ${i}<a class="headerlink" href="#s${i}">¶</a></h2>${Array.from({ length: 30 }, (_, j) => `<p>Paragraph ${i}.${j} with <em>stress</em>.</p>`).join('')}<ul><li>item ${i}</li></ul></section>`;
    const page = `<html><body><div role="main"><section><h1>Long page</h1>${Array.from({ length: 60 }, (_, i) => section(i)).join('\n')}</section></div></body></html>`;
    const { markdown } = await html(page);
    const blocks = markdown.trimEnd().split('\n\n');
    expect(blocks).toHaveLength(1 + 60 * 32);
    expect(blocks[0]).toBe('# Long page');
    expect(blocks.slice(1, 4)).toEqual(['## Part 0', 'Paragraph 0.0 with _stress_.', 'Paragraph 0.1 with _stress_.']);
    expect(blocks.slice(-3)).toEqual(['Paragraph 59.28 with _stress_.', 'Paragraph 59.29 with _stress_.', '- item 59']);
    expect(markdown).not.toMatch(/\n{3,}|¶/);
    expect(markdown.endsWith('- item 59\n')).toBe(true);
  });
});
