import { randomBytes } from 'node:crypto';
import type { BenchResult } from '../../../build/bench-harness.ts';
import { createJudgeProvider } from './create-provider.ts';
import { startFakeOpenAiServer } from '../../model-apis/openai-chat/fake-openai-server.fixture.ts';
import { FAKE_KEYS, fakeJudgeConfig, judgeRequest } from './fake-judge-setup.fixture.ts';
import type { JudgeCompletionRequest } from './judge-provider.ts';

const REQUESTS = 2000;
const CONCURRENCY = 16;
/** Two frames of an output-tier judgment, about the size of compressed 1280×800 screenshots. */
const FRAME_BYTES = 150 * 1024;
const REPLY = JSON.stringify({ rubric_scores: Array.from({ length: 8 }, (_, i) => ({ rubric_name: `rubric ${i}`, score: 4, matched_level: '4', thinking_process: 'The frame matches the ground truth closely.' })) });

/**
 * The provider stack's cost per request (concurrency limit, timeout, retries, request building,
 * base64 images, fetch, reply parsing) against an instant local OpenAI-compatible server, with
 * the same requests sent by bare fetch (body prebuilt once, reply only JSON.parsed) as the peer.
 * Server and client share this process, so both figures include the server's own work.
 */
export default async function benchJudgeProvider(): Promise<BenchResult[]> {
  const server = await startFakeOpenAiServer({ record: false, respond: () => ({ type: 'text', text: REPLY, usage: { input: 2000, output: 300 } }) });
  try {
    const frames = [randomBytes(FRAME_BYTES), randomBytes(FRAME_BYTES)];
    const request: JudgeCompletionRequest = judgeRequest({
      turns: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Captured frame, then the ground truth:' },
            ...frames.map((data) => ({ type: 'image' as const, mediaType: 'image/png' as const, data })),
            { type: 'text', text: 'Return JSON only.' },
          ],
        },
      ],
    });
    const judge = createJudgeProvider(fakeJudgeConfig('openai', server, { maxConcurrency: CONCURRENCY }), { apiKeys: FAKE_KEYS });

    const prebuilt = JSON.stringify({
      model: 'openai-test-model',
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: [{ type: 'text', text: 'x' }, ...frames.map((f) => ({ type: 'image_url', image_url: { url: `data:image/png;base64,${f.toString('base64')}` } }))] },
      ],
      max_tokens: 1024,
    });
    const bareFetch = async () => {
      const response = await fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer x' }, body: prebuilt });
      JSON.parse(await response.text());
    };

    const rate = async (once: () => Promise<unknown>): Promise<number> => {
      let next = 0;
      const worker = async () => {
        while (next < REQUESTS) {
          next++;
          await once();
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, () => (async () => void (await once()))())); // warm-up
      next = 0;
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return REQUESTS / ((performance.now() - started) / 1000);
    };

    // Interleaved, best of three each: the machine is shared, and load drifts over a run.
    let peerBest = 0;
    let stack = 0;
    for (let round = 0; round < 3; round++) {
      peerBest = Math.max(peerBest, await rate(bareFetch));
      stack = Math.max(stack, await rate(() => judge.complete(request)));
    }
    return [
      {
        name: `judge provider stack, ${REQUESTS} requests with two 150 KB frames at concurrency ${CONCURRENCY}`,
        unit: 'requests/s',
        value: stack,
        peer: { name: 'bare fetch of a prebuilt body', value: peerBest },
        detail: `the stack adds ≈ ${(1000 / stack - 1000 / peerBest).toFixed(2)} ms of this process's time per request (server included in both)`,
      },
    ];
  } finally {
    await server.close();
  }
}
