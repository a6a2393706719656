import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { writeAnnotatorFixtures, type FixtureFiles } from './annotator-fixtures.ts';
import { annotatorRegions, importThroughPicker, lineRow, openAnnotator, sourceButton, viewerBox } from './annotator-page.ts';
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
  test.setTimeout(90_000);
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
  const box = await viewerBox(page);
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

/** The first line whose row is on screen at the top of the viewer. */
async function topLine(viewer: Locator): Promise<number> {
  return viewer.evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const row = [...element.querySelectorAll<HTMLElement>('[data-line]')].find((r) => r.getBoundingClientRect().bottom > top + 1);
    return Number(row?.dataset.line ?? 0);
  });
}

test('each source keeps its own scroll position, across source switches and a visit to another screen', async ({ page }) => {
  test.setTimeout(120_000);
  await openAnnotator(page, app!.url);
  const { document } = annotatorRegions(page);
  const notes = (name: string, title: string) => {
    const path = join(fixtures!.dir, `${name}.md`);
    writeFileSync(path, `# ${title}\n\n${Array.from({ length: 400 }, (_, i) => `${title} line ${i + 1}.`).join('\n\n')}\n`);
    return path;
  };
  await importThroughPicker(page, [notes('alpha-notes', 'Alpha notes'), notes('beta-notes', 'Beta notes')]);
  const viewer = document.getByRole('group', { name: /^Lines of/ });
  const wheel = async (dy: number) => {
    const box = await viewerBox(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, dy);
  };

  // Alpha scrolled far down; its top line noted once the view is still.
  await sourceButton(page, /alpha notes/i).click();
  await expect(lineRow(page, 1)).toContainText('Alpha notes');
  await wheel(6000);
  await expect.poll(() => viewer.evaluate((element) => element.scrollTop)).toBeGreaterThan(4000);
  await expect.poll(async () => { const a = await topLine(viewer); await page.waitForTimeout(300); return a === (await topLine(viewer)) ? a : -1; }).toBeGreaterThan(100);
  const alphaTop = await topLine(viewer);

  // Beta scrolled a different amount.
  await sourceButton(page, /beta notes/i).click();
  await expect(viewer).toHaveAttribute('aria-label', /Beta notes/);
  await expect(lineRow(page, 1)).toContainText('Beta notes');
  await wheel(2500);
  await expect.poll(() => viewer.evaluate((element) => element.scrollTop)).toBeGreaterThan(1500);
  await expect.poll(async () => { const a = await topLine(viewer); await page.waitForTimeout(300); return a === (await topLine(viewer)) ? a : -1; }).toBeGreaterThan(20);
  const betaTop = await topLine(viewer);
  expect(Math.abs(betaTop - alphaTop)).toBeGreaterThan(30);

  // Back to alpha: it starts where it was left, not at the top nor at beta's place.
  await sourceButton(page, /alpha notes/i).click();
  await expect(viewer).toHaveAttribute('aria-label', /Alpha notes/);
  await expect.poll(() => topLine(viewer), { timeout: 30_000 }).toBe(alphaTop);

  // Another screen and back: the open source (alpha) at its place, then beta at its own.
  await page.locator('nav.sidebar').getByRole('link', { name: 'Runs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  await page.locator('nav.sidebar').getByRole('link', { name: 'Annotate', exact: true }).click();
  await expect(viewer).toHaveAttribute('aria-label', /Alpha notes/);
  await expect.poll(() => topLine(viewer), { timeout: 30_000 }).toBe(alphaTop);
  await sourceButton(page, /beta notes/i).click();
  await expect(viewer).toHaveAttribute('aria-label', /Beta notes/);
  await expect.poll(() => topLine(viewer), { timeout: 30_000 }).toBe(betaTop);
});
