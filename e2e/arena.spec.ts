import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { ArenaPage } from './arena-page.ts';
import { HOSTILE_FIXTURE, importRuns, writeKeyboardStudy } from './arena-study-fixture.ts';
import { BlindingScan } from './blinding-scan.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';

test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let scratch: string | undefined;
test.beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lhb-arena-e2e-'));
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  app = scratch = undefined;
});

test('an expert votes on 10 pairs with the keyboard only; after a reload the votes are there, without the order they were shown in; undo retracts the last', async ({ page }) => {
  test.setTimeout(180_000);
  const api = ServedApi.fromAppUrl(app!.url);
  await importRuns(api, [writeKeyboardStudy(scratch!)]);
  await page.goto(app!.url);
  await page.keyboard.press('Alt+2'); // the Arena section, by keyboard
  const arena = new ArenaPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Arena' })).toBeVisible();
  await arena.pickAnnotator('Keyboard Expert');
  expect(await arena.progressText()).toBe('0 of 14 pairs');

  const keys = ['ArrowLeft', 'ArrowRight', 't', 'b', 'a', 'd', 'ArrowLeft', 'ArrowRight', 't', 'd'];
  for (const [i, key] of keys.entries()) await arena.voteWithKeys(key, (i % 5) + 1, ((i + 2) % 5) + 1);
  expect(await arena.progressText()).toBe('10 of 14 pairs');

  const { annotators } = await api.call('arena.annotators', {});
  const me = annotators.find((a) => a.name === 'Keyboard Expert')!;
  const stored = (await api.call('arena.votes', { annotatorId: me.id })).votes;
  expect(stored).toHaveLength(10);
  expect(stored.map((v) => v.choice).reverse()).toEqual(['left', 'right', 'tie', 'both-bad', 'left', 'right', 'left', 'right', 'tie', 'right']);
  expect(stored.map((v) => [v.ratingLeft, v.ratingRight]).reverse()).toEqual(keys.map((_, i) => [(i % 5) + 1, ((i + 2) % 5) + 1]));
  for (const vote of stored) {
    expect(vote, 'the voter is told nothing of the order beyond the page').not.toHaveProperty('shownOrder');
    expect(vote.timeOnItemMs).toBeGreaterThan(0);
  }

  await page.reload();
  await arena.pickAnnotator('Keyboard Expert');
  const rows = await arena.yourVotes();
  expect(rows).toHaveLength(10);
  // Each row shows its ratings as stored; the shown order stays in the data, not in the voter's words.
  for (const [i, vote] of stored.entries()) expect(rows[i]).toContain(`Left ${vote.ratingLeft}/5 · Right ${vote.ratingRight}/5`);

  await arena.undo();
  expect(await arena.yourVotes()).toHaveLength(9);
  expect(await arena.progressText()).toBe('9 of 14 pairs');
  expect((await api.call('arena.votes', { annotatorId: me.id })).votes.map((v) => v.id)).toEqual(stored.slice(1).map((v) => v.id));
});

