import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parseStudyFile } from '../schemas/study-file.ts';
import { installableHarnesses } from '../core/runs/harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../core/runs/harnesses/test-harness-tools.fixture.ts';
import { openRunsScreen } from './runs-screen.ts';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';

test.use({ viewport: { width: 1600, height: 1000 } });

const DEMO_SKILL = join(repoRoot, 'datasets', 'demo', 'runs', 'skills', 'static-page-builder');

/** The study the form is asked to build: two command configurations, each on its own endpoint or version, with skill arms. */
const STUDY_FILE = `name: form-study
tasks: [demo-figma-pricing]
repeats: 2
skill:
  dir: ${DEMO_SKILL}
  versions: [none, v2]
configurations:
  - harness: command
    model: scripted
    command: "true"
    endpoint: https://gateway.example/v1
    apiKeyEnv: LAB_KEY
  - harness: command
    model: other
    command: echo hi
    harnessVersion: "1.0"
    skillVersions: [v2]
    price: { inputPerMillion: 3, outputPerMillion: 15 }
`;

let app: LaunchedApp | undefined;
let problems: string[] = [];
const children: ChildProcess[] = [];
// The demo runs the real harness CLIs, installed once per machine as the unit tests install them: this
// spec may run alone, on a machine where no unit test has installed them yet.
test.beforeAll(async () => {
  test.setTimeout(600_000);
  for (const adapter of installableHarnesses()) await ensureTestHarness(adapter);
});
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  app = await launchApp(['bin/lhb.mjs', 'serve'], { env: { LHB_TOOLS_DIR: TEST_TOOLS_DIR } });
});
test.afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await app?.stop();
  app = undefined;
});

async function exported(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'New study' });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export as study file' }).click();
  return readFileSync((await (await download).path())!, 'utf8');
}

