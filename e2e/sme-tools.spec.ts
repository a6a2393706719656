import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pagesOfLines } from '../schemas/chapter-plan.ts';
import { ArenaPage } from './arena-page.ts';
import { annotatorRegions, lineRow, openAnnotator, sourceButton, viewerBox } from './annotator-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';
import { writeLongPdf } from './sme-tools-fixtures.ts';

// A laptop window: the document panel is narrow enough that long lines wrap to several rows.
test.use({ viewport: { width: 1280, height: 800 } });

let app: LaunchedApp | undefined;
test.beforeEach(async () => {
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

const viewer = (page: Page) => annotatorRegions(page).document.getByRole('group', { name: /^Lines of/ });

/** Whether `target` lies wholly inside the document viewer's visible box. */
async function expectInView(page: Page, target: Locator, what: string): Promise<void> {
  await expect(target, `${what} is rendered`).toHaveCount(1);
  await expect
    .poll(
      async () => {
        const view = await viewer(page).boundingBox();
        const box = await target.boundingBox();
        if (!view || !box) return 'not on screen';
        return box.y >= view.y - 1 && box.y + Math.min(box.height, view.height) <= view.y + view.height + 1 ? 'in view' : `${Math.round(box.height)} px tall at ${Math.round(box.y - view.y)} px of a ${Math.round(view.height)} px view`;
      },
      { message: `${what} is in view` },
    )
    .toBe('in view');
}

/** Wheels the viewer down from where it is until `line`'s row exists (rows off screen are not in the DOM). */
async function wheelUntilRendered(page: Page, line: number): Promise<void> {
  const box = await viewerBox(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 100 && (await lineRow(page, line).count()) === 0; i++) await page.mouse.wheel(0, 120);
  await expect(lineRow(page, line)).toHaveCount(1);
}

test('a citation chip deep in a long PDF opens on its line, and every find match lands in view', async ({ page }) => {
  test.setTimeout(120_000);
  const api = ServedApi.fromAppUrl(app!.url);
  const long = await writeLongPdf();
  const [source] = await api.importFiles([{ name: 'long-field-guide.pdf', bytes: long.bytes }]);
  expect(source, 'the long PDF imported').toBeDefined();
  const found = await api.call('sources.find', { versionId: source!.latestVersionId, query: long.deepPhrase });
  expect(found.total).toBe(1);
  const deepLine = found.matches[0]!.line;
  expect(deepLine, 'the cited line is deep in the document').toBeGreaterThan(source!.lineCount * 0.6);

  const { dataRooms } = await api.call('dataRooms.list', {});
  const room = await api.call('chapters.create', { dataRoomId: dataRooms[0]!.id, title: 'Deep evidence' });
  const chapter = room.chapters.find((c) => c.title === 'Deep evidence')!;
  await api.call('chapters.addCitation', { chapterId: chapter.id, versionId: source!.latestVersionId, startLine: deepLine, endLine: deepLine });

  await openAnnotator(page, app!.url);
  const { chapters, document } = annotatorRegions(page);
  const chip = chapters.getByRole('button', { name: `${source!.id}:${deepLine}--${deepLine}`, exact: true });
  await chip.click();
  await expectInView(page, lineRow(page, deepLine), `Line ${deepLine}`);
  await expect(lineRow(page, deepLine)).toContainText(long.deepPhrase);
  await expect(lineRow(page, deepLine)).toHaveClass(/line--highlighted/);
  // The chip says which PDF page the line came from.
  const { version } = await api.call('sources.get', { sourceId: source!.id });
  const deepPage = pagesOfLines(version.pages, deepLine, deepLine)!;
  expect(deepPage.first).toBeGreaterThan(1);
  await expect(chapters.getByRole('button', { name: `p. ${deepPage.first} of Long Field Guide: open beside the text` })).toHaveText(`p. ${deepPage.first}`);

  // Rows above the target load and grow after the jump; the line stays in view once they have.
  await page.waitForTimeout(500);
  await expectInView(page, lineRow(page, deepLine), `Line ${deepLine}, after the rows around it loaded`);

  const find = document.getByRole('searchbox', { name: 'Find in document' });
  await find.fill(long.findWord);
  await find.press('Enter');
  const status = document.getByRole('status').filter({ hasText: / of / });
  await expect(status).toHaveText(`1 of ${long.findWordCount}`);
  for (let i = 1; i <= long.findWordCount; i++) {
    await expect(status).toHaveText(`${i} of ${long.findWordCount}`);
    await expectInView(page, document.locator('mark.find-match--current'), `Match ${i} of ${long.findWordCount}`);
    await expect(document.locator('mark.find-match--current')).toHaveText(long.findWord);
    await find.press('Enter');
  }
  await expect(status).toHaveText(`1 of ${long.findWordCount}`);
});

test('edit a chapter’s instruction and notes, undo, redo, reload; export the plan as Markdown and JSON, downloaded and copied', async ({ page, context }) => {
  test.setTimeout(120_000);
  const api = ServedApi.fromAppUrl(app!.url);
  await openAnnotator(page, app!.url);
  const { chapters } = annotatorRegions(page);
  const { dataRooms } = await api.call('dataRooms.list', {});
  const room = await api.call('dataRooms.get', { dataRoomId: dataRooms[0]!.id });
  const first = room.chapters[0]!;
  await chapters.getByRole('button', { name: first.title, exact: true }).click();

  const instruction = chapters.getByRole('textbox', { name: `Instruction for ${first.title}` });
  const notes = chapters.getByRole('textbox', { name: `Notes for ${first.title}` });
  await expect(instruction).toHaveValue(first.instruction);
  await expect(notes).toHaveValue(first.designNotes);
  const newInstruction = 'Explain the weekly trend.\nName the partial week as partial.';
  const newNotes = 'Audience: on-call engineers. Leave out billing.';
  const undo = page.getByRole('group', { name: 'History' }).getByRole('button', { name: /^Undo/ });
  const redo = page.getByRole('group', { name: 'History' }).getByRole('button', { name: /^Redo/ });
  await instruction.fill(newInstruction);
  await expect(undo).toHaveText(/^Undo: Edit instruction of/);
  await notes.fill(newNotes);
  await expect(undo).toHaveText(/^Undo: Edit design notes of/);

  await undo.click();
  await expect(notes).toHaveValue(first.designNotes);
  await expect(instruction).toHaveValue(newInstruction);
  await undo.click();
  await expect(instruction).toHaveValue(first.instruction);
  await redo.click();
  await expect(instruction).toHaveValue(newInstruction);
  await redo.click();
  await expect(notes).toHaveValue(newNotes);

  await page.reload();
  await openAnnotator(page, app!.url);
  await chapters.getByRole('button', { name: first.title, exact: true }).click();
  await expect(instruction).toHaveValue(newInstruction);
  await expect(notes).toHaveValue(newNotes);

  // Export: the plan as Markdown and as JSON, downloaded and copied.
  const pdf = room.sources.find((s) => s.type === 'pdf')!;
  const pdfCitation = room.chapters.flatMap((c) => c.citations).find((c) => c.sourceId === pdf.id)!;
  const ref = `${pdfCitation.sourceId}:${pdfCitation.startLine}--${pdfCitation.endLine}`;
  await chapters.getByRole('button', { name: 'Export plan…' }).click();
  const exportGroup = chapters.getByRole('group', { name: 'Export the chapter plan' });
  const downloaded = async (name: string) => {
    const download = page.waitForEvent('download');
    await exportGroup.getByRole('button', { name }).click();
    const file = await download;
    return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
  };
  const md = await downloaded('Download Markdown');
  expect(md.name).toMatch(/-plan\.md$/);
  expect(md.text).toMatch(new RegExp(`^# ${room.title}: chapter plan\n`));
  expect(md.text).toContain(`## 1. ${first.title}\n\n**Instruction**\n\n${newInstruction}\n\n**Notes**\n\n${newNotes}\n`);
  for (const [index, chapter] of room.chapters.entries()) expect(md.text).toContain(`## ${index + 1}. ${chapter.title}\n`);
  expect(md.text).toMatch(new RegExp(`- \`${ref}\` \\(${pdf.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, p\\. \\d+(–\\d+)?\\)`));
  expect(md.text).toContain(`  > ${pdfCitation.quote.split('\n')[0]}`);

  const json = await downloaded('Download JSON');
  expect(json.name).toMatch(/-plan\.json$/);
  const plan = JSON.parse(json.text) as { room: { id: string }; chapters: { number: number; title: string; instruction: string; notes: string; citations: { ref: string; quote: string; pages: { first: number } | null }[] }[] };
  expect(plan.room.id).toBe(room.id);
  expect(plan.chapters.map((c) => c.title)).toEqual(room.chapters.map((c) => c.title));
  expect(plan.chapters[0]).toMatchObject({ number: 1, instruction: newInstruction, notes: newNotes });
  const exported = plan.chapters.flatMap((c) => c.citations).find((c) => c.ref === ref)!;
  expect(exported.quote).toBe(pdfCitation.quote);
  expect(exported.pages?.first).toBeGreaterThanOrEqual(1);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await exportGroup.getByRole('button', { name: 'Copy Markdown' }).click();
  await expect(exportGroup.getByRole('status')).toHaveText('Copied the plan as Markdown');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(md.text);
  await exportGroup.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(exportGroup.getByRole('status')).toHaveText('Copied the plan as JSON');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(json.text);
});

test('the outline jumps to a section, page boundaries show in the text, and a citation opens its original PDF page beside it with the cited text marked', async ({ page }) => {
  test.setTimeout(120_000);
  const api = ServedApi.fromAppUrl(app!.url);
  const { dataRooms } = await api.call('dataRooms.list', {});
  const room = await api.call('dataRooms.get', { dataRoomId: dataRooms[0]!.id });
  const pdf = room.sources.find((s) => s.type === 'pdf')!;
  const { version } = await api.call('sources.get', { sourceId: pdf.id });
  expect(version.pages.length, 'the demo PDF has more than one page').toBeGreaterThan(1);
  await openAnnotator(page, app!.url);
  const { document, chapters } = annotatorRegions(page);
  await sourceButton(page, new RegExp(pdf.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).click();
  // The PDF's own viewer, not the source shown before it.
  await expect(document.getByRole('group', { name: `Lines of ${pdf.title}` })).toBeVisible();
  await expect(lineRow(page, 1)).toBeVisible();

  // Page 2 begins where its first line is, marked in the text (wheel down from the top to it).
  const second = version.pages.find((p) => p.page === 2)!;
  await wheelUntilRendered(page, second.startLine);
  await expect(lineRow(page, second.startLine).locator('.line__page')).toHaveText('p. 2');

  // Outline: the last section is one click away.
  await document.getByRole('button', { name: 'Outline' }).click();
  const outline = document.getByRole('navigation', { name: 'Outline' });
  const headings = version.sections.filter((s) => s.level > 0);
  const last = headings[headings.length - 1]!;
  await outline.getByRole('button', { name: last.title, exact: true }).click();
  await expectInView(page, viewer(page).locator('.section-row').filter({ hasText: last.title }).last(), `The section "${last.title}"`);

  // The original page beside the text, with the cited text marked on it.
  const citation = room.chapters.flatMap((c) => c.citations).find((c) => c.sourceId === pdf.id)!;
  const pages = pagesOfLines(version.pages, citation.startLine, citation.endLine)!;
  const chip = chapters.getByRole('button', { name: new RegExp(`^p\\. ${pages.first}`) }).first();
  await chip.click();
  const original = document.getByRole('region', { name: 'Original page' });
  await expect(original).toBeVisible();
  await expect(original.getByRole('status')).toHaveText(new RegExp(`^Page ${pages.first} of ${version.pages.length} · cited$`), { timeout: 60_000 });
  await expect(original).toHaveAttribute('aria-busy', 'false');
  await expectInView(page, lineRow(page, citation.startLine), `The cited line ${citation.startLine}`);
  const marks = original.locator('.pdf-page__highlight');
  expect(await marks.count()).toBeGreaterThan(0);
  const squash = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');
  for (const text of await marks.evaluateAll((els) => els.map((el) => el.getAttribute('data-text') ?? ''))) expect(squash(citation.quote)).toContain(squash(text).trim());
  // The page is drawn: the canvas holds dark pixels (text), not only white.
  const ink = await original.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 100 && data[i + 3]! > 0) dark++;
    return dark;
  });
  expect(ink).toBeGreaterThan(100);
  await original.getByRole('button', { name: 'Next page' }).click();
  await expect(original.getByRole('status')).toHaveText(new RegExp(`^Page ${pages.first + 1} of `));
  await original.getByRole('button', { name: 'Close the original page' }).click();
  await expect(original).toHaveCount(0);
});

