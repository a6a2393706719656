import { expect, test } from '@playwright/test';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';
import { openRunsScreen } from './runs-screen.ts';

// A German browser in Berlin: every date on screen reads in its locale and names its zone.
test.use({ viewport: { width: 1400, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });

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

test('a run’s start and finish read in the browser’s locale and time zone, with the zone named', async ({ page }) => {
  test.setTimeout(90_000);
  await openRunsScreen(page, app!.url);
  await page.getByRole('region', { name: 'Tasks' }).getByRole('button', { name: 'Quillmoss marketing pages from the Figma file' }).click();
  const runs = page.getByRole('region', { name: 'Runs' });
  // bundle-01 started at 2025-10-06T09:12:00Z: 11:12 in Berlin's summer time (MESZ), on "6. Okt. 2025".
  await expect(runs.getByRole('table')).toContainText(/6\. Okt\. 2025, 11:12/);
  await expect(runs.getByRole('table')).toContainText('MESZ');
  await expect(runs.getByRole('table')).not.toContainText('UTC');
  await expect(runs.getByRole('table')).not.toContainText('2025-10-06');
  expect(problems).toEqual([]);
});
