import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import { findStudyRun } from '../../store/study-repository.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { parseTranscript } from '../trajectory/read-transcript-lines.ts';
import { REAL_HARNESSES, useRealHarnessStudy } from './real-harness-study.fixture.ts';

// The acceptance run of a multi-turn task: each real harness CLI through the engine against the
// scripted model server. The task's instruction and two follow-up requests are sent in one session;
// each later turn's first model request carries the earlier turns' history, each turn's out/ is kept.

const FOLLOW_UPS = ['Compare GRPO with PPO in the second scene.', 'Add a gradient-flow visual.'];
const page = (n: number) => `<!doctype html><title>Scene</title><h1>Version ${n}</h1>\n`;

// A reply without tool calls ends a turn; the script's position is the model turns already in the
// request's history, so a resumed session picks the script up where the last turn left it.
const SCRIPT: ReplayScript = {
  name: 'three turns',
  turns: [
    { text: 'Writing the first version.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: page(1) }] },
    { text: 'FIRST TURN DONE.', calls: [] },
    { text: 'Comparing GRPO with PPO.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: page(2) }] },
    { text: 'SECOND TURN DONE.', calls: [] },
    { text: 'Adding the visual.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/gradient.html', content: page(3) }] },
  ],
  final: 'THIRD TURN DONE.',
  usage: { input: 100, output: 20, cachedInput: 60 },
};
// Each turn is two scripted replies: a tool call, then words that end it.
const TURN_TOKENS = { input: 2 * (100 - 60), output: 2 * 20, cacheRead: 2 * 60, cacheWrite: 0 };

const study = useRealHarnessStudy('lhb-real-harnesses-turns-', {
  id: 'turns-task',
  kind: 'programmatic',
  title: 'Explain GRPO',
  instruction: 'Build one page that explains GRPO.',
  turns: [{ prompt: FOLLOW_UPS[0] }, { prompt: FOLLOW_UPS[1], after: 'succeeded' }],
});

interface TurnView {
  index: number;
  prompt: string;
  status: string;
  resumed: boolean;
  durationMs: number | null;
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number };
  artifacts: { path: string; sha256: string }[];
  transcript: { offset: number; bytes: number };
}