test('arena: enlarge a frame to full size, compare Left and Right side by side scrolling together, and lay one over the design', async ({ page }) => {
  test.setTimeout(120_000);
  const api = ServedApi.fromAppUrl(app!.url);
  const voter = await api.call('arena.createAnnotator', { name: 'Frame Checker' });
  // Vote through the API until a design (Figma) pair is the open one.
  let frames = 0;
  for (let i = 0; i < 30 && frames === 0; i++) {
    const { item } = await api.call('arena.nextPair', { annotatorId: voter.id });
    if (!item) break;
    if (item.kind === 'figma' && item.frames.length > 0 && item.left.frameUrls[0] && item.right.frameUrls[0]) frames = item.frames.length;
    else await api.call('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 5 });
  }
  expect(frames, 'the demo arena has a design pair with captured frames').toBeGreaterThan(0);

  await page.goto(app!.url);
  await page.keyboard.press('Alt+2');
  const arena = new ArenaPage(page);
  await arena.pickAnnotator('Frame Checker');
  await arena.waitForPair();
  const firstRow = arena.pair.getByRole('listitem', { name: /^Frame / }).first();
  const frameName = ((await firstRow.getAttribute('aria-label')) ?? '').replace(/^Frame /, '');

  // Enlarge the Left frame: a dialog shows it fitted to its width, and at its actual size (one
  // image pixel per CSS pixel) when asked.
  await firstRow.getByRole('button', { name: `Enlarge Left, frame ${frameName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Left, frame ${frameName}` });
  await expect(dialog).toBeVisible();
  const image = dialog.getByRole('img', { name: `Left, frame ${frameName}` });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const fitted = await image.evaluate((img: HTMLImageElement) => ({ pane: img.parentElement!.clientWidth, shown: img.getBoundingClientRect().width }));
  expect(Math.abs(fitted.shown - fitted.pane), 'fitted to the width').toBeLessThanOrEqual(1);
  await dialog.getByRole('button', { name: 'Actual size' }).click();
  await expect(dialog.getByRole('group', { name: 'Zoom' })).toContainText('Actual size');
  const sizes = await image.evaluate((img: HTMLImageElement) => ({ natural: img.naturalWidth, shown: img.getBoundingClientRect().width }));
  expect(Math.abs(sizes.shown - sizes.natural)).toBeLessThanOrEqual(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(firstRow.getByRole('button', { name: `Enlarge Left, frame ${frameName}` })).toBeFocused();

  // Side by side: scrolling one side scrolls the other to the same place.
  await firstRow.getByRole('button', { name: `Compare large: Left and Right, frame ${frameName}` }).click();
  const compare = page.getByRole('dialog', { name: `Compare frame ${frameName}` });
  await expect(compare.getByRole('button', { name: 'Side by side' })).toHaveAttribute('aria-pressed', 'true');
  const left = compare.getByRole('region', { name: new RegExp(`^Left, frame .*scrolls with the other side$`) });
  const right = compare.getByRole('region', { name: new RegExp(`^Right, frame .*scrolls with the other side$`) });
  // Zoomed in, a side is taller than its pane.
  await compare.getByRole('button', { name: 'Zoom in' }).click();
  await compare.getByRole('button', { name: 'Zoom in' }).click();
  await expect(compare.getByRole('group', { name: 'Zoom' })).toContainText('200% of the width');
  await expect.poll(() => left.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await left.evaluate((el) => (el.scrollTop = 120));
  await expect.poll(() => right.evaluate((el) => el.scrollTop)).toBe(await left.evaluate((el) => el.scrollTop));
  await right.evaluate((el) => (el.scrollTop = 40));
  await expect.poll(() => left.evaluate((el) => el.scrollTop)).toBe(40);

  // Overlay: Right over the design, its opacity from the slider.
  await compare.getByRole('button', { name: 'Overlay on the design' }).click();
  await compare.getByRole('radio', { name: 'Right' }).click();
  const slider = compare.getByRole('slider', { name: 'Opacity of Right over the design' });
  await slider.fill('80');
  await expect(compare.getByRole('img', { name: `Right, frame ${frameName}, at 80% over the design` })).toHaveCSS('opacity', '0.8');
  await expect(compare.getByRole('img', { name: `Design, frame ${frameName}` })).toBeVisible();
  await compare.getByRole('button', { name: /^Close/ }).click();
  await expect(compare).toHaveCount(0);
  // The dialogs named only Design, Left and Right: nothing about runs, harnesses or models.
  await expect(arena.pair).not.toContainText(/claude|codex|gemini|run-/i);
});

test('layout: the Jobs column takes space only while a job runs or when asked; placeholders fit their fields; the workspace path wraps at its slashes', async ({ page }) => {
  test.setTimeout(90_000);
  // A workspace deep in long folder names, as a real one often is.
  await app!.stop();
  const deep = join(mkdtempSync(join(tmpdir(), 'lhb-sme-layout-')), 'evaluation-workspaces', 'annotation-room-for-the-patent-guide');
  mkdirSync(deep, { recursive: true });
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = deep;
  try {
    app = await launchApp(['bin/lhb.mjs', 'serve']);
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  await openAnnotator(page, app.url);
  const jobs = page.getByRole('complementary', { name: 'Jobs' });
  const document = annotatorRegions(page).document;
  const documentWidth = async () => (await document.boundingBox())!.width;
  // Nothing runs on a fresh start: the column is a narrow strip with its button.
  const open = jobs.getByRole('button', { name: 'Jobs' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  expect((await jobs.boundingBox())!.width).toBeLessThan(60);
  const wide = await documentWidth();

  await open.click();
  await expect(jobs.getByRole('button', { name: 'Hide jobs' })).toBeVisible();
  expect((await jobs.boundingBox())!.width).toBeGreaterThan(200);
  await expect.poll(documentWidth).toBeLessThan(wide);
  await jobs.getByRole('button', { name: 'Hide jobs' }).click();
  await expect(open).toBeVisible();

  // A job starting opens the column by itself.
  await page.getByRole('button', { name: 'Verify workspace' }).click();
  await expect(jobs.getByRole('listitem', { name: 'Verify workspace' })).toContainText('Done');

  // Every placeholder on the annotator fits inside its field.
  const clipped = await page.evaluate(() => {
    const context = window.document.createElement('canvas').getContext('2d')!;
    return [...window.document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')]
      .filter((field) => field.offsetParent !== null)
      .filter((field) => {
        const style = getComputedStyle(field);
        context.font = style.font;
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (field.type === 'search' ? 16 : 0);
        // A textarea wraps its placeholder; only its longest word must fit.
        const longest = field instanceof HTMLTextAreaElement ? Math.max(...field.placeholder.split(/\s+/).map((w) => context.measureText(w).width)) : context.measureText(field.placeholder).width;
        return longest > room;
      })
      .map((field) => `${field.getAttribute('aria-label') ?? field.id}: "${field.placeholder}" in ${field.clientWidth}px`);
  });
  expect(clipped).toEqual([]);

  // The workspace path wraps at its slashes.
  const path = page.getByRole('navigation', { name: 'Sections' }).locator('.path');
  const breaks = await path.evaluate((el) => {
    const range = window.document.createRange();
    const text = el.textContent ?? '';
    const lines: string[] = [];
    let top: number | undefined;
    let line = '';
    const walker = window.document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const y = Math.round(range.getBoundingClientRect().top);
        if (top !== undefined && y > top + 2) {
          lines.push(line);
          line = '';
        }
        top = y;
        line += node.textContent![i];
      }
    }
    lines.push(line);
    return { lines, joined: lines.join('') === text };
  });
  expect(breaks.joined).toBe(true);
  expect(breaks.lines.length).toBeGreaterThan(1);
  // Never mid-word (it used to read "lhb-e2 / e-B1MkdW"): after a slash, or after a hyphen inside a long folder name.
  for (const line of breaks.lines.slice(0, -1)) expect(/[/-]$/.test(line), `"${line}" ends at a slash or a hyphen`).toBe(true);
  expect(breaks.lines.filter((line) => line.endsWith('/')).length).toBeGreaterThan(0);
});

test('arena: a presentation preview is drawn at half its size or more, not a quarter', async ({ page }) => {
  test.setTimeout(90_000);
  const api = ServedApi.fromAppUrl(app!.url);
  const voter = await api.call('arena.createAnnotator', { name: 'Slide Reader' });
  let found = false;
  for (let i = 0; i < 30 && !found; i++) {
    const { item } = await api.call('arena.nextPair', { annotatorId: voter.id });
    if (!item) break;
    if (item.kind === 'programmatic' && item.left.siteUrl && !item.left.videoUrl) found = true;
    else await api.call('arena.vote', { token: item.token, choice: 'tie', ratingLeft: 3, ratingRight: 3, timeOnItemMs: 5 });
  }
  expect(found, 'the demo arena has a presentation pair').toBe(true);
  await page.goto(app!.url);
  await page.keyboard.press('Alt+2');
  const arena = new ArenaPage(page);
  await arena.pickAnnotator('Slide Reader');
  await arena.waitForPair();
  const stage = arena.pair.locator('[data-scale]').first();
  await expect(stage).toBeVisible();
  await expect.poll(async () => Number(await stage.getAttribute('data-scale'))).toBeGreaterThanOrEqual(0.45);
});
