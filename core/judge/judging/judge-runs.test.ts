import { afterEach, describe, expect, it } from 'vitest';
import type { JudgeConfig } from '../../../schemas/judge.ts';
import { listJudgmentsWithReplies } from '../../store/judge-reply-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { createJudgeProvider } from '../providers/create-provider.ts';
import { FAKE_API_KEY, FAKE_KEYS, FAKE_SERVERS, fakeJudgeConfig } from '../providers/fake-judge-setup.fixture.ts';
import type { FakeProviderServer, FakeReply } from '../../model-apis/fake-model-api-server.fixture.ts';
import { startFakeOpenAiServer } from '../../model-apis/openai-chat/fake-openai-server.fixture.ts';
import { REPAIR_SEPARATOR } from './ask-judge.ts';
import { judgeRuns, type JudgeRunsSummary } from './judge-runs.ts';
import { judgingWorkspace, TEST_OUTPUT_SET, validReplyTo, type JudgingWorkspace } from './judging-workspace.fixture.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setUp(runs: number, frames = 2): JudgingWorkspace {
  const ws = judgingWorkspace({ runs, frames });
  cleanups.push(() => ws.close());
  return ws;
}
async function serve(start: () => Promise<FakeProviderServer>): Promise<FakeProviderServer> {
  const server = await start();
  cleanups.push(() => server.close());
  return server;
}

/**
 * Runs the engine with fast retries and a short request timeout, as a job would. The timeout ends
 * a hung request in seconds, yet no local reply comes near it on a loaded machine: the tests count
 * requests, and a reply slower than the timeout would be one more.
 */
async function judge(ws: JudgingWorkspace, judges: JudgeConfig[], options: { signal?: AbortSignal; maxAttempts?: number; onReport?: (done: number, total: number, message?: string) => void } = {}): Promise<JudgeRunsSummary> {
  const providers = new Map(judges.map((config) => [config.name, createJudgeProvider(config, { apiKeys: FAKE_KEYS, timeoutMs: 3_000, retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: options.maxAttempts ?? 6, random: () => 0 } })]));
  return judgeRuns(
    { judges, tier: 'output', sets: [TEST_OUTPUT_SET] },
    { store: ws.workspace, providerFor: (config) => providers.get(config.name)!, jobId: 'job-test' },
    { signal: options.signal ?? new AbortController().signal, report: options.onReport ?? (() => undefined) },
  );
}

const rowsOf = (ws: JudgingWorkspace) => listJudgmentsWithReplies(ws.workspace.db, findCurrentProject(ws.workspace.db)!.id);
const text = (value: string): FakeReply => ({ type: 'text', text: value, usage: { input: 1000, output: 100 } });

describe.each(FAKE_SERVERS)('judgeRuns against a fake $provider API', ({ provider, start }) => {
  it('retries 429 (after its Retry-After), 500, a hung connection and an HTML page; repairs a non-JSON reply; stores a reply still missing a rubric as failed with its raw text; a re-run asks nothing', async () => {
    const ws = setUp(2);
    const outOfScale = JSON.stringify({ rubric_scores: TEST_OUTPUT_SET.rubrics.map((r) => ({ rubric_name: r.name, score: r.name === 'Colour' ? 7 : 3, matched_level: r.name === 'Colour' ? '7' : '3', thinking_process: 'x' })) });
    const missingRubric = JSON.stringify({ rubric_scores: [{ rubric_name: 'Layout accuracy', score: 3, matched_level: '3', thinking_process: 'only this one' }] });
    let nextValid = '';
    const server = await serve(() =>
      start({
        replies: [
          { type: 'rate-limit', retryAfter: '1' },
          { type: 'error', status: 500, message: 'internal error' },
          { type: 'hang' },
          { type: 'not-json' },
          text('The build looks close to the design overall; I would say good.'),
        ],
        respond: (request) => {
          // The repair of the first unit gets a valid reply; the second unit is out of scale, then misses a rubric after its repair.
          if (request.index === 5) return text(validReplyTo(request.prompt.text, (name) => (name === 'Colour' ? 2 : 4)));
          if (request.index === 6) return text(outOfScale);
          if (request.index === 7) return text(missingRubric);
          return text(nextValid);
        },
      }),
    );
    const config = fakeJudgeConfig(provider, server, { maxConcurrency: 1, pricePerMillion: { input: 2, output: 10 } });
    const started = Date.now();
    const summary = await judge(ws, [config]);

    expect(Date.now() - started).toBeGreaterThanOrEqual(1000); // the 429's Retry-After: 1 was waited out
    expect(server.requestCount).toBe(8);
    expect(summary.units).toMatchObject({ total: 2, asked: 2, ok: 1, failed: 1, cached: 0, cancelled: 0 });
    expect(summary.judgments).toEqual({ ok: 3, failed: 3 });
    expect(summary.skipped).toEqual([{ runId: 'run-without-frames', reason: 'it has no captured frames' }]);
    expect(summary.requests).toBe(8);
    // Tokens of every answered turn (the faults carry none): 2 turns per unit.
    expect(summary.tokens).toEqual({ input: 4000, output: 400 });
    expect(summary.costUsd).toBeCloseTo((4000 * 2 + 400 * 10) / 1e6, 10);

    const rows = rowsOf(ws);
    const ok = rows.filter((row) => row.status === 'ok');
    const failed = rows.filter((row) => row.status === 'failed');
    expect(Object.fromEntries(ok.map((row) => [row.rubric, [row.score, row.level]]))).toEqual({ 'Layout accuracy': [4, '4'], Colour: [2, '2'], Typography: [4, '4'] });
    expect(ok.every((row) => row.evidence.startsWith('Observed') && row.judge === config.name && row.judge_model === config.model && row.rubric_set === 'test-output' && row.scale === 5)).toBe(true);
    expect(ok[0]!.raw_reply).toContain('I would say good');
    expect(ok[0]!.raw_reply).toContain(REPAIR_SEPARATOR.trim());
    expect(failed).toHaveLength(3);
    expect(failed.every((row) => row.score === null && row.level === null)).toBe(true);
    expect(failed[0]!.failure).toMatch(/after one repair request: the reply has no score for "Colour", "Typography"/);
    expect(failed[0]!.raw_reply).toBe(`${outOfScale}${REPAIR_SEPARATOR}${missingRubric}`);
    // The repair request quoted the error.
    expect(server.requests[7]!.prompt.text).toContain(outOfScale);
    expect(server.requests[7]!.prompt.text).toMatch(/could not be used: rubric "Colour" has score 7; scores are whole numbers from 1 to 5/);

    nextValid = 'should never be asked';
    const again = await judge(ws, [config]);
    expect(server.requestCount).toBe(8);
    expect(again.units).toMatchObject({ total: 2, cached: 2, asked: 0 });
    expect(rowsOf(ws)).toHaveLength(6);
  }, 30_000);
});

