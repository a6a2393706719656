import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';
import { DATASET_FORMAT_VERSION } from '../core/export/dataset-format-version.ts';

let app: LaunchedApp | undefined;
let out: string;
let problems: string[] = [];
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  out = mkdtempSync(join(tmpdir(), 'lhb-e2e-export-'));
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  rmSync(out, { recursive: true, force: true });
});

test('a researcher gives the card a license by keyboard: a wrong id and a missing name are refused beside their fields, then the card says other with its name', async ({ page }) => {
  test.setTimeout(90_000);
  const release = join(out, 'release');
  const url = new URL(app!.url);
  await page.goto(app!.url); // the launch link carries the session token
  await expect(page.getByRole('banner')).toContainText('Demo');
  url.hash = '#/export';
  await page.goto(url.href);
  const region = page.getByRole('region', { name: 'Export a Hugging Face dataset' });
  const license = region.getByRole('combobox', { name: 'License' });
  await expect(license).toHaveValue('unknown');
  await expect(region.getByRole('textbox', { name: 'License name' })).toHaveCount(0);
  await region.getByRole('textbox', { name: /^Folder to create/ }).fill(release);

  // A misspelt id: refused beside the field, which takes the focus; nothing is written.
  await license.fill('cc-by-4');
  await region.getByRole('button', { name: 'Export' }).click();
  await expect(license).toHaveAttribute('aria-invalid', 'true');
  await expect(license).toHaveAccessibleDescription(/^The license cc-by-4 is not one of the Hub's license ids \(closest: cc-by-4\.0, /);
  await expect(license).toBeFocused();
  await expect(region.getByRole('alert')).toHaveText(/Check the license.*Nothing was exported\./);

  // other, typed and sent with Enter: the name field appears and is required.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('other');
  await expect(license).not.toHaveAttribute('aria-invalid');
  const name = region.getByRole('textbox', { name: 'License name' });
  await expect(name).toBeVisible();
  await expect(region.getByRole('textbox', { name: 'License link (optional)' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(/^The license other needs the license name: /);
  await page.keyboard.type('Lab Terms');
  await page.keyboard.press('Enter');
  await expect(name).toHaveAccessibleDescription(/^The license name "Lab Terms" is not a license id: .* like lab-terms\./);
  expect(existsSync(release)).toBe(false);

  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('lab-terms-1.0');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Written to ${release}` })).toBeVisible({ timeout: 60_000 });
  const card = readFileSync(join(release, 'README.md'), 'utf8');
  expect(card).toMatch(/^---\nlicense: other\nlicense_name: lab-terms-1\.0\n/);
  expect(card).toMatch(/- config_name: preferences\n {4}default: true\n/);
  expect(card).toContain(`lh_bench_studio:\n  format_version: ${DATASET_FORMAT_VERSION}\n`);
  await expect(page.getByRole('region', { name: `Written to ${release}` }).getByLabel('Dataset card preview')).toContainText('license_name: lab-terms-1.0');
  expect(problems).toEqual([]);
});

async function openScreen(page: Page, hash: string): Promise<void> {
  const url = new URL(app!.url);
  url.hash = hash;
  await page.goto(url.href);
}

/** The computed look a reader compares between screens: a region's panel, its title, a text field and a button. */
const LOOK = ['border-top-style', 'border-top-width', 'border-top-color', 'border-top-left-radius', 'background-color', 'padding-left', 'padding-top', 'font-size', 'font-family'];
async function lookOf(locator: Locator): Promise<Record<string, string>> {
  return locator.evaluate((element, properties) => {
    const style = getComputedStyle(element);
    return Object.fromEntries(properties.map((name) => [name, style.getPropertyValue(name)]));
  }, LOOK);
}

test('the Export screen looks like the other screens: its regions, titles, fields and buttons are drawn as the Judges screen draws its own', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(app!.url); // the launch link carries the session token
  await expect(page.getByRole('banner')).toContainText('Demo');

  await openScreen(page, '#/judges');
  const judging = page.getByRole('region', { name: 'Judge runs' });
  await expect(judging).toBeVisible();
  const judgesLook = {
    region: await lookOf(judging),
    title: await lookOf(judging.getByRole('heading', { name: 'Judge runs' })),
    field: await lookOf(judging.getByRole('textbox', { name: 'Rubric sets' })),
    button: await lookOf(judging.getByRole('button', { name: 'Start judging' })),
  };

  await openScreen(page, '#/export');
  const exporting = page.getByRole('region', { name: 'Export a Hugging Face dataset' });
  await expect(exporting).toBeVisible();
  expect({
    region: await lookOf(exporting),
    title: await lookOf(exporting.getByRole('heading', { name: 'Export a Hugging Face dataset' })),
    field: await lookOf(exporting.getByRole('textbox', { name: /^Folder to create/ })),
    button: await lookOf(exporting.getByRole('button', { name: 'Export' })),
  }).toEqual(judgesLook);
  const importing = page.getByRole('region', { name: 'Import a dataset' });
  expect(await lookOf(importing)).toEqual(judgesLook.region);
  expect(problems).toEqual([]);
});

test('the license chosen is remembered for the workspace after a reload, and written into the card', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(app!.url);
  await expect(page.getByRole('banner')).toContainText('Demo');
  await openScreen(page, '#/export');
  const region = page.getByRole('region', { name: 'Export a Hugging Face dataset' });
  const license = region.getByRole('combobox', { name: 'License' });
  await expect(license).toHaveValue('unknown');
  await license.fill('cc-by-sa-4.0');

  await page.reload();
  const again = page.getByRole('region', { name: 'Export a Hugging Face dataset' });
  await expect(again.getByRole('combobox', { name: 'License' })).toHaveValue('cc-by-sa-4.0');
  const release = join(out, 'release');
  await again.getByRole('textbox', { name: /^Folder to create/ }).fill(release);
  await again.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('region', { name: `Written to ${release}` })).toBeVisible({ timeout: 60_000 });
  expect(readFileSync(join(release, 'README.md'), 'utf8')).toMatch(/^license: cc-by-sa-4\.0$/m);
  expect(problems).toEqual([]);
});
