import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startBeaconServer, writeAnnotatorFixtures, writeHostileFixtures, type FixtureFiles } from './annotator-fixtures.ts';
import { annotatorRegions, dragSelectLines, importThroughPicker, lineRow, lineTexts, openAnnotator, scrollLineIntoView, sourceButton } from './annotator-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';

// A desktop window: three panels side by side, as an annotator works.
test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let fixtures: FixtureFiles | undefined;
test.beforeEach(async () => {
  fixtures = await writeAnnotatorFixtures();
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  if (fixtures) rmSync(fixtures.dir, { recursive: true, force: true });
  app = fixtures = undefined;
});

/** The app and fixtures of the running test (beforeEach made them). */
const running = () => ({ app: app!, files: fixtures! });

const CITATION_12_15 = /^annotator-handbook:12--15$/;

test('import a PDF, a web page and Markdown; cite lines 12–15 of the PDF into a new chapter; it survives a reload, undo and redo', async ({ page }) => {
  test.setTimeout(90_000);
  await openAnnotator(page, running().app.url);
  const { sources, document, chapters } = annotatorRegions(page);
  await expect(sources).toBeVisible();
  await expect(document).toBeVisible();
  await expect(chapters).toBeVisible();

  const outcome = await importThroughPicker(page, [running().files.pdf, running().files.html, running().files.markdown]);
  expect(outcome).toMatch(/^Imported 3 sources/);
  await expect(sourceButton(page, /handbook/i)).toContainText('PDF');
  await expect(sourceButton(page, /release notes/i)).toContainText('Web');
  await expect(sourceButton(page, /style guide/i)).toContainText('MD');

  await sourceButton(page, /handbook/i).click();
  await expect(sourceButton(page, /handbook/i)).toHaveAttribute('aria-current', 'true');
  await expect(lineRow(page, 1)).toBeVisible();

  // Collapse a section: its lines leave the viewer; expand it: they come back.
  const section = document.getByRole('button', { name: /How to select lines/ });
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  const [, first, last] = /L(\d+)–(\d+)/.exec((await section.textContent()) ?? '') ?? [];
  expect(Number(last)).toBeGreaterThan(Number(first));
  await section.click();
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await expect(lineRow(page, Number(first) + 1)).toHaveCount(0);
  await section.click();
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await expect(lineRow(page, Number(first) + 1)).toBeVisible();

  // A new chapter becomes the active one; the selection is cited into it with C.
  await chapters.getByRole('button', { name: 'Add chapter' }).click();
  const active = chapters.getByRole('button', { pressed: true });
  await expect(active).toHaveText(/^Chapter \d+$/);
  const title = (await active.textContent())!;
  await scrollLineIntoView(page, 15);
  await scrollLineIntoView(page, 12);
  const selected = (await lineTexts(page, 12, 15)).filter((text) => text.trim() !== '');
  expect(selected.length).toBeGreaterThan(0);
  await dragSelectLines(page, 12, 15);
  await expect(document.getByRole('button', { name: 'Cite L12–15' })).toBeEnabled();
  await page.keyboard.press('c');

  const chapter = chapters.getByRole('listitem', { name: title, exact: true });
  await expect(chapter.getByRole('button', { name: CITATION_12_15 })).toBeVisible();
  await expect(chapter.locator('blockquote')).toContainText(selected[0]!.trim());
  await expect(lineRow(page, 13)).toHaveClass(/line--cited/);

  await page.reload();
  await expect(chapters.getByRole('listitem', { name: title, exact: true }).getByRole('button', { name: CITATION_12_15 })).toBeVisible();
  await expect(page.getByRole('button', { name: `Undo: Add citation to “${title}”` })).toBeEnabled();

  await page.keyboard.press('Control+z');
  await expect(chapters.getByRole('button', { name: CITATION_12_15 })).toHaveCount(0);
  await page.keyboard.press('Control+Shift+z');
  const restored = chapters.getByRole('button', { name: CITATION_12_15 });
  await expect(restored).toBeVisible();

  // The citation opens its lines in the Document, highlighted.
  await sourceButton(page, /style guide/i).click();
  await expect(lineRow(page, 1)).toContainText('Style guide');
  await restored.click();
  await expect(sourceButton(page, /handbook/i)).toHaveAttribute('aria-current', 'true');
  await expect(lineRow(page, 12)).toHaveClass(/line--highlighted/);
  await expect(lineRow(page, 15)).toHaveClass(/line--highlighted/);
});

test('hostile HTML and Markdown show as text: no script runs and nothing remote loads', async ({ page }) => {
  test.setTimeout(90_000);
  const beacon = await startBeaconServer();
  const hostile = writeHostileFixtures(beacon.origin);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    // A failed load is checked by its response below, where its address is known.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) problems.push(`${response.status()} for ${response.url()}`);
  });
  const origin = new URL(running().app.url).origin;
  page.on('request', (request) => {
    if (!request.url().startsWith(origin)) problems.push(`request left the app: ${request.url()}`);
  });
  try {
    await openAnnotator(page, running().app.url);
    const { document: viewer, chapters } = annotatorRegions(page);
    const outcome = await importThroughPicker(page, [hostile.html, hostile.markdown]);
    expect(outcome).toMatch(/^Imported 2 sources/);

    for (const title of [/hostile page/i, /hostile notes/i]) {
      await sourceButton(page, title).click();
      await expect(viewer).toContainText('Ordinary text before the attacks');
      // Clicking where a link was must do nothing: it is text.
      const bait = viewer.getByText(/Click for a prize|a javascript link/).first();
      if ((await bait.count()) > 0) await bait.click();
      // Select every line by keyboard (which scrolls to the end) and cite them, so the quotes,
      // hostile markup included, render in the Chapters panel too.
      await viewer.getByRole('group', { name: /^Lines of/ }).focus();
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('Control+Shift+End');
      await expect(viewer).toContainText('Ordinary text after them');
      await page.keyboard.press('c');
      await expect(chapters.locator('li[aria-current="true"] blockquote').last()).toContainText('Ordinary text after them');
    }

    const injected = await page.evaluate(() => document.querySelectorAll('main img, main script, main iframe, main a, main link, main svg, main object, main embed').length);
    expect(injected).toBe(0);
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as { __lhbPwned?: unknown }).__lhbPwned)).toBeUndefined();
    expect(beacon.requests).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await beacon.close();
  }
});