describe.each(REAL_HARNESSES)('%s with two follow-up turns', (harness) => {
  it('sends them in the same session, records each turn with its out/, and shows 3 turns', async () => {
    const adapter = HARNESS_ADAPTERS[harness];
    const { api, dir } = study;
    const { studyId } = await api.call('runs.start', { tasks: ['turns-task'], taskFolders: { 'turns-task': study.taskFolder }, configurations: [{ harness, model: adapter.defaultModel }], timeoutSeconds: 180, replay: SCRIPT });
    await api.context.jobs.idle();
    const { runs } = await api.call('runs.study', { studyId });
    const run = runs[0]!;
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
    const folder = join(dir, 'ws', 'studies', studyId, 'runs', run.id);

    // The first request that carries each follow-up also carries what the model said in the turns before it.
    const requests = readFileSync(join(folder, 'model-requests.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.stringify((JSON.parse(line) as { body: unknown }).body));
    const second = requests.find((body) => body.includes(FOLLOW_UPS[0]!));
    const third = requests.find((body) => body.includes(FOLLOW_UPS[1]!));
    expect(second, 'a request with the second turn').toBeDefined();
    expect(second).toContain('FIRST TURN DONE.');
    expect(second).toContain('Build one page that explains GRPO.');
    expect(third, 'a request with the third turn').toBeDefined();
    expect(third).toContain('FIRST TURN DONE.');
    expect(third).toContain('SECOND TURN DONE.');
    expect(third).toContain(FOLLOW_UPS[0]);

    const detail = (await api.call('runs.show', { runId: run.id })).run;
    expect(detail.turns.map((turn) => [turn.index, turn.status, turn.resumed])).toEqual([
      [1, 'succeeded', false],
      [2, 'succeeded', true],
      [3, 'succeeded', true],
    ]);
    expect(detail.turns[1]!.prompt).toBe(FOLLOW_UPS[0]);
    expect(detail.turns[2]!.prompt).toBe(FOLLOW_UPS[1]);
    for (const turn of detail.turns) {
      expect(turn.durationMs).toBeGreaterThan(0);
      expect(turn.tokens.input).toBeGreaterThan(0);
    }
    // Each turn's out/ is kept: the page as each turn left it, the same bytes stored once.
    const files = detail.turns.map((turn) => Object.fromEntries(turn.artifacts.map((a) => [a.path, a.sha256])));
    expect(Object.keys(files[0]!)).toEqual(['dist/index.html']);
    expect(Object.keys(files[2]!).sort()).toEqual(['dist/gradient.html', 'dist/index.html']);
    expect(files[1]!['dist/index.html']).not.toBe(files[0]!['dist/index.html']);
    expect(files[2]!['dist/index.html']).toBe(files[1]!['dist/index.html']);
    expect(api.context.workspace.blobs.read(files[0]!['dist/index.html']!).toString('utf8')).toContain('Version 1');
    expect(api.context.workspace.blobs.read(files[1]!['dist/index.html']!).toString('utf8')).toContain('Version 2');

    // Each turn's segment of the stored transcript is its own.
    const studyRun = findStudyRun(api.context.workspace.db, run.id)!;
    const transcript = api.context.workspace.blobs.read(studyRun.transcript_sha256!);
    const segment = (turn: TurnView) => transcript.subarray(turn.transcript.offset, turn.transcript.offset + turn.transcript.bytes).toString('utf8');
    expect(detail.turns.at(-1)!.transcript.offset + detail.turns.at(-1)!.transcript.bytes).toBe(transcript.length);
    // (Words only: Gemini CLI's transcript has the streamed text in pieces.)
    expect(segment(detail.turns[1]!)).toContain('SECOND');
    expect(segment(detail.turns[1]!)).not.toContain('THIRD');
    expect(segment(detail.turns[0]!)).not.toContain('SECOND');

    // The trajectory spans the turns, and each step knows its turn.
    const trajectory = (await api.call('runs.trajectory', { runId: run.id })).trajectory!;
    const turnOf = (text: string) => trajectory.steps.find((step) => step.text.includes(text))?.turn;
    expect([turnOf('FIRST TURN DONE.'), turnOf('SECOND TURN DONE.'), turnOf('THIRD TURN DONE.')]).toEqual([1, 2, 3]);

    // Tokens are counted once: each turn its own two replies, the run the six the model server answered,
    // also for a harness whose continued turns report the session's running total (then the last turn's report).
    expect(detail.turns.map((turn) => turn.tokens)).toEqual([TURN_TOKENS, TURN_TOKENS, TURN_TOKENS]);
    const runTokens = trajectory.tokens;
    expect(runTokens).toEqual({ input: 3 * TURN_TOKENS.input, output: 3 * TURN_TOKENS.output, cacheRead: 3 * TURN_TOKENS.cacheRead, cacheWrite: 0 });
    expect([studyRun.tokens_input, studyRun.tokens_output]).toEqual([3 * TURN_TOKENS.input, 3 * TURN_TOKENS.output]);
    if (adapter.resumedTurnUsage === 'session') {
      const lastTurn = await parseTranscript((await adapter.loadParser())(), join(folder, 'transcript-turn-3.jsonl'));
      expect(runTokens).toEqual(lastTurn.tokens);
      if (lastTurn.costUsd !== null) expect(studyRun.cost_usd).toBeCloseTo(lastTurn.costUsd, 9);
    }
    // The transcripts the committed fixtures core/runs/harnesses/<harness>/fixtures/three-turns/ are (see their README), kept when this names a folder.
    const keepIn = process.env.LHB_KEEP_TURN_TRANSCRIPTS;
    if (keepIn) for (const file of ['transcript.jsonl', 'transcript-turn-2.jsonl', 'transcript-turn-3.jsonl']) cpSync(join(folder, file), join(keepIn, harness, 'three-turns', file));
  }, 400_000);
});
