import { expect, type Locator, type Page } from '@playwright/test';

/** The annotator's three regions, found the way a screen reader user finds them. */
export function annotatorRegions(page: Page): { sources: Locator; document: Locator; chapters: Locator } {
  return {
    sources: page.getByRole('region', { name: 'Sources' }),
    document: page.getByRole('region', { name: 'Document' }),
    chapters: page.getByRole('region', { name: 'Chapters' }),
  };
}

/**
 * Opens the app at `url` on the annotator and waits for its three regions. A workspace without a
 * data room (the demo seeds one; an empty workspace has none) gets one named "E2E data room".
 */
export async function openAnnotator(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const { sources } = annotatorRegions(page);
  const firstRoom = page.getByRole('form', { name: 'New data room' });
  await expect(sources.or(firstRoom)).toBeVisible();
  if (await firstRoom.isVisible()) {
    await firstRoom.getByRole('textbox', { name: 'Data room title' }).fill('E2E data room');
    await firstRoom.getByRole('button', { name: 'Create' }).click();
  }
  await expect(sources).toBeVisible();
  await expect(annotatorRegions(page).chapters.getByRole('button', { name: 'Add chapter' })).toBeEnabled();
}

/** Imports files with the Import button's file picker and waits for the import job to finish. */
export async function importThroughPicker(page: Page, paths: string[]): Promise<string> {
  const { sources } = annotatorRegions(page);
  const chooser = page.waitForEvent('filechooser');
  await sources.getByRole('button', { name: 'Import files…' }).click();
  await (await chooser).setFiles(paths);
  const outcome = sources.locator('.import-status--done, .import-status--partial, .import-status--failed');
  await expect(outcome).toBeVisible({ timeout: 30_000 });
  return (await outcome.textContent()) ?? '';
}

/** Cites lines `from`–`to` of the open source into the active chapter with the gutter and Shift+↓. */
export async function citeLines(page: Page, from: number, to: number): Promise<void> {
  const { document } = annotatorRegions(page);
  await lineRow(page, from).locator('.line__number').click();
  for (let line = from; line < to; line++) await page.keyboard.press('Shift+ArrowDown');
  const name = from === to ? `Cite L${from}` : `Cite L${from}–${to}`;
  await document.getByRole('button', { name }).click();
  await expect(page.getByRole('status').filter({ hasText: `Cited L${from}${from === to ? '' : `–${to}`}` })).toBeVisible();
}

/** The source's button in the Sources list, by (part of) its title. */
export function sourceButton(page: Page, title: RegExp): Locator {
  return annotatorRegions(page).sources.getByRole('button', { name: title });
}

/** A line row of the open document (only rows on screen exist). */
export function lineRow(page: Page, line: number): Locator {
  return annotatorRegions(page).document.locator(`[data-line="${line}"]`);
}

/**
 * The document viewer's box once it is drawn: just after a source is chosen the old viewer can be
 * found and then replaced before it is measured, so this waits until one stays long enough.
 */
export async function viewerBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const viewer = annotatorRegions(page).document.getByRole('group', { name: /^Lines of/ });
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (box = await viewer.boundingBox()) !== null, { message: 'the document viewer is on screen' }).toBe(true);
  return box!;
}

/**
 * Scrolls the viewer with the mouse wheel until `line` is fully on screen. A line too far away to
 * have a row yet is sought in the direction of the lines that do.
 */
export async function scrollLineIntoView(page: Page, line: number): Promise<void> {
  const box = await viewerBox(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 200; i++) {
    const target = lineRow(page, line);
    const row = (await target.count()) > 0 ? await target.boundingBox() : null;
    if (row && row.y >= box.y && row.y + row.height <= box.y + box.height) return;
    const up = row ? row.y < box.y : line < Number(await annotatorRegions(page).document.locator('[data-line]').first().getAttribute('data-line'));
    await page.mouse.wheel(0, up ? -60 : 60);
  }
  throw new Error(`Line ${line} did not come into view.`);
}

/** Drags the mouse from the start of line `from`'s text to the end of line `to`'s text. */
export async function dragSelectLines(page: Page, from: number, to: number): Promise<void> {
  const start = await lineRow(page, from).locator('[data-line-text]').boundingBox();
  const end = await lineRow(page, to).locator('[data-line-text]').boundingBox();
  if (!start || !end) throw new Error(`Lines ${from} and ${to} must be on screen to select them.`);
  // A row can be in the DOM (drawn just beyond the edge) yet hidden: a drag held below the viewer
  // scrolls it, and the selection then ends somewhere else.
  const view = await viewerBox(page);
  for (const [line, row] of [[from, start], [to, end]] as const) {
    if (row.y < view.y || row.y + row.height > view.y + view.height) throw new Error(`Line ${line} must be inside the viewer to drag to it: scroll it into view first.`);
  }
  await page.mouse.move(start.x + 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 5 });
  await page.mouse.move(end.x + end.width - 2, end.y + end.height / 2, { steps: 2 });
  await page.mouse.up();
}

/** The texts of lines `from`..`to` as the viewer shows them. */
export async function lineTexts(page: Page, from: number, to: number): Promise<string[]> {
  const texts: string[] = [];
  for (let line = from; line <= to; line++) texts.push((await lineRow(page, line).locator('[data-line-text]').textContent()) ?? '');
  return texts;
}
