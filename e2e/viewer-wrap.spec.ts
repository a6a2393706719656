import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { annotatorRegions, importThroughPicker, lineRow, openAnnotator, sourceButton, viewerBox } from './annotator-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';

// A laptop window: the document pane between Sources and Chapters is a few hundred pixels wide.
test.use({ viewport: { width: 1280, height: 800 } });

/** A plain text log whose third line is far wider than the pane, as a 9.5 MB text file's lines are. */
const LONG = Array.from({ length: 40 }, (_, i) => `field${i + 1}=value`).join(' ');
const LOG = ['Service log', '', `request accepted ${LONG} end-of-record`, 'request done', ''].join('\n');

let app: LaunchedApp | undefined;
let scratch: string | undefined;
test.beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lhb-wrap-'));
  app = await launchApp(['bin/lhb.mjs', 'serve'], { project: 'Wrapping' });
});
test.afterEach(async () => {
  await app?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  app = scratch = undefined;
});

/** The long line's row height against a one-line row's, and whether the viewer scrolls sideways. */
async function measure(page: Page): Promise<{ long: number; short: number; sideways: boolean }> {
  const long = (await lineRow(page, 3).boundingBox())!.height;
  const short = (await lineRow(page, 4).boundingBox())!.height;
  const sideways = await annotatorRegions(page).document.locator('.doc-lines').evaluate((viewer) => viewer.scrollWidth > viewer.clientWidth + 1);
  return { long, short, sideways };
}

test('long lines of a text file wrap to the pane, and the Wrap setting keeps them on one row, remembered after a reload', async ({ page }) => {
  test.setTimeout(180_000);
  const file = join(scratch!, 'service-log.txt');
  writeFileSync(file, LOG);
  await openAnnotator(page, app!.url);
  const { document } = annotatorRegions(page);
  await importThroughPicker(page, [file]);
  await sourceButton(page, /service/i).click();
  await viewerBox(page);
  await expect(lineRow(page, 3)).toContainText('end-of-record');

  // Wrapped by default: the long line takes several rows of the pane, and nothing scrolls sideways.
  const wrap = document.getByRole('button', { name: 'Wrap', exact: true });
  await expect(wrap).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await measure(page)).long / (await measure(page)).short).toBeGreaterThan(3);
  expect((await measure(page)).sideways).toBe(false);

  // W keeps long lines on one row: as tall as a short line, read by scrolling sideways.
  await lineRow(page, 1).locator('.line__number').click();
  await page.keyboard.press('w');
  await expect(wrap).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => {
    const { long, short, sideways } = await measure(page);
    return { oneRow: long === short, sideways };
  }).toEqual({ oneRow: true, sideways: true });

  // The choice is the reader's, kept for the next visit.
  await page.reload();
  await sourceButton(page, /service/i).click();
  await viewerBox(page);
  await expect(document.getByRole('button', { name: 'Wrap', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await measure(page)).sideways).toBe(true);
});
