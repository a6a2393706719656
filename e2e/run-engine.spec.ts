import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openRunsScreen } from './runs-screen.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';
import { ServedApi } from './served-api.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const TASK = /weekly trend chapter/;

/**
 * A command harness run: it builds out/dist/index.html and prints a transcript in the command
 * harness's JSON lines, one failing shell call (ls of a missing folder) and one passing (ls of the
 * build), which the engine reads as an error recovered.
 */
const BUILD_COMMAND = [
  `mkdir -p out/dist && printf '%s' '<!doctype html><title>Built</title><h1>Built by the command harness</h1>' > out/dist/index.html`,
  `echo '{"type":"step","source":"agent","text":"Building the page, then checking it is there."}'`,
  `echo '{"type":"tool_call","id":"c1","name":"shell","arguments":{"command":"ls /missing-folder"}}'`,
  `echo '{"type":"tool_result","id":"c1","result":"ls: cannot access /missing-folder: No such file or directory","exitCode":2}'`,
  `echo '{"type":"tool_call","id":"c2","name":"shell","arguments":{"command":"ls out/dist"}}'`,
  `echo '{"type":"tool_result","id":"c2","result":"index.html","exitCode":0}'`,
  `echo '{"type":"usage","input":1200,"output":300,"costUsd":0.0042}'`,
].join('\n');

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

