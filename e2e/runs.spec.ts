import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';
import { openRunsScreen } from './runs-screen.ts';
import { ServedApi } from './served-api.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const CAPTURE_FAULTS = join(repoRoot, 'e2e', 'fixtures', 'arena', 'capture-faults');
const FIGMA_TASK = 'Quillmoss marketing pages from the Figma file';
const FAULTS_TASK = 'Fixture: three frames, two of them broken in the build';

let app: LaunchedApp | undefined;
let problems: string[] = [];
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

test('a researcher browses the demo tasks and runs, then imports a bundle whose capture found faults', async ({ page }) => {
  test.setTimeout(150_000);
  const appUrl = new URL(app!.url);
  await page.goto(app!.url);
  await expect(page.getByRole('banner')).toContainText('Demo');
  appUrl.hash = '#/runs';
  await page.goto(appUrl.href);
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();

  // The demo's two real tasks; the synthetic study's twelve are hidden until asked for.
  const tasks = page.getByRole('region', { name: 'Tasks' });
  const taskTable = tasks.getByRole('table');
  await expect(taskTable.getByRole('button', { name: FIGMA_TASK })).toBeVisible();
  await expect(taskTable.getByRole('button', { name: /weekly trend chapter/ })).toBeVisible();
  await expect(taskTable.getByRole('row')).toHaveCount(3); // head + 2
  await expect(taskTable.getByText(/^Synthetic:/)).toHaveCount(0);
  await expect(taskTable.locator('caption')).toContainText('2 of 14 tasks shown (12 synthetic hidden)');
  const figmaRow = taskTable.getByRole('row').filter({ has: page.getByRole('button', { name: FIGMA_TASK }) });
  await expect(figmaRow.getByRole('cell')).toHaveText(['Figma', '3', '3']);

  await tasks.getByRole('checkbox', { name: 'Show synthetic' }).check();
  await expect(taskTable.getByRole('row')).toHaveCount(15);
  await expect(taskTable.getByRole('button', { name: /^Synthetic:/ })).toHaveCount(12);
  await tasks.getByRole('searchbox', { name: 'Filter tasks' }).fill('quillmoss');
  await expect(taskTable.getByRole('row')).toHaveCount(2);
  await tasks.getByRole('checkbox', { name: 'Show synthetic' }).uncheck();

  // Keyboard: Tab from the checkbox reaches the (only matching) task's button, Enter selects it.
  await expect(tasks.getByRole('checkbox', { name: 'Show synthetic' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(taskTable.getByRole('button', { name: FIGMA_TASK })).toBeFocused();
  await page.keyboard.press('Enter');
  const runs = page.getByRole('region', { name: `Runs of ${FIGMA_TASK}` });
  await expect(runs).toBeVisible();
  await expect(taskTable.getByRole('button', { name: FIGMA_TASK })).toHaveAttribute('aria-current', 'true');
  const runTable = runs.getByRole('table', { name: new RegExp(`^3 runs of ${FIGMA_TASK}`) });
  await expect(runTable.getByRole('row')).toHaveCount(4);
  for (const [harness, model] of [
    ['codex', 'gpt-5-codex'],
    ['claude-code', 'claude-sonnet-4-5'],
    ['gemini-cli', 'gemini-2.5-pro'],
  ] as const) {
    const row = runTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: harness }) });
    await expect(row.getByRole('cell').first()).toHaveText(model);
  }
  await expect(runTable.getByRole('row').filter({ hasText: 'claude-code' })).toContainText('skill v2, harness 2.0.14');

  // An empty form is refused with what to type.
  const importRegion = page.getByRole('region', { name: 'Import runs' });
  const form = importRegion.getByRole('form', { name: 'Import tasks and output bundles' });
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(importRegion.getByRole('alert')).toContainText('Enter at least one folder path');

  // Importing the capture-faults fixture: its bundle has no frames, so the server captures them in Chromium.
  await form.getByRole('textbox', { name: /Folder paths on this machine/ }).fill(CAPTURE_FAULTS);
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByRole('button', { name: /Import/ })).toBeDisabled();
  await expect(importRegion.getByRole('status')).toContainText('1 task and 1 run imported', { timeout: 90_000 });
  await expect(form.getByRole('button', { name: 'Import' })).toBeEnabled();

  await tasks.getByRole('searchbox', { name: 'Filter tasks' }).fill('');
  const faultsButton = taskTable.getByRole('button', { name: FAULTS_TASK });
  await expect(faultsButton).toBeVisible();
  await faultsButton.click();
  const faultRuns = page.getByRole('region', { name: `Runs of ${FAULTS_TASK}` });
  const faultRow = faultRuns.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /fixture-harness-gamma/ }) });
  await expect(faultRow).toContainText('fixture-model-tau');
  // Frame 3:2 answers 404 (its console error is a finding too) and 3:3 renders nothing; 3:1 is fine.
  await expect(faultRow).toContainText(/\d+ findings: .*1 blank render, 1 broken route/);
  const findings = faultRow.getByRole('list', { name: /Capture findings/ }).getByRole('listitem');
  await expect(findings.filter({ hasText: '3:2' }).filter({ hasText: 'broken route' })).toHaveCount(1);
  await expect(findings.filter({ hasText: '3:3' }).filter({ hasText: 'blank render' })).toHaveCount(1);
  await expect(findings.filter({ hasText: '3:1' })).toHaveCount(0);

  // What the screen shows is what the server holds.
  const { runs: stored } = await ServedApi.fromAppUrl(app!.url).call('runs.list', { taskId: 'fixture-capture-faults' });
  const kinds = stored[0]?.findings.map((f) => `${f.nodeId} ${f.kind}`) ?? [];
  expect(kinds).toEqual(expect.arrayContaining(['3:2 broken-route', '3:3 blank-render']));
  await expect(findings).toHaveCount(kinds.length);
  expect(problems).toEqual([]);
});

test.describe('in a German browser in Berlin', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

  test('a run’s start and finish read in the browser’s locale and time zone, with the zone named', async ({ page }) => {
    test.setTimeout(90_000);
    await openRunsScreen(page, app!.url);
    await page.getByRole('region', { name: 'Tasks' }).getByRole('button', { name: FIGMA_TASK }).click();
    const table = page.getByRole('region', { name: 'Runs' }).getByRole('table');
    // bundle-01 started at 2025-10-06T09:12:00Z: 11:12 in Berlin's summer time (MESZ), on "6. Okt. 2025".
    await expect(table).toContainText(/6\. Okt\. 2025, 11:12/);
    await expect(table).toContainText('MESZ');
    await expect(table).not.toContainText('UTC');
    await expect(table).not.toContainText('2025-10-06');
    expect(problems).toEqual([]);
  });
});

