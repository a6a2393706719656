import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { writeAnnotatorFixtures, type FixtureFiles } from './annotator-fixtures.ts';
import { annotatorRegions, citeLines as cite, importThroughPicker, lineRow, openAnnotator, sourceButton } from './annotator-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';

test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let fixtures: FixtureFiles | undefined;
test.beforeEach(async () => {
  fixtures = await writeAnnotatorFixtures();
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  if (fixtures) rmSync(fixtures.dir, { recursive: true, force: true });
  app = fixtures = undefined;
});

async function submitAs(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Team plans' });
  await dialog.getByRole('textbox', { name: 'Your name' }).fill(name);
  await dialog.getByRole('button', { name: 'Submit this plan' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Submitted the plan as ${name}`);
}

test('an SME team: two annotators submit plans, a reviewer compares them chapter by chapter with span agreement, approves one, and sees edits after approval flagged', async ({ page }) => {
  test.setTimeout(120_000);
  await openAnnotator(page, app!.url);
  const { chapters } = annotatorRegions(page);
  // A data room of its own (the demo's has a plan already).
  await page.getByRole('button', { name: 'New data room…' }).click();
  await page.getByRole('textbox', { name: 'Data room title' }).fill('Team room');
  await page.getByRole('form', { name: 'New data room' }).getByRole('button', { name: 'Create' }).click();
  await expect(chapters.getByText('No chapters yet')).toBeVisible();
  await importThroughPicker(page, [fixtures!.markdown]);
  await sourceButton(page, /style guide/i).click();
  await expect(lineRow(page, 1)).toContainText('Style guide');

  // Ana's plan: Chapter 1 cites lines 3–5.
  await cite(page, 3, 5);
  await chapters.getByRole('button', { name: 'Team plans…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team plans' });
  await submitAs(page, 'Ana');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Bo's plan: the same chapter also cites 4–7 and line 11.
  await cite(page, 4, 7);
  await cite(page, 11, 11);
  await chapters.getByRole('button', { name: 'Team plans…' }).click();
  await submitAs(page, 'Bo');
  const plans = dialog.getByRole('table', { name: 'Submitted plans' });
  await expect(plans.getByRole('row', { name: /Ana/ })).toContainText('1 citation');
  await expect(plans.getByRole('row', { name: /Bo/ })).toContainText('3 citations');

  // Compare: lines 3–5 both cited (Ana 3–5 overlaps Bo 3–5 and 4–7), line 11 Bo's only.
  await dialog.getByRole('combobox', { name: 'Plan A' }).selectOption('Ana');
  await dialog.getByRole('combobox', { name: 'Plan B' }).selectOption('Bo');
  await dialog.getByRole('button', { name: 'Compare' }).click();
  const comparison = dialog.getByRole('region', { name: 'Comparison of Ana’s and Bo’s plans' });
  // Ana 3 lines, Bo 6 (3–7, 11), both 3, either 6: Jaccard 3/6, Dice 6/9.
  await expect(comparison.getByRole('row', { name: /^Overall/ })).toContainText(/0\.50.*0\.67/);
  const chapterRow = comparison.getByRole('table', { name: 'Per chapter' }).getByRole('row', { name: /Chapter 1/ });
  await expect(chapterRow).toContainText('title');
  await expect(chapterRow).toContainText('0.50');
  const spans = comparison.getByRole('list', { name: 'Spans of Chapter 1' });
  await expect(spans.getByRole('listitem').filter({ hasText: 'Both cited' })).toContainText(/L3–5.*L3–5.*L4–7/);
  await expect(spans.getByRole('listitem').filter({ hasText: 'Only Bo' })).toContainText('L11');
  await expect(comparison).toContainText('Jaccard = lines both cited');

  // The reviewer approves Bo's plan; the plan says so.
  await dialog.getByRole('textbox', { name: 'Reviewer' }).fill('Rui');
  await plans.getByRole('row', { name: /Bo/ }).getByRole('button', { name: 'Approve' }).click();
  await expect(plans.getByRole('row', { name: /Bo/ })).toContainText('Approved by Rui');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const note = chapters.getByRole('status', { name: 'Plan approval' });
  await expect(note).toContainText('Bo’s plan, approved by Rui');

  // An edit after approval says the approved plan does not have it.
  await chapters.getByRole('button', { name: 'Add chapter' }).click();
  await expect(note).toContainText('Edited since Bo’s plan was approved by Rui');

  // Un-approve: the note goes; a reload keeps what was stored.
  await chapters.getByRole('button', { name: 'Team plans…' }).click();
  await plans.getByRole('row', { name: /Bo/ }).getByRole('button', { name: 'Un-approve' }).click();
  await expect(plans.getByRole('row', { name: /Bo/ })).toContainText('Not approved');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(note).toHaveCount(0);
  await page.reload();
  await chapters.getByRole('button', { name: 'Team plans…' }).click();
  await expect(plans.getByRole('row')).toHaveCount(3);
});