/** Opens the New study form and fills a command harness study of the demo's chapter task. */
async function fillCommandStudy(page: Page, command: string, name: string): Promise<Locator> {
  await page.getByRole('region', { name: 'Studies' }).getByRole('button', { name: 'New study…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New study' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add configuration' })).toBeEnabled({ timeout: 30_000 });
  if ((await dialog.getByRole('combobox', { name: 'Harness, configuration 1' }).count()) === 0) await dialog.getByRole('button', { name: 'Add configuration' }).click();
  await dialog.getByRole('group', { name: 'Tasks' }).getByRole('checkbox', { name: TASK }).check();
  await dialog.getByRole('combobox', { name: 'Harness, configuration 1' }).selectOption('command');
  await dialog.getByRole('textbox', { name: 'Model, configuration 1' }).fill('scripted');
  await dialog.getByRole('textbox', { name: /^Command \(run with sh -c.*configuration 1$/ }).fill(command);
  await dialog.getByRole('textbox', { name: 'Study name (optional)' }).fill(name);
  return dialog;
}

test('a researcher starts a command harness study from the form, follows it, reads its transcript and opens its build', async ({ page }) => {
  test.setTimeout(180_000);
  await openRunsScreen(page, app!.url);
  const studies = page.getByRole('region', { name: 'Studies' });
  await expect(studies).toContainText('No studies yet');

  // An empty form is refused field by field, and the first problem takes the focus.
  await studies.getByRole('button', { name: 'New study…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New study' });
  const configurations = dialog.getByRole('group', { name: 'Configurations' });
  await expect(configurations.getByRole('combobox', { name: 'Harness, configuration 1' })).toBeVisible({ timeout: 60_000 });
  // Only real tasks are offered: the demo's two, none of its synthetic twelve.
  await expect(dialog.getByRole('group', { name: 'Tasks' }).getByRole('checkbox')).toHaveCount(2);
  // A new row takes its harness's default model.
  await configurations.getByRole('combobox', { name: 'Harness, configuration 1' }).selectOption('codex');
  await expect(configurations.getByRole('textbox', { name: 'Model, configuration 1' })).toHaveValue('gpt-5.5');
  await configurations.getByRole('button', { name: 'Remove configuration 1' }).click();
  await dialog.getByRole('spinbutton', { name: 'Repeats' }).fill('0');
  await dialog.getByRole('button', { name: 'Start study' }).click();
  await expect(dialog.getByRole('group', { name: 'Tasks' })).toContainText('Choose at least one task.');
  await expect(configurations).toContainText('Add at least one configuration');
  await expect(dialog.getByRole('spinbutton', { name: 'Repeats' })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('The repeats must be from 1 to 100; 0 is out of range.');
  await dialog.getByRole('spinbutton', { name: 'Repeats' }).fill('1');
  // Esc closes the dialog; what was typed stays for next time.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The server's refusal of a bad skill folder shows next to the skill field, and starts nothing.
  await fillCommandStudy(page, BUILD_COMMAND, 'form study');
  const skillDir = dialog.getByRole('textbox', { name: /^Skill folder on this machine/ });
  await skillDir.fill('/no/such/skill-folder');
  await skillDir.blur();
  // The folder is read when it is typed: a bad one is said at once.
  await expect(dialog.getByRole('group', { name: 'Skill versions' })).toContainText('/no/such/skill-folder: is not a folder');
  await dialog.getByRole('button', { name: 'Start study' }).click();
  await expect(dialog).toContainText('Tick at least one version');
  await skillDir.fill('');
  await dialog.getByRole('button', { name: 'Start study' }).click();
  await expect(dialog).toBeHidden();

  // The study's run reaches "succeeded" with its counts.
  const study = page.getByRole('region', { name: 'Study form study' });
  await expect(study).toBeVisible();
  const row = study.getByRole('table', { name: /^Runs of this study/ }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /command · scripted/ }) });
  await expect(row.getByRole('cell').first()).toHaveText('succeeded', { timeout: 60_000 });
  await expect(row).toContainText('2 (1 failed)');
  await expect(row).toContainText('1.2k in / 300 out');
  await expect(study.getByRole('button', { name: 'Cancel study' })).toBeDisabled();
  await expect(study.getByRole('button', { name: 'Resume study' })).toBeDisabled();
  await expect(row.getByRole('button', { name: /^Cancel run/ })).toBeDisabled();
  await expect(row.getByRole('button', { name: /^Retry run/ })).toBeDisabled();
  // It wrote its build to out/, so it is a plain success: nothing for Retry failed runs.
  await expect(row).toContainText('written');
  await expect(study.getByRole('button', { name: 'Retry failed runs' })).toBeDisabled();
  await expect(study).toContainText('Retry failed runs: No run failed, timed out or ended with no output.');
  await expect(studies.getByRole('button', { name: 'form study' })).toBeVisible();

  // Its transcript: the failed call is marked, with where it recovered.
  await row.getByRole('button', { name: /^Open / }).click();
  const record = page.getByRole('dialog', { name: 'Run command · scripted' });
  await expect(record).toBeVisible();
  const facts = record.getByRole('definition');
  await expect(facts.filter({ hasText: 'none' }).first()).toBeVisible(); // skill version: none
  await expect(record).toContainText('1 error, 1 recovered (100%)');
  await expect(record).toContainText('$0.0042');
  const failed = record.locator('.tool-call--failed');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('ls /missing-folder');
  await expect(failed).toContainText('failed: exit code 2');
  await expect(failed).toContainText(/not-found error · Recovered/);
  await expect(failed).toContainText('No such file or directory');
  await expect(record.locator('.tool-call').filter({ hasText: 'ls out/dist' })).toContainText('ok');

  // The prompt it was sent is shown above the steps, as for every harness, and is not a step.
  const transcript = record.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('region', { name: 'Prompt' })).toContainText('Task: Explain the weekly trend chapter as a short presentation.');
  await expect(transcript.getByRole('region', { name: 'Prompt' })).toContainText('TASK.md in the current folder describes the task');
  const steps = transcript.getByRole('list', { name: 'Steps' }).locator(':scope > li');
  await expect(steps).toHaveCount(1);
  await expect(steps.first()).toHaveAttribute('aria-label', 'Step 1 · agent');
  // The steps' tokens and those in no step add up to the run's total the transcript shows.
  const figures = async (text: string) => [...text.matchAll(/([\d,]+) in \/ ([\d,]+) out tokens/g)].map((m) => [Number(m[1]!.replace(/,/g, '')), Number(m[2]!.replace(/,/g, ''))]);
  const [total, ...parts] = await figures(await transcript.innerText());
  expect(total).toEqual([1200, 300]);
  expect(parts.reduce(([i, o], [pi, po]) => [i! + pi!, o! + po!], [0, 0])).toEqual(total);

  // Its build, sandboxed as the arena frames one, from its own *.localhost site.
  await record.getByRole('button', { name: 'Open build' }).click();
  const frame = record.locator('iframe[title="Build of command · scripted"]');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  await expect(frame).toHaveAttribute('src', /^http:\/\/[0-9a-f]{32}-run\.localhost:\d+\/$/);
  await expect(page.frameLocator('iframe[title="Build of command · scripted"]').getByRole('heading', { name: 'Built by the command harness' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(record).toBeHidden();

  // What the screen showed is what the server holds.
  const api = ServedApi.fromAppUrl(app!.url);
  const { studies: stored } = await api.call('runs.studies', {});
  expect(stored.map((s) => [s.name, s.state, s.counts.succeeded])).toEqual([['form study', 'finished', 1]]);
  // The one refusal asked for above, and nothing else went wrong.
  expect(problems).toEqual([expect.stringMatching(/^400 for http:\/\/127\.0\.0\.1:\d+\/rpc\/runs\.skillVersions$/)]);
});

test('a long run is cancelled from the screen, after which retry and resume apply', async ({ page }) => {
  test.setTimeout(90_000);
  await openRunsScreen(page, app!.url);
  const dialog = await fillCommandStudy(page, 'sleep 600', 'sleepy study');
  await dialog.getByRole('button', { name: 'Start study' }).click();
  await expect(dialog).toBeHidden();

  const study = page.getByRole('region', { name: 'Study sleepy study' });
  const row = study.getByRole('table', { name: /^Runs of this study/ }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /command · scripted/ }) });
  await expect(row.getByRole('cell').first()).toHaveText('running', { timeout: 30_000 });
  await expect(study.getByRole('button', { name: 'Cancel study' })).toBeEnabled();
  // The elapsed time moves while it runs.
  const elapsed = row.getByRole('cell').nth(1);
  await expect(elapsed).toHaveText(/^\d+ s$/);
  const first = await elapsed.textContent();
  await expect(elapsed).not.toHaveText(first!, { timeout: 20_000 });

  await row.getByRole('button', { name: /^Cancel run/ }).click();
  await expect(row.getByRole('cell').first()).toHaveText('cancelled', { timeout: 30_000 });
  await expect(study.getByRole('button', { name: 'Cancel study' })).toBeDisabled({ timeout: 30_000 });
  await expect(row.getByRole('button', { name: /^Retry run/ })).toBeEnabled();
  await expect(study.getByRole('button', { name: 'Resume study' })).toBeEnabled();
  await expect(row.getByRole('button', { name: /^Cancel run/ })).toBeDisabled();

  const { runs } = await ServedApi.fromAppUrl(app!.url).call('runs.study', { studyId: (await ServedApi.fromAppUrl(app!.url).call('runs.studies', {})).studies[0]!.id });
  expect(runs.map((r) => r.status)).toEqual(['cancelled']);
  expect(problems).toEqual([]);
});

