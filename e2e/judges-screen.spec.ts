import { expect, test, type Page } from '@playwright/test';
import { FAKE_KEY_ENV, FAKE_KEYS } from '../core/judge/providers/fake-judge-setup.fixture.ts';
import { startFakeOpenAiServer } from '../core/model-apis/openai-chat/fake-openai-server.fixture.ts';
import type { FakeProviderServer, FakeRequest } from '../core/model-apis/fake-model-api-server.fixture.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';

test.use({ viewport: { width: 1440, height: 900 } });

/** A variable no test machine sets: the server was started without it. */
const UNSET_KEY_ENV = 'LHB_E2E_JUDGE_KEY_NOT_SET';

/** Every rubric the prompt lists, scored 4, with evidence naming it. */
const scoreFour = (request: FakeRequest) => ({
  type: 'text' as const,
  text: JSON.stringify({
    rubric_scores: [...request.prompt.text.matchAll(/^### \d+\. (.+)$/gm)].map((match) => ({ rubric_name: match[1]!.trim(), score: 4, matched_level: '4', thinking_process: `Evidence for ${match[1]!.trim()}.` })),
  }),
  usage: { input: 100, output: 20 },
});

let app: LaunchedApp | undefined;
let server: FakeProviderServer | undefined;
let problems: string[] = [];
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  server = await startFakeOpenAiServer({ respond: scoreFour });
  app = await launchApp(['bin/lhb.mjs', 'serve'], { env: FAKE_KEYS });
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  await server?.close();
});

async function openJudges(page: Page): Promise<void> {
  await page.goto(app!.url); // the launch link carries the session token
  await expect(page.getByRole('banner')).toContainText('Demo');
  const url = new URL(app!.url);
  url.hash = '#/judges';
  await page.goto(url.href);
  await expect(page.getByRole('region', { name: 'Judge runs' })).toBeVisible();
}

test('a judge whose key variable the server lacks is refused saying to restart the server with it set, and the judges typed stay after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await openJudges(page);
  const judging = page.getByRole('region', { name: 'Judge runs' });
  const judges = JSON.stringify([{ name: 'unkeyed-judge', provider: 'openai', baseUrl: server!.baseUrl, model: 'gpt-test', apiKeyEnv: UNSET_KEY_ENV }], null, 2);
  await judging.getByLabel(/^Judges/).fill(judges);
  await judging.getByRole('button', { name: 'Start judging' }).click();
  const status = judging.getByRole('status');
  await expect(status).toContainText(`The app's server has no ${UNSET_KEY_ENV} in its environment`);
  await expect(status).toContainText(`Stop the server and start it again with ${UNSET_KEY_ENV} set`);
  await expect(status).toContainText(`${UNSET_KEY_ENV}=… lhb serve`);
  expect(server!.requestCount).toBe(0);

  // The judges file typed here is this workspace's: a reload keeps it, not the example.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Judge runs' }).getByLabel(/^Judges/)).toHaveValue(judges);
  // The refusal is the one error response: the server answered judge.start with a 400 saying why.
  expect(problems).toEqual([expect.stringMatching(/^400 for .*\/rpc\/judge\.start$/)]);
});

test('the judged runs are listed by task with their scores, and their configurations only when shown', async ({ page }) => {
  test.setTimeout(120_000);
  await openJudges(page);
  const judging = page.getByRole('region', { name: 'Judge runs' });
  await judging.getByLabel(/^Judges/).fill(JSON.stringify([{ name: 'gpt-judge', provider: 'openai', baseUrl: server!.baseUrl, model: 'gpt-test', apiKeyEnv: FAKE_KEY_ENV }]));
  await judging.getByLabel('Tier').selectOption('output');
  await judging.getByRole('button', { name: 'Start judging' }).click();
  await expect(judging.getByRole('status')).toContainText('3 runs judged', { timeout: 60_000 });

  const judgments = page.getByRole('region', { name: 'Judgments' });
  const runs = judgments.getByRole('list', { name: 'Judged runs' }).getByRole('listitem');
  await expect(runs).toHaveCount(3);
  for (const run of await runs.all()) {
    await expect(run).toContainText('Quillmoss marketing pages from the Figma file');
    await expect(run).toContainText('configuration hidden');
    await expect(run).toContainText('mean 4.0 of 1–5');
    await expect(run).toContainText('8 scored');
    await expect(run).not.toContainText(/claude-code|codex|gemini-cli/);
  }
  // No run id stands in for the run.
  await expect(judgments.getByRole('list', { name: 'Judged runs' })).not.toContainText(/\b[0-9a-f]{12}\b/);

  await judgments.getByRole('checkbox', { name: 'Show configurations' }).check();
  await expect(runs.filter({ hasText: 'claude-code · claude-sonnet-4-5' })).toHaveCount(1);
  await expect(runs.filter({ hasText: 'configuration hidden' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
