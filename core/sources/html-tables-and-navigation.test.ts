import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseHtml } from './normalise-html.ts';

const html = (body: string) => Buffer.from(`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`);
const tableRows = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('|'));

describe('web tables', () => {
  it('keep every row on one line: code blocks, line breaks, paragraphs and pipes in cells stay inside the row', async () => {
    const { markdown } = await normaliseHtml(
      html(`<table><tr><th>key</th><th>meaning</th></tr>
        <tr><td>a|b</td><td>line one<br>line two</td></tr>
        <tr><td><pre>import x from 'x';
const y = require('y');</pre></td><td><code>a|b</code> and<p>para one</p><p>para two</p></td></tr></table>`),
      't.html',
    );
    const rows = tableRows(markdown);
    expect(rows).toHaveLength(4);
    expect(rows[2]).toBe('| a\\|b | line one line two |');
    // The ESM and CommonJS lines stay apart inside one code span; words of paragraphs do not run together.
    expect(rows[3]).toBe("| `import x from 'x'; const y = require('y');` | `a\\|b` and para one para two |");
    expect(markdown).not.toMatch(/```/);
  });

  it('keep a link with an empty href as its words, in a definition list inside a layout table too', async () => {
    const { markdown } = await normaliseHtml(html(`<table><tr><td><dl><dt>index</dt><dd><a href="">nr</a><br></dd><dt>indented</dt><dd><a href="api.html#s">_xsltStylesheet</a></dd></dl></td></tr></table>`), 't.html');
    expect(markdown).toContain('nr');
    expect(markdown).not.toMatch(/\]\(\)/);
    expect(markdown).toContain('[\\_xsltStylesheet](api.html#s)');
  });

  it('are not padded to the widest cell, so a wide table is no wider than its text', async () => {
    const long = 'word '.repeat(60).trim();
    const { markdown } = await normaliseHtml(html(`<table><tr><th>a</th><th>b</th></tr><tr><td>${long}</td><td>x</td></tr></table>`), 't.html');
    expect(tableRows(markdown)[1]).toBe('| - | - |');
  });
});

describe('Texinfo navigation', () => {
  it('drops the Next/Previous/Up bar and the node menu, keeping the node text', async () => {
    const { markdown } = await normaliseHtml(
      html(`<div class="chapter"><div class="header"><p>Next: <a href="b.html" accesskey="n" rel="next">Using</a>, Up: <a href="index.html" accesskey="u" rel="up">Top</a></p></div>
        <h2>1 What is it?</h2><p>Next: the text of the node, with a <a href="x.html">link</a>.</p>
        <table class="menu" border="0" cellspacing="0"><tr><td align="left" valign="top">&bull; <a href="a.html" accesskey="1">Intro</a>:</td><td>&nbsp;&nbsp;</td><td align="left" valign="top">What it is</td></tr></table>
        <div class="nav-panel"><p>Previous: <a href="a.html" rel="prev">Intro</a></p></div></div>`),
      't.html',
    );
    expect(markdown).toBe('## 1 What is it?\n\nNext: the text of the node, with a [link](x.html).\n');
  });

  const installed = '/usr/share/doc/libffi8/html/Introduction.html';
  it.runIf(existsSync(installed))("a real Texinfo manual's node (libffi, as Debian installs it) keeps no navigation line", async () => {
    const { markdown } = await normaliseHtml(readFileSync(installed), installed);
    expect(markdown).toMatch(/^## 1 What is libffi\?/m);
    expect(markdown).not.toMatch(/^(?:Next|Previous|Up):/m);
    expect(markdown).not.toMatch(/accesskey|\[Index\]\(Index\.html\)/);
  });
});
