import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.ts';
import { createJudgeProvider } from './create-provider.ts';
import { FAKE_KEYS, fakeJudgeConfig, judgeRequest } from './fake-judge-setup.fixture.ts';
import { startFakeOpenAiServer } from '../../model-apis/openai-chat/fake-openai-server.fixture.ts';
import type { FakeProviderServer } from '../../model-apis/fake-model-api-server.fixture.ts';

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('per-judge concurrency limit', () => {
  it('never has more than maxConcurrency requests at the server, and answers them all', async () => {
    server = await startFakeOpenAiServer({ respond: (request) => ({ type: 'text', text: `reply ${request.index}`, delayMs: 40 }) });
    const judge = createJudgeProvider(fakeJudgeConfig('openai', server, { maxConcurrency: 3 }), { apiKeys: FAKE_KEYS });

    const pending = Array.from({ length: 12 }, () => judge.complete(judgeRequest()));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(judge.limit.active).toBe(3);
    expect(judge.limit.waiting).toBe(9);
    const replies = await Promise.all(pending);

    expect(replies.map((r) => r.text).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `reply ${i}`).sort());
    expect(server.maxInFlight).toBe(3);
    expect(judge.limit.active).toBe(0);
  });

  it('time spent queued does not count against the per-request timeout', async () => {
    server = await startFakeOpenAiServer({ respond: () => ({ type: 'text', text: 'ok', delayMs: 500 }) });
    // Five requests one at a time take ~2.5 s, well past the 1.5 s each may take on the wire; each
    // one's own 0.5 s leaves a loaded machine a second to spare.
    const judge = createJudgeProvider(fakeJudgeConfig('openai', server, { maxConcurrency: 1 }), { apiKeys: FAKE_KEYS, timeoutMs: 1_500, retry: { maxAttempts: 1 } });
    const replies = await Promise.all(Array.from({ length: 5 }, () => judge.complete(judgeRequest())));
    expect(replies.map((r) => r.attempts)).toEqual([1, 1, 1, 1, 1]);
    expect(server.requestCount).toBe(5);
  });

  it('a request cancelled while queued leaves the queue and is never sent', async () => {
    server = await startFakeOpenAiServer({ respond: () => ({ type: 'text', text: 'ok', delayMs: 150 }) });
    const judge = createJudgeProvider(fakeJudgeConfig('openai', server, { maxConcurrency: 1 }), { apiKeys: FAKE_KEYS });
    const cancel = new AbortController();

    const first = judge.complete(judgeRequest());
    const queued = judge.complete(judgeRequest({ signal: cancel.signal }));
    const third = judge.complete(judgeRequest());
    cancel.abort(new Error('judging cancelled'));

    await expect(queued).rejects.toThrow('judging cancelled');
    await Promise.all([first, third]);
    expect(server.requestCount).toBe(2);
  });

  it("one job signal shared by many queued requests raises no listener-leak warning, and holds no listeners afterwards", async () => {
    server = await startFakeOpenAiServer({ respond: () => ({ type: 'text', text: 'ok' }) });
    const judge = createJudgeProvider(fakeJudgeConfig('openai', server, { maxConcurrency: 4 }), { apiKeys: FAKE_KEYS });
    const job = new AbortController();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      await Promise.all(Array.from({ length: 50 }, () => judge.complete(judgeRequest({ signal: job.signal }))));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
    expect(getEventListeners(job.signal, 'abort')).toHaveLength(0);
  });

  it('refuses a limit below 1', () => {
    expect(() => createConcurrencyLimit(0)).toThrow(RangeError);
  });
});
