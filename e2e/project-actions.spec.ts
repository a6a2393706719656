import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';

let app: LaunchedApp;
let problems: string[] = [];
let scratch: string;
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  scratch = mkdtempSync(join(tmpdir(), 'lhb-new-workspace-'));
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test('the header renames the project and makes a new workspace with no demo data, saying how to open it', async ({ page }) => {
  await page.goto(app.url);
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('Demo: Evaluating a data-dashboard build');

  await banner.getByRole('button', { name: 'Rename project…' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename project' });
  await rename.getByLabel('Project name').fill('Dashboard skill study');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toHaveCount(0);
  await expect(banner).toContainText('Dashboard skill study');

  const folder = join(scratch, 'my-study');
  await banner.getByRole('button', { name: 'New workspace…' }).click();
  const make = page.getByRole('dialog', { name: 'New workspace' });
  await make.getByLabel('Folder').fill(folder);
  await make.getByLabel('Project name').fill('My own study');
  await make.getByRole('button', { name: 'Make workspace' }).click();
  const made = page.getByRole('dialog', { name: 'Workspace made' });
  await expect(made).toContainText('holds the project “My own study” and no demo data');
  await expect(made).toContainText(`lhb serve --workspace '${folder}'`);
  await made.getByRole('button', { name: 'Close' }).click();
  // The window stays on its workspace.
  await expect(banner).toContainText('Dashboard skill study');

  const { stdout } = await promisify(execFile)(process.execPath, ['bin/lhb.mjs', 'info', '--json', '--workspace', folder], { cwd: repoRoot, timeout: 120_000 });
  const info = JSON.parse(stdout) as { project: { name: string }; counts: { runs: number; votes: number; judgments: number; sources: number } };
  expect(info.project.name).toBe('My own study');
  expect(info.counts).toMatchObject({ runs: 0, votes: 0, judgments: 0, sources: 0 });

  // A folder that holds something else is refused, in words, and left as it was.
  await banner.getByRole('button', { name: 'New workspace…' }).click();
  const again = page.getByRole('dialog', { name: 'New workspace' });
  await again.getByLabel('Folder').fill(folder);
  await again.getByLabel('Project name').fill('Another');
  await again.getByRole('button', { name: 'Make workspace' }).click();
  await expect(again.getByRole('alert')).toContainText('Could not make the workspace');
  await expect(again.getByRole('alert')).toContainText('is a workspace already');
  expect(existsSync(join(folder, 'lhb.sqlite'))).toBe(true);
  expect(readdirSync(scratch)).toEqual(['my-study']);
  // The refusal is the one failed request (409 Conflict); nothing else went wrong on the page.
  expect(problems).toEqual([expect.stringMatching(/^409 for http:\/\/127\.0\.0\.1:\d+\/rpc\/workspace\.create$/)]);
});