test('chapters by keyboard: add, rename inline, reorder, delete and undo; global notes save themselves', async ({ page }) => {
  await openAnnotator(page, running().app.url);
  const { chapters } = annotatorRegions(page);
  const add = chapters.getByRole('button', { name: 'Add chapter' });
  await expect(add).toBeEnabled();
  // Each add re-renders the plan; wait for it to land before the next step, so the keyboard
  // acts on the chapter the test means and not on one the next render replaces.
  const items = chapters.locator('.chapter__title');
  const existing = await items.count();
  await add.click();
  await expect(items).toHaveCount(existing + 1);
  await add.click();
  await expect(items).toHaveCount(existing + 2);
  const newest = chapters.getByRole('button', { pressed: true });
  await expect(newest).toHaveText(`Chapter ${existing + 2}`);

  await newest.focus();
  await page.keyboard.press('F2');
  const field = chapters.getByRole('textbox', { name: 'Chapter title' });
  await expect(field).toBeFocused();
  await field.fill('Charts and filters');
  await page.keyboard.press('Enter');
  const renamed = chapters.getByRole('button', { name: 'Charts and filters', exact: true });
  await expect(renamed).toBeFocused();

  const order = () => chapters.locator('.chapter__title').allTextContents();
  const before = await order();
  const at = before.indexOf('Charts and filters');
  expect(at).toBeGreaterThan(0);
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(order).toEqual([...before.slice(0, at - 1), 'Charts and filters', before[at - 1], ...before.slice(at + 1)]);
  await expect(chapters.getByRole('button', { name: 'Charts and filters', exact: true })).toBeFocused();
  await chapters.getByRole('button', { name: 'Move Charts and filters down' }).click();
  await expect.poll(order).toEqual(before);

  await chapters.getByRole('button', { name: 'Delete Charts and filters' }).click();
  await expect(renamed).toHaveCount(0);
  await chapters.getByRole('status').filter({ hasText: 'Deleted “Charts and filters”' }).getByRole('button', { name: 'Undo' }).click();
  await expect(chapters.getByRole('button', { name: 'Charts and filters', exact: true })).toBeVisible();

  // Notes save ~500 ms after typing stops and survive a reload.
  const notes = chapters.getByRole('textbox', { name: 'Global notes' });
  await notes.fill('Audience: analysts who build dashboards.');
  await expect(chapters.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(notes).toHaveValue('Audience: analysts who build dashboards.');
  // Ctrl+Z inside a text field belongs to the field: the plan's undo is not triggered.
  await notes.press('Control+z');
  await expect(page.getByRole('button', { name: 'Undo: Edit global notes' })).toBeEnabled();
  await expect(notes).toHaveValue('Audience: analysts who build dashboards.');
});

test('drop a file to import it; find in the document; cite by keyboard; see which chapter cites a line from its gutter mark', async ({ page }) => {
  test.setTimeout(90_000);
  await openAnnotator(page, running().app.url);
  const { sources, document, chapters } = annotatorRegions(page);
  await importThroughPicker(page, [running().files.markdown]);

  // A file dropped on the Sources panel is imported too.
  await sources.evaluate((panel) => {
    const data = new DataTransfer();
    data.items.add(new File(['# Dropped notes\n\nThis file arrived by drag and drop.\n'], 'dropped-notes.md', { type: 'text/markdown' }));
    for (const type of ['dragenter', 'dragover', 'drop']) panel.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await expect(sourceButton(page, /dropped notes/i)).toContainText('MD');

  await sourceButton(page, /style guide/i).click();
  await expect(lineRow(page, 1)).toContainText('Style guide');

  const find = document.getByRole('searchbox', { name: 'Find in document' });
  await find.fill('sentences');
  await find.press('Enter');
  await expect(document.getByRole('status').filter({ hasText: /^1 of 1$/ })).toBeVisible();
  await expect(document.locator('mark.find-match--current')).toHaveText('sentences');

  await document.getByRole('group', { name: /^Lines of/ }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(document.getByRole('button', { name: 'Cite L2–3' })).toBeEnabled();
  await page.keyboard.press('c');
  const activeTitle = (await chapters.getByRole('button', { pressed: true }).textContent())!;
  await expect(chapters.getByRole('button', { name: /^style-guide:2--3$/ })).toBeVisible();

  await lineRow(page, 3).getByRole('button', { name: `Line 3 is cited by ${activeTitle}` }).click();
  const note = document.getByRole('dialog', { name: 'Chapters citing line 3' });
  await expect(note).toBeVisible();
  await expect(note.getByRole('button', { name: activeTitle })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(note).toHaveCount(0);
});