test('the New study form builds the same spec as the study file, both ways, and names the line of a bad file', async ({ page }, info) => {
  test.setTimeout(150_000);
  await openRunsScreen(page, app!.url);
  await page.getByRole('region', { name: 'Studies' }).getByRole('button', { name: 'New study…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New study' });
  await expect(dialog.getByRole('combobox', { name: 'Harness, configuration 1' })).toBeVisible({ timeout: 60_000 });

  // By hand: the task, two configurations, the skill's arms, the repeats.
  await dialog.getByRole('group', { name: 'Tasks' }).getByRole('checkbox', { name: /Quillmoss marketing pages/ }).check();
  await dialog.getByRole('combobox', { name: 'Harness, configuration 1' }).selectOption('command');
  await dialog.getByRole('textbox', { name: 'Model, configuration 1' }).fill('scripted');
  await dialog.getByRole('textbox', { name: /^Command .*configuration 1$/ }).fill('true');
  await dialog.getByRole('textbox', { name: 'Endpoint, configuration 1' }).fill('https://gateway.example/v1');
  await dialog.getByRole('textbox', { name: 'Key variable, configuration 1' }).fill('LAB_KEY');
  await dialog.getByRole('button', { name: 'Add configuration' }).click();
  await dialog.getByRole('combobox', { name: 'Harness, configuration 2' }).selectOption('command');
  await dialog.getByRole('textbox', { name: 'Model, configuration 2' }).fill('other');
  await dialog.getByRole('textbox', { name: /^Command .*configuration 2$/ }).fill('echo hi');
  await dialog.getByRole('textbox', { name: 'Harness version, configuration 2' }).fill('1.0');
  await dialog.getByRole('textbox', { name: 'Input price, configuration 2' }).fill('3');
  await dialog.getByRole('textbox', { name: 'Output price, configuration 2' }).fill('15');
  // A third row, removed again.
  await dialog.getByRole('button', { name: 'Add configuration' }).click();
  await dialog.getByRole('button', { name: 'Remove configuration 3' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Harness, configuration 3' })).toHaveCount(0);

  const skillDir = dialog.getByRole('textbox', { name: /^Skill folder on this machine/ });
  await skillDir.fill(DEMO_SKILL);
  await skillDir.blur();
  const versions = dialog.getByRole('group', { name: 'Skill versions' });
  // The folder's versions, none among them, with its base version ticked by default.
  await expect(versions.getByRole('checkbox')).toHaveCount(4);
  await expect(versions.getByRole('checkbox', { name: /^base/ })).toBeChecked();
  await expect(versions.getByRole('checkbox', { name: /^none/ })).not.toBeChecked();
  await versions.getByRole('checkbox', { name: /^none/ }).check();
  await versions.getByRole('checkbox', { name: /^v2/ }).check();
  await versions.getByRole('checkbox', { name: /^base/ }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Arm none, configuration 2' }).uncheck();
  await dialog.getByRole('spinbutton', { name: 'Repeats' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Study name (optional)' }).fill('form-study');
  // 1 task × (2 arms + 1 arm) × 2 repeats.
  await expect(dialog.getByRole('status').filter({ hasText: /runs?:/ })).toHaveText(/^6 runs: 1 task × 2 configurations × their arms × 2 repeats\.$/);

  const expected = parseStudyFile(STUDY_FILE, 'study.yaml');
  expect(parseStudyFile(await exported(page), 'exported.yaml')).toEqual(expected);

  // The other way: the file opened fills the form, which exports it unchanged.
  const file = info.outputPath('study.yaml');
  writeFileSync(file, STUDY_FILE);
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: 'Studies' }).getByRole('button', { name: 'New study…' }).click();
  await dialog.getByRole('button', { name: 'Remove configuration 2' }).click();
  await dialog.getByLabel('Open a study file').setInputFiles(file);
  await expect(dialog.getByRole('status').filter({ hasText: 'Opened study.yaml.' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Key variable, configuration 1' })).toHaveValue('LAB_KEY');
  await expect(dialog.getByRole('checkbox', { name: 'Arm none, configuration 2' })).not.toBeChecked();
  await expect(dialog.getByRole('status').filter({ hasText: /runs?:/ })).toHaveText(/^6 runs/);
  expect(parseStudyFile(await exported(page), 'exported.yaml')).toEqual(expected);

  // A misspelt field is refused naming the file, the line and the field; the form keeps what it held.
  const bad = info.outputPath('bad.yaml');
  writeFileSync(bad, STUDY_FILE.replace('    apiKeyEnv: LAB_KEY', '    apiKeyEnvv: LAB_KEY'));
  await dialog.getByLabel('Open a study file').setInputFiles(bad);
  await expect(dialog.getByRole('alert')).toContainText('bad.yaml:12: configurations.0.apiKeyEnvv: unknown field "apiKeyEnvv"');
  await expect(dialog.getByRole('textbox', { name: 'Key variable, configuration 1' })).toHaveValue('LAB_KEY');
  expect(problems).toEqual([]);
});

test('the demo study runs from the form with the scripted model, no key needed', async ({ page }) => {
  test.setTimeout(300_000);
  await openRunsScreen(page, app!.url);
  await page.getByRole('region', { name: 'Studies' }).getByRole('button', { name: 'New study…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New study' });
  await dialog.getByRole('button', { name: 'Try it with the scripted model' }).click();
  // Starting checks each installed harness CLI (its version) first.
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  const study = page.getByRole('region', { name: /^Study / });
  await expect(study).toBeVisible();
  const rows = study.getByRole('table', { name: /^Runs of this study/ }).getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  await expect(study.getByLabel('State: finished')).toBeVisible({ timeout: 280_000 });
  for (let i = 0; i < count; i++) {
    await expect(rows.nth(i).getByRole('cell').first()).toHaveText('succeeded');
    await expect(rows.nth(i)).toContainText('skill v2');
  }
  // Each installed harness on each demo task: the Figma task, the one read through its MCP server, the 3-turn one.
  const perTask = await rows.filter({ hasText: 'demo-figma-pricing' }).count();
  expect(perTask).toBeGreaterThan(0);
  for (const task of ['demo-design-tokens-mcp', 'demo-grpo-revisions']) await expect(rows.filter({ hasText: task })).toHaveCount(perTask);
  expect(count).toBe(3 * perTask);
  expect(problems).toEqual([]);
});

test('"Run without sandbox" warns what it gives away and writes sandbox: false; each run shows the sandbox it ran in, with its limits', async ({ page }) => {
  test.setTimeout(180_000);
  await openRunsScreen(page, app!.url);
  const studies = page.getByRole('region', { name: 'Studies' });
  await studies.getByRole('button', { name: 'New study…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New study' });
  await expect(dialog.getByRole('combobox', { name: 'Harness, configuration 1' })).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('group', { name: 'Tasks' }).getByRole('checkbox', { name: /Quillmoss marketing pages/ }).check();
  await dialog.getByRole('combobox', { name: 'Harness, configuration 1' }).selectOption('command');
  await dialog.getByRole('textbox', { name: 'Model, configuration 1' }).fill('unboxed');
  await dialog.getByRole('textbox', { name: /^Command .*configuration 1$/ }).fill('true');
  await dialog.getByRole('textbox', { name: 'Study name (optional)' }).fill('no-sandbox-study');
  const warning = dialog.getByText(/a hostile or prompt-injected agent can read and change anything you can/);
  await expect(warning).toHaveCount(0);
  expect(parseStudyFile(await exported(page), 'exported.yaml').sandbox).toBeUndefined();
  await dialog.getByRole('checkbox', { name: 'Run without sandbox' }).check();
  await expect(warning).toBeVisible();
  expect(parseStudyFile(await exported(page), 'exported.yaml').sandbox).toBe(false);
  await dialog.getByRole('button', { name: 'Start study' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  const unboxed = page.getByRole('region', { name: 'Study no-sandbox-study' });
  const unboxedRow = unboxed.getByRole('table', { name: /^Runs of this study/ }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /command · unboxed/ }) });
  await expect(unboxedRow.getByRole('cell').first()).toHaveText('succeeded', { timeout: 60_000 });
  await expect(unboxedRow).toContainText('none: ran without the sandbox');

  // The same from the CLI, sandboxed as by default: its mode, network and each limit with what enforced it.
  const cli = startFromCli(['--task', 'demo-chapter-trend', '--harness', 'command', '--model', 'boxed', '--command', 'mkdir -p out && echo done > out/result.txt', '--name', 'boxed-study']);
  const exited = new Promise<number | null>((resolve) => cli.on('exit', resolve));
  expect(await exited).toBe(0);
  const pick = studies.getByRole('button', { name: 'boxed-study' });
  await expect(pick).toBeVisible({ timeout: 30_000 });
  await pick.click();
  const boxed = page.getByRole('region', { name: 'Study boxed-study' });
  await expect(boxed).toBeVisible();
  const boxedRow = boxed.getByRole('table', { name: /^Runs of this study/ }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /command · boxed/ }) });
  await expect(boxedRow.getByRole('cell').first()).toHaveText('succeeded', { timeout: 30_000 });
  await expect(boxedRow).toContainText(/bubblewrap · network host · memory 16 GiB \((cgroup-v2|cgroup-v1|rlimit)\) · 2048 processes \((cgroup-v2|cgroup-v1|rlimit)\) · disk 32 GiB \(run-folder-watch\)/);
  expect(problems).toEqual([]);
});

test("the form lists which task servers ask for which variables, refuses one not allowed next to its field, and allows it by name", async ({ page }, info) => {
  const taskFolder = info.outputPath('mcp-task');
  mkdirSync(taskFolder, { recursive: true });
  writeFileSync(
    join(taskFolder, 'task.json'),
    JSON.stringify({ id: 'demo-figma-pricing', kind: 'programmatic', title: 'Uses a tool', instruction: 'x', mcp_servers: { figma: { command: 'node', args: ['server.mjs'], env_from: { FIGMA_TOKEN: 'LHB_E2E_FIGMA_KEY' } } } }),
  );
  const file = info.outputPath('mcp-study.yaml');
  writeFileSync(file, `name: mcp-env-study\ntasks: [demo-figma-pricing]\ntaskFolders: { demo-figma-pricing: ${JSON.stringify(taskFolder)} }\nconfigurations:\n  - harness: command\n    model: scripted\n    command: "true"\n`);
  await openRunsScreen(page, app!.url);
  await page.getByRole('region', { name: 'Studies' }).getByRole('button', { name: 'New study…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New study' });
  await expect(dialog.getByRole('combobox', { name: 'Harness, configuration 1' })).toBeVisible({ timeout: 60_000 });
  await dialog.getByLabel('Open a study file').setInputFiles(file);
  await expect(dialog.getByRole('status').filter({ hasText: 'Opened mcp-study.yaml.' })).toBeVisible();
  const asked = dialog.getByRole('list', { name: 'What the tasks’ MCP servers ask for' }).getByRole('listitem');
  await expect(asked).toHaveText([/^Task demo-figma-pricing, server figma: LHB_E2E_FIGMA_KEY \(as its variable FIGMA_TOKEN\) — not allowed/]);

  await dialog.getByRole('button', { name: 'Start study' }).click();
  const field = dialog.getByRole('textbox', { name: "Variables the tasks' MCP servers may receive" });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/task "demo-figma-pricing": MCP server "figma" asks for the environment variable LHB_E2E_FIGMA_KEY/)).toBeVisible();
  await expect(dialog).toBeVisible();

  await field.fill('LHB_E2E_FIGMA_KEY');
  await expect(asked).toHaveText([/— allowed$/]);
  expect(parseStudyFile(await exported(page), 'exported.yaml').allowMcpEnv).toEqual(['LHB_E2E_FIGMA_KEY']);
});

