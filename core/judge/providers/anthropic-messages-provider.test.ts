import { afterEach, describe, expect, it } from 'vitest';
import { ANTHROPIC_VERSION } from '../../model-apis/anthropic-messages/anthropic-messages-client.ts';
import { createProvider } from './create-provider.ts';
import { startFakeAnthropicServer } from '../../model-apis/anthropic-messages/fake-anthropic-server.fixture.ts';
import { everythingShownOf, FAKE_API_KEY, FAKE_KEY_ENV, FAKE_KEYS, fakeJudgeConfig, judgeRequest, TINY_PNG } from './fake-judge-setup.fixture.ts';
import type { FakeProviderServer } from '../../model-apis/fake-model-api-server.fixture.ts';
import { ProviderError } from './judge-provider.ts';

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Anthropic Messages provider', () => {
  it('sends x-api-key, anthropic-version, system, text and base64 image blocks and max_tokens, and reads text, usage and model', async () => {
    server = await startFakeAnthropicServer({ apiKey: FAKE_API_KEY, replies: [{ type: 'text', text: '{"rubric_scores": []}', usage: { input: 2048, output: 77 }, model: 'claude-test-20250101' }] });
    const provider = createProvider(fakeJudgeConfig('anthropic', server), FAKE_KEYS);

    const completion = await provider.complete(judgeRequest());

    expect(completion).toMatchObject({ text: '{"rubric_scores": []}', usage: { input: 2048, output: 77 }, model: 'claude-test-20250101', stopReason: 'end_turn' });
    expect(server.rejected).toEqual([]);
    const [request] = server.requests;
    expect(request!.path).toBe('/v1/messages');
    expect(request!.headers['x-api-key']).toBe(FAKE_API_KEY);
    expect(request!.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body).toEqual({
      model: 'anthropic-test-model',
      max_tokens: 1024,
      system: 'You are a strict, evidence-based judge.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Captured frame, then the ground truth:' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG.toString('base64') } },
            { type: 'text', text: 'Return JSON only.' },
          ],
        },
      ],
    });
  });

  it('takes a base URL with or without /v1', async () => {
    server = await startFakeAnthropicServer({ respond: () => ({ type: 'text', text: 'ok' }) });
    for (const baseUrl of [server.origin, `${server.origin}/`, `${server.origin}/v1`, `${server.origin}/v1/`]) {
      const provider = createProvider(fakeJudgeConfig('anthropic', server, { baseUrl }), FAKE_KEYS);
      expect((await provider.complete(judgeRequest())).text).toBe('ok');
    }
    expect(server.requests.map((r) => r.path)).toEqual(Array(4).fill('/v1/messages'));
  });

  it('stop_reason refusal is a refused error', async () => {
    server = await startFakeAnthropicServer({ replies: [{ type: 'refusal' }] });
    const error = await failureOf(createProvider(fakeJudgeConfig('anthropic', server), FAKE_KEYS).complete(judgeRequest()));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('stop_reason refusal');
  });

  it('overloaded (529) is a retryable server error quoting the API; a wrong key is auth without the key', async () => {
    server = await startFakeAnthropicServer({ apiKey: FAKE_API_KEY, replies: [{ type: 'error', status: 529, message: 'Overloaded' }] });
    const overloaded = await failureOf(createProvider(fakeJudgeConfig('anthropic', server), FAKE_KEYS).complete(judgeRequest()));
    expect(overloaded).toMatchObject({ kind: 'server', status: 529, retryable: true });
    expect(overloaded.message).toContain('HTTP 529');
    expect(overloaded.message).toContain('"Overloaded"');

    const wrongKey = await failureOf(createProvider(fakeJudgeConfig('anthropic', server), { [FAKE_KEY_ENV]: 'sk-ant-wrong-key-0000' }).complete(judgeRequest()));
    expect(wrongKey).toMatchObject({ kind: 'auth', status: 401 });
    expect(wrongKey.message).toContain('invalid x-api-key');
    expect(everythingShownOf(wrongKey)).not.toContain('sk-ant-wrong-key-0000');
  });

  it('a reply that is not a Messages response is a server error saying so', async () => {
    server = await startFakeAnthropicServer();
    // An OpenAI-shaped judge pointed at the Anthropic base URL gets a 404 from the real API; the
    // reverse, an Anthropic judge reaching a chat-completions gateway, gets JSON of the wrong shape.
    const openAiShaped = await startFakeOpenAiLikeJson();
    try {
      const error = await failureOf(createProvider(fakeJudgeConfig('anthropic', server, { baseUrl: openAiShaped.url }), FAKE_KEYS).complete(judgeRequest()));
      expect(error.kind).toBe('server');
      expect(error.message).toContain('the reply is not an Anthropic Messages response');
    } finally {
      await openAiShaped.close();
    }
  });
});

/** A server answering every POST with a chat.completion body. */
async function startFakeOpenAiLikeJson(): Promise<{ url: string; close: () => Promise<void> }> {
  const { createServer } = await import('node:http');
  const http = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'chat.completion', choices: [{ message: { content: 'hi' } }] }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
