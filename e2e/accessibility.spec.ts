import { expect, test, type Locator, type Page } from '@playwright/test';
import { ArenaPage } from './arena-page.ts';
import { expectAccessible } from './axe-check.ts';
import { annotatorRegions, openAnnotator } from './annotator-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';

/**
 * axe-core (WCAG 2 A/AA and best practices) on every screen and dialog, as the owner and as an
 * invited voter, at a laptop's window and a phone's: any critical or serious violation fails.
 */

let app: LaunchedApp | undefined;
test.beforeEach(async () => {
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

const SIZES = [
  { name: 'a 1366×768 laptop', use: { viewport: { width: 1366, height: 768 } } },
  { name: 'a 390×844 phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;

/** Opens a dialog with `open`, checks it, then closes it with its `close` button (or Escape). */
async function checkDialog(page: Page, where: string, open: Locator, name: string | RegExp, close: string | RegExp = 'Close'): Promise<void> {
  await open.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, where);
  const closeButton = dialog.getByRole('button', { name: close, exact: typeof close === 'string' });
  if (await closeButton.count()) await closeButton.first().click();
  else await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function showSection(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: new RegExp(`^${label}`) }).click();
  // A budget, not a speed check: the Analysis screen computes its report first, which took over
  // 20 s on a loaded two-core machine.
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 90_000 });
}

