import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';

// A laptop screen: the size where the Jobs column used to squeeze tables.
test.use({ viewport: { width: 1280, height: 800 } });

let app: LaunchedApp | undefined;
test.beforeEach(async () => {
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

/**
 * Every table on screen whose last column does not wholly show: cut off by its scrolling box or
 * lying under the Jobs column. Found by the elements' boxes, as a reader would see them.
 */
async function clippedTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tray = document.querySelector('.job-tray')?.getBoundingClientRect();
    const clipped: string[] = [];
    for (const table of Array.from(document.querySelectorAll('main table, [role="main"] table, .section table'))) {
      const name = table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? 'a table';
      const box = table.getBoundingClientRect();
      if (box.width === 0) continue;
      let right = window.innerWidth;
      for (let up = table.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible') right = Math.min(right, up.getBoundingClientRect().right);
      }
      if (tray && tray.width > 0 && tray.left >= box.left) right = Math.min(right, tray.left);
      const lastHeads = Array.from(table.querySelectorAll('tr')).map((row) => row.lastElementChild?.getBoundingClientRect()).filter((cell) => cell && cell.width > 0);
      const farthest = Math.max(...lastHeads.map((cell) => cell!.right));
      if (farthest > right + 1) clipped.push(`${name}: last column ends at ${Math.round(farthest)} px, visible to ${Math.round(right)} px`);
    }
    return clipped;
  });
}

test('with the Jobs panel open, no table on Runs, Judges or Analysis loses its last column', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(app!.url);
  await page.getByRole('button', { name: /^Show jobs|^Jobs/ }).first().click();
  await expect(page.getByRole('button', { name: 'Hide jobs' })).toBeVisible();
  for (const [key, heading] of [['Alt+3', 'Runs'], ['Alt+4', 'Judges'], ['Alt+5', 'Analysis']] as const) {
    await page.keyboard.press(key);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('.section table').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hide jobs' })).toBeVisible();
    expect(await clippedTables(page), `${heading} with the Jobs panel open`).toEqual([]);
  }
});

test('with the Jobs panel open, an opened study’s runs and its cost by configuration keep their last columns', async ({ page }) => {
  test.setTimeout(180_000);
  // A study of the user's own: one command-harness run of a two-step trajectory, started from the CLI beside the app.
  const trajectory = join(repoRoot, 'core', 'runs', 'harnesses', 'command', 'fixtures', 'two-steps-recovered.jsonl');
  const command = `mkdir -p out/dist && printf '<h1>Built</h1>' > out/dist/index.html && cat '${trajectory}'`;
  const started = spawnSync(process.execPath, ['bin/lhb.mjs', 'runs', 'start', '--task', 'demo-chapter-trend', '--harness', 'command', '--model', 'scripted', '--command', command, '--name', 'width study', '--json', '--workspace', app!.workspace], { cwd: repoRoot, encoding: 'utf8', timeout: 150_000 });
  expect(started.status, started.stderr).toBe(0);
  await page.goto(app!.url);
  await page.getByRole('button', { name: /^Show jobs|^Jobs/ }).first().click();
  await expect(page.getByRole('button', { name: 'Hide jobs' })).toBeVisible();
  await page.keyboard.press('Alt+3');
  await page.getByRole('region', { name: 'Studies' }).getByRole('button', { name: 'width study' }).click();
  const study = page.getByRole('region', { name: 'Study width study' });
  await expect(study.getByRole('table', { name: /^Runs of this study/ })).toBeVisible();
  await expect(study.getByRole('table', { name: /^What this study cost, by configuration and by judge/ })).toBeVisible({ timeout: 30_000 });
  expect(await clippedTables(page), 'Runs with a study open and the Jobs panel open').toEqual([]);
});

test('a finished job can be dismissed from the Jobs panel, and stays dismissed after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const api = ServedApi.fromAppUrl(app!.url);
  await page.goto(app!.url);
  await api.importFiles([{ name: 'tray-note.md', bytes: new TextEncoder().encode('# Tray note\n\nA finished import.\n') }]);
  const jobs = page.getByRole('list', { name: 'Jobs' });
  const finished = jobs.getByRole('listitem').filter({ hasText: 'Done' }).first();
  await expect(finished).toBeVisible({ timeout: 60_000 });
  const title = (await finished.getAttribute('aria-label'))!;
  await finished.getByRole('button', { name: `Dismiss ${title}` }).click();
  await expect(jobs.getByRole('listitem', { name: title })).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name: /^Jobs/ }).first().click();
  await expect(page.getByRole('button', { name: 'Hide jobs' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: title })).toHaveCount(0);
});
