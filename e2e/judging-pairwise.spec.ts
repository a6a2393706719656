import { expect, test } from '@playwright/test';
import { FAKE_KEY_ENV, FAKE_KEYS } from '../core/judge/providers/fake-judge-setup.fixture.ts';
import { pairwiseJudgeResponder } from '../core/judge/pairwise/fake-pairwise-judge.fixture.ts';
import { startFakeOpenAiServer } from '../core/model-apis/openai-chat/fake-openai-server.fixture.ts';
import type { FakeProviderServer } from '../core/model-apis/fake-model-api-server.fixture.ts';
import { AnalysisPage } from './analysis-page.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';

test.use({ viewport: { width: 1440, height: 900 } });

let app: LaunchedApp | undefined;
let server: FakeProviderServer | undefined;
test.beforeEach(async () => {
  // A judge that always picks the side shown first: asked twice with the sides swapped, it flips on every pair.
  server = await startFakeOpenAiServer({ respond: pairwiseJudgeResponder({ favourFirst: 1, seed: 'e2e-pairwise' }) });
  app = await launchApp(['bin/lhb.mjs', 'serve'], { env: FAKE_KEYS });
});
test.afterEach(async () => {
  await app?.stop();
  await server?.close();
  app = server = undefined;
});

test('a researcher asks a judge for pairwise verdicts from the Judges screen, and Analysis shows its flips as its position bias', async ({ page }) => {
  test.setTimeout(180_000);
  const url = new URL(app!.url);
  await page.goto(app!.url); // the launch link carries the session token
  url.hash = '#/judges';
  await page.goto(url.href);
  const judging = page.getByRole('region', { name: 'Judge runs' });
  const judge = { name: 'left-leaning-judge', provider: 'openai', baseUrl: server!.baseUrl, model: 'gpt-test', apiKeyEnv: FAKE_KEY_ENV, pricePerMillion: { input: 1, output: 4 } };
  await judging.getByLabel(/^Judges/).fill(JSON.stringify([judge]));
  await judging.getByLabel('Ask for').selectOption({ label: 'Pairwise verdicts: two runs of a task, asked twice with the sides swapped' });
  // Pairwise asks which pairs, not a scale or rubric sets.
  await expect(judging.getByRole('textbox', { name: 'Rubric sets' })).toHaveCount(0);
  await expect(judging.getByRole('combobox', { name: 'Scale' })).toHaveCount(0);
  await expect(judging.getByLabel('Pairs')).toHaveValue('auto');
  await judging.getByLabel('Tier').selectOption('output');
  await judging.getByRole('button', { name: 'Start pairwise judging' }).click();

  const status = judging.getByRole('status');
  await expect(status).toContainText('(every pair of configurations per task) at the output tier, each asked twice with the sides swapped', { timeout: 90_000 });
  // A pair whose run lacks frames is left out and said to be; every other is judged, asked twice.
  const [, stored] = /: (\d+) of \d+ verdicts stored \(0 from earlier, 0 failed\)/.exec((await status.textContent()) ?? '') ?? [];
  expect(Number(stored), 'the demo has pairs to judge').toBeGreaterThan(0);
  expect(server!.requestCount, 'each pair asked twice').toBe(2 * Number(stored));

  const analysis = new AnalysisPage(page);
  await analysis.open(app!.url);
  const table = page.getByRole('table', { name: /^Pairwise judges, sides swapped/ });
  const rows = await analysis.rows(table);
  expect(rows).toHaveLength(1);
  // Its pairs, then its flip rate, its lean to the side shown first and its ties: every verdict flipped, so every one is a tie.
  expect(rows[0]!.slice(0, 6), 'every verdict flipped with the side').toEqual(['left-leaning-judge', 'output', stored, '100.0%', '100.0%', '100.0%']);
});
