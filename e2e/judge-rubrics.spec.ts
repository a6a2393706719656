import { expect, test } from '@playwright/test';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const NEW_ANCHOR = 'The frame is blank, shows an error, or shows another site.';

let app: LaunchedApp | undefined;
let problems: string[] = [];
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

test('a researcher reads a built-in rubric set, authors its next version with a changed anchor, and finds it listed', async ({ page }) => {
  test.setTimeout(90_000);
  const url = new URL(app!.url);
  await page.goto(app!.url);
  await expect(page.getByRole('banner')).toContainText('Demo');
  url.hash = '#/judges';
  await page.goto(url.href);
  await expect(page.getByRole('heading', { level: 1, name: 'Judges' })).toBeVisible();

  // The built-in sets: every tier at both scales, each version with its judgment count.
  const rubrics = page.getByRole('region', { name: 'Rubric sets' });
  const table = rubrics.getByRole('table');
  await expect(table.locator('caption')).toContainText('10 sets shown');
  await expect(table.getByRole('button', { name: /@v1 \((3|5)-point\)$/ })).toHaveCount(10);
  await rubrics.getByLabel('Tier').selectOption('output');
  await expect(table.locator('caption')).toContainText('2 sets shown for the output tier');
  const outputRow = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'figma-output@v1 (5-point)' }) });
  await expect(outputRow).toContainText('built-in');
  await expect(outputRow).toContainText('used by 0 judgments');

  // View it: each rubric's criterion, weight and the anchor of every level.
  await outputRow.getByRole('button', { name: 'figma-output@v1 (5-point)' }).click();
  const viewer = rubrics.getByRole('region', { name: 'figma-output@v1 (5-point)' });
  await expect(viewer.getByRole('heading', { level: 3 })).toBeFocused();
  await expect(viewer.getByRole('heading', { level: 4 })).toHaveCount(8);
  const fidelity = viewer.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name: /Visual fidelity/ }) });
  await expect(fidelity).toContainText('weight 0.2');
  const anchors = fidelity.getByRole('table', { name: 'Anchors of Visual fidelity, highest level first' });
  await expect(anchors.getByRole('row')).toHaveCount(6);
  await expect(anchors.getByRole('row', { name: /^1 / })).toContainText('The frame is blank, an error page or unrelated content.');
  await expect(viewer.getByRole('definition').filter({ hasText: 'tasks' })).toHaveText('Figma tasks');

  // A new version: the editor opens on v2 with the keyboard in it.
  await viewer.getByRole('button', { name: 'New version' }).click();
  const editor = rubrics.getByRole('form', { name: 'New version of figma-output' });
  await expect(editor.getByLabel('Set name')).toBeFocused();
  await expect(editor.getByLabel('Version')).toHaveValue('v2');
  await editor.getByLabel('Rubric 1, level 1 anchor').fill(NEW_ANCHOR);

  // The weights' live check, and a message beside the field Save found wrong.
  const sum = editor.getByRole('status');
  await expect(sum).toHaveText('Weights sum to 1.');
  await editor.getByLabel('Rubric 1 weight').fill('0.3');
  await expect(sum).toHaveText('Weights sum to 1.1; they must sum to 1 (0.1 over).');
  await editor.getByLabel('Rubric 2, level 3 anchor').fill('');
  await editor.getByRole('button', { name: 'Save version' }).click();
  await expect(editor.getByRole('alert')).toContainText('2 problems to fix before saving');
  await expect(editor.getByLabel('Rubric 2, level 3 anchor')).toBeFocused();
  await expect(editor.getByText('Describe what a judge sees at level 3.')).toBeVisible();
  await page.keyboard.type('Same structure, several elements clearly misplaced.');
  await editor.getByLabel('Rubric 1 weight').fill('0.2');
  await expect(sum).toHaveText('Weights sum to 1.');
  await expect(editor.getByRole('alert')).toHaveCount(0);

  // Saving over v1 is refused by the server: a stored version never changes.
  await editor.getByLabel('Version').fill('v1');
  await editor.getByRole('button', { name: 'Save version' }).click();
  await expect(editor.getByRole('alert')).toContainText('Make a new version: save it as figma-output@v2.');
  await editor.getByLabel('Version').fill('v2');
  // The task kinds it judges: none is refused at the field; this version judges both kinds.
  const kinds = editor.getByRole('group', { name: 'Judges runs of' });
  await expect(kinds.getByRole('checkbox', { name: 'Figma tasks' })).toBeChecked();
  await kinds.getByRole('checkbox', { name: 'Figma tasks' }).uncheck();
  await editor.getByRole('button', { name: 'Save version' }).click();
  await expect(kinds).toContainText('Choose the task kinds this set judges, or any task.');
  await kinds.getByRole('checkbox', { name: 'Figma tasks' }).check();
  await kinds.getByRole('checkbox', { name: 'Programmatic tasks' }).check();
  // Ctrl+Enter saves from a text area.
  await editor.getByLabel('Rubric 1, level 1 anchor').focus();
  await page.keyboard.press('Control+Enter');

  const saved = rubrics.getByRole('region', { name: 'figma-output@v2 (5-point)' });
  await expect(saved.getByRole('heading', { level: 3 })).toBeFocused();
  await expect(saved).toContainText('authored in this workspace');
  await expect(saved.getByRole('definition').filter({ hasText: 'tasks' })).toHaveText('Figma and programmatic tasks');
  await expect(saved.getByRole('table', { name: /Anchors of Visual fidelity/ }).getByRole('row', { name: /^1 / })).toContainText(NEW_ANCHOR);
  const versions = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'figma-output@v2 (5-point)' }) });
  await expect(versions.getByRole('button', { name: /^figma-output@v\d \(5-point\)$/ })).toHaveText(['v1', 'v2']);
  await expect(versions.getByRole('listitem').filter({ hasText: 'v2' })).toContainText('authored');

  // Kept in the workspace: a reload lists it, and v1 is unchanged.
  await page.reload();
  await rubrics.getByRole('button', { name: 'figma-output@v1 (5-point)' }).click();
  await expect(rubrics.getByRole('region', { name: 'figma-output@v1 (5-point)' }).getByRole('table', { name: /Anchors of Visual fidelity/ })).toContainText('The frame is blank, an error page or unrelated content.');
  await expect(rubrics.getByRole('button', { name: 'figma-output@v2 (5-point)' })).toBeVisible();

  // The one refusal asked for above is the only failed request.
  expect(problems.filter((problem) => !/^409 for .*\/rpc\/rubrics\.save$/.test(problem))).toEqual([]);
});
