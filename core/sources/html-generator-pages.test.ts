import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { debrisLines } from './markdown-debris.fixture.ts';
import { normaliseHtml } from './normalise-html.ts';

// Small pages written in the styles of the generators most documentation comes from (the
// markup each one emits, our own words): DocBook's SGML and XSL stylesheets, Sphinx, Javadoc,
// MkDocs (Material), and hand-written HTML. Their named anchors, permalinks, navigation and
// definition lists must leave nothing in the text a citation would quote.
const pages = ['docbook-sgml', 'docbook-xsl', 'sphinx', 'javadoc', 'mkdocs', 'plain'] as const;
const markdownOf = async (page: (typeof pages)[number]) =>
  (await normaliseHtml(readFileSync(new URL(`./html-generator-pages/${page}.html`, import.meta.url)), `${page}.html`)).markdown;

describe('web pages from documentation generators', () => {
  it.each(pages)('%s: no empty link, no bare anchor, no list marker nested in another', async (page) => {
    const markdown = await markdownOf(page);
    expect(debrisLines(markdown)).toEqual([]);
    // A heading is its words: no link syntax left from the anchor it carried.
    for (const heading of markdown.split('\n').filter((line) => line.startsWith('#'))) expect(heading).not.toMatch(/[[\]]/);
  });

  it('DocBook (SGML): chapter headings read as written, the table of contents is one list under its title, options keep their descriptions', async () => {
    const markdown = await markdownOf('docbook-sgml');
    expect(markdown).toMatch(/^# Keeping the tool shed in order$/m);
    expect(markdown).toMatch(/^### Ada Gardener$/m);
    expect(markdown).toMatch(/^# Chapter 1\. Tools and their hooks$/m);
    expect(markdown).toMatch(/^## 1\.1\. Spades$/m);
    expect(markdown).toMatch(/^\*\*Table of Contents\*\*$/m);
    expect(markdown).toMatch(/^- 1\\?\. \[Tools and their hooks\]\(#TOOLS\)$/m);
    expect(markdown).toMatch(/^ {2}- 1\.1\. \[Spades\]\(#SPADES\)$/m);
    expect(markdown).toMatch(/^- `-n`\n\n {2}Counts the tools without moving them\.$/m);
  });

  it('DocBook (XSL): the navigation tables go, the table of contents nests once per level', async () => {
    const markdown = await markdownOf('docbook-xsl');
    for (const gone of ['Prev', 'Next', '2. Pruning', '4. Compost', 'The Garden Manual']) expect(markdown).not.toContain(gone);
    expect(markdown).toMatch(/^# 3\. Watering schedules$/m);
    expect(markdown).toMatch(/^- \[3\.1\. Morning rounds\]\(watering\.html#watering\.morning\)$/m);
    expect(markdown).toMatch(/^ {2}- \[3\.1\.1\. Cans and hoses\]\(watering\.html#watering\.cans\)$/m);
    expect(markdown).toMatch(/^- \[3\.2\. Drought rules\]\(watering\.html#watering\.drought\)\n\n?- \[3\.3\. Rain barrels\]/m);
    expect(markdown).toContain('[towards the gate](watering.html#watering.drought "3.2. Drought rules")');
    expect(markdown).toMatch(/^- `--slow`\n\n {2}Lets the water soak in between passes\.$/m);
  });

  it('Sphinx: headings without ¶, signatures and fields kept', async () => {
    const markdown = await markdownOf('sphinx');
    expect(markdown).toMatch(/^# Seed trays$/m);
    expect(markdown).toMatch(/^## Labels$/m);
    expect(markdown).not.toContain('¶');
    expect(markdown).toContain('sow(_tray_)');
    expect(markdown).toContain('**tray** – the tray to sow.');
  });

  it('Javadoc: no skip-navigation links, the notes keep their terms', async () => {
    const markdown = await markdownOf('javadoc');
    expect(markdown).not.toContain('Skip navigation');
    expect(markdown).toMatch(/^# Class Trowel$/m);
    expect(markdown).toMatch(/^### dig$/m);
    expect(markdown).toMatch(/^- Parameters:\n\n {2}`depth` - how deep, in centimetres$/m);
  });

  it('MkDocs: no permalinks, no icon-only edit link, code-line anchors gone but their line kept', async () => {
    const markdown = await markdownOf('mkdocs');
    expect(markdown).toMatch(/^# Compost$/m);
    expect(markdown).not.toContain('Edit this page');
    expect(markdown).not.toContain('example.org/edit');
    expect(markdown).toMatch(/^Keep the lid on when it rains\.$/m);
  });

  it('hand-written HTML: anchors inside text leave the text, links to sections stay links', async () => {
    const markdown = await markdownOf('plain');
    expect(markdown).toMatch(/^# Bees in the orchard$/m);
    expect(markdown).toMatch(/^## East end$/m);
    expect(markdown).toContain('Hives stand at the [east](#east) end, away from the path.');
    expect(markdown).toMatch(/^- Hive\n\n {2}A box where a colony lives\.$/m);
  });
});