test('a run its provider refused is run again by Retry failed runs, and ends succeeded', async ({ page }) => {
  test.setTimeout(120_000);
  // A provider that refuses the first request, as a wrong key is refused, and answers every later one.
  let requests = 0;
  const provider = createServer((_req, res) => {
    requests += 1;
    if (requests === 1) res.writeHead(401, { 'content-type': 'application/json' }).end('{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/`;
    await openRunsScreen(page, app!.url);
    const dialog = await fillCommandStudy(page, `code=$(curl -s -o answer.json -w '%{http_code}' ${url}); if [ "$code" != 200 ]; then echo "HTTP $code: $(cat answer.json)" >&2; exit 1; fi\n${BUILD_COMMAND}`, 'refused study');
    await dialog.getByRole('button', { name: 'Start study' }).click();
    await expect(dialog).toBeHidden();

    const study = page.getByRole('region', { name: 'Study refused study' });
    const row = study.getByRole('table', { name: /^Runs of this study/ }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /command · scripted/ }) });
    await expect(row.getByRole('cell').first()).toHaveText(/^failedauth$/, { timeout: 60_000 });
    await expect(row).toContainText('authentication_error');
    // Never retried on its own; asked for, it is.
    expect(requests).toBe(1);
    await study.getByRole('button', { name: 'Retry failed runs' }).click();
    await expect(row.getByRole('cell').first()).toHaveText('succeeded · attempt 2', { timeout: 60_000 });
    await expect(row).toContainText('written');
    await expect(study.getByRole('button', { name: 'Retry failed runs' })).toBeDisabled();
    expect(requests).toBe(2);
    expect(problems).toEqual([]);
  } finally {
    provider.closeAllConnections();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  }
});

test("an imported run's record opens from its task's runs, with its frames and build from the asset server", async ({ page }) => {
  test.setTimeout(90_000);
  await openRunsScreen(page, app!.url);
  await page.getByRole('region', { name: 'Tasks' }).getByRole('button', { name: /^Quillmoss marketing pages/ }).click();
  const runs = page.getByRole('region', { name: /^Runs of Quillmoss/ });
  await runs.getByRole('button', { name: 'Open run claude-code · claude-sonnet-4-5' }).click();
  const record = page.getByRole('dialog', { name: 'Run claude-code · claude-sonnet-4-5' });
  await expect(record).toContainText('Imported bundles carry no transcript');
  const frames = record.getByRole('list', { name: 'Frames' }).getByRole('img');
  await expect(frames).toHaveCount(3);
  for (const frame of await frames.all()) {
    await expect(frame).toHaveAttribute('src', /^http:\/\/localhost:\d+\/r\/[0-9a-f]{32}\/frames\//);
    await expect.poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await record.getByRole('button', { name: 'Open build' }).click();
  const frame = record.locator('iframe[title="Build of claude-code · claude-sonnet-4-5"]');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  await expect(page.frameLocator('iframe[title="Build of claude-code · claude-sonnet-4-5"]').locator('body')).not.toBeEmpty();
  await record.getByRole('button', { name: /^Close/ }).click();
  await expect(record).toBeHidden();
  expect(problems).toEqual([]);
});
