import type { BenchResult } from '../../../build/bench-harness.ts';
import type { RubricSet } from '../../../schemas/judge.ts';
import { createJudgeProvider } from '../providers/create-provider.ts';
import { FAKE_KEYS, fakeJudgeConfig } from '../providers/fake-judge-setup.fixture.ts';
import { startFakeOpenAiServer } from '../../model-apis/openai-chat/fake-openai-server.fixture.ts';
import type { JudgeProvider } from '../providers/judge-provider.ts';
import { builtinRubricSets } from '../rubrics/builtin-rubric-sets.ts';
import { buildJudgePrompt, type JudgePrompt } from './build-prompt.ts';
import { judgeRuns } from './judge-runs.ts';
import { judgingWorkspace } from './judging-workspace.fixture.ts';
import { loadJudgingMaterial } from './load-judging-material.ts';

const RUNS = 400;
const CONCURRENCY = 16;
/** Three frames per run, each beside its ground truth: about the size of compressed screenshots. */
const FRAMES = 3;
const FRAME_BYTES = 100 * 1024;

/** A provider that records when requests are on the wire, so the time with none in flight can be measured. */
function timed(provider: JudgeProvider) {
  let inFlight = 0;
  let idleSince = performance.now();
  let idle = 0;
  return {
    provider: {
      async complete(request) {
        if (inFlight++ === 0) idle += performance.now() - idleSince;
        try {
          return await provider.complete(request);
        } finally {
          if (--inFlight === 0) idleSince = performance.now();
        }
      },
    } satisfies JudgeProvider,
    start: () => {
      idle = 0;
      idleSince = performance.now();
    },
    idleMs: () => idle + (inFlight === 0 ? performance.now() - idleSince : 0),
  };
}

/**
 * The engine's cost per judgment (reading the run's frames from the store, building and hashing
 * the prompt, the cache lookup, parsing the reply, storing the reply and its 8 per-rubric
 * judgments) against an instant local OpenAI-compatible server at concurrency 16, with the same
 * prompts sent straight through the provider stack as the peer; and the share of the engine's
 * wall time when no provider request was in flight.
 */
export default async function benchJudgeEngine(): Promise<BenchResult[]> {
  const set = builtinRubricSets().find((candidate) => candidate.name === 'figma-output' && candidate.scale === 5) as RubricSet;
  const reply = JSON.stringify({ rubric_scores: set.rubrics.map((rubric) => ({ rubric_name: rubric.name, score: 4, matched_level: '4', thinking_process: 'The captured frame matches the ground truth closely in this respect.' })) });
  const server = await startFakeOpenAiServer({ record: false, respond: () => ({ type: 'text', text: reply, usage: { input: 3000, output: 400 } }) });
  try {
    const config = fakeJudgeConfig('openai', server, { maxConcurrency: CONCURRENCY });
    let engineBest = 0;
    let providerBest = 0;
    let outsideShare = 1;
    for (let round = 0; round < 3; round++) {
      const ws = judgingWorkspace({ runs: RUNS, frames: FRAMES, frameBytes: FRAME_BYTES });
      try {
        // Peer: the same prompts through the provider stack alone.
        const prompts: JudgePrompt[] = [];
        for (const runId of ws.runIds) {
          const material = await loadJudgingMaterial(ws.workspace, runId, 'output');
          if (material.ok) prompts.push(buildJudgePrompt(set, material.material));
        }
        const bare = createJudgeProvider(config, { apiKeys: FAKE_KEYS });
        let next = 0;
        const signal = new AbortController().signal;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < prompts.length) {
              const prompt = prompts[next++]!;
              await bare.complete({ system: prompt.system, turns: prompt.turns, maxOutputTokens: 4096, signal });
            }
          }),
        );
        providerBest = Math.max(providerBest, prompts.length / ((performance.now() - started) / 1000));

        const probe = timed(createJudgeProvider(config, { apiKeys: FAKE_KEYS }));
        probe.start();
        const engineStarted = performance.now();
        const summary = await judgeRuns({ judges: [config], tier: 'output', sets: [set] }, { store: ws.workspace, providerFor: () => probe.provider }, { signal, report: () => undefined });
        const wall = performance.now() - engineStarted;
        if (summary.units.ok !== RUNS) throw new Error(`expected ${RUNS} replies, stored ${summary.units.ok}`);
        const rate = RUNS / (wall / 1000);
        if (rate > engineBest) {
          engineBest = rate;
          outsideShare = probe.idleMs() / wall;
        }
      } finally {
        ws.close();
      }
    }
    return [
      {
        name: `judging engine, ${RUNS} runs × 1 judge × figma-output@v1 (8 rubrics, ${FRAMES} frame pairs of ${FRAME_BYTES / 1024} KB) at concurrency ${CONCURRENCY}`,
        unit: 'judgments/s',
        value: engineBest,
        peer: { name: 'the same prompts through the provider stack alone', value: providerBest },
        detail:
          `≈ ${(1000 / engineBest - 1000 / providerBest).toFixed(2)} ms of engine work per judgment (${(8 * engineBest).toFixed(0)} rubric judgments/s); ` +
          `${((1 - engineBest / providerBest) * 100).toFixed(0)}% of the wall time is outside the provider (beyond what the provider stack alone takes for the same requests), ` +
          `and ${(outsideShare * 100).toFixed(1)}% of it had no provider request in flight`,
      },
    ];
  } finally {
    await server.close();
  }
}
