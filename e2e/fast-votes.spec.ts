import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AnalysisPage } from './analysis-page.ts';
import { ArenaPage } from './arena-page.ts';
import { importRuns, writeKeyboardStudy } from './arena-study-fixture.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';

test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let scratch: string | undefined;
test.beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lhb-fast-votes-e2e-'));
  // A workspace of the researcher's own: the arena shows only this study's pairs (votes on the demo's pairs would be the demo's).
  app = await launchApp(['bin/lhb.mjs', 'serve'], { project: 'Keyboard study' });
});
test.afterEach(async () => {
  await app?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  app = scratch = undefined;
});

// The floors are chosen so no timing decides the result: no vote takes less than 0 s, and none of
// this test's takes ten minutes.
test("a vote under the study's fast-vote floor is flagged, not dropped: the Study tab shows pace and share, the Analysis switch leaves it out", async ({ page }) => {
  test.setTimeout(240_000);
  const api = ServedApi.fromAppUrl(app!.url);
  await importRuns(api, [writeKeyboardStudy(scratch!)]);
  await page.goto(app!.url);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Arena' }).click();
  const arena = new ArenaPage(page);
  await arena.pickAnnotator('Quick Expert');

  const setFloor = async (seconds: number) => {
    await arena.showTab('Study');
    const block = arena.study.getByRole('group', { name: 'Fast votes' });
    await block.getByRole('spinbutton', { name: 'Fast-vote floor (seconds)' }).fill(String(seconds));
    await block.getByRole('button', { name: 'Set floor' }).click();
    await expect(block).toContainText(`Votes cast less than ${seconds >= 60 ? `${seconds} s` : `${seconds.toFixed(1)} s`} after their pair was shown are flagged`);
    await arena.showTab('Vote');
  };

  await setFloor(0);
  await arena.voteWithKeys('ArrowLeft', 4, 2);
  await setFloor(600);
  await arena.voteWithKeys('ArrowRight', 2, 4);

  await arena.showTab('Study');
  const row = arena.study.getByRole('row', { name: /Quick Expert/ });
  await expect(row).toContainText('50.0% (1 flagged)');
  await expect(row).toContainText(/\d+(\.\d)? s/);
  // Both votes are kept.
  const me = (await api.call('arena.annotators', {})).annotators.find((a) => a.name === 'Quick Expert')!;
  expect((await api.call('arena.votes', { annotatorId: me.id })).votes).toHaveLength(2);

  const analysis = new AnalysisPage(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Analysis' }).click();
  await analysis.waitForReport();
  const study = analysis.region('Study');
  await expect(study.getByRole('note', { name: 'Fast votes' })).toHaveText(
    '1 fast vote (cast sooner after their pair was shown than the fast-vote floor) is counted; leave them out with “Leave out fast votes” below.',
  );
  await expect(study).toContainText('2 votes');
  await study.getByRole('checkbox', { name: 'Leave out fast votes' }).check();
  await analysis.waitForReport();
  await expect(study.getByRole('note', { name: 'Fast votes' })).toHaveText(/^1 fast vote .* is left out, as asked; by default it is counted\.$/);
  await expect(study).toContainText('1 vote');
  await expect(study).not.toContainText('2 votes');
});
