import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse, stringify } from 'yaml';
import { HubStandIn } from '../core/export/hub/hub-stand-in.fixture.ts';
import { filesInFolder } from '../core/export/hub/push-folder-to-hub.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';

// The Export screen pushes what it exported to a local Hub stand-in, which the app was started
// with (lhb serve --hub-url) along with its token (HF_TOKEN): the screen names neither.
let app: LaunchedApp | undefined;
let hub: HubStandIn | undefined;
let out: string;
let problems: string[] = [];
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  out = mkdtempSync(join(tmpdir(), 'lhb-e2e-push-'));
  hub = await new HubStandIn().start();
  app = await launchApp(['bin/lhb.mjs', 'serve', '--hub-url', hub.url], { env: { HF_TOKEN: hub.token } });
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  await hub?.stop();
  hub = undefined;
  rmSync(out, { recursive: true, force: true });
});

const header = (card: string) => parse(/^---\n([\s\S]*?)---\n/.exec(card)![1]!) as Record<string, unknown>;

test('a researcher exports, then pushes by keyboard: progress, a cancel that the next push resumes, the dataset\'s link, and a second push keeping a card field edited on the Hub', async ({ page }) => {
  test.setTimeout(240_000);
  const release = join(out, 'release');
  const url = new URL(app!.url);
  await page.goto(app!.url); // the launch link carries the session token
  await expect(page.getByRole('banner')).toContainText('Demo');
  url.hash = '#/export';
  await page.goto(url.href);
  const exporting = page.getByRole('region', { name: 'Export a Hugging Face dataset' });
  await exporting.getByRole('checkbox', { name: /^Include the demo's records/ }).check();
  await exporting.getByRole('textbox', { name: /^Folder to create/ }).fill(release);
  await exporting.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('heading', { name: `Written to ${release}` })).toBeVisible({ timeout: 120_000 });

  const region = page.getByRole('region', { name: 'Push to the Hub' });
  await expect(region).toContainText(`The app pushes to ${hub!.url} with the Hugging Face token of the machine it runs on, from the HF_TOKEN variable.`);
  const repo = region.getByRole('textbox', { name: 'Repository' });

  // Nothing typed: refused beside the field, which takes the focus; nothing reaches the Hub.
  await region.getByRole('button', { name: 'Push to the Hub' }).click();
  await expect(repo).toHaveAttribute('aria-invalid', 'true');
  await expect(repo).toBeFocused();
  await expect(repo).toHaveAccessibleDescription(/^Type the dataset repository as owner\/name/);
  // A name without its owner: the server refuses it at the same field.
  await page.keyboard.type('release');
  await page.keyboard.press('Enter');
  await expect(repo).toHaveAccessibleDescription(/^The repository “release”: give the dataset repository as OWNER\/NAME/);
  await expect(repo).toBeFocused();
  expect(hub!.requests).toEqual([]);

  // The Hub takes the first large file, then holds the next: the bar shows what arrived; Cancel stops before the commit.
  hub!.holdLfsAfter(1);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('alice/release');
  await page.keyboard.press('Tab');
  await expect(region.getByRole('textbox', { name: 'Branch (optional)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(region.getByRole('checkbox', { name: /^Create the repository private/ })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(region.getByRole('button', { name: 'Push to the Hub' })).toBeFocused();
  await page.keyboard.press('Enter');
  const bar = region.getByRole('progressbar', { name: 'Push progress' });
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect(region.getByRole('status')).toContainText(/1 large file on the Hub \(.+ of .+\)\./);
  await region.getByRole('button', { name: 'Cancel push' }).click();
  await expect(region.getByRole('status')).toHaveText(/^Cancelled before the commit: nothing changed on the Hub\./, { timeout: 60_000 });
  expect(hub!.commits).toBe(0);
  const arrived = [...hub!.lfsObjects.keys()];
  expect(arrived).toHaveLength(1);

  // Pushed again: what arrived is not sent again; the screen links to the dataset.
  hub!.holdLfsAfter(Infinity);
  await region.getByRole('button', { name: 'Push to the Hub' }).press('Enter');
  const link = region.getByRole('link', { name: `${hub!.url}/datasets/alice/release` });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(link).toHaveAttribute('href', `${hub!.url}/datasets/alice/release`);
  expect(hub!.lfsPuts.get(arrived[0]!)).toBe(1);
  expect(hub!.repos.get('alice/release')?.private).toBe(true);
  for (const path of filesInFolder(release).filter((name) => name !== 'README.md')) {
    expect(hub!.file('alice/release', path)?.bytes.equals(readFileSync(join(release, path))), path).toBe(true);
  }

  // Someone edits the card's license on the Hub; the second push keeps it and says so.
  const pushedCard = hub!.file('alice/release', 'README.md')!.bytes.toString('utf8');
  hub!.editFile('alice/release', 'README.md', `---\n${stringify({ ...header(pushedCard), license: 'cc-by-4.0' })}---\n# Edited on the Hub\n`);
  await region.getByRole('button', { name: 'Push to the Hub' }).click();
  await expect(region).toContainText('The card kept what was edited on the Hub: license.', { timeout: 60_000 });
  const card = hub!.file('alice/release', 'README.md')!.bytes.toString('utf8');
  expect(header(card).license).toBe('cc-by-4.0');
  expect(header(card).configs).toEqual(header(readFileSync(join(release, 'README.md'), 'utf8')).configs);
  // The one refused call: the name without its owner.
  expect(problems).toEqual([`400 for ${url.origin}/rpc/export.push`]);
});

test('without a token the screen says where to put one before pushing, and the refusal shows at that note', async ({ page }) => {
  test.setTimeout(180_000);
  await app?.stop();
  const home = join(out, 'hf-home');
  app = await launchApp(['bin/lhb.mjs', 'serve', '--hub-url', hub!.url], { env: { HF_TOKEN: '', HUGGING_FACE_HUB_TOKEN: '', HF_TOKEN_PATH: '', HF_HOME: home } });
  const url = new URL(app.url);
  await page.goto(app.url);
  await expect(page.getByRole('banner')).toContainText('Demo');
  url.hash = '#/export';
  await page.goto(url.href);
  const exporting = page.getByRole('region', { name: 'Export a Hugging Face dataset' });
  const release = join(out, 'release');
  await exporting.getByRole('textbox', { name: /^Folder to create/ }).fill(release);
  await exporting.getByRole('button', { name: 'Export' }).click();
  const region = page.getByRole('region', { name: 'Push to the Hub' });
  await expect(region).toContainText(`No Hugging Face token on the machine running the app: log in there with \`hf auth login\` (the Hub's command-line tool), which writes ${join(home, 'token')} and needs no restart`, { timeout: 120_000 });
  await region.getByRole('textbox', { name: 'Repository' }).fill('alice/release');
  await region.getByRole('button', { name: 'Push to the Hub' }).click();
  await expect(region.getByRole('alert')).toHaveText(/^No Hugging Face token on the machine running the app: /);
  expect(hub!.requests).toEqual([]);
  expect(problems).toEqual([`401 for ${url.origin}/rpc/export.push`]);
});
