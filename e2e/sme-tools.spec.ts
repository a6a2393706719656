import { expect, test, type Locator, type Page } from '@playwright/test';
import { annotatorRegions, lineRow, openAnnotator } from './annotator-page.ts';
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

  const { courses } = await api.call('courses.list', {});
  const room = await api.call('chapters.create', { courseId: courses[0]!.id, title: 'Deep evidence' });
  const chapter = room.chapters.find((c) => c.title === 'Deep evidence')!;
  await api.call('chapters.addCitation', { chapterId: chapter.id, versionId: source!.latestVersionId, startLine: deepLine, endLine: deepLine });

  await openAnnotator(page, app!.url);
  const { chapters, document } = annotatorRegions(page);
  const chip = chapters.getByRole('button', { name: `${source!.id}:${deepLine}--${deepLine}`, exact: true });
  await chip.click();
  await expectInView(page, lineRow(page, deepLine), `Line ${deepLine}`);
  await expect(lineRow(page, deepLine)).toContainText(long.deepPhrase);
  await expect(lineRow(page, deepLine)).toHaveClass(/line--highlighted/);

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
