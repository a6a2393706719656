import { expect, test } from '@playwright/test';
import { FAKE_KEY_ENV, FAKE_KEYS } from '../core/judge/providers/fake-judge-setup.fixture.ts';
import { startFakeAnthropicServer } from '../core/model-apis/anthropic-messages/fake-anthropic-server.fixture.ts';
import { startFakeOpenAiServer } from '../core/model-apis/openai-chat/fake-openai-server.fixture.ts';
import type { FakeProviderServer, FakeRequest } from '../core/model-apis/fake-model-api-server.fixture.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { watchPageProblems } from './page-problems.ts';

test.use({ viewport: { width: 1440, height: 900 } });

/** Every rubric the prompt lists, scored 4 by the first judge and 3 by the second, with evidence naming it. */
const replyTo = (score: number) => (request: FakeRequest) => ({
  type: 'text' as const,
  text: JSON.stringify({
    rubric_scores: [...request.prompt.text.matchAll(/^### \d+\. (.+)$/gm)].map((match) => ({ rubric_name: match[1]!.trim(), score, matched_level: String(score), thinking_process: `Evidence for ${match[1]!.trim()}.` })),
  }),
  usage: { input: 2000, output: 300 },
});

let app: LaunchedApp | undefined;
let servers: FakeProviderServer[] = [];
let problems: string[] = [];
test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page);
  servers = [await startFakeOpenAiServer({ respond: replyTo(4) }), await startFakeAnthropicServer({ respond: replyTo(3) })];
  app = await launchApp(['bin/lhb.mjs', 'serve'], { env: FAKE_KEYS });
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  for (const server of servers) await server.close();
});

test('a researcher configures two judges, judges the demo Figma runs at the output tier with progress and cost, and reads each judge\'s evidence beside the frames', async ({ page }) => {
  test.setTimeout(120_000);
  const url = new URL(app!.url);
  await page.goto(app!.url); // the launch link carries the session token
  await expect(page.getByRole('banner')).toContainText('Demo');
  url.hash = '#/judges';
  await page.goto(url.href);
  const judging = page.getByRole('region', { name: 'Judge runs' });
  const judges = [
    { name: 'gpt-judge', provider: 'openai', baseUrl: servers[0]!.baseUrl, model: 'gpt-test', apiKeyEnv: FAKE_KEY_ENV, pricePerMillion: { input: 1, output: 4 } },
    { name: 'claude-judge', provider: 'anthropic', baseUrl: servers[1]!.baseUrl, model: 'claude-test', apiKeyEnv: FAKE_KEY_ENV, pricePerMillion: { input: 1, output: 4 } },
  ];

  // A judges list that is not valid is refused in the form, naming the field.
  await judging.getByLabel(/^Judges/).fill('[{"name": "x", "provider": "mistral"}]');
  await judging.getByRole('button', { name: 'Start judging' }).click();
  await expect(judging.getByRole('status')).toContainText('0.provider');

  await judging.getByLabel(/^Judges/).fill(JSON.stringify(judges));
  await judging.getByLabel('Tier').selectOption('output');
  await judging.getByRole('button', { name: 'Start judging' }).click();
  await expect(judging.getByRole('status')).toContainText('3 runs judged: 6 of 6 replies stored (0 from the cache, 0 failed)', { timeout: 60_000 });
  await expect(judging.getByRole('status')).toContainText('$0.0192') // 6 replies × (2000 in × $1 + 300 out × $4) per million;
  expect(servers.map((server) => server.requestCount)).toEqual([3, 3]);

  const judgments = page.getByRole('region', { name: 'Judgments' });
  const agreement = judgments.getByRole('table', { name: /Agreement per rubric/ });
  await expect(agreement.getByRole('row')).toHaveCount(9); // header + 8 rubrics of figma-output
  await expect(agreement.getByRole('row', { name: /^Visual fidelity/ })).toContainText('0%'); // 4 against 3: never the same score

  const runs = judgments.getByRole('list', { name: 'Judged runs' }).getByRole('button');
  await expect(runs).toHaveCount(3);
  await runs.first().click();
  const scores = judgments.getByRole('table', { name: "Each judge's score and evidence" });
  await expect(scores.getByRole('row')).toHaveCount(17);
  await expect(scores.getByRole('row', { name: /Visual fidelity .* gpt-judge/ })).toContainText('Evidence for Visual fidelity.');
  const seen = judgments.getByRole('complementary', { name: 'What the judges saw' });
  await expect(seen.getByRole('img')).toHaveCount(3);

  // The content tier judges the chapter's presentations only: the Figma runs are left out, saying why.
  await judging.getByLabel('Tier').selectOption('content');
  await judging.getByRole('button', { name: 'Start judging' }).click();
  await expect(judging.getByRole('status')).toContainText('2 runs judged: 4 of 4 replies stored', { timeout: 60_000 });
  await expect(judging.getByRole('status')).toContainText('3 runs left out (3 runs: no rubric set of the content tier is for figma tasks (programmatic-content@v1 is for programmatic tasks))');
  expect(problems).toEqual([]);
});
