import { afterEach, describe, expect, it } from 'vitest';
import { createProvider } from './create-provider.ts';
import { startFakeGeminiServer } from '../../model-apis/gemini-generate/fake-gemini-server.fixture.ts';
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

describe('Gemini generateContent provider', () => {
  it('sends the key in x-goog-api-key (not the URL), systemInstruction, text and inlineData parts, maxOutputTokens; reads text, usage and modelVersion', async () => {
    server = await startFakeGeminiServer({ apiKey: FAKE_API_KEY, replies: [{ type: 'text', text: '{"rubric_scores": []}', usage: { input: 900, output: 40 }, model: 'gemini-test-001' }] });
    const provider = createProvider(fakeJudgeConfig('gemini', server, { model: 'models/gemini-test' }), FAKE_KEYS);

    const completion = await provider.complete(judgeRequest());

    expect(completion).toMatchObject({ text: '{"rubric_scores": []}', usage: { input: 900, output: 40 }, model: 'gemini-test-001', stopReason: 'STOP' });
    expect(server.rejected).toEqual([]);
    const [request] = server.requests;
    // "models/" in the configured name is not doubled; the key is a header only.
    expect(request!.path).toBe('/v1beta/models/gemini-test:generateContent');
    expect(request!.headers['x-goog-api-key']).toBe(FAKE_API_KEY);
    expect(request!.body).toEqual({
      systemInstruction: { parts: [{ text: 'You are a strict, evidence-based judge.' }] },
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'Captured frame, then the ground truth:' },
            { inlineData: { mimeType: 'image/png', data: TINY_PNG.toString('base64') } },
            { text: 'Return JSON only.' },
          ],
        },
      ],
      generationConfig: { maxOutputTokens: 1024 },
    });
  });

  it("an assistant turn goes as role model (Gemini's name for it)", async () => {
    server = await startFakeGeminiServer({ replies: [{ type: 'text', text: 'ok' }] });
    await createProvider(fakeJudgeConfig('gemini', server), FAKE_KEYS).complete(
      judgeRequest({
        turns: [
          { role: 'user', content: [{ type: 'text', text: 'Score it.' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'oops' }] },
          { role: 'user', content: [{ type: 'text', text: 'Fix it.' }] },
        ],
      }),
    );
    expect((server.requests[0]!.body as { contents: { role: string }[] }).contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
  });

  it('a bad key (400 API_KEY_INVALID) is an auth error naming the variable, without the key', async () => {
    server = await startFakeGeminiServer({ apiKey: 'the-right-key' });
    const error = await failureOf(createProvider(fakeJudgeConfig('gemini', server), FAKE_KEYS).complete(judgeRequest()));
    expect(error).toMatchObject({ kind: 'auth', status: 400, retryable: false });
    expect(error.message).toContain('API key not valid');
    expect(error.message).toContain(FAKE_KEY_ENV);
    expect(everythingShownOf(error)).not.toContain(FAKE_API_KEY);
  });

  it('a SAFETY candidate without content is refused', async () => {
    server = await startFakeGeminiServer({ replies: [{ type: 'refusal' }] });
    const error = await failureOf(createProvider(fakeJudgeConfig('gemini', server), FAKE_KEYS).complete(judgeRequest()));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('finishReason SAFETY');
  });

  it("a 429's RetryInfo retryDelay gives the wait when there is no Retry-After header", async () => {
    server = await startFakeGeminiServer({ replies: [{ type: 'rate-limit', geminiRetryDelay: '7s' }] });
    const error = await failureOf(createProvider(fakeJudgeConfig('gemini', server), FAKE_KEYS).complete(judgeRequest()));
    expect(error).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterMs: 7000 });
    expect(error.message).toContain('asked to wait 7.0 s');
  });

  it('an unknown model (404 NOT_FOUND) is not-found', async () => {
    server = await startFakeGeminiServer({ replies: [{ type: 'error', status: 404, message: 'models/gemini-test-model is not found for API version v1beta, or is not supported for generateContent.' }] });
    const error = await failureOf(createProvider(fakeJudgeConfig('gemini', server), FAKE_KEYS).complete(judgeRequest()));
    expect(error).toMatchObject({ kind: 'not-found', status: 404 });
    expect(error.message).toContain('is not found for API version v1beta');
  });
});
