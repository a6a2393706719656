import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ArenaItem } from '../schemas/arena.ts';
import { importRuns, writeKeyboardStudy } from './arena-study-fixture.ts';
import { ArenaPage } from './arena-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';
import { pinchPaths, touchGesture } from './touch-gestures.ts';

/**
 * An invited voter on a phone (390×844, by touch) and on a small laptop (1366×768, by keyboard):
 * five votes with a tie and an undo; the page never scrolls sideways; each new pair opens with its
 * title and both sides' labels in view; on the phone one side at a time with a Left/Right switch
 * and a swipe, and a vote bar in view while the frames scroll; on a laptop the page is no taller
 * than the window; Compare large fits each frame to the width and zooms by buttons and pinch; the
 * presentations' slides are drawn near their real size; focus shows going into a frame and out;
 * the end of the queue offers the voter nothing that only the study's owner can use (issue 40).
 */

let app: LaunchedApp | undefined;
let scratch: string | undefined;
test.beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lhb-voter-layout-e2e-'));
  app = await launchApp(['bin/lhb.mjs', 'serve']);
  // The demo gives a new voter four pairs; a task with five runs adds ten design pairs.
  await importRuns(ServedApi.fromAppUrl(app.url), [writeKeyboardStudy(scratch)]);
});
test.afterEach(async () => {
  await app?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  app = scratch = undefined;
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const LAPTOP = { viewport: { width: 1366, height: 768 } };

async function invite(api: ServedApi, name: string): Promise<{ link: string; annotatorId: string }> {
  const { invite, token } = await api.call('arena.invite', { name, expiresInDays: 7 });
  return { link: `${api.origin}/#token=${token}`, annotatorId: invite.annotatorId };
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }));
  expect(widths.page, 'the page is no wider than the window').toBeLessThanOrEqual(widths.window);
}

/** The element is wholly inside the window as the page is scrolled now. */
async function expectInWindow(page: Page, element: Locator, what: string): Promise<void> {
  const box = await element.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box!.y, `${what} is not above the window`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} is not below the window`).toBeLessThanOrEqual(height);
}

/** Under this width the pair shows one side at a time, with a Left/Right switch. */
const NARROW = 700;
/** From this width the vote sits beside the pair and the page fits the window. */
const WIDE = 901;

/** The page scrolls neither way: it is no taller than the window, and the vote's Submit is in it. */
async function expectPageFitsWindow(page: Page, voter: ArenaPage): Promise<void> {
  const sizes = await page.evaluate(() => ({ height: document.scrollingElement!.scrollHeight, window: innerHeight }));
  expect(sizes.height, 'the page is no taller than the window').toBeLessThanOrEqual(sizes.window);
  await expectInWindow(page, voter.vote.getByRole('button', { name: /^Submit vote/ }), 'Submit vote');
}

/**
 * A new pair: its title and both sides' labels in view, and nothing to scroll sideways; on a phone
 * the labels are the Left/Right switch's and the side shown is headed by its name; on a laptop the
 * page fits the window.
 */
async function expectPairOpensInView(page: Page, voter: ArenaPage): Promise<void> {
  await voter.waitForPair();
  await expectInWindow(page, voter.pair.getByRole('heading', { level: 2 }), "the pair's title");
  const width = page.viewportSize()!.width;
  if (width < NARROW) {
    const sides = voter.pair.getByRole('group', { name: 'Side shown' });
    for (const side of ['Left', 'Right']) await expectInWindow(page, sides.getByRole('button', { name: side, exact: true }), `the ${side} label`);
    const shown = (await sides.getByRole('button', { pressed: true }).textContent())!.trim();
    await expectInWindow(page, voter.pair.getByRole('heading', { level: 3, name: shown, exact: true }).first(), `the ${shown} side's heading`);
  } else {
    for (const side of ['Left', 'Right']) await expectInWindow(page, voter.pair.getByRole('heading', { level: 3, name: side, exact: true }).first(), `the ${side} label`);
  }
  if (width >= WIDE) await expectPageFitsWindow(page, voter);
  await expectNoSidewaysScroll(page);
}

/**
 * On a phone: the switch shows Right, a swipe back shows Left; then the frames are scrolled to their
 * end (the vote panel out of sight below) and the vote bar is in the window.
 */
