import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { debianPdfCorpus, INSTALL_CORPUS_HINT } from '../core/sources/debian-pdf-corpus.fixture.ts';
import { EXTRACTION_DOUBT_WORDS } from '../schemas/sources.ts';
import { axeViolations, describeViolations } from './axe-check.ts';
import { annotatorRegions, importThroughPicker, lineRow, openAnnotator, scrollLineIntoView, sourceButton, viewerBox } from './annotator-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';

// bypassCSP lets axe-core's script into the page (as e2e/accessibility.spec.ts does).
test.use({ viewport: { width: 1280, height: 800 }, bypassCSP: true });

/**
 * GNU libtasn1's manual as Debian ships it (libtasn1-doc, one of the corpus's packages): a Texinfo
 * PDF whose headings are set in heading type the PDF's outline does not list, with a title page of
 * little text, and printed page labels (T-1, T-2, i, then 1 from its fourth page).
 */
const MANUAL = 'libtasn1.pdf';

let app: LaunchedApp | undefined;
let scratch: string | undefined;
test.beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lhb-notes-'));
  app = await launchApp(['bin/lhb.mjs', 'serve'], { project: 'Extraction notes' });
});
test.afterEach(async () => {
  await app?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  app = scratch = undefined;
});

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');

test('the extraction notes of a real PDF list each doubt with its line and printed page, and a click or Enter shows that line', async ({ page }) => {
  test.setTimeout(240_000);
  const file = debianPdfCorpus().files.find((path) => path.endsWith(`/${MANUAL}`));
  expect(file, `${MANUAL} is not installed: ${INSTALL_CORPUS_HINT}`).toBeDefined();
  await openAnnotator(page, app!.url);
  const { document } = annotatorRegions(page);
  await importThroughPicker(page, [file!]);

  // What the server says extraction found, to compare the screen with.
  const api = ServedApi.fromAppUrl(app!.url);
  const { sources } = await api.call('sources.list', {});
  const source = sources.find((s) => s.originalName === MANUAL)!;
  const { doubts, recorded } = await api.call('sources.doubts', { sourceId: source.id });
  const { version } = await api.call('sources.get', { sourceId: source.id });
  expect(recorded).toBe(true);
  expect(doubts.length).toBeGreaterThan(2);
  const labelOf = (pageIndex: number) => version.pages.find((span) => span.page === pageIndex)?.label ?? String(pageIndex);

  await sourceButton(page, escaped(source.title)).click();
  await viewerBox(page);
  // The badge on the viewer's header counts the notes before they are opened.
  const toggle = document.getByRole('button', { name: `Extraction notes ${doubts.length}`, exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const notes = document.getByRole('region', { name: 'Extraction notes' });
  const items = notes.getByRole('button');
  await expect(items).toHaveCount(doubts.length);

  // Each note: its line, the page as printed on it (not the file's page index), its kind and what was seen.
  for (const [i, doubt] of doubts.entries()) {
    const place = `Line ${doubt.line}${doubt.page === undefined ? '' : ` · p. ${labelOf(doubt.page)}`}`;
    await expect(items.nth(i)).toHaveText(`${place} ${EXTRACTION_DOUBT_WORDS[doubt.kind]}`);
    await expect(items.nth(i)).toHaveAccessibleDescription(doubt.note);
  }
  const printed = doubts.find((doubt) => doubt.page !== undefined && labelOf(doubt.page) !== String(doubt.page));
  expect(printed, 'a note on a page whose printed number differs from its index').toBeDefined();

  // A click on the last note (far down the manual, not on screen) shows its line, highlighted.
  const last = doubts[doubts.length - 1]!;
  await expect(lineRow(page, last.line)).toHaveCount(0);
  await items.last().click();
  await expect(lineRow(page, last.line)).toBeInViewport();
  await expect(lineRow(page, last.line)).toHaveClass(/line--highlighted/);
  await expect(page.getByRole('status').filter({ hasText: `Line ${last.line}: ${EXTRACTION_DOUBT_WORDS[last.kind]}. ${last.note}` })).toBeVisible();

  // By keyboard: Home goes to the first note, ArrowDown to the next, Enter shows it.
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  const second = doubts[1]!;
  await expect(lineRow(page, second.line)).toBeInViewport();
  await expect(lineRow(page, second.line)).toHaveClass(/line--highlighted/);
  await expect(document.locator('.line--highlighted')).toHaveCount(1);

  // The page badge in the text gives the printed page number too: the file's page 4 is the manual's page 1.
  const pageFour = version.pages.find((span) => span.page === 4)!;
  expect(pageFour.label).toBe('1');
  await scrollLineIntoView(page, pageFour.startLine);
  const badge = lineRow(page, pageFour.startLine).locator('.line__page');
  await expect(badge).toHaveText('p. 1');
  await expect(badge).toHaveAttribute('title', 'Page 1 (page 4 of the file) begins here');

  const violations = await axeViolations(page);
  expect(violations, describeViolations('the extraction notes open beside the text', violations)).toEqual([]);
});

test('a PDF where extraction found nothing doubtful says so, and a source whose reader keeps no notes says that instead', async ({ page }) => {
  test.setTimeout(180_000);
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const prose = ['The survey visited every site in the spring.', 'Each site was scored by two reviewers on the same day.', 'Their scores agreed at all but one site.'];
  const onlyPage = pdf.addPage([612, 792]);
  prose.forEach((line, i) => onlyPage.drawText(line, { x: 72, y: 700 - i * 14, size: 11, font }));
  writeFileSync(join(scratch!, 'site-survey.pdf'), await pdf.save());
  writeFileSync(join(scratch!, 'release-notes.txt'), 'Release notes\n\nThe installer now checks the disk before copying.\n');
  await openAnnotator(page, app!.url);
  const { document } = annotatorRegions(page);
  await importThroughPicker(page, [join(scratch!, 'site-survey.pdf'), join(scratch!, 'release-notes.txt')]);
  const api = ServedApi.fromAppUrl(app!.url);
  const { sources } = await api.call('sources.list', {});
  const survey = sources.find((s) => s.originalName === 'site-survey.pdf')!;
  const notesFile = sources.find((s) => s.originalName === 'release-notes.txt')!;
  expect(await api.call('sources.doubts', { sourceId: survey.id })).toMatchObject({ doubts: [], recorded: true });

  await sourceButton(page, escaped(survey.title)).click();
  await viewerBox(page);
  await document.getByRole('button', { name: 'Extraction notes 0', exact: true }).click();
  const notes = document.getByRole('region', { name: 'Extraction notes' });
  await expect(notes).toHaveText('Extraction found nothing doubtful in this version.');

  // A text file: no count, since an empty list from a reader that keeps none would say "nothing doubtful" falsely.
  await sourceButton(page, escaped(notesFile.title)).click();
  await expect(document.getByRole('group', { name: `Lines of ${notesFile.title}` })).toBeVisible();
  await expect(document.getByRole('button', { name: 'Extraction notes', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(notes).toHaveText('Extraction notes are kept for PDFs, whose text is rebuilt from the page; this plain text file is read as written.');
  const violations = await axeViolations(page);
  expect(violations, describeViolations('the extraction notes of a text file', violations)).toEqual([]);
});
