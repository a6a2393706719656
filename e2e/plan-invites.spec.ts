import { rmSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeAnnotatorFixtures, type FixtureFiles } from './annotator-fixtures.ts';
import { annotatorRegions, citeLines, importThroughPicker, lineRow, openAnnotator, sourceButton } from './annotator-page.ts';
import { expectAccessible } from './axe-check.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';

// bypassCSP lets axe-core's script into the owner's page for the dialog's check (as e2e/accessibility.spec.ts does).
test.use({ viewport: { width: 1440, height: 900 }, bypassCSP: true });

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

/** Adds a chapter after the active one and names it, by keyboard (F2 renames, Enter saves). */
async function addChapterNamed(page: Page, title: string): Promise<void> {
  const { chapters } = annotatorRegions(page);
  await chapters.getByRole('button', { name: 'Add chapter' }).click();
  const newest = chapters.getByRole('button', { pressed: true });
  await expect(newest).toHaveText(/^Chapter \d+$/);
  await newest.focus();
  await page.keyboard.press('F2');
  const field = chapters.getByRole('textbox', { name: 'Chapter title' });
  await expect(field).toBeFocused();
  await field.fill(title);
  await page.keyboard.press('Enter');
  await expect(chapters.getByRole('button', { name: title, exact: true })).toBeVisible();
}

/** One's own chapter titles, in order (others' plans are listed apart). */
const ownTitles = (page: Page) => annotatorRegions(page).chapters.getByRole('list', { name: 'Chapter plan' }).locator('.chapter__title');
const otherPlans = (page: Page) => annotatorRegions(page).chapters.getByRole('region', { name: "Other annotators' plans (read-only)" });