test('a hostile build reaches nothing: no API call, no top navigation, no popup, no parent DOM; the arena stays usable', async ({ page, context }) => {
  test.setTimeout(240_000);
  const api = ServedApi.fromAppUrl(app!.url);
  await importRuns(api, [HOSTILE_FIXTURE]);
  const voter = await api.call('arena.createAnnotator', { name: 'Hostile Tester' });
  // Vote (through the API) until the hostile task's pair is the open one.
  for (;;) {
    const { item } = await api.call('arena.nextPair', { annotatorId: voter.id });
    if (!item) throw new Error('The hostile task never came up in the queue.');
    if (!item.title.startsWith('Fixture: one-frame page, one hostile build')) {
      await api.call('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 5 });
      continue;
    }
    break;
  }

  const appRequests: string[] = [];
  const appOrigin = new URL(app!.url).origin;
  page.on('request', (request) => {
    if (request.url().startsWith(appOrigin) && request.frame() !== page.mainFrame()) appRequests.push(`${request.method()} ${request.url()}`);
  });
  const popups: string[] = [];
  context.on('page', (opened) => popups.push(opened.url()));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await page.goto(app!.url);
  await page.keyboard.press('Alt+2');
  const arena = new ArenaPage(page);
  await arena.pickAnnotator('Hostile Tester');
  await arena.waitForPair();

  let hostileFrames = 0;
  for (const side of ['Left', 'Right'] as const) {
    await arena.pair.getByRole('button', { name: `Open live build, ${side}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const frame = await frameOf(page, `${side} output`);
    const hostile = await frame.evaluate(() => document.getElementById('hostile-log') !== null).catch(() => false);
    if (hostile) {
      hostileFrames++;
      await expect.poll(() => frame.evaluate(() => document.body.dataset.hostileDone ?? ''), { timeout: 60_000 }).toBe('true');
      const log = (await frame.locator('#hostile-log').textContent()) ?? '';
      const attempts = log
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { attempt: string; outcome: string; detail: string });
      const critical = ['read-parent-dom', 'read-top-hash', 'read-parent-hash', 'read-parent-bridge', 'read-parent-storage', 'fetch-app-rpc', 'fetch-app-rpc-with-token', 'fetch-app-rpc-no-cors', 'window-open', 'postmessage-flood', 'alert-loop', 'navigate-top'];
      expect(attempts.map((a) => a.attempt)).toEqual(expect.arrayContaining(critical));
      // Only location.ancestorOrigins may "succeed": Chromium tells a frame who embeds it. Knowing
      // the app's origin buys nothing: the token never reaches the frame, and every request to it fails.
      const succeeded = attempts.filter((a) => a.outcome === 'succeeded' && a.attempt !== 'read-ancestor-origins');
      expect(succeeded, JSON.stringify(succeeded)).toEqual([]);
    }
    // Close, not Escape: the hostile build takes the focus, and on a loaded machine it still holds it here, keeping keys inside its frame.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }

  expect(hostileFrames).toBe(1);
  // The app was not navigated, no window opened, no alert reached the user, and the build's
  // requests to the app's origin (if any got out at all) were refused.
  expect(new URL(page.url()).origin).toBe(new URL(app!.url).origin);
  expect(popups).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(appRequests).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Arena' })).toBeVisible();

  // Still usable: a keyboard vote records.
  await arena.voteWithKeys('ArrowLeft', 4, 2);
  const votes = (await api.call('arena.votes', { annotatorId: voter.id })).votes;
  expect(votes[0]).toMatchObject({ choice: 'left', ratingLeft: 4, ratingRight: 2 });
});

test('blinding: nothing a voter\'s browser receives or shows names a harness, model or run', async ({ page }) => {
  test.setTimeout(240_000);
  const api = ServedApi.fromAppUrl(app!.url);
  await importRuns(api, [HOSTILE_FIXTURE, writeKeyboardStudy(scratch!)]);
  const { runs } = await api.call('runs.list', {});
  const secrets = [...new Set(runs.flatMap((run) => [run.id, run.harness, run.model]))];
  expect(secrets).toEqual(expect.arrayContaining(['claude-code', 'gpt-5-codex', 'fixture-harness-alpha', 'e2e-model-3']));

  const scan = new BlindingScan(page);
  const snapshot = (label: string) => scan.snapshot(label);

  await page.goto(app!.url);
  await page.keyboard.press('Alt+2');
  const arena = new ArenaPage(page);
  await arena.pickAnnotator('Blind Voter');
  for (let i = 0; i < 8; i++) {
    await arena.waitForPair();
    await snapshot(`pair ${i}`);
    const open = arena.pair.getByRole('button', { name: /Open live build/i });
    if ((await open.count()) > 0) {
      await open.first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(500);
      await snapshot(`live ${i}`);
      // Close, not Escape: a build that takes the focus (the hostile fixture does) keeps keys inside its frame, out of our page's reach.
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    await arena.voteWithKeys(i % 2 === 0 ? 'ArrowLeft' : 'ArrowRight', 3, 4);
    await snapshot(`voted ${i}`);
  }
  await page.reload();
  await arena.pickAnnotator('Blind Voter');
  await snapshot('after reload');

  expect(scan.seen.length).toBeGreaterThan(50);
  expect(scan.leaksOf(secrets)).toEqual([]);
});

/** The iframe whose title is `title`, as a Playwright frame. */
async function frameOf(page: Page, title: string): Promise<Frame> {
  const element = page.locator(`iframe[title="${title}"]`).first();
  await expect(element).toBeVisible();
  const frame = await (await element.elementHandle())!.contentFrame();
  if (!frame) throw new Error(`The iframe "${title}" has no frame.`);
  await frame.waitForLoadState('load');
  return frame;
}