async function expectSidesSwitchAndVoteBarStays(page: Page, voter: ArenaPage): Promise<void> {
  const sides = voter.pair.getByRole('group', { name: 'Side shown' });
  const heading = (side: string) => voter.pair.getByRole('heading', { level: 3, name: side, exact: true });
  await sides.getByRole('button', { name: 'Right', exact: true }).tap();
  await expect(sides.getByRole('button', { name: 'Right', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(heading('Right')).toBeVisible();
  await expect(heading('Left')).toHaveCount(0);
  // A swipe from left to right over the side shown turns back to Left, as a page turns: over a
  // design pair's frame images, or a presentation's head (touches inside its frame are its own).
  const frames = voter.pair.getByRole('listitem');
  const target = (await frames.count()) > 0 ? frames.first().getByRole('button', { name: /^Enlarge Right/ }) : heading('Right');
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  await touchGesture(page, [{ from: { x: 40, y }, to: { x: page.viewportSize()!.width - 40, y } }]);
  // Still the voter's page: the swipe from near the left edge was not taken as the browser's "back".
  await expect(page).toHaveURL(/^http:/);
  await expect(sides.getByRole('button', { name: 'Left', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(heading('Left')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Scrolled down to the end of the frames, the vote panel below is out of sight: the vote bar is not.
  await voter.pair.evaluate((pair) => pair.scrollIntoView({ block: 'end' }));
  await expect(voter.vote.getByRole('button', { name: /^Submit vote/ })).not.toBeInViewport();
  await expectInWindow(page, page.getByRole('region', { name: 'Vote bar' }), 'the vote bar');
  await expectNoSidewaysScroll(page);
}

/**
 * Taps a radio and waits until it shows as chosen, as a voter looks before the next tap. The voter
 * scrolls it to the middle first, as a thumb does: scrolled just into view at the window's foot
 * it sits half under the vote bar, and a tap there lands on the bar.
 */
async function tapRadio(radio: Locator): Promise<void> {
  await radio.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await radio.tap();
  await expect(radio, 'the tapped choice shows as chosen').toHaveAttribute('aria-checked', 'true');
}

/** Votes by touch: taps the preference, both ratings and Submit; waits until the vote is listed. */
async function voteByTap(voter: ArenaPage, choice: string, left: number, right: number): Promise<void> {
  const before = (await voter.yourVotes()).length;
  await tapRadio(voter.preference.getByRole('radio', { name: choice }));
  await tapRadio(voter.rating('Left').getByRole('radio', { name: new RegExp(`^${left}:`) }));
  await tapRadio(voter.rating('Right').getByRole('radio', { name: new RegExp(`^${right}:`) }));
  await voter.vote.getByRole('button', { name: /^Submit vote/ }).tap();
  await expect.poll(async () => (await voter.yourVotes()).length).toBe(before + 1);
}

/** Every visible control in the vote panel, the keys and the pair's own buttons is at least 44×44 px. */
async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main [role="radio"], main a[href], main summary, main input, main textarea')]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 - 0.5 || box.height < 44 - 0.5)
      .map(({ name, box }) => `${name} (${Math.round(box.width)}×${Math.round(box.height)})`),
  );
  expect(small, 'touch targets smaller than 44×44 px').toEqual([]);
}


/** Moves the voter's queue on (through the owner's API) until its open pair is one `wanted` accepts. */
async function skipToPair(api: ServedApi, annotatorId: string, what: string, wanted: (item: ArenaItem) => boolean): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const { item } = await api.call('arena.nextPair', { annotatorId });
    if (!item) throw new Error(`the demo arena has no ${what} left for this voter`);
    if (wanted(item)) return;
    await api.call('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 5 });
  }
  throw new Error(`no ${what} within 30 pairs`);
}

const skipToDesignPair = (api: ServedApi, annotatorId: string) =>
  skipToPair(api, annotatorId, 'design pair', (item) => item.kind === 'figma' && item.frames.length > 0 && item.left.frameUrls[0] !== undefined && item.right.frameUrls[0] !== undefined);

const skipToPresentationPair = (api: ServedApi, annotatorId: string) =>
  skipToPair(api, annotatorId, 'presentation pair', (item) => item.kind === 'programmatic' && !item.left.videoUrl && !item.right.videoUrl && item.left.siteUrl !== null && item.right.siteUrl !== null);

/** Compare large on the open design pair: each side's frame is drawn whole at the pane's width. */
async function expectCompareLargeFits(page: Page, voter: ArenaPage, tap: boolean): Promise<void> {
  await voter.waitForPair();
  const compareButton = voter.pair.getByRole('button', { name: /^Compare large/ }).first();
  await (tap ? compareButton.tap() : compareButton.click());
  const dialog = page.getByRole('dialog', { name: /^Compare frame / });
  await expect(dialog.getByRole('group', { name: 'Zoom' })).toContainText('Fit to width');
  for (const side of ['Left', 'Right']) {
    const image = dialog.getByRole('img', { name: new RegExp(`^${side}, frame `) });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const fit = await image.evaluate((img: HTMLImageElement) => {
      const pane = img.parentElement!.getBoundingClientRect();
      const box = img.getBoundingClientRect();
      return { pane: pane.width, left: box.left - pane.left, width: box.width, scrollable: img.parentElement!.scrollWidth > img.parentElement!.clientWidth };
    });
    expect(fit.scrollable, `${side}: nothing to scroll sideways`).toBe(false);
    expect(fit.left).toBeGreaterThanOrEqual(0);
    expect(fit.width, `${side}: the frame's whole width is in its pane`).toBeLessThanOrEqual(fit.pane);
    expect(fit.width, `${side}: fitted to the pane, not left small`).toBeGreaterThan(fit.pane - 4);
  }
  if (tap) {
    // Two fingers spread on Left: both sides grow together, and scrolling one scrolls the other.
    const left = dialog.getByRole('region', { name: /^Left, frame / });
    const box = (await left.boundingBox())!;
    await touchGesture(page, pinchPaths({ x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 120) }, 40, 100));
    await expect(dialog.getByRole('group', { name: 'Zoom' })).toContainText(/\d+% of the width/);
    const drawn = await dialog.getByRole('img', { name: /^(Left|Right), frame / }).evaluateAll((images) => images.map((img) => ({ width: img.getBoundingClientRect().width, pane: img.parentElement!.clientWidth })));
    for (const { width, pane } of drawn) expect(width, 'each side is drawn wider than its pane').toBeGreaterThan(pane * 1.5);
    expect(Math.abs(drawn[0]!.width / drawn[0]!.pane - drawn[1]!.width / drawn[1]!.pane), 'both sides at the same zoom').toBeLessThan(0.02);
    await left.evaluate((pane) => (pane.scrollLeft = 40));
    await expect.poll(() => dialog.getByRole('region', { name: /^Right, frame / }).evaluate((pane) => pane.scrollLeft)).toBe(40);
    await dialog.getByRole('button', { name: 'Fit to width' }).tap();
    await expect(dialog.getByRole('group', { name: 'Zoom' })).toContainText('Fit to width');
  }
  // Zoom in and back: the buttons change the drawn width.
  const zoomIn = dialog.getByRole('button', { name: 'Zoom in' });
  await (tap ? zoomIn.tap() : zoomIn.click());
  await expect(dialog.getByRole('group', { name: 'Zoom' })).toContainText('150% of the width');
  await expectNoSidewaysScroll(page);
  const close = dialog.getByRole('button', { name: /^Close/ });
  await (tap ? close.tap() : close.click());
  await expect(dialog).toHaveCount(0);
}

/** Votes through the owner's API until the voter's queue is empty. */
async function finishQueue(api: ServedApi, annotatorId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { item } = await api.call('arena.nextPair', { annotatorId });
    if (!item) return;
    await api.call('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 5 });
  }
}

/** At the end of the queue: the voter's steps only, not the owner's. */
async function expectVoterOnlyEnd(page: Page): Promise<void> {
  const next = page.getByRole('region', { name: 'What next' });
  await expect(next).toBeVisible();
  await expect(next.getByRole('button', { name: 'Undo last vote' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Change annotator/ })).toHaveCount(0);
  await expect(page.getByText(/Study tab|Running this study/)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
}

/** After the five votes: Compare large on a design pair, then the end of the voter's queue. */
async function compareLargeThenQueueEnd(page: Page, api: ServedApi, annotatorId: string, tap: boolean): Promise<void> {
  await skipToDesignPair(api, annotatorId);
  await page.reload();
  await expectCompareLargeFits(page, new ArenaPage(page), tap);
  await finishQueue(api, annotatorId);
  await page.reload();
  await expectVoterOnlyEnd(page);
}

test.describe('on a 390×844 phone, by touch', () => {
  test.use(PHONE);

  test('a voter casts five votes with a tie and an undo by tapping; pairs open in view, targets are finger-sized, Compare large fits the width', async ({ page }) => {
    test.setTimeout(240_000);
    const api = ServedApi.fromAppUrl(app!.url);
    const { link, annotatorId } = await invite(api, 'Phone Voter');
    await page.goto(link);
    const voter = new ArenaPage(page);

    await expectPairOpensInView(page, voter);
    await expectTouchTargets(page);
    await expectSidesSwitchAndVoteBarStays(page, voter);
    await voteByTap(voter, 'I prefer Left', 4, 2);
    await expectPairOpensInView(page, voter);
    await voteByTap(voter, 'Tie', 3, 3);
    // Undo by tap: the tie comes back; two taps re-rate it, and Submit records it again.
    await expectPairOpensInView(page, voter);
    await voter.vote.getByRole('button', { name: 'Undo last vote' }).tap();
    await expect.poll(async () => (await voter.yourVotes()).length).toBe(1);
    await expect(voter.preference.getByRole('radio', { name: 'Tie' })).toHaveAttribute('aria-checked', 'true');
    await voteByTap(voter, 'Tie', 2, 4);
    expect((await voter.yourVotes())[0]).toMatch(/Tie.*Left 2\/5 · Right 4\/5/);
    await expectPairOpensInView(page, voter);
    await voteByTap(voter, 'I prefer Right', 2, 5);
    await expectPairOpensInView(page, voter);
    await voteByTap(voter, 'Both bad', 1, 1);
    expect(await voter.yourVotes()).toHaveLength(4);
    await expectPairOpensInView(page, voter);
    // The fifth by the vote bar: set above, then submitted from the bar while the frames are in view.
    await tapRadio(voter.preference.getByRole('radio', { name: 'I prefer Left' }));
    await tapRadio(voter.rating('Left').getByRole('radio', { name: /^5:/ }));
    await tapRadio(voter.rating('Right').getByRole('radio', { name: /^3:/ }));
    await voter.pair.getByRole('heading', { level: 2 }).scrollIntoViewIfNeeded();
    const bar = page.getByRole('region', { name: 'Vote bar' });
    await expect(bar).toContainText('Preferred left · Left 5 · Right 3');
    await bar.getByRole('button', { name: 'Submit vote' }).tap();
    await expect.poll(async () => (await voter.yourVotes()).length).toBe(5);

    await compareLargeThenQueueEnd(page, api, annotatorId, true);
    await expectTouchTargets(page);
  });
});

test.describe('on a 1366×768 laptop, by keyboard', () => {
  test.use(LAPTOP);

  test('a voter casts five votes with a tie and an undo by keyboard; after Undo the marker is on Left and Enter submits; pairs open in view; Compare large fits the width', async ({ page }) => {
    test.setTimeout(240_000);
    const api = ServedApi.fromAppUrl(app!.url);
    const { link, annotatorId } = await invite(api, 'Laptop Voter');
    await page.goto(link);
    const voter = new ArenaPage(page);

    await expectPairOpensInView(page, voter);
    await voter.voteWithKeys('ArrowLeft', 4, 2);
    await expectPairOpensInView(page, voter);
    await voter.voteWithKeys('t', 3, 3);
    await voter.undo();
    // The tie is back with its ratings; the marker starts on Left, so "2 4" rates Left 2 and Right 4.
    await expect(voter.preference.getByRole('radio', { name: 'Tie' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('2');
    await page.keyboard.press('4');
    await expect(voter.rating('Left').getByRole('radio', { name: /^2:/ })).toHaveAttribute('aria-checked', 'true');
    await expect(voter.rating('Right').getByRole('radio', { name: /^4:/ })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await voter.yourVotes()).length).toBe(2);
    expect((await voter.yourVotes())[0]).toMatch(/Tie.*Left 2\/5 · Right 4\/5/);
    await expectPairOpensInView(page, voter);
    await voter.voteWithKeys('d', 2, 5);
    await expectPairOpensInView(page, voter);
    await voter.voteWithKeys('b', 1, 1);
    await expectPairOpensInView(page, voter);
    await voter.voteWithKeys('a', 5, 3);
    expect(await voter.yourVotes()).toHaveLength(5);

    await compareLargeThenQueueEnd(page, api, annotatorId, false);
  });
});

test.describe('on a 1440×900 window', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the page fits the window on every kind of pair; slides are drawn near their real size; focus shows going into a slide and out', async ({ page }) => {
    test.setTimeout(240_000);
    const api = ServedApi.fromAppUrl(app!.url);
    const { link, annotatorId } = await invite(api, 'Wide Voter');
    await skipToDesignPair(api, annotatorId);
    await page.goto(link);
    const voter = new ArenaPage(page);
    await expectPairOpensInView(page, voter);
    // Scrolling the pair scrolls its own region, never the page: the vote stays beside it.
    await voter.pair.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expectPageFitsWindow(page, voter);

    // A second voter for the presentation pair: the first one's skips (each a vote) may have used up
    // every presentation pair on the way to a design pair, as the queue's random order allows.
    const presenting = await invite(api, 'Wide Voter, slides');
    await skipToPresentationPair(api, presenting.annotatorId);
    await page.goto(presenting.link);
    await page.reload();
    await expectPairOpensInView(page, voter);
    const frames = voter.pair.locator('iframe');
    await expect(frames).toHaveCount(2);
    // Each deck lays out at its pane's width: drawn at (nearly) its real size, not shrunk to a third.
    for (const scale of await frames.evaluateAll((all) => all.map((f) => f.getBoundingClientRect().width / (f as HTMLElement).offsetWidth))) {
      expect(scale, "a slide's drawn size against its laid-out size").toBeGreaterThan(0.9);
    }

    // Tab to the Left deck: its stage takes the keyboard with a focus ring, and its arrow keys turn
    // the slides (both decks together). A cross-origin frame with nothing focusable inside is passed
    // over by Tab, so the stage is the deck's stop.
    const focusRing = () =>
      page.evaluate(() => {
        const rings = (el: Element | null) => {
          for (let at = el, depth = 0; at && depth < 3; at = at.parentElement, depth++) {
            const style = getComputedStyle(at);
            if ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none') return true;
          }
          return false;
        };
        const active = document.activeElement;
        return { label: active?.getAttribute('aria-label') ?? '', ring: rings(active) };
      });
    const slide = (title: string) => voter.pair.frameLocator(`iframe[title="${title}"]`).locator('#count');
    await expect(slide('Left output')).toHaveText(/^1 \/ \d+$/);
    await voter.pair.getByRole('button', { name: 'Open larger, Left' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(focusRing).toEqual({ label: 'Left output: arrow keys turn its slides', ring: true });
    await page.keyboard.press('ArrowRight');
    await expect(slide('Left output')).toHaveText(/^2 \/ \d+$/);
    await expect(slide('Right output')).toHaveText(/^2 \/ \d+$/);
    // The arrow turned the slides only: it did not pick a side in the vote.
    await expect(voter.preference.getByRole('radio', { checked: true })).toHaveCount(0);
    // And out again: Shift+Tab lands back on Open larger, ringed.
    await page.keyboard.press('Shift+Tab');
    await expect(voter.pair.getByRole('button', { name: 'Open larger, Left' })).toBeFocused();
    expect((await focusRing()).ring, 'the button focus went back to has a focus ring').toBe(true);
    await expectPageFitsWindow(page, voter);
  });
});

test.describe('on an 800×700 window, by keyboard', () => {
  test.use({ viewport: { width: 800, height: 700 } });

  test('no control the voter tabs to is hidden under the vote bar at the bottom of the window', async ({ page }) => {
    test.setTimeout(180_000);
    const { link } = await invite(ServedApi.fromAppUrl(app!.url), 'Keyboard Voter');
    await page.goto(link);
    const voter = new ArenaPage(page);
    await voter.waitForPair();
    const bar = page.getByRole('region', { name: 'Vote bar' });
    let checked = 0;
    for (let press = 0; press < 60; press++) {
      await page.keyboard.press('Tab');
      const seen = await page.evaluate(() => {
        const focused = document.activeElement;
        const bar = document.querySelector('.vote-bar');
        if (!focused || focused === document.body || !bar || bar.contains(focused)) return undefined;
        if (getComputedStyle(bar).visibility === 'hidden') return undefined;
        const box = focused.getBoundingClientRect();
        const barTop = bar.getBoundingClientRect().top;
        // Only what is drawn across the bar's top edge or below it, within the window, is hidden by it.
        if (box.bottom <= barTop + 1 || box.top >= window.innerHeight) return { hidden: false, what: '' };
        return { hidden: true, what: `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 60)}" (${Math.round(box.top)}–${Math.round(box.bottom)} px, the bar from ${Math.round(barTop)} px)` };
      });
      if (!seen) continue;
      checked++;
      expect(seen.hidden, `focus went under the vote bar: ${seen.what}`).toBe(false);
    }
    await expect(bar).toBeAttached();
    expect(checked, 'controls were tabbed to while the vote bar was shown').toBeGreaterThan(5);
  });
});
