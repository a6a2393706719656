import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { annotatorRegions, importThroughPicker, openAnnotator, sourceButton } from './annotator-page.ts';
import { ArenaPage } from './arena-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';

// Issue 16: the small things a first-time user trips over, each as that user would notice it.
test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let scratch: string | undefined;
test.beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lhb-first-time-e2e-'));
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  app = scratch = undefined;
});

/**
 * Everything the browser's console would show a user, from every frame (the builds' too), and
 * every failed request, the favicon included.
 */
function watchEverything(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test('the first page load is clean: an icon in the tab, nothing in the console, no failed request', async ({ page }) => {
  const problems = watchEverything(page);
  await page.goto(app!.url);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\S/);
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  const icon = await page.request.get(new URL(href!, page.url()).toString());
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/svg+xml');
  expect((await icon.text()).startsWith('<svg')).toBe(true);
  // Give the browser time to ask for a favicon of its own accord, as it does without a link.
  await page.waitForTimeout(1_000);
  expect(problems).toEqual([]);
});

test('text sources are titled by their words; same-titled sources show their file names; Find counts while typing', async ({ page }) => {
  test.setTimeout(90_000);
  const files = {
    addons: join(scratch!, 'addons.txt'),
    first: join(scratch!, 'saved-page-pricing.txt'),
    second: join(scratch!, 'saved-page-changelog.txt'),
  };
  writeFileSync(files.addons, '# C++ addons\n\nAddons are dynamically-linked shared objects.\nAn addon is written in C++.\nEach ADDON exports an init function.\n');
  writeFileSync(files.first, 'URL\nhttps://example.com/pricing\nPlans and prices.\n');
  writeFileSync(files.second, 'URL\nhttps://example.com/changelog\nWhat changed.\n');

  await openAnnotator(page, app!.url);
  expect(await importThroughPicker(page, [files.addons, files.first, files.second])).toMatch(/^Imported 3 sources/);
  const { sources, document } = annotatorRegions(page);
  await expect(sourceButton(page, /^TXT\s*C\+\+ addons/)).toBeVisible();
  await expect(sources.getByRole('button', { name: /# C\+\+/ })).toHaveCount(0);
  // Both are titled "URL": each shows its file name, so they can be told apart.
  await expect(sourceButton(page, /URL/)).toHaveCount(2);
  await expect(sourceButton(page, /URL.*saved-page-pricing\.txt/)).toBeVisible();
  await expect(sourceButton(page, /URL.*saved-page-changelog\.txt/)).toBeVisible();
  // A title no other source has shows no file name.
  await expect(sourceButton(page, /C\+\+ addons/)).not.toContainText('addons.txt');

  await sourceButton(page, /C\+\+ addons/).click();
  await expect(document.getByRole('group', { name: 'Lines of C++ addons' })).toBeVisible();
  const find = document.getByRole('searchbox', { name: 'Find in document' });
  const status = document.getByRole('status').filter({ hasText: /match|of/ });
  await find.pressSequentially('addon', { delay: 30 });
  // No Enter: the count comes while typing, and the view has not moved to a match yet.
  await expect(status).toHaveText('4 matches');
  await expect(document.locator('mark.find-match--current')).toHaveCount(0);
  await find.press('Enter');
  await expect(status).toHaveText('1 of 4');
  await find.press('End');
  await find.pressSequentially('s are', { delay: 30 });
  await expect(status).toHaveText('1 match');
  await find.pressSequentially('x', { delay: 30 });
  await expect(status).toHaveText('No matches');
});

test('a voter closes a live build after clicking in it, reads their votes in words, and is told what next when the queue is empty', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchEverything(page);
  await page.goto(app!.url);
  await page.keyboard.press('Alt+2');
  const arena = new ArenaPage(page);
  await arena.pickAnnotator('First Timer');
  await arena.waitForPair();

  const openBuild = arena.pair.getByRole('button', { name: /^(Open live build|Open larger), Left$/ });
  const dialog = page.getByRole('dialog');
  const clickIntoBuild = async () => {
    const frame = dialog.locator('iframe');
    await expect(frame).toBeVisible();
    // Click once the build has loaded, as a voter who sees it would.
    const build = (await (await frame.elementHandle())!.contentFrame())!;
    await build.waitForLoadState('load');
    await expect(build.locator('body')).toBeVisible();
    const box = (await frame.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + Math.min(box.height / 2, 40));
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    // The build's own document has the keyboard (the browser moves it there a moment after the click).
    await expect.poll(() => build.evaluate(() => document.hasFocus())).toBe(true);
  };

  // Esc reaches the page while the dialog's own controls have focus.
  await openBuild.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // After a click inside the build, the build has the keyboard: the dialog says how to close.
  await openBuild.click();
  await clickIntoBuild();
  const note = dialog.getByRole('status');
  await expect(note).toHaveText(/Esc goes to the build/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  // A click on the dimmed backdrop, outside the dialog, closes it.
  await page.mouse.click(8, 450);
  await expect(dialog).toBeHidden();

  // A click on the dialog's bar gives the keyboard back, and Esc closes it again.
  await openBuild.click();
  await clickIntoBuild();
  await expect(note).toHaveText(/Esc goes to the build/);
  await dialog.getByRole('heading', { name: /live build/ }).click();
  await expect(dialog.getByText(/Esc goes to the build/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Vote every pair in the queue.
  const total = Number(/of (\d+) pairs?/.exec(await arena.progressText())![1]);
  expect(total).toBeGreaterThan(0);
  for (let i = 0; i < total; i++) await arena.voteWithKeys(i % 2 === 0 ? 'ArrowLeft' : 'ArrowRight', 4, 2);

  await expect(arena.pair.getByRole('heading', { name: 'No pairs left' })).toBeVisible();
  // No vote form with nothing to vote on: what to do next instead.
  const votePanel = page.getByRole('region', { name: 'Vote', exact: true });
  await expect(votePanel).toHaveCount(0);
  const next = page.getByRole('region', { name: 'What next' });
  await expect(next).toBeVisible();
  await expect(next.getByRole('button', { name: 'Undo last vote' })).toBeEnabled();
  await expect(next.getByRole('button', { name: 'Change annotator' })).toBeEnabled();

  // The voter's own list speaks of Left and Right only, never of the pair's internal halves.
  const rows = await arena.yourVotes();
  expect(rows).toHaveLength(total);
  for (const row of rows) {
    expect(row).toMatch(/Left 4\/5 · Right 2\/5 · \d+\.\d s on this pair/);
    expect(row).not.toMatch(/shown [AB]|A \| B|B \| A/);
  }

  // Undo from the panel brings the last pair (and the vote form) back.
  await next.getByRole('button', { name: 'Undo last vote' }).click();
  await expect(votePanel).toBeVisible();
  await arena.waitForPair();

  expect(problems).toEqual([]);
});
