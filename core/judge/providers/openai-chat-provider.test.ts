import { afterEach, describe, expect, it } from 'vitest';
import { createProvider } from './create-provider.ts';
import { everythingShownOf, FAKE_API_KEY, FAKE_KEY_ENV, FAKE_KEYS, fakeJudgeConfig, judgeRequest, TINY_PNG } from './fake-judge-setup.fixture.ts';
import { startFakeOpenAiServer } from '../../model-apis/openai-chat/fake-openai-server.fixture.ts';
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

describe('OpenAI Chat Completions provider', () => {
  it('sends the system message, text and a data-URL image part, Bearer auth and max_tokens, and reads text, usage and model', async () => {
    server = await startFakeOpenAiServer({ apiKey: FAKE_API_KEY, replies: [{ type: 'text', text: '{"rubric_scores": []}', usage: { input: 1234, output: 56 }, model: 'gpt-test-2025-01-01' }] });
    const provider = createProvider(fakeJudgeConfig('openai', server), FAKE_KEYS);

    const completion = await provider.complete(judgeRequest());

    expect(completion).toMatchObject({ text: '{"rubric_scores": []}', usage: { input: 1234, output: 56 }, model: 'gpt-test-2025-01-01', stopReason: 'stop' });
    expect(server.rejected).toEqual([]);
    const [request] = server.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe(`Bearer ${FAKE_API_KEY}`);
    expect(request!.body).toEqual({
      model: 'openai-test-model',
      messages: [
        { role: 'system', content: 'You are a strict, evidence-based judge.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Captured frame, then the ground truth:' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${TINY_PNG.toString('base64')}` } },
            { type: 'text', text: 'Return JSON only.' },
          ],
        },
      ],
      max_tokens: 1024,
      stream: false,
    });
    expect(request!.prompt.images[0]!.data.equals(TINY_PNG)).toBe(true);
  });

  it('sends text-only turns (a repair conversation) as plain strings, which every local server accepts', async () => {
    server = await startFakeOpenAiServer({ replies: [{ type: 'text', text: 'fixed' }] });
    const provider = createProvider(fakeJudgeConfig('openai', server, { apiKeyEnv: undefined }), {});
    await provider.complete(
      judgeRequest({
        turns: [
          { role: 'user', content: [{ type: 'text', text: 'Score it.' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'not json' }] },
          { role: 'user', content: [{ type: 'text', text: 'That was not JSON: fix it.' }] },
        ],
      }),
    );
    const body = server.requests[0]!.body as { messages: unknown[] };
    expect(body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Score it.' },
      { role: 'assistant', content: 'not json' },
      { role: 'user', content: 'That was not JSON: fix it.' },
    ]);
    // A judge without apiKeyEnv (a local server) sends no Authorization header at all.
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('switches to max_completion_tokens when the API refuses max_tokens, and keeps using it', async () => {
    server = await startFakeOpenAiServer({ tokenLimitField: 'max_completion_tokens', respond: () => ({ type: 'text', text: 'ok' }) });
    const provider = createProvider(fakeJudgeConfig('openai', server), FAKE_KEYS);

    expect((await provider.complete(judgeRequest())).text).toBe('ok');
    expect((await provider.complete(judgeRequest())).text).toBe('ok');

    expect(server.rejected.map((r) => r.message)).toEqual(["Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."]);
    expect(server.requests.map((r) => Object.keys(r.body as object).filter((k) => k.startsWith('max_')))).toEqual([['max_completion_tokens'], ['max_completion_tokens']]);
  });

  it('requests refused together all switch to max_completion_tokens, and later ones start with it', async () => {
    server = await startFakeOpenAiServer({ tokenLimitField: 'max_completion_tokens', respond: () => ({ type: 'text', text: 'ok', delayMs: 20 }) });
    const provider = createProvider(fakeJudgeConfig('openai', server), FAKE_KEYS);

    const together = await Promise.all([1, 2, 3].map(() => provider.complete(judgeRequest())));
    await provider.complete(judgeRequest());

    expect(together.map((c) => c.text)).toEqual(['ok', 'ok', 'ok']);
    expect(server.rejected).toHaveLength(3);
    expect(server.requests).toHaveLength(4);
  });

  it('does not switch on a 400 that mentions max_completion_tokens only in its words: without param and code nothing is guessed', async () => {
    const words = "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
    server = await startFakeOpenAiServer({ replies: [{ type: 'error', status: 400, message: words }], respond: () => ({ type: 'text', text: 'never' }) });
    const provider = createProvider(fakeJudgeConfig('openai', server), FAKE_KEYS);

    const error = await failureOf(provider.complete(judgeRequest()));

    expect(error).toMatchObject({ kind: 'bad-request', status: 400, retryable: false });
    expect(error.message).toContain(words);
    expect(server.requests.map((r) => Object.keys(r.body as object).filter((k) => k.startsWith('max_')))).toEqual([['max_tokens']]);
  });

  it('a refusal is a refused error; an empty choice list too', async () => {
    server = await startFakeOpenAiServer({ replies: [{ type: 'refusal' }] });
    const provider = createProvider(fakeJudgeConfig('openai', server), FAKE_KEYS);
    const error = await failureOf(provider.complete(judgeRequest()));
    expect(error.kind).toBe('refused');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('Judge "openai-judge"');
    expect(error.message).toContain("I'm sorry, but I can't help with that request.");
  });

  it('a wrong key is an auth error naming the variable, and the key the API echoes back is not in it', async () => {
    server = await startFakeOpenAiServer({ apiKey: 'sk-the-right-one' });
    const provider = createProvider(fakeJudgeConfig('openai', server), FAKE_KEYS);
    const error = await failureOf(provider.complete(judgeRequest()));
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    // The server really did echo it (the message quotes the API), and it was taken out.
    expect(server.rejected[0]!.message).toContain(FAKE_API_KEY);
    expect(error.message).toContain('Incorrect API key provided: [API key]');
    expect(error.message).toContain(FAKE_KEY_ENV);
    expect(everythingShownOf(error)).not.toContain(FAKE_API_KEY);
  });

  it('an unset key variable fails before anything is sent, naming the variable', async () => {
    server = await startFakeOpenAiServer({ replies: [{ type: 'text', text: 'never' }] });
    const provider = createProvider(fakeJudgeConfig('openai', server, { apiKeyEnv: 'LHB_UNSET_JUDGE_KEY' }), {});
    const error = await failureOf(provider.complete(judgeRequest()));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('LHB_UNSET_JUDGE_KEY is not set');
    expect(server.requestCount).toBe(0);
  });

  it('an unknown model (404) is not-found and quotes the API', async () => {
    server = await startFakeOpenAiServer({ replies: [{ type: 'error', status: 404, message: 'The model `openai-test-model` does not exist or you do not have access to it.' }] });
    const provider = createProvider(fakeJudgeConfig('openai', server), FAKE_KEYS);
    const error = await failureOf(provider.complete(judgeRequest()));
    expect(error).toMatchObject({ kind: 'not-found', status: 404, retryable: false });
    expect(error.message).toMatch(/^Judge "openai-judge" \(openai, model openai-test-model\): HTTP 404 from http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: "The model `openai-test-model` does not exist/);
    expect(error.message).toContain("check the judge's model name and baseUrl");
  });

  it('a malformed request the API refuses (400) is bad-request, not retryable', async () => {
    server = await startFakeOpenAiServer({ replies: [{ type: 'error', status: 400, message: "Invalid 'messages[1].content[1].image_url.url': image too large." }] });
    const provider = createProvider(fakeJudgeConfig('openai', server), FAKE_KEYS);
    const error = await failureOf(provider.complete(judgeRequest()));
    expect(error).toMatchObject({ kind: 'bad-request', status: 400, retryable: false });
    expect(error.message).toContain('image too large');
  });
});
