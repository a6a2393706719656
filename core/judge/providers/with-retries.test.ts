import { afterEach, describe, expect, it } from 'vitest';
import { createJudgeProvider, type JudgeProviderOptions } from './create-provider.ts';
import { everythingShownOf, FAKE_API_KEY, FAKE_KEYS, FAKE_SERVERS, fakeJudgeConfig, judgeRequest } from './fake-judge-setup.fixture.ts';
import type { FakeProviderServer } from '../../model-apis/fake-model-api-server.fixture.ts';
import { ProviderError } from './judge-provider.ts';

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Fast backoff and a short timeout so faults play out in milliseconds; the server still speaks the real wire format. */
// Short backoffs, but a request timeout no local reply comes near even on a loaded machine: these
// tests count attempts, and a reply slower than a tight timeout would be one more. The tests of
// hung requests set their own.
const FAST: JudgeProviderOptions = { apiKeys: FAKE_KEYS, timeoutMs: 30_000, retry: { baseDelayMs: 5, maxDelayMs: 20, random: () => 0 } };

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  // Whatever went wrong, the key is in no message, stack or cause.
  expect(everythingShownOf(error)).not.toContain(FAKE_API_KEY);
  return error as ProviderError;
}

describe.each(FAKE_SERVERS)('retries against a fake $provider server', ({ provider, start }) => {
  it('waits out a 429 Retry-After in seconds, then gets the reply', async () => {
    server = await start({ apiKey: FAKE_API_KEY, replies: [{ type: 'rate-limit', retryAfter: '1' }, { type: 'text', text: 'scored' }] });
    const waits: number[] = [];
    const judge = createJudgeProvider(fakeJudgeConfig(provider, server), { ...FAST, retry: { ...FAST.retry, onRetry: (e) => waits.push(e.delayMs) } });
    const started = performance.now();

    const completion = await judge.complete(judgeRequest());

    expect(completion.text).toBe('scored');
    expect(completion.attempts).toBe(2);
    expect(waits).toEqual([1000]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(server.requestCount).toBe(2);
  });

  it('retries 500s, a dropped connection and a body that is not JSON, then gets the reply', async () => {
    server = await start({
      apiKey: FAKE_API_KEY,
      replies: [{ type: 'error', status: 500, message: 'internal error' }, { type: 'drop' }, { type: 'not-json' }, { type: 'error', status: 503, message: 'unavailable' }, { type: 'text', text: 'scored' }],
    });
    const kinds: string[] = [];
    const judge = createJudgeProvider(fakeJudgeConfig(provider, server), { ...FAST, retry: { ...FAST.retry, maxAttempts: 5, onRetry: (e) => kinds.push(e.error.kind) } });

    const completion = await judge.complete(judgeRequest());

    expect(completion).toMatchObject({ text: 'scored', attempts: 5 });
    expect(kinds).toEqual(['server', 'network', 'server', 'server']);
    expect(server.requestCount).toBe(5);
  });

  it('a hung request times out and is retried', async () => {
    server = await start({ apiKey: FAKE_API_KEY, replies: [{ type: 'hang' }, { type: 'text', text: 'scored' }] });
    const errors: ProviderError[] = [];
    // The second request's reply has to come within the timeout too, so it is not a tight one.
    const judge = createJudgeProvider(fakeJudgeConfig(provider, server), { ...FAST, timeoutMs: 2_500, retry: { ...FAST.retry, onRetry: (e) => errors.push(e.error) } });
    const started = performance.now();

    const completion = await judge.complete(judgeRequest());

    expect(completion).toMatchObject({ text: 'scored', attempts: 2 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(2_490);
    expect(errors.map((e) => e.kind)).toEqual(['timeout']);
    expect(errors[0]!.message).toContain(`Judge "${provider}-judge"`);
    expect(errors[0]!.message).toContain('no reply within 2.5 s');
  });

  it('a server failing every time fails after maxAttempts, naming the judge, the status and the API message', async () => {
    server = await start({ apiKey: FAKE_API_KEY, respond: () => ({ type: 'error', status: 500, message: 'upstream exploded' }) });
    const judge = createJudgeProvider(fakeJudgeConfig(provider, server), { ...FAST, retry: { ...FAST.retry, maxAttempts: 3 } });

    const error = await failureOf(judge.complete(judgeRequest()));

    expect(error).toMatchObject({ kind: 'server', status: 500, attempts: 3 });
    expect(error.message).toContain(`Judge "${provider}-judge" (${provider}, model ${provider}-test-model): HTTP 500`);
    expect(error.message).toContain('"upstream exploded"');
    expect(error.message).toContain('Gave up after 3 attempts.');
    expect(server.requestCount).toBe(3);
  });

  it('a connection that hangs every time ends as a timeout after maxAttempts', async () => {
    server = await start({ apiKey: FAKE_API_KEY, respond: () => ({ type: 'hang' }) });
    const judge = createJudgeProvider(fakeJudgeConfig(provider, server), { ...FAST, timeoutMs: 150, retry: { ...FAST.retry, maxAttempts: 2 } });
    const error = await failureOf(judge.complete(judgeRequest()));
    expect(error).toMatchObject({ kind: 'timeout', attempts: 2 });
    expect(error.message).toContain('Gave up after 2 attempts.');
    expect(server.requestCount).toBe(2);
  });

  it('does not retry what retrying cannot fix: a bad request, a bad key', async () => {
    server = await start({ apiKey: FAKE_API_KEY, replies: [{ type: 'error', status: 400, message: 'messages: too long' }] });
    const badRequest = await failureOf(createJudgeProvider(fakeJudgeConfig(provider, server), FAST).complete(judgeRequest()));
    expect(badRequest).toMatchObject({ kind: 'bad-request', attempts: 1 });
    expect(server.requestCount).toBe(1);

    const badKey = await failureOf(createJudgeProvider(fakeJudgeConfig(provider, server), { ...FAST, apiKeys: { LHB_FAKE_JUDGE_KEY: 'wrong-key-4242' } }).complete(judgeRequest()));
    expect(badKey.kind).toBe('auth');
    expect(badKey.message).not.toContain('wrong-key-4242');
    expect(server.requestCount).toBe(2);
  });

  it('a Retry-After longer than the cap fails at once, saying how long the API asked for', async () => {
    server = await start({ apiKey: FAKE_API_KEY, replies: [{ type: 'rate-limit', retryAfter: '3600' }, { type: 'text', text: 'never asked' }] });
    const error = await failureOf(createJudgeProvider(fakeJudgeConfig(provider, server), FAST).complete(judgeRequest()));
    expect(error).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterMs: 3_600_000, attempts: 1 });
    expect(error.message).toContain('The server asked to wait 3600 s, longer than the 120 s a judge waits');
    expect(server.requestCount).toBe(1);
  });
});

describe('retries and cancelling', () => {
  const [openai] = FAKE_SERVERS;

  it('honours Retry-After as an HTTP date', async () => {
    // HTTP dates have whole seconds: this one is 4 to 5 s ahead, so it is still ahead when the 429
    // comes, however slowly a loaded machine gets there.
    const retryAt = new Date(Date.now() + 5000).toUTCString();
    server = await openai!.start({ replies: [{ type: 'rate-limit', retryAfter: retryAt }, { type: 'text', text: 'scored' }] });
    const waits: { delayMs: number; at: number }[] = [];
    const judge = createJudgeProvider(fakeJudgeConfig('openai', server), { ...FAST, retry: { ...FAST.retry, onRetry: (e) => waits.push({ delayMs: e.delayMs, at: Date.now() }) } });
    const sent = Date.now();
    expect((await judge.complete(judgeRequest())).attempts).toBe(2);
    // The wait lasts until the date: measured from when the 429 came, which is after the request
    // was sent and before the retry was announced (this test's random jitter is 0).
    expect(waits).toHaveLength(1);
    expect(waits[0]!.delayMs).toBeGreaterThan(0);
    expect(waits[0]!.delayMs).toBeGreaterThanOrEqual(Date.parse(retryAt) - waits[0]!.at);
    expect(waits[0]!.delayMs).toBeLessThanOrEqual(Date.parse(retryAt) - sent);
  });

  it('a cancel during the backoff ends the wait at once with the cancel, and nothing more is sent', async () => {
    server = await openai!.start({ replies: [{ type: 'rate-limit', retryAfter: '30' }, { type: 'text', text: 'never asked' }] });
    const cancel = new AbortController();
    const judge = createJudgeProvider(fakeJudgeConfig('openai', server), { ...FAST, retry: { ...FAST.retry, onRetry: () => setTimeout(() => cancel.abort(new Error('judging cancelled')), 50) } });
    const started = performance.now();

    await expect(judge.complete(judgeRequest({ signal: cancel.signal }))).rejects.toThrow('judging cancelled');

    // Far sooner than the 30 s asked for, with room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(server.requestCount).toBe(1);
  });

  it('a cancel during a hung request is a cancel, not a timeout to retry', async () => {
    const hung = await openai!.start({ respond: () => ({ type: 'hang' }) });
    server = hung;
    const cancel = new AbortController();
    const judge = createJudgeProvider(fakeJudgeConfig('openai', hung), { ...FAST, timeoutMs: 5000 });
    // Cancels once the request hangs at the server: a fixed 100 ms came before it got there on a
    // loaded machine.
    const atServer = setInterval(() => {
      if (hung.requestCount === 0) return;
      clearInterval(atServer);
      cancel.abort(new Error('judging cancelled'));
    }, 10);

    const error = await judge.complete(judgeRequest({ signal: cancel.signal })).catch((e: unknown) => e);
    clearInterval(atServer);

    expect(error).not.toBeInstanceOf(ProviderError);
    expect((error as Error).message).toBe('judging cancelled');
    expect(server.requestCount).toBe(1);
  });

  it('an already cancelled request sends nothing', async () => {
    server = await openai!.start({ replies: [{ type: 'text', text: 'never asked' }] });
    const cancel = new AbortController();
    cancel.abort(new Error('judging cancelled'));
    await expect(createJudgeProvider(fakeJudgeConfig('openai', server), FAST).complete(judgeRequest({ signal: cancel.signal }))).rejects.toThrow('judging cancelled');
    expect(server.requestCount).toBe(0);
  });
});
