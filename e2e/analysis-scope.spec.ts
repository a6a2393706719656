import { expect, test } from '@playwright/test';
import { seedTwoStudyAblation, TWO_STUDIES } from '../core/analysis/two-study-ablation.fixture.ts';
import { openWorkspace } from '../core/workspace/open-workspace.ts';
import { AnalysisPage } from './analysis-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';

test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let problems: string[] = [];
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  app = await launchApp(['bin/lhb.mjs', 'serve']);
  // Two studies of the same configurations, written to the served workspace as another process (lhb) would.
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
});

test('the study picker limits every figure to the studies ticked, says so, and is remembered after a reload', async ({ page }) => {
  test.setTimeout(240_000);
  const analysis = new AnalysisPage(page);
  await analysis.open(app!.url);
  const study = analysis.region('Study');
  const summary = study.locator('.analysis-study__summary');
  await expect(study).toContainText('All studies and imported runs.');
  // Every real judgment (9) and vote (4) of the two studies and the imports.
  await expect(summary).toContainText('4 votes · 9 judgments');
  const picker = study.getByRole('group', { name: 'Studies' });
  const first = picker.getByRole('checkbox', { name: TWO_STUDIES.one.name });
  await expect(first).not.toBeChecked();

  await first.check();
  await analysis.waitForReport();
  await expect(study).toContainText('Study: first-pass.');
  // first-pass's three judged runs and the one vote between two of its runs.
  await expect(summary).toContainText('1 vote · 3 judgments');
  const group = analysis.region('Skill ablation').getByRole('region', { name: 'claude-code · claude-opus-4-5' });
  // One pair (repeat 0); its v2 repeat 1 unpaired, as its none repeat 1 was cancelled.
  const pairs = await analysis.rows(analysis.table(group, /pairs used per study/));
  expect(pairs).toEqual([['v2 − none', 'first-pass', '1', '1', '1']]);

  await page.reload();
  await analysis.waitForReport();
  await expect(analysis.region('Study')).toContainText('Study: first-pass.');
  await expect(analysis.region('Study').getByRole('checkbox', { name: TWO_STUDIES.one.name })).toBeChecked();
  expect(problems).toEqual([]);
});
