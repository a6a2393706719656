import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
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