for (const size of SIZES) {
  test.describe(`on ${size.name}`, () => {
    // The app's CSP refuses inline scripts; axe is injected as one, from disk.
    test.use({ ...size.use, bypassCSP: true });

    test('every owner screen and dialog has no critical or serious accessibility violation', async ({ page }) => {
      test.setTimeout(300_000);
      // Annotate: the demo's data room, a source open, the outline shown and hidden.
      await openAnnotator(page, app!.url);
      await expectAccessible(page, 'Annotate');
      const { sources, document, chapters } = annotatorRegions(page);
      await sources.getByRole('button').filter({ hasText: 'PDF' }).first().click();
      await expect(document.locator('[data-line="1"]')).toBeVisible();
      await expectAccessible(page, 'Annotate, a PDF source open');
      const outline = document.getByRole('button', { name: /Outline/ });
      if (await outline.count()) {
        await outline.click();
        await expectAccessible(page, 'Annotate, the outline shown');
        await outline.click();
      }
      const pages = chapters.getByRole('button', { name: /^Open pages? / });
      if (await pages.count()) {
        await pages.first().click();
        await expect(page.getByRole('region', { name: 'Original page' })).toBeVisible();
        await expectAccessible(page, 'Annotate, the original page beside the text');
        await page.getByRole('button', { name: 'Close the original page' }).click();
      }
      await page.getByRole('button', { name: 'New data room…' }).click();
      await expect(page.getByRole('form', { name: 'New data room' })).toBeVisible();
      await expectAccessible(page, 'Annotate, the New data room form');
      await page.getByRole('form', { name: 'New data room' }).getByRole('button', { name: 'Cancel' }).click();
      await checkDialog(page, 'the Team plans dialog', chapters.getByRole('button', { name: 'Team plans…' }), 'Team plans');
      await checkDialog(page, 'the Rename project dialog', page.getByRole('button', { name: 'Rename project…' }), 'Rename project', 'Cancel');
      await checkDialog(page, 'the New workspace dialog', page.getByRole('button', { name: 'New workspace…' }), 'New workspace', 'Cancel');

      // Arena: the annotator picker, a pair, its larger views, the Study tab and its invite dialogs.
      await showSection(page, 'Arena');
      const arena = new ArenaPage(page);
      await expect(page.getByRole('region', { name: 'Who is voting?' }).or(page.getByText(/^Voting as /)).first()).toBeVisible();
      await expectAccessible(page, 'Arena, who is voting');
      await arena.pickAnnotator('Axe Owner');
      await arena.waitForPair();
      await expectAccessible(page, 'Arena, a pair');
      await checkLargerViews(page, 'Arena');
      await arena.showTab('Study');
      await expectAccessible(page, 'Arena, the Study tab');
      const invites = page.getByRole('region', { name: 'Invite links' });
      await invites.getByRole('textbox', { name: 'Annotator name' }).fill('Axe Expert');
      await invites.getByRole('button', { name: 'Create invite link' }).click();
      await expect(invites.getByRole('group', { name: 'Invite link for Axe Expert' })).toBeVisible();
      await expectAccessible(page, 'Arena, an invite link made');
      await checkDialog(page, 'the Revoke invite dialog', invites.getByRole('button', { name: "Revoke Axe Expert's invite link" }), "Revoke Axe Expert's invite link?", 'Keep it');

      // Runs: studies, tasks, runs; the New study form and a run's dialog.
      await showSection(page, 'Runs');
      await expect(page.getByRole('region', { name: 'Tasks' })).toBeVisible();
      await expectAccessible(page, 'Runs');
      await checkDialog(page, 'the New study dialog', page.getByRole('region', { name: 'Studies' }).getByRole('button', { name: 'New study…' }), 'New study', 'Cancel');
      await page.getByRole('region', { name: 'Tasks' }).getByRole('button').first().click();
      const openRun = page.getByRole('button', { name: /^Open run / }).first();
      await expect(openRun).toBeVisible();
      await expectAccessible(page, 'Runs, a task chosen');
      await openRun.click();
      const runDialog = page.getByRole('dialog');
      await expect(runDialog).toBeVisible();
      await expect(runDialog).toHaveAttribute('aria-busy', 'false');
      await expectAccessible(page, 'the run dialog');
      await page.keyboard.press('Escape');
      await expect(runDialog).toBeHidden();

      // Judges: the rubric sets, one set's viewer, its new-version editor.
      await showSection(page, 'Judges');
      await expectAccessible(page, 'Judges');
      await page.getByRole('button', { name: 'figma-output@v1 (5-point)' }).click();
      await expect(page.getByRole('button', { name: 'New version' })).toBeVisible();
      await expectAccessible(page, 'Judges, a rubric set shown');
      await page.getByRole('button', { name: 'New version' }).click();
      await expect(page.getByRole('button', { name: 'Save version' })).toBeVisible();
      await expectAccessible(page, 'Judges, the rubric editor');

      await showSection(page, 'Analysis');
      await expect(page.getByRole('heading', { level: 1, name: 'Analysis' })).toBeVisible();
      await expectAccessible(page, 'Analysis');
      await showSection(page, 'Export');
      await expectAccessible(page, 'Export');
    });

    test('every voter screen and dialog has no critical or serious accessibility violation', async ({ page }) => {
      test.setTimeout(300_000);
      const api = ServedApi.fromAppUrl(app!.url);
      const { token } = await api.call('arena.invite', { name: 'Axe Voter', expiresInDays: 7 });
      await page.goto(`${api.origin}/#token=${token}`);
      const voter = new ArenaPage(page);
      const seen = new Set<string>();
      // Goes through the queue until it has checked a pair of each kind the demo has.
      for (let i = 0; i < 40 && seen.size < 2; i++) {
        await voter.waitForPair();
        const kind = await pairKind(voter);
        if (!seen.has(kind)) {
          seen.add(kind);
          await expectAccessible(page, `the voter's ${kind} pair`);
          await checkLargerViews(page, `the voter's ${kind} pair`);
        }
        await voter.voteWithKeys('t', 3, 3);
      }
      expect([...seen].sort()).toEqual(['design', 'presentation']);
      await expectAccessible(page, "the voter's page with votes");
    });
  });
}

async function pairKind(arena: ArenaPage): Promise<string> {
  if (await arena.pair.getByRole('button', { name: /^Compare large/ }).count()) return 'design';
  if (await arena.pair.getByRole('button', { name: /^Open larger/ }).count()) return 'presentation';
  return 'other';
}

/** Opens each larger view the pair offers (Compare large, a side enlarged, Open larger, a live build) and checks it. */
async function checkLargerViews(page: Page, where: string): Promise<void> {
  const pair = page.getByRole('region', { name: 'Pair' });
  const views: [string, Locator][] = [
    ['Compare large', pair.getByRole('button', { name: /^Compare large/ }).first()],
    ['a side enlarged', pair.getByRole('button', { name: /^Enlarge / }).first()],
    ['Open larger', pair.getByRole('button', { name: /^Open larger/ }).first()],
    ['a live build', pair.getByRole('button', { name: /^Open live build/ }).first()],
  ];
  for (const [name, open] of views) {
    if (!(await open.count()) || !(await open.isEnabled())) continue;
    await open.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page, `${where}: ${name}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
}
