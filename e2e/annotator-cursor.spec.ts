import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { writeAnnotatorFixtures, type FixtureFiles } from './annotator-fixtures.ts';
import { annotatorRegions, importThroughPicker, lineRow, openAnnotator, sourceButton } from './annotator-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';

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

test('a click on a line number puts the keyboard line cursor there: Shift+↓ then selects from that line', async ({ page }) => {
  test.setTimeout(60_000);
  await openAnnotator(page, app!.url);
  const { document } = annotatorRegions(page);
  await importThroughPicker(page, [fixtures!.markdown]);
  await sourceButton(page, /style guide/i).click();
  await expect(lineRow(page, 1)).toContainText('Style guide');

  // Keys first moved the cursor elsewhere, so a stale cursor would show.
  await document.getByRole('group', { name: /^Lines of/ }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(document.getByRole('button', { name: 'Cite L2' })).toBeEnabled();

  await lineRow(page, 5).locator('.line__number').click();
  await expect(document.getByRole('button', { name: 'Cite L5' })).toBeEnabled();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(document.getByRole('button', { name: 'Cite L5–6' })).toBeEnabled();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(document.getByRole('button', { name: 'Cite L5–7' })).toBeEnabled();
});

test('each source keeps its own line cursor while the annotator moves between sources', async ({ page }) => {
  test.setTimeout(90_000);
  await openAnnotator(page, app!.url);
  const { document } = annotatorRegions(page);
  // A source long enough to scroll: 300 numbered lines under one heading.
  const long = join(fixtures!.dir, 'long-notes.md');
  writeFileSync(long, `# Long notes\n\n${Array.from({ length: 300 }, (_, i) => `Note number ${i + 1}.`).join('\n\n')}\n`);
  await importThroughPicker(page, [fixtures!.markdown, long]);
  const viewer = document.getByRole('group', { name: /^Lines of/ });

  // The long notes: scrolled down, the cursor on a line there.
  await sourceButton(page, /long notes/i).click();
  await expect(lineRow(page, 1)).toContainText('Long notes');
  const box = (await viewer.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => viewer.evaluate((element) => element.scrollTop)).toBeGreaterThan(2000);
  // A line in the middle of the view.
  const far = await viewer.evaluate((element) => {
    const middle = element.getBoundingClientRect().top + element.clientHeight / 2;
    const row = [...element.querySelectorAll<HTMLElement>('[data-line]')].find((r) => r.getBoundingClientRect().bottom > middle);
    return Number(row!.dataset.line);
  });
  await lineRow(page, far).locator('.line__number').click();
  await expect(document.getByRole('button', { name: `Cite L${far}` })).toBeEnabled();

  // The style guide: its own cursor.
  await sourceButton(page, /style guide/i).click();
  await expect(lineRow(page, 1)).toContainText('Style guide');
  await lineRow(page, 3).locator('.line__number').click();
  await expect(document.getByRole('button', { name: 'Cite L3' })).toBeEnabled();

  // Back to the long notes: its cursor is where it was; Shift+↓ goes on from that line.
  await sourceButton(page, /long notes/i).click();
  await expect(document.getByRole('button', { name: `Cite L${far}` })).toBeEnabled();
  await viewer.focus();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(document.getByRole('button', { name: `Cite L${far}–${far + 1}` })).toBeEnabled();

  // And the style guide its own.
  await sourceButton(page, /style guide/i).click();
  await expect(document.getByRole('button', { name: 'Cite L3' })).toBeEnabled();
});
