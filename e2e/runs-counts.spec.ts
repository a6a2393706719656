import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { durationText } from '../schemas/run-duration.ts';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * A command harness run of two steps: a failing ls in the first, a passing one in the second,
 * and an outcome line claiming a duration of its own (16 min) that is not the run's.
 */
const TWO_STEPS = join(repoRoot, 'core', 'runs', 'harnesses', 'command', 'fixtures', 'two-steps-recovered.jsonl');
const COMMAND = `sleep 1.5 && mkdir -p out/dist && printf '<h1>Built</h1>' > out/dist/index.html && cat '${TWO_STEPS}'`;

let app: LaunchedApp | undefined;
let problems: string[] = [];
let scratch: string;
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  app = await launchApp(['bin/lhb.mjs', 'serve']);
  scratch = mkdtempSync(join(tmpdir(), 'lhb-e2e-counts-'));
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  rmSync(scratch, { recursive: true, force: true });
});

/** `lhb …` on the served app's workspace, as a researcher types it beside the open app. */
function lhb(args: string[]): string {
  const result = spawnSync(process.execPath, ['bin/lhb.mjs', ...args, '--workspace', app!.workspace], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`lhb ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

test('one run reads the same in the CLI, on the Runs screen, in the dataset export and in its ATIF file: steps from 1, one duration', async ({ page }) => {
  test.setTimeout(150_000);
  const started = lhb(['runs', 'start', '--task', 'demo-chapter-trend', '--harness', 'command', '--model', 'scripted', '--command', COMMAND, '--name', 'counts study', '--json']);
  const runId = (JSON.parse(started.trim().split('\n').at(-1)!) as { runs: { id: string; status: string }[] }).runs[0]!.id;

  // The CLI.
  const shown = JSON.parse(lhb(['runs', 'show', runId, '--json'])) as { durationMs: number; errors: { step: number; recoveredAtStep: number | null }[] };
  expect(shown.errors).toEqual([expect.objectContaining({ step: 1, type: 'not-found', recovered: true, recoveredAtStep: 2 })]);
  expect(shown.durationMs).toBeGreaterThanOrEqual(1500);
  // Well under the claimed 16 min, with room for a loaded machine: the run's own time, not the claim.
  expect(shown.durationMs).toBeLessThan(5 * 60_000);
  const duration = durationText(shown.durationMs)!;
  const showText = lhb(['runs', 'show', runId]);
  expect(showText).toContain(`Duration: ${duration}\n`);
  expect(showText).toContain('  step 1: not-found error, recovered at step 2: ls: cannot access /missing-folder');

  // The dataset export.
  lhb(['export', 'hf', '--out', join(scratch, 'hf'), '--format', 'jsonl', '--subsets', 'runs']);
  const rows = readFileSync(join(scratch, 'hf', 'data', 'runs', 'train-00000-of-00001.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(rows.find((row) => row.run_id === runId)).toMatchObject({ duration_ms: shown.durationMs, steps: 2, tool_calls: 2, failed_tool_calls: 1, errors: 1, recovered_errors: 1 });

  // Its ATIF file numbers the steps the same way.
  const atif = JSON.parse(lhb(['runs', 'export-atif', runId])) as { steps: { step_id: number; tool_calls?: { function_name: string; arguments: { command: string } }[] }[]; extra: { lhb: { run_duration_ms: number } } };
  expect(atif.steps.map((step) => [step.step_id, step.tool_calls?.[0]?.arguments.command])).toEqual([
    [1, 'ls /missing-folder'],
    [2, 'ls out/dist'],
  ]);
  expect(atif.extra.lhb.run_duration_ms).toBe(shown.durationMs);

  // The Runs screen.
  const url = new URL(app!.url);
  await page.goto(url.href);
  url.hash = '#/runs';
  await page.goto(url.href);
  await page.getByRole('region', { name: 'Studies' }).getByRole('button', { name: 'counts study' }).click();
  const study = page.getByRole('region', { name: 'Study counts study' });
  const row = study.getByRole('table', { name: /^Runs of this study/ }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /command · scripted/ }) });
  await expect(row.getByRole('cell').first()).toHaveText('succeeded');
  await expect(row.getByRole('cell').nth(1)).toHaveText(duration);
  await row.getByRole('button', { name: /^Open / }).click();
  const record = page.getByRole('dialog', { name: 'Run command · scripted' });
  await expect(record.locator('.run-dialog__fact', { hasText: 'Duration' }).locator('dd')).toHaveText(duration);
  const failedStep = record.getByRole('listitem', { name: 'Step 1 · agent' });
  await expect(failedStep.locator('.tool-call--failed')).toContainText('ls /missing-folder');
  await expect(failedStep.locator('.tool-call--failed')).toContainText('Recovered at step 2');
  await expect(record.getByRole('listitem', { name: 'Step 2 · agent' })).toContainText('ls out/dist');
  expect(problems).toEqual([]);
});
