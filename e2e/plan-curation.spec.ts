import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { writeAnnotatorFixtures, type FixtureFiles } from './annotator-fixtures.ts';
import { annotatorRegions, citeLines, importThroughPicker, lineRow, openAnnotator, sourceButton } from './annotator-page.ts';
import { expectAccessible } from './axe-check.ts';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';

// Issue 39: a curator builds the gold plan from two annotators' plans in the UI, by keyboard and by
// mouse; the dataset then carries the three plans and where each gold item came from, and an import
// into an empty workspace gives back the same three plans.

// bypassCSP lets axe-core's script into the page for the curation view's check (as e2e/accessibility.spec.ts does).
test.use({ viewport: { width: 1600, height: 1000 }, bypassCSP: true });

const ROOM = 'Curation room';
let app: LaunchedApp | undefined;
let fixtures: FixtureFiles | undefined;
let scratch: string | undefined;
test.beforeEach(async () => {
  fixtures = await writeAnnotatorFixtures();
  scratch = mkdtempSync(join(tmpdir(), 'lhb-curation-e2e-'));
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  for (const dir of [fixtures?.dir, scratch]) if (dir) rmSync(dir, { recursive: true, force: true });
  app = fixtures = scratch = undefined;
});

/** `lhb ARGS` on a workspace, as a user types it; its output, or the test fails with its error. */
function lhbOn(workspace: string, args: string[]): string {
  const result = spawnSync(process.execPath, ['bin/lhb.mjs', ...args, '--workspace', workspace], { cwd: repoRoot, encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0) throw new Error(`lhb ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/** Ana's, Bo's and the gold plan as `lhb` prints them; a plan's global notes are named by each workspace's own plan row, so that id is left out. */
function threePlans(workspace: string) {
  const plan = (annotator: string) => JSON.parse(lhbOn(workspace, ['chapters', 'export', '--room', ROOM, '--annotator', annotator, '--format', 'json'])) as unknown;
  const gold = JSON.parse(lhbOn(workspace, ['plans', 'gold', 'show', '--room', ROOM, '--json'])) as { globalNotes: string; chapters: unknown[]; provenance: { kind: string; goldChapterId: string | null; fromItemId: string }[] };
  return {
    ana: plan('Ana'),
    bo: plan('Bo'),
    gold: {
      globalNotes: gold.globalNotes,
      chapters: gold.chapters,
      provenance: gold.provenance.map((p) => (p.kind === 'note' && p.goldChapterId === null ? { ...p, fromItemId: 'plan notes' } : p)),
    },
  };
}

/** Bo's plan, written through the API as an invited SME's page would: "Chapter 1" citing 4–7 and 11 with design notes, "Citations" citing 9–11, and global notes. */
async function writeBosPlan(api: ServedApi): Promise<void> {
  const { dataRooms } = await api.call('dataRooms.list', {});
  const roomId = dataRooms.find((r) => r.title === ROOM)!.id;
  const versionId = (await api.call('dataRooms.get', { dataRoomId: roomId })).sources[0]!.latestVersionId;
  const chapter = async (title: string, spans: [number, number][], designNotes = '') => {
    const made = await api.call('chapters.create', { dataRoomId: roomId, annotator: 'Bo', title });
    const id = made.chapters.at(-1)!.id;
    if (designNotes) await api.call('chapters.update', { chapterId: id, designNotes });
    for (const [startLine, endLine] of spans) await api.call('chapters.addCitation', { chapterId: id, versionId, startLine, endLine });
  };
  await chapter('Chapter 1', [[4, 7], [11, 11]], 'Cover the tone first.');
  await chapter('Citations', [[9, 11]]);
  await api.call('dataRooms.update', { dataRoomId: roomId, annotator: 'Bo', globalNotes: 'Audience: new writers.' });
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a curator builds a gold plan from two annotators’ plans by keyboard and mouse, undoes a step, and the dataset round trip gives back the same three plans', async ({ page }) => {
  test.setTimeout(480_000);
  await openAnnotator(page, app!.url);
  const { chapters } = annotatorRegions(page);
  await page.getByRole('button', { name: 'New data room…' }).click();
  await page.getByRole('textbox', { name: 'Data room title' }).fill(ROOM);
  await page.getByRole('form', { name: 'New data room' }).getByRole('button', { name: 'Create' }).click();
  await expect(chapters.getByText('No chapters yet')).toBeVisible();
  await importThroughPicker(page, [fixtures!.markdown]);
  await sourceButton(page, /style guide/i).click();
  await expect(lineRow(page, 1)).toContainText('Style guide');

  // Ana's plan through the UI: annotating as Ana, "Chapter 1" cites lines 3–5.
  await page.getByRole('button', { name: /^Change who is annotating/ }).click();
  const who = page.getByRole('dialog', { name: 'Who is annotating?' });
  await who.getByRole('radio', { name: 'Someone else' }).check();
  await who.getByRole('textbox', { name: 'Name' }).fill('Ana');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Whose plan' })).toContainText('Annotating as Ana');
  await citeLines(page, 3, 5);
  // Bo's plan through the API, as his invite link's page writes it.
  await writeBosPlan(ServedApi.fromAppUrl(app!.url));

  // Curate mode, by mouse: the two plans side by side and the (empty) gold plan beside them.
  await page.getByRole('button', { name: 'Curate', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Curate', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const ana = region(page, "Ana's plan (A)");
  const bo = region(page, "Bo's plan (B)");
  const gold = region(page, 'Gold plan (G)');
  await expect(bo.getByRole('list', { name: "Bo's chapters" })).toContainText('Citations');
  await expect(gold).toContainText('Nothing yet');
  // Agreement per chapter: Ana 3–5 and Bo 4–7, 11 share lines 4–5 of 3–7 and 11: Jaccard 2/6, Dice 4/8.
  const agreement = page.getByRole('table', { name: 'Agreement of Ana (A) and Bo (B)' });
  await expect(agreement.getByRole('row', { name: /^Chapter 1 Chapter 1/ })).toContainText(/2\s*0\.33\s*0\.50/);

  // By keyboard: focus Ana's chapter (its spans and Bo's show in the document, each plan by its letter), then Tab to Accept.
  const anaChapter = ana.getByRole('button', { name: 'Chapter 1', exact: true });
  await anaChapter.focus();
  await page.keyboard.press('Enter');
  await expect(anaChapter).toHaveAttribute('aria-pressed', 'true');
  const legend = page.getByRole('group', { name: "Plans' spans in this document" });
  await expect(legend).toContainText('Ana: “Chapter 1”, 1 span here');
  await expect(legend).toContainText('Bo: “Chapter 1”, 2 spans here');
  await expect(lineRow(page, 4).getByRole('img')).toHaveAccessibleName('Line 4 is cited by Ana (A), Bo (B)');
  await expect(lineRow(page, 11).getByRole('img')).toHaveAccessibleName('Line 11 is cited by Bo (B)');
  await page.keyboard.press('Tab');
  await expect(ana.getByRole('button', { name: 'Accept chapter “Chapter 1” from Ana' })).toBeFocused();
  await page.keyboard.press('Enter');
  const goldChapters = gold.getByRole('list', { name: 'Gold chapters' });
  await expect(goldChapters.getByRole('listitem').first()).toContainText('1. Chapter 1');
  await expect(goldChapters.getByRole('listitem').first()).toContainText('Accepted from Ana');
  await expect(lineRow(page, 4).getByRole('img')).toHaveAccessibleName('Line 4 is cited by Ana (A), Bo (B), Gold plan (G)');

  // By mouse: a note for Bo, into the gold "Chapter 1", accept his span 4–7.
  await page.getByRole('textbox', { name: /^Note to the annotator/ }).fill('Lines 6–7 add the tone rule.');
  await page.getByRole('combobox', { name: 'Citations and notes go into' }).selectOption({ label: 'gold chapter 1. Chapter 1' });
  await bo.getByRole('button', { name: 'Accept citation L4–7 of “Chapter 1” from Bo' }).click();
  const goldCitations = gold.getByRole('list', { name: 'Citations of gold chapter “Chapter 1”' });
  await expect(goldCitations.getByRole('listitem')).toHaveCount(2);
  await expect(goldCitations.getByRole('listitem').nth(1)).toContainText('Accepted from Bo · “Lines 6–7 add the tone rule.”');
  await expect(page.getByRole('textbox', { name: /^Note to the annotator/ })).toHaveValue('');

  // By keyboard: edit Bo's line-11 citation into lines 9–11; the focus comes back to Edit.
  const editEleven = bo.getByRole('button', { name: 'Edit citation L11 of “Chapter 1” from Bo' });
  await editEleven.focus();
  await page.keyboard.press('Enter');
  const form = bo.getByRole('form', { name: 'Edit citation L11 of “Chapter 1” from Bo into the gold plan' });
  await expect(form.getByRole('spinbutton', { name: 'First line' })).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('9');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(editEleven).toBeFocused();
  await expect(goldCitations.getByRole('listitem').nth(2)).toContainText(/L9–11.*Edited in from Bo/);

  // By mouse: Bo's global notes and his "Citations" chapter; by keyboard, that chapter moves up.
  await bo.getByRole('button', { name: 'Accept global notes from Bo' }).click();
  await expect(gold).toContainText('Audience: new writers.');
  await bo.getByRole('button', { name: 'Accept chapter “Citations” from Bo' }).click();
  await expect(goldChapters.getByRole('listitem').filter({ hasText: '2. Citations' })).toBeVisible();
  await gold.getByRole('button', { name: 'Move up “Citations”' }).focus();
  await page.keyboard.press('Enter');
  await expect(goldChapters.locator('.curation-chapter__title')).toHaveText(['1. Citations', '2. Chapter 1']);

  // By mouse: drop Bo's chapter notes with a note; then Ctrl+Z undoes that one step, and Redo names it.
  await page.getByRole('textbox', { name: /^Note to the annotator/ }).fill('Tone is covered by Ana’s chapter.');
  await bo.getByRole('button', { name: 'Drop notes of “Chapter 1” from Bo' }).click();
  await expect(gold.getByRole('list', { name: 'Left out of the gold plan' })).toContainText('Tone is covered by Ana’s chapter.');
  await page.getByRole('button', { name: 'Curate', exact: true }).focus();
  await page.keyboard.press('Control+z');
  await expect(gold.getByRole('list', { name: 'Left out of the gold plan' })).toHaveCount(0);
  const history = page.getByRole('group', { name: 'History of the gold plan' });
  await expect(history.getByRole('button', { name: 'Redo: Drop notes of “Chapter 1” from Bo' })).toBeEnabled();
  await expect(history.getByRole('button', { name: 'Undo: Move gold chapter “Citations”' })).toBeEnabled();
  await expectAccessible(page, 'the curation view');

  // The dataset: three plans (Ana's, Bo's and the gold plan), the gold plan with its provenance.
  const out = join(scratch!, 'hf');
  lhbOn(app!.workspace, ['export', 'hf', '--out', out, '--format', 'jsonl', '--subsets', 'sources,chapters']);
  const folder = join(out, 'data', 'chapters');
  const rows = readdirSync(folder, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(folder, name), 'utf8').trim().split('\n'))
    .map((line) => JSON.parse(line) as { plan: string; annotator: string | null; title: string; provenance: { kind: string; action: string; from_annotator: string | null; curator_note: string }[] });
  expect([...new Set(rows.map((r) => `${r.plan}:${r.annotator ?? ''}`))].sort()).toEqual(['annotator:Ana', 'annotator:Bo', 'gold:']);
  const provenance = rows.filter((r) => r.plan === 'gold').flatMap((r) => r.provenance.map((p) => [p.kind, p.action, p.from_annotator, p.curator_note]));
  expect(provenance).toEqual(
    expect.arrayContaining([
      ['chapter', 'accepted', 'Ana', ''],
      ['citation', 'accepted', 'Bo', 'Lines 6–7 add the tone rule.'],
      ['citation', 'edited', 'Bo', ''],
      ['chapter', 'accepted', 'Bo', ''],
    ]),
  );

  // lhb import hf into an empty workspace gives back the same three plans.
  const fresh = join(scratch!, 'fresh');
  lhbOn(fresh, ['import', 'hf', out]);
  const before = threePlans(app!.workspace);
  expect((before.gold.chapters as { title: string }[]).map((c) => c.title)).toEqual(['Citations', 'Chapter 1']);
  expect(threePlans(fresh)).toEqual(before);
});
