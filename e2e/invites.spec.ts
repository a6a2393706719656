import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { importRuns, writeKeyboardStudy } from './arena-study-fixture.ts';
import { ArenaPage } from './arena-page.ts';
import { BlindingScan } from './blinding-scan.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';

test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let scratch: string | undefined;
test.beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lhb-invites-e2e-'));
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  app = scratch = undefined;
});

test("an invited expert votes through their link in a browser of their own, sees only the vote view and nothing that names a system; the owner's Study tab shows their votes; a revoked link stops working", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const api = ServedApi.fromAppUrl(app!.url);
  await importRuns(api, [writeKeyboardStudy(scratch!)]);
  const { runs } = await api.call('runs.list', {});
  const secrets = [...new Set(runs.flatMap((run) => [run.id, run.harness, run.model]))];
  expect(secrets).toEqual(expect.arrayContaining(['e2e-harness-1', 'e2e-model-5']));

  // The owner invites an expert from the Study tab; the link is shown this once.
  await page.goto(app!.url);
  await page.keyboard.press('Alt+2'); // the Arena section
  const owner = new ArenaPage(page);
  await owner.showTab('Study');
  const invites = page.getByRole('region', { name: 'Invite links' });
  await invites.getByRole('textbox', { name: 'Annotator name' }).fill('Remote Expert');
  await invites.getByRole('spinbutton', { name: 'Valid for (days)' }).fill('7');
  await invites.getByRole('button', { name: 'Create invite link' }).click();
  const linkBox = invites.getByRole('textbox', { name: 'Invite link for Remote Expert' });
  await expect(linkBox).toHaveValue(/#token=lhbv_/);
  const link = await linkBox.inputValue();
  await expect(invites.getByRole('table', { name: 'Invite links' }).getByRole('row', { name: /Remote Expert/ })).toContainText('Active until');

  // The expert opens it in a browser context of their own (no shared storage with the owner's).
  const voterContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const voterPage = await voterContext.newPage();
    const scan = new BlindingScan(voterPage);
    await voterPage.goto(link);
    await expect(voterPage.getByRole('heading', { level: 1, name: 'Vote' })).toBeVisible();
    await expect(voterPage.getByText(/^Voting as/)).toContainText('Remote Expert');
    // Only the vote view: no sections, no Study tab, no workspace actions, no job tray, no profile switch.
    await expect(voterPage.getByRole('navigation')).toHaveCount(0);
    await expect(voterPage.getByRole('tab')).toHaveCount(0);
    await expect(voterPage.getByRole('button', { name: 'Verify workspace' })).toHaveCount(0);
    await expect(voterPage.getByRole('button', { name: /Change annotator/ })).toHaveCount(0);
    await expect(voterPage.getByRole('region', { name: 'Study' })).toHaveCount(0);

    const voter = new ArenaPage(voterPage);
    for (let i = 0; i < 5; i++) {
      await voter.waitForPair();
      await scan.snapshot(`pair ${i}`);
      await voter.voteWithKeys(i % 2 === 0 ? 'ArrowLeft' : 'ArrowRight', 4, 2);
      await scan.snapshot(`voted ${i}`);
    }
    expect(await voter.progressText()).toMatch(/^5 of \d+ pairs$/);
    const total = Number(/of (\d+)/.exec(await voter.progressText())![1]);

    // The page cannot talk its way past the server: the researcher's calls answer 403.
    const refused = await voterPage.evaluate(async () => {
      const token = sessionStorage.getItem('lhb.token');
      const res = await fetch('/rpc/runs.list', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
      return res.status;
    });
    expect(refused).toBe(403);

    // The owner's Study tab shows the invited voter's progress, live.
    await expect(owner.study.getByRole('row', { name: /Remote Expert/ }).first()).toContainText(`5/${total}`, { timeout: 30_000 });
    await expect(invites.getByRole('row', { name: /Remote Expert/ })).toContainText(`5/${total}`, { timeout: 30_000 });
    const study = await api.call('arena.study', {});
    expect(study.annotators.find((a) => a.name === 'Remote Expert')?.done).toBe(5);

    expect(scan.seen.length).toBeGreaterThan(20);
    expect(scan.leaksOf(secrets)).toEqual([]);

    // Revoked: the link's next request is refused, and the page says what to do.
    await invites.getByRole('button', { name: "Revoke Remote Expert's invite link" }).click();
    await page.getByRole('dialog', { name: "Revoke Remote Expert's invite link?" }).getByRole('button', { name: 'Revoke link' }).click();
    await expect(invites.getByRole('row', { name: /Remote Expert/ })).toContainText('Revoked');
    await voterPage.reload();
    await expect(voterPage.getByRole('heading', { level: 1, name: 'This link does not open LH-Bench Studio' })).toBeVisible();
    await expect(voterPage.getByText(/revoked by the study owner/)).toBeVisible();
  } finally {
    await voterContext.close();
  }
});

test('a name the server refuses is placed beside the Annotator name field, which is marked and names the refusal; nothing is created', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(app!.url);
  await page.keyboard.press('Alt+2'); // the Arena section
  await new ArenaPage(page).showTab('Study');
  const invites = page.getByRole('region', { name: 'Invite links' });
  const nameBox = invites.getByRole('textbox', { name: 'Annotator name' });
  // The demo's experts are synthetic: the server refuses to invite one, naming the name field.
  await nameBox.fill('Synthetic expert 1');
  await invites.getByRole('button', { name: 'Create invite link' }).click();
  await expect(nameBox).toHaveAttribute('aria-invalid', 'true');
  await expect(nameBox).toHaveAccessibleDescription(/"Synthetic expert 1" is a synthetic \(demo\) annotator, which cannot be invited/);
  await expect(invites.getByRole('alert').first()).toContainText('Could not create an invite for "Synthetic expert 1": fix the field marked below and try again.');
  await expect(invites.getByRole('spinbutton', { name: 'Valid for (days)' })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(invites.getByRole('textbox', { name: /^Invite link for/ })).toHaveCount(0);
});
