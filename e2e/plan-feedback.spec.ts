import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAnnotator } from './annotator-page.ts';
import { expectAccessible } from './axe-check.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';

// bypassCSP lets axe-core's script into the pages for their checks (as e2e/accessibility.spec.ts does).
test.use({ viewport: { width: 1440, height: 900 }, bypassCSP: true });

let app: LaunchedApp | undefined;
test.beforeEach(async () => {
  app = await launchApp(['bin/lhb.mjs', 'serve'], { project: 'Feedback' });
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

const GUIDE = Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of the guide: charts, tables and their captions.`).join('\n');

/** A room with one source, through the owner's API, as a curator's own scripts would make it. */
async function roomWithGuide(owner: ServedApi): Promise<{ dataRoomId: string; versionId: string }> {
  const { id: dataRoomId } = await owner.call('dataRooms.create', { title: 'Charts course' });
  const { sha256 } = await owner.putBlob(new TextEncoder().encode(GUIDE));
  const { jobId } = await owner.call('sources.importFiles', { dataRoomId, files: [{ name: 'guide.md', blobSha256: sha256 }] });
  const job = await owner.waitForJob(jobId, 120_000);
  expect(job.state, job.message).toBe('succeeded');
  const { sources } = await owner.call('sources.list', { dataRoomId });
  return { dataRoomId, versionId: sources[0]!.latestVersionId };
}

/** One item of the feedback, found by its words (the verdict and what it says). */
const entry = (feedback: Locator, text: RegExp) => feedback.getByRole('listitem').filter({ hasText: text }).last();

/** A mark the page keeps until it reloads: still there afterwards, nothing was reloaded. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { lhbMark: string }).lhbMark = 'not reloaded'));
const pageMark = (page: Page) => page.evaluate(() => (window as unknown as { lhbMark?: string }).lhbMark);

test("an invited SME's page shows the curator keep one chapter, change a citation and drop another chapter, with the note, as the curator decides, without a reload", async ({ browser }) => {
  test.setTimeout(240_000);
  const owner = ServedApi.fromAppUrl(app!.url);
  const { dataRoomId, versionId } = await roomWithGuide(owner);
  const { token } = await owner.call('plans.invite', { dataRoomId, name: 'Ben' });
  const link = `${new URL(app!.url).origin}/#token=${token}`;

  // Ben's plan, written through his own link.
  const ben = ServedApi.fromAppUrl(link);
  const charts = (await ben.call('chapters.create', { dataRoomId, title: 'Ben: Charts' })).chapters[0]!;
  await ben.call('chapters.addCitation', { chapterId: charts.id, versionId, startLine: 3, endLine: 5 });
  const cited = await ben.call('chapters.addCitation', { chapterId: charts.id, versionId, startLine: 10, endLine: 12 });
  const changed = cited.chapters[0]!.citations.find((c) => c.startLine === 10)!;
  const tables = (await ben.call('chapters.create', { dataRoomId, title: 'Ben: Tables' })).chapters.find((c) => c.title === 'Ben: Tables')!;
  await ben.call('chapters.addCitation', { chapterId: tables.id, versionId, startLine: 20, endLine: 21 });

  const smeContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  try {
    const sme = await smeContext.newPage();
    await sme.goto(link);
    await expect(sme.getByRole('heading', { level: 1, name: 'Annotate “Charts course”' })).toBeVisible();
    const feedback = sme.getByRole('region', { name: "Curator's feedback" });
    await expect(feedback.getByRole('status')).toHaveText(/^Not curated yet 5\./);
    await expect(entry(feedback, /Ben: Tables/)).toContainText('Not curated yet');
    await markPage(sme);

    // The curator decides, through the owner's API, while Ben's page is open.
    await owner.call('plans.curate', { dataRoomId, action: 'accept', item: { kind: 'chapter', chapterId: charts.id } });
    await owner.call('plans.curate', { dataRoomId, action: 'edit', item: { kind: 'citation', citationId: changed.id }, edit: { startLine: 10, endLine: 11 }, note: 'Line 12 is about tables, not charts.' });
    await owner.call('plans.curate', { dataRoomId, action: 'drop', item: { kind: 'chapter', chapterId: tables.id }, note: 'Tables get their own course.' });

    await expect(feedback.getByRole('status')).toHaveText('Kept 2 · Changed 1 · Dropped 1 · Not curated yet 1', { timeout: 30_000 });
    const chartsEntry = feedback.getByRole('listitem').filter({ hasText: 'Ben: Charts' }).first();
    await expect(chartsEntry.locator(':scope > p').first()).toHaveText(/^Kept Chapter Ben: Charts$/);
    const changedEntry = entry(feedback, /Changed Citation/);
    await expect(changedEntry.locator('del')).toContainText(':10--12');
    await expect(changedEntry.locator('ins')).toContainText(':10--11');
    await expect(changedEntry).toContainText("Curator's note: Line 12 is about tables, not charts.");
    await expect(entry(feedback, /Kept Citation/)).toContainText(':3--5');
    const tablesEntry = feedback.getByRole('listitem').filter({ hasText: 'Ben: Tables' }).first();
    await expect(tablesEntry.locator(':scope > p').first()).toHaveText(/^Dropped Chapter Ben: Tables$/);
    await expect(tablesEntry).toContainText("Curator's note: Tables get their own course.");
    expect(await pageMark(sme)).toBe('not reloaded');

    // The list scrolls by keyboard too, and the page passes axe with the feedback shown.
    const items = feedback.getByRole('group', { name: 'Feedback on the plan, item by item' });
    await items.focus();
    await expect(items).toBeFocused();
    await expectAccessible(sme, "the SME's page with the curator's feedback");

    // The curator takes the drop back (undo on the gold plan): Ben's page follows that too.
    await owner.call('plans.goldUndo', { dataRoomId });
    await expect(tablesEntry.locator(':scope > p').first()).toHaveText(/^Not curated yet Chapter Ben: Tables$/, { timeout: 30_000 });
    expect(await pageMark(sme)).toBe('not reloaded');
  } finally {
    await smeContext.close();
  }
});

test("an annotator on the owner's machine opens the curator's feedback on the plan on screen, and it follows the curator's decisions while open", async ({ page }) => {
  test.setTimeout(180_000);
  const owner = ServedApi.fromAppUrl(app!.url);
  const { dataRoomId, versionId } = await roomWithGuide(owner);
  const intro = (await owner.call('chapters.create', { dataRoomId, title: 'Owner: Intro' })).chapters[0]!;
  await owner.call('chapters.addCitation', { chapterId: intro.id, versionId, startLine: 1, endLine: 2 });

  await openAnnotator(page, app!.url);
  const whose = page.getByRole('group', { name: 'Whose plan' });
  const open = whose.getByRole('button', { name: "Curator's feedback…" });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: "Curator's feedback on Workspace owner's plan" });
  await expect(dialog.getByRole('status')).toHaveText(/^Not curated yet 2\./);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectAccessible(page, "the curator's feedback dialog");

  await owner.call('plans.curate', { dataRoomId, action: 'drop', item: { kind: 'chapter', chapterId: intro.id }, note: 'Too general.' });
  await expect(dialog.getByRole('status')).toHaveText('Dropped 1 · Not curated yet 1', { timeout: 30_000 });
  await expect(entry(dialog, /Owner: Intro/)).toContainText("Curator's note: Too general.");

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
});
