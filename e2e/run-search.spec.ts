import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';
import { openRunsScreen } from './runs-screen.ts';

test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let problems: string[] = [];
let scratch: string;
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  app = await launchApp(['bin/lhb.mjs', 'serve']);
  scratch = mkdtempSync(join(tmpdir(), 'lhb-e2e-search-'));
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  rmSync(scratch, { recursive: true, force: true });
});

/** `lhb runs start …` on the served app's workspace; it exits 1 when the run did not succeed, which this test does not mind. */
function lhb(args: string[]): string {
  const result = spawnSync(process.execPath, ['bin/lhb.mjs', ...args, '--workspace', app!.workspace], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0 && result.status !== 1) throw new Error(`lhb ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/**
 * A command harness run whose transcript has 60 steps, one shell call each; step 47's fails with an
 * error found nowhere else. Printed by the command itself: the sandbox shows the harness no file of
 * this test's.
 */
const LONG_RUN = [
  "mkdir -p out/dist && printf '<h1>Built</h1>' > out/dist/index.html;",
  'i=1; while [ $i -le 60 ]; do',
  `printf '{"type":"step","source":"agent","text":"Working on part %s of the page."}\\n{"type":"tool_call","id":"c%s","name":"shell","arguments":{"command":"ls out/part-%s"}}\\n' $i $i $i;`,
  `if [ $i = 47 ]; then printf '{"type":"tool_result","id":"c47","result":"quokka-parser: unexpected token in chart.json","exitCode":1}\\n';`,
  `else printf '{"type":"tool_result","id":"c%s","result":"part-%s.html","exitCode":0}\\n' $i $i; fi;`,
  'i=$((i+1)); done',
].join(' ');

test('the search box finds an error text and opens the run at the step where it appeared', async ({ page }) => {
  test.setTimeout(150_000);
  const started = lhb(['runs', 'start', '--task', 'demo-chapter-trend', '--harness', 'command', '--model', 'scripted', '--command', LONG_RUN, '--name', 'search study', '--json']);
  expect(started).toContain('"runs":[');

  await openRunsScreen(page, app!.url);
  const search = page.getByRole('region', { name: 'Search runs' });
  // `/` reaches the box from anywhere on the screen.
  await page.getByRole('heading', { level: 1, name: 'Runs' }).click();
  await page.keyboard.press('/');
  const box = search.getByRole('combobox');
  await expect(box).toBeFocused();
  await box.fill('quokka unexpected token');
  await box.press('Enter');
  const results = search.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option')).toHaveCount(2);
  await expect(search.getByRole('status')).toContainText('2 matches in 1 run');
  await expect(results.getByRole('option').first()).toContainText('step 47 · tool result');
  await expect(results.getByRole('option').first().locator('mark').first()).toHaveText('quokka');
  await box.press('ArrowDown');
  await expect(results.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(results.getByRole('option').nth(1)).toContainText('step 47 · error');
  await box.press('Enter');

  const record = page.getByRole('dialog', { name: 'Run command · scripted' });
  const step = record.getByRole('listitem', { name: 'Step 47 · agent' });
  await expect(step).toBeFocused();
  await expect(step).toBeInViewport();
  await expect(step).toContainText('quokka-parser: unexpected token in chart.json');
  await expect(record.getByRole('listitem', { name: 'Step 1 · agent' })).not.toBeInViewport();

  // Ctrl+K reaches the box again once the run is closed.
  await page.keyboard.press('Escape');
  await expect(record).toBeHidden();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  expect(problems).toEqual([]);
});
