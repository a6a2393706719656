import { rmSync } from 'node:fs';
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
