import { spawnSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { DIVERGING_AGENTS } from '../core/runs/compare/diverging-agents.fixture.ts';
import { expectAccessible } from './axe-check.ts';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';
import { openRunsScreen } from './runs-screen.ts';

// The narrowest window the app is checked at, where the Jobs panel takes its column.
// bypassCSP: axe is injected as a script, which the app's CSP refuses (as e2e/accessibility.spec.ts does).
test.use({ viewport: { width: 1280, height: 800 }, bypassCSP: true });

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

/** A command-harness run of the demo's trend task on the served app's workspace; its id. */
function startRun(command: string, name: string): string {
  const result = spawnSync(process.execPath, ['bin/lhb.mjs', 'runs', 'start', '--task', 'demo-chapter-trend', '--harness', 'command', '--model', 'scripted', '--command', command, '--name', name, '--json', '--workspace', app!.workspace], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`lhb runs start exited ${result.status}: ${result.stderr}`);
  return (JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { runs: { id: string }[] }).runs[0]!.id;
}

/** How far right the steps table's last column reaches, and where the Jobs panel begins (the window's edge without it). */
const stepsTableFit = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('table[aria-label="Steps of the two runs, aligned"]')!;
    const tray = document.querySelector('.job-tray')?.getBoundingClientRect();
    const right = Math.max(...Array.from(table.querySelectorAll('tr'), (row) => row.lastElementChild!.getBoundingClientRect().right));
    return { right, limit: tray && tray.width > 0 ? tray.left : window.innerWidth };
  });

test('two runs of one task picked on the Runs screen open side by side, at the step where they part, and the link reopens it', async ({ page }) => {
  test.setTimeout(240_000);
  const a = startRun(DIVERGING_AGENTS.a, 'compare A');
  const b = startRun(DIVERGING_AGENTS.b, 'compare B');
  await openRunsScreen(page, app!.url);
  const region = page.getByRole('region', { name: /^Runs/ }).filter({ has: page.getByRole('group', { name: 'Filter runs' }) });
  await region.getByRole('group', { name: 'Filter runs' }).getByRole('textbox', { name: 'Harness or harness/model' }).fill('command');
  await expect(region.getByRole('table').locator('tbody tr')).toHaveCount(2);

  const compare = region.getByRole('button', { name: 'Compare', exact: true });
  await expect(compare).toBeDisabled();
  // By keyboard: each pick is a checkbox, ticked with Space; Compare then opens with Enter.
  await region.getByRole('checkbox', { name: new RegExp(`\\(${a.slice(0, 8)}\\) to compare`) }).press('Space');
  await expect(compare).toBeDisabled();
  await region.getByRole('checkbox', { name: new RegExp(`\\(${b.slice(0, 8)}\\) to compare`) }).press('Space');
  await expectAccessible(page, 'the Runs table with two runs picked to compare');
  await compare.press('Enter');

  await expect(page).toHaveURL(new RegExp(`#/runs/compare\\?a=${a}&b=${b}$`));
  const view = page.getByRole('region', { name: 'Compare two runs' });
  await expect(view.getByText('First divergence: Step 2 of A and step 2 of B do different things.')).toBeVisible({ timeout: 60_000 });
  const steps = view.getByRole('table', { name: 'Steps of the two runs, aligned' });
  await expect(steps.locator('tbody tr')).toHaveCount(3);
  // The divergence is the second row, marked, focused and in view; the rows around it are alike.
  const divergent = steps.locator('tbody tr').nth(1);
  await expect(divergent).toBeFocused();
  await expect(divergent).toBeInViewport();
  await expect(divergent).toHaveClass(/run-compare__row--divergence/);
  await expect(divergent.getByRole('cell').first()).toContainText(`shell ${DIVERGING_AGENTS.divergentCommands.a}`);
  await expect(divergent.getByRole('cell').last()).toContainText(`shell ${DIVERGING_AGENTS.divergentCommands.b}`);
  await expect(steps.locator('tbody tr').first()).toContainText('alike');

  // Files: the page changed by one line each way; each run's own notes are only in it.
  const files = view.getByRole('list', { name: 'Files that differ' });
  await expect(files.getByRole('listitem').filter({ hasText: 'dist/index.html' })).toContainText('+1 −1 lines');
  await files.getByText('Line diff of dist/index.html').click();
  await expect(files.locator('pre')).toContainText('-<p>It rises.</p>\n+<p>It falls.</p>');
  await expect(files.getByRole('listitem').filter({ hasText: 'dist/notes-b.txt' })).toContainText('only in B');
  await expectAccessible(page, 'the compare view');

  // The address is the view: a reload opens the same comparison.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Compare two runs' }).getByText(/^First divergence: Step 2 of A/)).toBeVisible({ timeout: 60_000 });

  // With the Jobs panel open at 1280×800 both step columns still show whole.
  await page.getByRole('button', { name: /^Show jobs|^Jobs/ }).first().click();
  await expect(page.getByRole('button', { name: 'Hide jobs' })).toBeVisible();
  const fit = await stepsTableFit(page);
  expect(fit.right).toBeLessThanOrEqual(fit.limit + 1);

  await page.getByRole('link', { name: 'Back to the runs' }).click();
  await expect(page.getByRole('region', { name: /^Runs/ }).filter({ has: page.getByRole('group', { name: 'Filter runs' }) })).toBeVisible();
  expect(problems).toEqual([]);
});