/** Controls only the room's owner has; none may show on an SME's page. */
async function expectNoOwnerControls(page: Page): Promise<void> {
  for (const control of [
    page.getByRole('navigation'),
    page.getByRole('button', { name: /Change who is annotating/ }),
    page.getByRole('button', { name: 'Invite SMEs…' }),
    page.getByRole('checkbox', { name: /Let annotators see each other's plans/ }),
    page.getByRole('button', { name: 'Import files…' }),
    page.getByRole('button', { name: 'New data room…' }),
    page.getByRole('button', { name: 'Team plans…' }),
    page.getByRole('button', { name: 'Curate', exact: true }),
    page.getByRole('button', { name: /Export/ }),
    page.getByRole('combobox', { name: 'Data room' }),
  ] satisfies Locator[]) {
    await expect(control).toHaveCount(0);
  }
}

test("an SME invited to one plan writes it in a browser of their own while the owner's annotator writes another; neither sees the other's until the owner shares the room's plans, then both read-only", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await openAnnotator(page, app!.url);
  const { chapters } = annotatorRegions(page);
  await page.getByRole('button', { name: 'New data room…' }).click();
  await page.getByRole('textbox', { name: 'Data room title' }).fill('SME room');
  await page.getByRole('form', { name: 'New data room' }).getByRole('button', { name: 'Create' }).click();
  await expect(chapters.getByText('No chapters yet')).toBeVisible();
  await importThroughPicker(page, [fixtures!.markdown]);
  await sourceButton(page, /style guide/i).click();
  await expect(lineRow(page, 1)).toContainText('Style guide');

  // Who is annotating: shown, and changed only through its dialog, by keyboard.
  const whose = page.getByRole('group', { name: 'Whose plan' });
  await expect(whose).toContainText('Annotating as Workspace owner');
  const change = whose.getByRole('button', { name: 'Change who is annotating (now Workspace owner)' });
  await change.focus();
  await page.keyboard.press('Enter');
  const who = page.getByRole('dialog', { name: 'Who is annotating?' });
  await expect(who.getByRole('radio', { name: /Workspace owner/ })).toBeFocused();
  await expectAccessible(page, 'the Who is annotating dialog');
  await page.keyboard.press('Escape'); // cancelled: nothing changes, the focus goes back
  await expect(who).toHaveCount(0);
  await expect(change).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(who.getByRole('radio', { name: /Workspace owner/ })).toBeFocused();
  await page.keyboard.press('ArrowUp'); // the group wraps round to its last choice
  await expect(who.getByRole('radio', { name: 'Someone else' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(who.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Ada');
  await page.keyboard.press('Enter');
  await expect(who).toHaveCount(0);
  await expect(whose).toContainText('Annotating as Ada');
  await expect(chapters.getByText('No chapters yet')).toBeVisible();

  // The owner makes Ben's link in the invite dialog (keyboard again), checked by axe while open.
  const inviteButton = whose.getByRole('button', { name: 'Invite SMEs…' });
  await inviteButton.focus();
  await page.keyboard.press('Enter');
  const invites = page.getByRole('dialog', { name: 'SME invite links' });
  await expect(invites.getByText('No invite links yet.')).toBeVisible();
  await invites.getByRole('textbox', { name: 'Annotator name' }).focus();
  await page.keyboard.type('Ben');
  await page.keyboard.press('Enter');
  const linkBox = invites.getByRole('textbox', { name: 'Invite link for Ben' });
  await expect(linkBox).toHaveValue(/#token=lhbv_/);
  const link = await linkBox.inputValue();
  await expect(invites.getByRole('table', { name: 'SME invite links' }).getByRole('row', { name: /Ben/ })).toContainText('Active until');
  await expectAccessible(page, 'the SME invite dialog, a link made');
  await page.keyboard.press('Escape');
  await expect(invites).toHaveCount(0);
  await expect(inviteButton).toBeFocused();

  const smeContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const sme = await smeContext.newPage();
    await sme.goto(link);
    await expect(sme.getByRole('heading', { level: 1, name: 'Annotate “SME room”' })).toBeVisible();
    await expect(sme.getByRole('group', { name: 'Whose plan' })).toContainText('Annotating as Ben');
    await expect(sme.getByRole('region', { name: "Curator's feedback" })).toBeVisible();
    await expect(lineRow(sme, 1)).toContainText('Style guide');
    await expectNoOwnerControls(sme);

    // Both write at the same time: Ben through his link, Ada on the owner's machine.
    await Promise.all([
      (async () => {
        await addChapterNamed(sme, 'Ben: Headings');
        await citeLines(sme, 3, 5);
      })(),
      (async () => {
        await addChapterNamed(page, 'Ada: Voice');
        await citeLines(page, 8, 10);
      })(),
    ]);
    await expect(ownTitles(sme)).toHaveText(['Ben: Headings']);
    await expect(ownTitles(page)).toHaveText(['Ada: Voice']);
    // Neither sees the other's plan: not now, nor after the SME's page reads the room again.
    await sme.reload();
    await expect(ownTitles(sme)).toHaveText(['Ben: Headings']);
    await expect(otherPlans(sme)).toHaveCount(0);
    await expect(otherPlans(page)).toHaveCount(0);
    await expect(sme.getByText('Ada: Voice')).toHaveCount(0);
    await expect(page.getByText('Ben: Headings')).toHaveCount(0);
    await expect(sme.getByRole('group', { name: 'Whose plan' })).toContainText('Your plan is yours alone');

    // The owner shares the room's plans (Space on the checkbox): each now sees the other's, read-only.
    const share = whose.getByRole('checkbox', { name: /Let annotators see each other's plans/ });
    await share.focus();
    await page.keyboard.press('Space');
    await expect(share).toBeChecked();
    const bensPlan = otherPlans(page).getByRole('region', { name: "Ben's plan (read-only)" });
    await expect(bensPlan).toContainText('Ben: Headings');
    await expect(bensPlan.getByRole('button', { name: /L3–5/ })).toBeVisible();
    const adasPlan = otherPlans(sme).getByRole('region', { name: "Ada's plan (read-only)" });
    await expect(adasPlan).toContainText('Ada: Voice', { timeout: 30_000 }); // the SME's page follows the room's changes on its event stream
    await expect(adasPlan.getByRole('button', { name: /L8–10/ })).toBeVisible();
    for (const plan of [bensPlan, adasPlan]) {
      await expect(plan.getByRole('textbox')).toHaveCount(0);
      await expect(plan.getByRole('button', { name: /Delete|Remove|Move|Rename/ })).toHaveCount(0);
    }
    // Each one's own plan is still only theirs, and the SME's page still has no owner control.
    await expect(ownTitles(sme)).toHaveText(['Ben: Headings']);
    await expect(ownTitles(page)).toHaveText(['Ada: Voice']);
    await expect(sme.getByRole('group', { name: 'Whose plan' })).toContainText("The room's owner shares its plans");
    await expectNoOwnerControls(sme);

    // The choice of annotator is remembered: a reload of the owner's page opens Ada's plan.
    await page.reload();
    await expect(page.getByRole('group', { name: 'Whose plan' })).toContainText('Annotating as Ada');
    await expect(ownTitles(page)).toHaveText(['Ada: Voice']);

    // The owner's page follows Ben's writes as he makes them (the event stream, not a reload).
    await page.evaluate(() => ((window as unknown as { lhbMark: string }).lhbMark = 'not reloaded'));
    await addChapterNamed(sme, 'Ben: Lists');
    await expect(otherPlans(page).getByRole('region', { name: "Ben's plan (read-only)" })).toContainText('Ben: Lists', { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { lhbMark?: string }).lhbMark)).toBe('not reloaded');
  } finally {
    await smeContext.close();
  }
});