describe('judgeRuns', () => {
  it('stores a judge that never answered as failed with why (no raw text), and asks again on the next run', async () => {
    const ws = setUp(1);
    let healthy = false;
    const server = await serve(() => startFakeOpenAiServer({ respond: (request) => (healthy ? text(validReplyTo(request.prompt.text)) : { type: 'error', status: 503, message: 'overloaded' }) }));
    const config = fakeJudgeConfig('openai', server);
    const first = await judge(ws, [config], { maxAttempts: 2 });
    expect(first.units).toMatchObject({ failed: 1, ok: 0 });
    expect(server.requestCount).toBe(2);
    const failed = rowsOf(ws);
    expect(failed).toHaveLength(3);
    expect(failed.every((row) => row.status === 'failed' && row.raw_reply === null)).toBe(true);
    expect(failed[0]!.failure).toMatch(/did not answer: .*HTTP 503.*overloaded.*Gave up after 2 attempts/);

    healthy = true;
    const second = await judge(ws, [config]);
    expect(second.units).toMatchObject({ ok: 1, cached: 0 });
    expect(server.requestCount).toBe(3);
    expect(rowsOf(ws).map((row) => row.status)).toEqual(['ok', 'ok', 'ok']);
  });

  it('keeps each judge within its concurrency limit while judges run side by side, and reuses a reply for another judge name with the same model', async () => {
    const ws = setUp(8);
    const fast = await serve(() => startFakeOpenAiServer({ respond: (request) => ({ ...text(validReplyTo(request.prompt.text)), delayMs: 30 }) }));
    const slow = await serve(() => startFakeOpenAiServer({ respond: (request) => ({ ...text(validReplyTo(request.prompt.text, () => 2)), delayMs: 30 }) }));
    const summary = await judge(ws, [fakeJudgeConfig('openai', fast, { name: 'a', model: 'model-a', maxConcurrency: 3 }), fakeJudgeConfig('openai', slow, { name: 'b', model: 'model-b', maxConcurrency: 1 })]);
    expect(summary.units).toMatchObject({ total: 16, ok: 16 });
    expect(fast.maxInFlight).toBe(3);
    expect(slow.maxInFlight).toBe(1);

    // Same model under another name: judgments copied from the stored replies, no request.
    const before = fast.requestCount;
    const copied = await judge(ws, [fakeJudgeConfig('openai', fast, { name: 'a-again', model: 'model-a' })]);
    expect(copied.units).toMatchObject({ cached: 8, asked: 0 });
    expect(fast.requestCount).toBe(before);
    expect(rowsOf(ws).filter((row) => row.judge === 'a-again')).toHaveLength(24);
  });

  it('stops on cancel keeping every reply stored so far, and a re-run asks only for the rest', async () => {
    const ws = setUp(6);
    const controller = new AbortController();
    let answered = 0;
    const server = await serve(() =>
      startFakeOpenAiServer({
        respond: (request) => {
          answered++;
          if (answered === 3) setTimeout(() => controller.abort(new Error('cancelled by the test')), 5);
          return { ...text(validReplyTo(request.prompt.text)), delayMs: 40 };
        },
      }),
    );
    const config = fakeJudgeConfig('openai', server, { maxConcurrency: 1 });
    const first = await judge(ws, [config], { signal: controller.signal });
    expect(first.cancelled).toBe(true);
    const stored = first.units.ok;
    expect(stored).toBeGreaterThanOrEqual(2);
    expect(stored).toBeLessThan(6);
    // Runs not yet looked at when the cancel came count as cancelled (the frameless one is left out before, never counted).
    expect(first.units.cancelled).toBe(first.units.total - stored);
    expect(rowsOf(ws)).toHaveLength(stored * 3);

    const requestsBefore = server.requestCount;
    const second = await judge(ws, [config]);
    expect(second.units).toMatchObject({ cached: stored, ok: 6 - stored, cancelled: 0 });
    expect(server.requestCount - requestsBefore).toBe(6 - stored);
    expect(rowsOf(ws)).toHaveLength(18);
  });

  it('reports progress with the cost so far, and refuses two judges with one name', async () => {
    const ws = setUp(2);
    const server = await serve(() => startFakeOpenAiServer({ respond: (request) => text(validReplyTo(request.prompt.text)) }));
    const messages: string[] = [];
    await judge(ws, [fakeJudgeConfig('openai', server, { pricePerMillion: { input: 1, output: 1 } })], { onReport: (done, total, message) => messages.push(`${done}/${total} ${message}`) });
    expect(messages.at(-1)).toBe('2/2 2 of 2 replies · 0 cached · 0 failed · $0.0022 so far');
    await expect(judge(ws, [fakeJudgeConfig('openai', server), fakeJudgeConfig('openai', server)])).rejects.toThrow(/same name/);
  });

  it('reports the true total from its first report on, though a run is left out for lacking frames', async () => {
    const ws = setUp(3);
    const server = await serve(() => startFakeOpenAiServer({ respond: (request) => text(validReplyTo(request.prompt.text)) }));
    const reports: [number, number][] = [];
    const summary = await judge(ws, [fakeJudgeConfig('openai', server, { name: 'a', model: 'model-a' }), fakeJudgeConfig('openai', server, { name: 'b', model: 'model-b' })], { onReport: (done, total) => reports.push([done, total]) });
    expect(summary.units.total).toBe(6);
    expect(summary.skipped).toHaveLength(1);
    expect(reports[0]).toEqual([0, 6]);
    expect(new Set(reports.map(([, total]) => total))).toEqual(new Set([6]));
    expect(reports.map(([done]) => done)).toEqual([...reports.map(([done]) => done)].sort((x, y) => x - y));
  });

  it('shows the cost of the judges that have a price and names those that have none', async () => {
    const ws = setUp(2);
    const server = await serve(() => startFakeOpenAiServer({ respond: (request) => text(validReplyTo(request.prompt.text)) }));
    const messages: string[] = [];
    const priced = fakeJudgeConfig('openai', server, { name: 'priced', model: 'model-a', pricePerMillion: { input: 1, output: 1 } });
    const free = fakeJudgeConfig('openai', server, { name: 'local-vllm', model: 'model-b' });
    const summary = await judge(ws, [priced, free], { onReport: (_done, _total, message) => messages.push(message ?? '') });
    // 2 replies of the priced judge at 1000 in + 100 out tokens, $1 per million each.
    expect(summary.costUsd).toBeCloseTo(0.0022, 10);
    expect(summary.unpricedJudges).toEqual(['local-vllm']);
    expect(messages.at(-1)).toBe('4 of 4 replies · 0 cached · 0 failed · $0.0022 so far (no price for local-vllm)');
  });
});

