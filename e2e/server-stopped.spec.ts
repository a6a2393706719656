import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { launchApp, repoRoot, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';
import { ServedApi } from './served-api.ts';

// Issue 9: the browser tab must learn that the server stopped (its job tray must not keep saying
// "Running"), and a second process opening the workspace must not fail the app's running jobs.

/** Enough Markdown files that importing them takes several seconds on this machine. */
const FILES = 3000;

let app: LaunchedApp | undefined;
let folder: string;
let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  folder = mkdtempSync(join(tmpdir(), 'lhb-e2e-notes-'));
  for (let i = 0; i < FILES; i++) writeFileSync(join(folder, `note-${String(i).padStart(4, '0')}.md`), `# Note ${i}\n\n${'Words to import. '.repeat(40)}\n`);
  app = await launchApp(['bin/lhb.mjs', 'serve']);
});

test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  rmSync(folder, { recursive: true, force: true });
});

function runLhb(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/lhb.mjs', ...args], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

/** Opens the app, starts importing the folder and resolves with the tray's entry for the running import. */
async function startLongImport(page: Page) {
  await page.goto(app!.url);
  await expect(page.getByRole('banner')).toContainText('Demo');
  const api = ServedApi.fromAppUrl(app!.url);
  const { jobId } = await api.call('sources.importPaths', { paths: [folder] });
  const { jobs } = await api.call('jobs.list', {});
  const title = jobs.find((job) => job.id === jobId)!.title;
  const entry = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem', { name: title });
  await expect(entry).toContainText('Running');
  await expect(entry.getByRole('progressbar')).toBeVisible();
  return { api, jobId, entry };
}

test('when the server is killed, the tab says so and how to restart it, and its job is no longer shown as running', async ({ page }) => {
  test.setTimeout(90_000);
  const { entry } = await startLongImport(page);
  await expect(page.getByRole('heading', { name: /^Jobs/ })).toContainText('1');

  process.kill(app!.pid, 'SIGKILL');

  const banner = page.getByRole('alert').filter({ hasText: 'server has stopped' });
  await expect(banner).toBeVisible({ timeout: 60_000 });
  await expect(banner).toContainText('npm start');
  await expect(banner).toContainText('lhb serve');
  await expect(banner).toContainText('each launch has a new token');

  await expect(entry).not.toContainText('Running');
  await expect(entry.locator('.job__state')).toHaveText('Unknown');
  await expect(entry).toContainText('it may have stopped with the server');
  await expect(entry.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await expect(entry.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Jobs/ }).getByLabel(/unknown$/)).toBeVisible();

  // A refused connection to the stopped server is expected; nothing else may go wrong on the page.
  expect(problems.filter((problem) => !/ERR_CONNECTION_REFUSED|net::ERR_/.test(problem))).toEqual([]);
});

test('an lhb command opening the workspace while the app imports leaves the import running to its end', async ({ page }) => {
  test.setTimeout(180_000);
  const { api, jobId, entry } = await startLongImport(page);

  // Watch the job's stored state closely while `lhb info` opens the same workspace and a little
  // after: a job failed by the other process would show up here even if the app wrote over it later.
  const states = new Set<string>();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const { jobs } = await api.call('jobs.list', {});
      states.add(jobs.find((job) => job.id === jobId)?.state ?? 'missing');
    }
  })();
  const info = await runLhb(['info', '--json', '--workspace', app!.workspace]);
  expect(info.code, info.stderr).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 500));
  watching = false;
  await watcher;
  expect([...states]).toEqual(['running']);
  await expect(entry).toContainText('Running');

  const ended = await api.waitForJob(jobId, 150_000);
  expect(ended).toMatchObject({ state: 'succeeded', message: `Imported ${FILES} sources` });
  await expect(entry).toContainText('Done');
  expect(problems).toEqual([]);
});
