import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { annotatorRegions, importThroughPicker, openAnnotator, sourceButton, viewerBox } from './annotator-page.ts';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** A reference page as Markdown: a link and a code span in one line, then a table with code in a cell. */
const REFERENCE = [
  '# Integer types',
  '',
  'It returns an [integer value](https://developer.mozilla.org/docs/Web/integer) at `offset` for you.',
  '',
  '| key | type | meaning |',
  '| --- | --- | --- |',
  '| PTEX.Fullbanner | `string` | the banner text |',
  '',
  ...Array.from({ length: 40 }, (_, i) => `Filler paragraph ${i + 1} keeps the viewer scrollable and long enough to drag through.\n`),
].join('\n');

let app: LaunchedApp | undefined;
let scratch: string | undefined;
test.beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lhb-plain-quote-'));
  app = await launchApp(['bin/lhb.mjs', 'serve'], { project: 'Plain quotes' });
});
test.afterEach(async () => {
  await app?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  app = scratch = undefined;
});

function lhb(args: string[]): string {
  const result = spawnSync(process.execPath, ['bin/lhb.mjs', ...args, '--workspace', app!.workspace], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`lhb ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/** The on-screen point of character `index` of `needle` in the shown text of the line holding `needle`. */
async function pointAt(page: Page, needle: string, index: number): Promise<{ x: number; y: number; line: number }> {
  return page.evaluate(
    ([needle, index]) => {
      for (const text of document.querySelectorAll<HTMLElement>('[data-line-text]')) {
        const at = (text.textContent ?? '').indexOf(needle);
        if (at < 0) continue;
        const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
        let seen = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent!.length;
          const target = at + index;
          if (target < seen + length) {
            const range = document.createRange();
            range.setStart(node, target - seen);
            range.setEnd(node, target - seen + 1);
            const rect = range.getBoundingClientRect();
            return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2, line: Number(text.closest<HTMLElement>('[data-line]')!.dataset.line) };
          }
          seen += length;
        }
      }
      throw new Error(`No shown line holds "${needle}"`);
    },
    [needle, index] as const,
  );
}

/** Where every element that matters to a reader aiming the mouse is: the rows, the toolbar, the viewer. */
async function layout(page: Page): Promise<Record<string, number[]>> {
  return page.evaluate(() => {
    const boxes: Record<string, number[]> = {};
    const rect = (key: string, element: Element | null) => {
      if (!element) return;
      const r = element.getBoundingClientRect();
      boxes[key] = [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
    };
    rect('toolbar', document.querySelector('.doc-toolbar'));
    rect('viewer', document.querySelector('.doc-lines'));
    for (const row of document.querySelectorAll<HTMLElement>('[data-line]')) rect(`line ${row.dataset.line}`, row);
    return boxes;
  });
}

test('a mouse selection across a link, a code span and a table row quotes the plain text selected, widened to whole words, and the export carries its character range', async ({ page }) => {
  test.setTimeout(180_000);
  const file = join(scratch!, 'integer-types.md');
  writeFileSync(file, REFERENCE);
  await openAnnotator(page, app!.url);
  const { document, chapters } = annotatorRegions(page);
  await importThroughPicker(page, [file]);
  await sourceButton(page, /integer types/i).click();
  await viewerBox(page);

  // Formatted text: the link is its text, the code span its code, the table row its cells.
  const viewer = document.getByRole('group', { name: /^Lines of/ });
  await expect(viewer).toContainText('It returns an integer value at offset for you.');
  await expect(viewer).not.toContainText('](https://');
  await expect(viewer.locator('.md-link', { hasText: 'integer value' })).toHaveAttribute('title', 'https://developer.mozilla.org/docs/Web/integer');
  await expect(viewer.locator('.md-table-row .md-cell')).toHaveCount(6);

  // Press inside "integer" (at "teger") and let go inside "string" (at "str|ing").
  const from = await pointAt(page, 'integer value', 2);
  const to = await pointAt(page, 'PTEX.Fullbanner\tstring', 'PTEX.Fullbanner\tstr'.length);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();

  const expected = 'integer value at offset for you.\n\nkey\ttype\tmeaning\n\nPTEX.Fullbanner\tstring';
  // Before citing: the quote to be is highlighted, word by word as it will be stored.
  await expect
    .poll(() => page.evaluate(() => [...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('quote-preview') ?? [])].map((r) => r.toString()).join('|')))
    .toBe('integer value at offset for you.|key\ttype\tmeaning|PTEX.Fullbanner\tstring');
  const startChar = 'It returns an '.length;
  const endChar = 'PTEX.Fullbanner\tstring'.length;
  await expect(document.locator('#cite-hint')).toContainText(`${from.line}:${startChar}–${to.line}:${endChar}`);

  await page.keyboard.press('c');
  const citation = chapters.locator('.citation').first();
  await expect(citation.locator('.citation__chars')).toHaveText(`${from.line}:${startChar}–${to.line}:${endChar}`);
  expect(await citation.locator('.citation__quote').evaluate((q) => q.textContent)).toBe(expected);

  // The dataset's citation row carries the quote and its character range beside the lines.
  const out = join(scratch!, 'hf');
  lhb(['export', 'hf', '--out', out, '--format', 'jsonl', '--subsets', 'chapters']);
  const dir = join(out, 'data', 'chapters');
  const rows = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').trim().split('\n'))
    .map((line) => JSON.parse(line) as { citations: { start_line: number; end_line: number; start_char: number | null; end_char: number | null; quote: string }[] });
  const cited = rows.flatMap((row) => row.citations);
  expect(cited).toEqual([expect.objectContaining({ start_line: from.line, end_line: to.line, start_char: startChar, end_char: endChar, quote: expected })]);
});

test('nothing on screen moves while a drag selects text, and a source added from the command line appears without a reload', async ({ page }) => {
  test.setTimeout(180_000);
  const file = join(scratch!, 'integer-types.md');
  writeFileSync(file, REFERENCE);
  // 1280 px wide: the document pane is narrow enough beside the sources and chapters that a hint
  // which wrapped would push the text down.
  await openAnnotator(page, app!.url);
  const { document } = annotatorRegions(page);
  await importThroughPicker(page, [file]);
  await sourceButton(page, /integer types/i).click();
  // The Jobs panel stays open after the import; the document still has most of the window's height.
  await expect(page.getByRole('button', { name: 'Hide jobs' })).toBeVisible();
  expect((await viewerBox(page)).height, 'the document viewer is more than half the window tall').toBeGreaterThan(400);
  await expect(document.getByRole('group', { name: /^Lines of/ })).toContainText('Filler paragraph 3 ');

  // The drag starts and ends inside the viewer: a pointer held below it would scroll the view
  // (as it should), which is not what this test is about. Filler 1 is brought to the top, and the
  // rows are left to settle before anything is measured.
  await document.getByRole('group', { name: /^Lines of/ }).evaluate((viewer) => {
    const row = viewer.querySelector('[data-line="9"]')!;
    viewer.scrollTop += row.getBoundingClientRect().top - viewer.getBoundingClientRect().top;
  });
  let before: Record<string, number[]> = {};
  await expect.poll(async () => JSON.stringify(before) === JSON.stringify((before = await layout(page))), { message: 'the rows hold still' }).toBe(true);
  const from = await pointAt(page, 'Filler paragraph 1 ', 3);
  const to = await pointAt(page, 'Filler paragraph 3 ', 30);
  const [, viewerTop, , viewerHeight] = before.viewer!;
  for (const point of [from, to]) expect(point.y, `line ${point.line} is inside the viewer`).toBeGreaterThan(viewerTop! + 4);
  for (const point of [from, to]) expect(point.y, `line ${point.line} is inside the viewer`).toBeLessThan(viewerTop! + viewerHeight! - 24);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  // Mid-drag: the selection is known (the hint says so), and every row is where it was.
  await expect(document.locator('#cite-hint')).toHaveText(new RegExp(`^${from.line}:\\d+–${to.line}:\\d+ `));
  const during = await layout(page);
  await page.mouse.up();
  expect(Object.keys(during).length).toBeGreaterThan(10);
  for (const [key, box] of Object.entries(before)) if (during[key]) expect({ key, box: during[key] }).toEqual({ key, box });

  // Another process adds a source: the open app lists it without a reload.
  const added = join(scratch!, 'added-later.md');
  writeFileSync(added, '# Added later\n\nWritten while the app was open.\n');
  lhb(['sources', 'add', added]);
  await expect(sourceButton(page, /added later/i)).toBeVisible({ timeout: 30_000 });
});
