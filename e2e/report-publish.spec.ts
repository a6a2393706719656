import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { seedTwoStudyAblation, TWO_STUDIES } from '../core/analysis/two-study-ablation.fixture.ts';
import { openWorkspace } from '../core/workspace/open-workspace.ts';
import { AnalysisPage } from './analysis-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';

test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let problems: string[] = [];
let dir: string;
test.beforeEach(async ({ page }) => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-e2e-publish-'));
  problems = watchPageProblems(page);
  app = await launchApp(['bin/lhb.mjs', 'serve']);
  const workspace = openWorkspace(app.workspace);
  try {
    seedTwoStudyAblation(workspace.db);
  } finally {
    workspace.close();
  }
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  rmSync(dir, { recursive: true, force: true });
});

test('"Publish report…" writes the report of the analysis on screen to a folder, by keyboard, showing a taken folder at its field and then where the index page is', async ({ page }) => {
  test.setTimeout(300_000);
  const analysis = new AnalysisPage(page);
  await analysis.open(app!.url);
  // The screen limited to one study: the published report must be that one.
  await analysis.region('Study').getByRole('group', { name: 'Studies' }).getByRole('checkbox', { name: TWO_STUDIES.one.name }).check();
  await analysis.waitForReport();
  await expect(analysis.region('Study')).toContainText('Study: first-pass.');
  const group = analysis.region('Skill ablation').getByRole('region', { name: 'claude-code · claude-opus-4-5' });
  const screenPairs = await analysis.rows(analysis.table(group, /pairs used per study/));

  const publish = page.getByRole('button', { name: 'Publish report…' });
  await publish.click();
  const dialog = page.getByRole('dialog', { name: 'Publish report' });
  const folder = dialog.getByRole('textbox', { name: /Folder to create on this machine/ });
  await expect(folder).toBeFocused();

  // A folder that holds files is refused at the field, and nothing in it is touched.
  const taken = join(dir, 'taken');
  mkdirSync(taken);
  writeFileSync(join(taken, 'notes.txt'), 'mine');
  await folder.fill(taken);
  await folder.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('already exists and is not an empty folder');
  await expect(folder).toHaveAttribute('aria-invalid', 'true');
  expect(readdirSync(taken)).toEqual(['notes.txt']);

  const out = join(dir, 'report');
  await folder.fill(out);
  await expect(folder).not.toHaveAttribute('aria-invalid', 'true');
  await folder.press('Enter');
  await expect(dialog.getByRole('status')).toContainText(/^Published: the index page, \d+ run pages?\./, { timeout: 240_000 });
  await expect(dialog).toContainText(join(out, 'index.html'));
  expect(existsSync(join(out, 'index.html'))).toBe(true);
  const runPages = readdirSync(join(out, 'runs')).filter((name) => name.endsWith('.html')).length;
  await expect(dialog.getByRole('definition').nth(1)).toHaveText(String(runPages));

  // Esc closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(publish).toBeFocused();
  // The taken folder's refusal (409 Conflict) is the one failed request.
  expect(problems).toEqual([expect.stringMatching(/^409 for http:\/\/127\.0\.0\.1:\d+\/rpc\/report\.write$/)]);

  // The report is the screen's: the same study and the same digits.
  await page.goto(pathToFileURL(join(out, 'index.html')).href);
  await expect(page.locator('body')).toContainText('Study: first-pass.');
  const reportPairs = await page
    .getByRole('table', { name: /pairs used per study/ })
    .first()
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText.trim())));
  expect(reportPairs).toEqual(screenPairs);
});
