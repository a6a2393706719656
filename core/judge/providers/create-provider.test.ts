import { afterEach, describe, expect, it } from 'vitest';
import { JudgesFileSchema } from '../../../schemas/judge.ts';
import { createJudgeProvider } from './create-provider.ts';
import { FAKE_KEY_ENV, FAKE_KEYS, FAKE_SERVERS, fakeJudgeConfig, judgeRequest } from './fake-judge-setup.fixture.ts';
import type { FakeProviderServer } from '../../model-apis/fake-model-api-server.fixture.ts';

const servers: FakeProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('createJudgeProvider', () => {
  it('turns a judges file of three providers into judges that each reach their own API', async () => {
    for (const { start } of FAKE_SERVERS) servers.push(await start({ respond: (request) => ({ type: 'text', text: `${request.prompt.model} saw ${request.prompt.images.length} image` }) }));
    const judges = JudgesFileSchema.parse(
      FAKE_SERVERS.map(({ provider }, i) => ({ name: `judge-${provider}`, provider, baseUrl: servers[i]!.baseUrl, model: `${provider}-model`, apiKeyEnv: FAKE_KEY_ENV, maxConcurrency: 2 })),
    );

    const replies = await Promise.all(judges.map((judge) => createJudgeProvider(judge, { apiKeys: FAKE_KEYS }).complete(judgeRequest())));

    expect(replies.map((r) => r.text)).toEqual(['openai-model saw 1 image', 'anthropic-model saw 1 image', 'gemini-model saw 1 image']);
    // Unscripted usage is estimated by the fake server from what it was sent, and read back by each provider.
    for (const reply of replies) expect(reply.usage.input).toBeGreaterThan(85);
    expect(servers.map((s) => [s.requestCount, s.rejected.length])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
  });

  it.each(FAKE_SERVERS)("leaves a reasoning model's thinking out of the $provider reply's text, and counts its tokens as output", async ({ provider, start }) => {
    const server = await start({ replies: [{ type: 'text', text: '{"rubric_scores": []}', usage: { input: 500, output: 20 }, thinking: { text: 'Let me compare the frames…', tokens: 300 } }] });
    servers.push(server);
    const reply = await createJudgeProvider(fakeJudgeConfig(provider, server), { apiKeys: FAKE_KEYS }).complete(judgeRequest());
    expect(reply.text).toBe('{"rubric_scores": []}');
    expect(reply.usage).toEqual({ input: 500, output: 320 });
  });
});