/** `lhb runs start` in a terminal beside the app, on the app's workspace. */
function startFromCli(args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['bin/lhb.mjs', 'runs', 'start', ...args, '--workspace', app!.workspace], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

test('a study started from the CLI is followed live on the Runs screen, and cancelled from it', async ({ page }) => {
  test.setTimeout(120_000);
  await openRunsScreen(page, app!.url);
  const studies = page.getByRole('region', { name: 'Studies' });
  await expect(studies).toContainText('No studies yet');

  const cli = startFromCli(['--task', 'demo-chapter-trend', '--harness', 'command', '--model', 'scripted', '--command', 'sleep 4; mkdir -p out && echo done > out/result.txt; echo \'{"type":"usage","input":10,"output":5,"costUsd":0.0042}\'', '--name', 'cli-study']);
  const exited = new Promise<number | null>((resolve) => cli.on('exit', resolve));
  // Without a reload: the table, the run list and the Jobs panel follow the other process.
  const pick = studies.getByRole('button', { name: 'cli-study' });
  await expect(pick).toBeVisible({ timeout: 30_000 });
  await pick.click();
  const study = page.getByRole('region', { name: 'Study cli-study' });
  const row = study.getByRole('table', { name: /^Runs of this study/ }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /command · scripted/ }) });
  await expect(row.getByRole('cell').first()).toHaveText('running', { timeout: 30_000 });
  await expect(study).toContainText('run by another process');
  await expect(page.getByRole('listitem', { name: 'Study: cli-study' })).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText('succeeded', { timeout: 30_000 });
  await expect(row).toContainText('$0.0042');
  await expect(studies.getByRole('row').filter({ hasText: 'cli-study' })).toContainText('finished');
  await expect(page.getByRole('listitem', { name: 'Study: cli-study' })).toContainText(/1 succeeded|Succeeded|done/i);
  expect(await exited).toBe(0);

  // A long one: Cancel study on the screen stops the runs the terminal's process runs.
  const long = startFromCli(['--task', 'demo-chapter-trend', '--harness', 'command', '--model', 'scripted', '--command', 'sleep 600', '--name', 'long-cli-study']);
  const longExited = new Promise<number | null>((resolve) => long.on('exit', resolve));
  await studies.getByRole('button', { name: 'long-cli-study' }).click({ timeout: 30_000 });
  const longStudy = page.getByRole('region', { name: 'Study long-cli-study' });
  const longRow = longStudy.getByRole('table', { name: /^Runs of this study/ }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /command · scripted/ }) });
  await expect(longRow.getByRole('cell').first()).toHaveText('running', { timeout: 30_000 });
  // Retry and Resume belong to the process running it, and say so.
  await expect(longStudy.getByRole('button', { name: 'Resume study' })).toBeDisabled();
  await expect(longStudy).toContainText('Resume study: It runs in another process');
  await longStudy.getByRole('button', { name: 'Cancel study' }).click();
  await expect(longRow.getByRole('cell').first()).toHaveText('cancelled', { timeout: 30_000 });
  await expect(longStudy.getByRole('button', { name: 'Cancel study' })).toBeDisabled();
  await expect(longStudy).toContainText('Cancel study: It is not running.');
  await longExited;
  expect(problems).toEqual([]);
});
