import { expect, test } from '@playwright/test';
import { launchApp, type LaunchedApp } from './launch-app.ts';

const SECTIONS = ['Annotate', 'Arena', 'Runs', 'Judges', 'Analysis', 'Export'];
const DEMO_PROJECT = 'Demo: Evaluating a data-dashboard build';
/** Screens not built in this version, and the heading that says so. */
const COMING: Record<string, string> = {};

let app: LaunchedApp;
test.beforeEach(async () => {
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app.stop();
});

test('the shell shows the six sections and the demo project, and survives a reload', async ({ page }) => {
  await page.goto(app.url);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const name of SECTIONS) await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(DEMO_PROJECT);
  // The token leaves the address bar once read, and a reload still reaches the API.
  expect(page.url()).not.toContain('token=');
  await page.reload();
  await expect(page.getByRole('banner')).toContainText(DEMO_PROJECT);
});

test('each section has a named region: a built screen, or a plain statement that it is coming', async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('complementary', { name: /Jobs/ })).toBeVisible();
  for (const name of SECTIONS) {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    if (name === 'Annotate') {
      // The annotator is built: its three panels instead of an empty state.
      for (const region of ['Sources', 'Document', 'Chapters']) await expect(page.getByRole('region', { name: region })).toBeVisible();
    } else if (name === 'Arena') {
      // Built: the voter first says who they are.
      await expect(page.getByRole('region', { name: 'Who is voting?' })).toBeVisible();
    } else if (name === 'Runs') {
      // Built: the imported tasks, their runs and the import form.
      await expect(page.getByRole('region', { name: 'Tasks' })).toBeVisible();
    } else if (name === 'Judges') {
      // Built: the rubric library, the built-in sets listed.
      await expect(page.getByRole('region', { name: 'Rubric sets' })).toBeVisible();
    } else if (name === 'Analysis') {
      // Built: the demo study's report.
      await expect(page.getByRole('region', { name: 'Human preference' })).toBeVisible();
    } else if (name === 'Export') {
      // Built: the export form (subsets, format, folder).
      await expect(page.getByRole('region', { name: 'Export a Hugging Face dataset' })).toBeVisible();
    } else {
      // Not in this version: the screen says so and offers nothing to press.
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2, name: COMING[name] })).toBeVisible();
      await expect(main).toContainText('is not in this version');
      await expect(main).toContainText('What works today');
      await expect(main.getByRole('button')).toHaveCount(0);
      await expect(main.getByRole('textbox')).toHaveCount(0);
    }
  }
});

test('keyboard: Alt+number switches sections and the place survives a reload', async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByRole('banner')).toContainText(DEMO_PROJECT);
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  await page.keyboard.press('Alt+6');
  await expect(page.getByRole('heading', { level: 1, name: 'Export' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Export' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
});

test('a long job shows in the Jobs tray and finishes there', async ({ page }) => {
  await page.goto(app.url);
  await page.getByRole('button', { name: 'Verify workspace' }).click();
  const job = page.getByRole('complementary', { name: /Jobs/ }).getByRole('listitem', { name: 'Verify workspace' });
  await expect(job).toContainText('Done');
  await expect(job).toContainText('Workspace is healthy');
  // A second window (or a reload) sees the same job log from the store.
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Verify workspace' })).toContainText('Done');
});

test('a page opened without the launch token explains what to open, and the API refuses it', async ({ page, request }) => {
  const origin = new URL(app.url).origin;
  await page.goto(`${origin}/`);
  await expect(page.getByRole('heading', { name: 'Open the link LH-Bench Studio printed' })).toBeVisible();
  const response = await request.post(`${origin}/rpc/workspace.info`, { data: {} });
  expect(response.status()).toBe(401);
});
