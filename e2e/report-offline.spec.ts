import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { SEEDED_STEPS, seedReportWorkspace } from '../core/report/report-workspace.fixture.ts';
import { watchPageProblems } from './page-problems.ts';

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-e2e-report-'));
});
test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Every request the page makes that is not for a file on disk: a report must make none. */
function watchLeavingRequests(page: Page): string[] {
  const leaving: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('file://')) leaving.push(request.url());
  });
  return leaving;
}

test("a report written by lhb report opens from disk: its index and a run's page load with no request leaving file://, and the run's page shows its trajectory", async ({ page }) => {
  test.setTimeout(300_000);
  const workspace = join(dir, 'workspace');
  const scratch = join(dir, 'user-files');
  mkdirSync(scratch);
  const { runId } = await seedReportWorkspace(workspace, scratch);
  const out = join(dir, 'report');
  // With the demo's records counted too, so its bundles' pages carry frames.
  const written = spawnSync(process.execPath, ['bin/lhb.mjs', 'report', '--out', out, '--include-synthetic', '--resamples', '200', '-w', workspace], { encoding: 'utf8', timeout: 240_000 });
  expect(written.status, written.stderr).toBe(0);
  expect(written.stdout.trim()).toBe(join(out, 'index.html'));

  const problems = watchPageProblems(page);
  const leaving = watchLeavingRequests(page);
  await page.goto(pathToFileURL(join(out, 'index.html')).href);
  await expect(page.getByRole('heading', { level: 1, name: 'LH-Bench analysis report' })).toBeVisible();
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await contents.getByRole('link', { name: 'Leaderboards' }).click();
  await expect(page.getByRole('region', { name: 'Leaderboards' }).locator('svg[role="img"]').first()).toBeVisible();
  await contents.getByRole('link', { name: 'Runs' }).click();
  const runs = page.getByRole('table', { name: /^Runs \(/ });
  await runs.getByRole('link', { name: runId }).click();

  // The run's page: its steps in order, the failed build and its recovery; the transcript's markup is text.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Run ${runId}`);
  const steps = page.getByRole('list', { name: 'Trajectory steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText(SEEDED_STEPS[0]!);
  await expect(steps.nth(1)).toContainText('Tool call Bash — failed: exit code 2');
  await expect(steps.nth(1)).toContainText("<script>document.title='pwned'</script>");
  await expect(page.getByRole('table', { name: /^Errors in this run/ })).toContainText('yes, at step 3');
  await expect(page).not.toHaveTitle(/pwned/);

  // A demo bundle's page shows its frames, copied beside it and loaded from disk.
  const framed = readdirSync(join(out, 'runs')).find((name) => name.endsWith('-frames'))!.replace(/-frames$/, '');
  await page.goto(pathToFileURL(join(out, 'runs', `${framed}.html`)).href);
  const frame = page.getByRole('img', { name: /^Frame / }).first();
  await frame.scrollIntoViewIfNeeded();
  await expect.poll(() => frame.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  expect(leaving).toEqual([]);
  expect(problems).toEqual([]);
});