describe('a judge whose replies echo its API key', () => {
  it('stores none of it: not in scores, reasons, raw replies, the model name or a failed reply', async () => {
    const ws = setUp(2);
    const echoed = (request: { headers: Record<string, unknown> }) => String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    const server = await serve(() =>
      startFakeOpenAiServer({
        apiKey: FAKE_API_KEY,
        respond: (request) => {
          const key = echoed(request);
          // The first unit answers well but quotes the key in its reasons; the second never answers JSON.
          if (request.prompt.text.includes('Return JSON') && request.index === 0) return { ...text(validReplyTo(request.prompt.text).replaceAll('Observed', `Key ${key}: observed`)), model: `model-${key}` };
          return text(`I will not score this. Your key is ${key} (escaped: ${JSON.stringify(key).slice(1, -1)}).`);
        },
      }),
    );
    const summary = await judge(ws, [fakeJudgeConfig('openai', server, { maxConcurrency: 1 })]);
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    expect(summary.units.asked).toBe(2);
    const stored = JSON.stringify(rowsOf(ws));
    expect(stored).toContain('[API key]');
    expect(stored).not.toContain(FAKE_API_KEY);
    // And no other table holds it either.
    const tables = ws.workspace.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables) expect(JSON.stringify(ws.workspace.db.prepare(`SELECT * FROM "${name}"`).all()), name).not.toContain(FAKE_API_KEY);
  });
});
