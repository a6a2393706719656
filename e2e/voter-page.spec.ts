import { expect, test, type Page } from '@playwright/test';
import { ArenaPage } from './arena-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';

// The size the issue names: a laptop's browser window, not a wide monitor.
const LAPTOP = { width: 1400, height: 900 };
test.use({ viewport: LAPTOP });

let app: LaunchedApp | undefined;
test.beforeEach(async () => {
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

/** An invite for `name` whose open pair (the demo's) is a presentation pair; returns its link. */
async function inviteToPresentationPair(api: ServedApi, name: string): Promise<{ link: string; inviteId: string }> {
  const { invite, token } = await api.call('arena.invite', { name, expiresInDays: 7 });
  for (let i = 0; i < 30; i++) {
    const { item } = await api.call('arena.nextPair', { annotatorId: invite.annotatorId });
    if (!item) break;
    if (item.kind === 'programmatic' && item.left.siteUrl && item.right.siteUrl && !item.left.videoUrl && !item.right.videoUrl) {
      return { link: `${api.origin}/#token=${token}`, inviteId: invite.id };
    }
    await api.call('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 5 });
  }
  throw new Error('the demo arena has no presentation pair left for this voter');
}

async function frameBox(page: Page, title: 'Left output' | 'Right output') {
  const box = await page.getByRole('region', { name: 'Pair' }).locator(`iframe[title="${title}"]`).boundingBox();
  expect(box, `${title} is drawn`).not.toBeNull();
  return box!;
}

test('a voter compares a presentation pair side by side at 1400×900 without scrolling, and a vote calls only what a voter may', async ({ page }) => {
  test.setTimeout(120_000);
  const api = ServedApi.fromAppUrl(app!.url);
  const { link } = await inviteToPresentationPair(api, 'Laptop Voter');
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  await page.goto(link);
  const voter = new ArenaPage(page);
  await voter.waitForPair();

  const left = await frameBox(page, 'Left output');
  const right = await frameBox(page, 'Right output');
  // Side by side: same row, Left first, and both wholly inside the window with the page unscrolled.
  expect(Math.abs(left.y - right.y), 'both sides start on the same row').toBeLessThan(2);
  expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
  for (const box of [left, right]) {
    expect(box.y + box.height, 'the side ends above the fold').toBeLessThanOrEqual(LAPTOP.height);
    expect(box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await voter.voteWithKeys('ArrowLeft', 4, 2);
  // The page goes on to the next pair, or says none is left when the queue's order made this the
  // voter's last one.
  await expect(voter.preference.or(page.getByRole('heading', { name: 'No pairs left' }))).toBeVisible({ timeout: 30_000 });
  // Every call the page made after the vote was one a voter may make.
  expect(refused).toEqual([]);
});

/** Turns the pair on screen with each control a voter has and checks both decks show the same slide each time. */
async function turnsTogether(page: Page): Promise<void> {
  const voter = new ArenaPage(page);
  await voter.waitForPair();
  const pair = page.getByRole('region', { name: 'Pair' });
  // Each demo deck writes "n / total" in its #count: the slide it shows, whatever its length.
  const shown = (title: 'Left output' | 'Right output') => pair.frameLocator(`iframe[title="${title}"]`).locator('#count');
  const bothAt = async (slide: number) => {
    await expect(shown('Left output')).toHaveText(new RegExp(`^${slide} / \\d+$`));
    await expect(shown('Right output')).toHaveText(new RegExp(`^${slide} / \\d+$`));
  };
  await bothAt(1);

  await pair.getByRole('button', { name: 'Next slide (both sides)' }).click();
  await bothAt(2);
  await pair.getByRole('button', { name: 'Previous slide (both sides)' }).click();
  await bothAt(1);

  // An arrow key pressed inside one deck moves that deck (its own handler) and the other one with it.
  // A click on the deck (away from its own buttons) puts the keyboard there, as a voter's would;
  // the key waits until the deck has the focus (it moves to another process's frame on its own time).
  const focusDeck = async (title: 'Left output' | 'Right output') => {
    const frameElement = pair.locator(`iframe[title="${title}"]`);
    const frame = await (await frameElement.elementHandle())!.contentFrame();
    await expect(async () => {
      await frameElement.click({ position: { x: 40, y: 40 } });
      expect(await frame!.evaluate(() => document.hasFocus())).toBe(true);
    }).toPass({ timeout: 30_000 });
  };
  await focusDeck('Left output');
  await page.keyboard.press('ArrowRight');
  await bothAt(2);
  await focusDeck('Right output');
  await page.keyboard.press('ArrowLeft');
  await bothAt(1);

  // On the page itself the arrows prefer a side; PageDown and PageUp turn both decks.
  await page.getByRole('heading', { level: 1 }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName !== 'IFRAME' && document.hasFocus())).toBe(true);
  await page.keyboard.press('Escape');
  await page.keyboard.press('PageDown');
  await bothAt(2);
  await page.keyboard.press('PageUp');
  await bothAt(1);
  // None of it chose a side.
  await expect(voter.preference.getByRole('radio', { checked: true })).toHaveCount(0);
}

test('the two sides of a presentation pair move slide by slide together: the Previous/Next buttons, PageUp/PageDown, and arrow keys inside either deck', async ({ page }) => {
  test.setTimeout(120_000);
  const api = ServedApi.fromAppUrl(app!.url);
  const { link } = await inviteToPresentationPair(api, 'Slide Voter');
  await page.goto(link);
  await turnsTogether(page);
});

test("the owner's Arena turns a presentation pair's two sides together too", async ({ page }) => {
  test.setTimeout(120_000);
  const api = ServedApi.fromAppUrl(app!.url);
  const owner = await api.call('arena.createAnnotator', { name: 'Slide Owner' });
  for (let i = 0; ; i++) {
    const { item } = await api.call('arena.nextPair', { annotatorId: owner.id });
    if (!item || i > 30) throw new Error('the demo arena has no presentation pair for the owner');
    if (item.kind === 'programmatic' && item.left.siteUrl && item.right.siteUrl && !item.left.videoUrl && !item.right.videoUrl) break;
    await api.call('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 5 });
  }
  await page.goto(app!.url);
  await page.keyboard.press('Alt+2');
  await new ArenaPage(page).pickAnnotator('Slide Owner');
  await turnsTogether(page);
});

test('a narrow window shows a presentation pair one side at a time, in the same place, with a Left/Right switch', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 700, height: 900 });
  const api = ServedApi.fromAppUrl(app!.url);
  const { link } = await inviteToPresentationPair(api, 'Phone Voter');
  await page.goto(link);
  await new ArenaPage(page).waitForPair();
  const sides = page.getByRole('group', { name: 'Side shown' });
  await expect(page.getByTitle('Left output')).toBeVisible();
  await expect(page.getByTitle('Right output')).toBeHidden();
  await sides.getByRole('button', { name: 'Right', exact: true }).click();
  await expect(page.getByTitle('Right output')).toBeVisible();
  await expect(page.getByTitle('Left output')).toBeHidden();
  const left = await frameBox(page, 'Left output');
  const right = await frameBox(page, 'Right output');
  expect(right.y).toBe(left.y);
  expect(right.x).toBe(left.x);
});

test("a revoked voter's page says plainly that the link was revoked and offers no vote and no undo; the owner confirms the revoke and sees no Copy button for it", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The owner creates the link in the Study tab, so its Copy button is on screen.
  await page.goto(app!.url);
  await page.keyboard.press('Alt+2');
  const owner = new ArenaPage(page);
  await owner.showTab('Study');
  const invites = page.getByRole('region', { name: 'Invite links' });
  await invites.getByRole('textbox', { name: 'Annotator name' }).fill('Soon Revoked');
  await invites.getByRole('button', { name: 'Create invite link' }).click();
  const created = invites.getByRole('group', { name: 'Invite link for Soon Revoked' });
  await expect(created.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const link = await created.getByRole('textbox').inputValue();

  const voterContext = await browser.newContext({ viewport: LAPTOP });
  try {
    const voterPage = await voterContext.newPage();
    await voterPage.goto(link);
    const voter = new ArenaPage(voterPage);
    await voter.voteWithKeys('ArrowLeft', 4, 2);
    await voter.waitForPair();
    await expect(voterPage.getByText(/valid until/)).toBeVisible();

    // Revoke asks first; keeping the link changes nothing.
    const revoke = invites.getByRole('button', { name: "Revoke Soon Revoked's invite link" });
    const question = page.getByRole('dialog', { name: "Revoke Soon Revoked's invite link?" });
    await revoke.click();
    await question.getByRole('button', { name: 'Keep it' }).click();
    await expect(question).toHaveCount(0);
    await expect(invites.getByRole('row', { name: /Soon Revoked/ })).toContainText('Active until');
    await expect(created.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await revoke.click();
    await question.getByRole('button', { name: 'Revoke link' }).click();
    await expect(invites.getByRole('row', { name: /Soon Revoked/ })).toContainText('Revoked');
    await expect(created.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
    await expect(invites.getByRole('button', { name: /Copy/ })).toHaveCount(0);

    // The voter tries to vote on the pair still on screen.
    await voterPage.keyboard.press('Escape');
    await voterPage.keyboard.press('ArrowRight');
    await voterPage.keyboard.press('3');
    await voterPage.keyboard.press('3');
    await voterPage.keyboard.press('Enter');
    await expect(voterPage.getByRole('alert').filter({ hasText: /revoked/ }).first()).toBeVisible();
    await expect(voterPage.getByText(/This invite link was revoked/).first()).toBeVisible();
    await expect(voterPage.getByText(/valid until/)).toHaveCount(0);
    await expect(voterPage.getByText(/press Submit/i)).toHaveCount(0);
    await expect(voter.vote.getByRole('button', { name: /Submit vote/ })).toBeDisabled();
    await expect(voter.vote.getByRole('button', { name: 'Undo last vote' })).toBeDisabled();
  } finally {
    await voterContext.close();
  }
});
