import { expect, test, type Locator } from '@playwright/test';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';
import { openRunsScreen } from './runs-screen.ts';
import { ServedApi } from './served-api.ts';

test.use({ viewport: { width: 1440, height: 900 } });

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

/** Each row's harness, task, status, score and votes won, in the table's order. */
const rowsOf = (table: Locator) => table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? '').join(' | ')));

test('filters set on the Runs screen are kept in its address: a reload of the link shows the same rows', async ({ page }) => {
  test.setTimeout(120_000);
  await openRunsScreen(page, app!.url);
  const region = page.getByRole('region', { name: /^Runs/ }).filter({ has: page.getByRole('group', { name: 'Filter runs' }) });
  const filters = region.getByRole('group', { name: 'Filter runs' });
  const count = region.getByRole('status');
  const { runs: all, total } = await ServedApi.fromAppUrl(app!.url).call('runs.list', {});
  await expect(count).toHaveText(`${all.length} of ${total} runs`);

  await filters.getByRole('textbox', { name: 'Harness or harness/model' }).fill('codex');
  await filters.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Succeeded' });
  await filters.getByRole('spinbutton', { name: 'Votes won, at least' }).fill('3');
  await filters.getByRole('group', { name: 'Mean judge score (1–5)' }).getByRole('spinbutton', { name: 'from' }).fill('2');
  const scoreHead = region.getByRole('columnheader', { name: /Mean judge score/ });
  await scoreHead.getByRole('button').click();
  await scoreHead.getByRole('button').click();
  await expect(scoreHead).toHaveAttribute('aria-sort', 'descending');

  // What the screen shows is what the server keeps for the same filter.
  const { runs: expected } = await ServedApi.fromAppUrl(app!.url).call('runs.list', { configuration: 'codex', status: 'succeeded', wonAtLeast: 3, scoreMin: 2, sort: 'score', descending: true });
  expect(expected.length).toBeGreaterThan(1);
  expect(expected.length).toBeLessThan(all.length);
  await expect(count).toHaveText(`${expected.length} of ${total} runs`);
  const table = region.getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(expected.length);
  const shown = await rowsOf(table);
  expect(shown.map((row) => row.split(' | ')[0]!.replace('⚠', '').replace(/synthetic$/, ''))).toEqual(expected.map((run) => run.harness));

  const address = new URL(page.url());
  expect(Object.fromEntries(new URLSearchParams(address.hash.split('?')[1]))).toEqual({ configuration: 'codex', status: 'succeeded', score: '2..', won: '3', sort: 'score:desc' });

  // The link, opened afresh, shows the same view: controls, count and rows in the same order.
  await page.goto('about:blank');
  await page.goto(address.href);
  await expect(count).toHaveText(`${expected.length} of ${total} runs`);
  await expect(filters.getByRole('textbox', { name: 'Harness or harness/model' })).toHaveValue('codex');
  await expect(filters.getByRole('combobox', { name: 'Status' })).toHaveValue('succeeded');
  await expect(scoreHead).toHaveAttribute('aria-sort', 'descending');
  expect(await rowsOf(table)).toEqual(shown);

  // Clearing the filters lists every run again, and the address follows.
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count).toHaveText(`${all.length} of ${total} runs`);
  expect(new URL(page.url()).hash).toBe('#/runs');
  expect(problems).toEqual([]);
});
