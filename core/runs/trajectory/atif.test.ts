import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TrajectorySchema, type Trajectory } from '../../../schemas/trajectory.ts';
import { AtifFormatError, exportAtif, importAtif, readAtifFile } from './atif.ts';
import { AtifTrajectorySchema } from './atif-schema.ts';
import { parseTranscriptFile } from './parse-harness-transcript.ts';
import { transcriptFixturePath } from '../harnesses/transcript-fixture-path.fixture.ts';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A trajectory using every field ATIF has no direct place for. */
const RICH: Trajectory = {
  format: 'lhb-trajectory/1',
  harness: 'gemini-cli',
  harnessVersion: null,
  model: 'gemini-2.5-flash',
  sessionId: null,
  steps: [
    { index: 0, source: 'system', text: 'You are a coding agent.', toolCalls: [], timestamp: null, tokens: null },
    { index: 1, source: 'user', text: 'Build the page.', toolCalls: [], timestamp: '2025-10-11T10:30:00Z', tokens: null },
    {
      index: 2,
      source: 'agent',
      text: 'Trying two things.',
      timestamp: '2025-10-11T10:30:02.123Z',
      tokens: { input: 400, output: 80, cacheRead: 200, cacheWrite: 50 },
      toolCalls: [
        { id: 'call-1', name: 'run_shell_command', arguments: { command: 'ls /definitely-missing-dir' }, result: 'ls: cannot access', ok: false, failure: 'error in output', exitCode: 2, durationMs: 12.5 },
        { id: 'call-2', name: 'odd_tool', arguments: ['not', 'an', 'object'], result: null, ok: true, failure: null, exitCode: null, durationMs: null },
        { id: 'call-3', name: 'text_tool', arguments: 'raw text', result: '', ok: true, failure: null, exitCode: 0, durationMs: 3 },
      ],
    },
    { index: 3, source: 'agent', text: '', timestamp: null, tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, toolCalls: [] },
  ],
  tokens: { input: 1000, output: 300, cacheRead: 200, cacheWrite: 50 },
  costUsd: 0.0123,
  durationMs: 45_000,
  outcome: 'failed',
  warnings: ['1 unknown event type (gemini.thought) skipped'],
};

describe('ATIF export and import', () => {
  it('round-trips a trajectory exactly, through JSON text', () => {
    const atif = exportAtif(RICH);
    const back = importAtif(JSON.parse(JSON.stringify(atif)) as unknown);
    expect(back).toEqual(RICH);
  });

  it('round-trips a real Claude Code trajectory exactly', async () => {
    const trajectory = await parseTranscriptFile('claude-code', transcriptFixturePath('claude-code/four-tools.jsonl'));
    expect(importAtif(JSON.parse(JSON.stringify(exportAtif(trajectory, { sessionId: 'run-42' }))) as unknown)).toEqual(trajectory);
  });

  it('round-trips a trajectory cut to its first steps, with what it left out', () => {
    const cut: Trajectory = { ...RICH, omitted: { steps: 120_000, toolCalls: 90_000, failedToolCalls: 7 } };
    expect(importAtif(JSON.parse(JSON.stringify(exportAtif(cut))) as unknown)).toEqual(cut);
  });

  it('writes ATIF by the RFC: version, sequential step ids, results tied to calls, prompt tokens including cached ones', () => {
    const atif = exportAtif(RICH);
    expect(AtifTrajectorySchema.parse(atif)).toBeTruthy();
    expect(atif.schema_version).toBe('ATIF-v1.4');
    expect(atif.agent).toEqual({ name: 'gemini-cli', version: 'unknown', model_name: 'gemini-2.5-flash' });
    expect(atif.steps.map((step) => step.step_id)).toEqual([1, 2, 3, 4]);
    const agentStep = atif.steps[2]!;
    expect(agentStep.tool_calls!.map((call) => Object.keys(call).sort())).toEqual([
      ['arguments', 'function_name', 'tool_call_id'],
      ['arguments', 'function_name', 'tool_call_id'],
      ['arguments', 'function_name', 'tool_call_id'],
    ]);
    expect(agentStep.tool_calls![1]!.arguments).toEqual({ value: ['not', 'an', 'object'] });
    expect(agentStep.observation!.results).toEqual([
      { source_call_id: 'call-1', content: 'ls: cannot access' },
      { source_call_id: 'call-3', content: '' },
    ]);
    expect(agentStep.metrics).toEqual({ prompt_tokens: 650, completion_tokens: 80, cached_tokens: 200, extra: { cache_creation_input_tokens: 50 } });
    expect(atif.steps[0]).toEqual({ step_id: 1, source: 'system', message: 'You are a coding agent.' });
    expect(atif.final_metrics).toEqual({ total_prompt_tokens: 1250, total_completion_tokens: 300, total_cached_tokens: 200, total_cost_usd: 0.0123, total_steps: 4, extra: { total_cache_creation_input_tokens: 50 } });
  });

  it('derives a stable session id from the content when the trajectory has none, and takes one given', () => {
    expect(exportAtif(RICH).session_id).toBe(exportAtif(structuredClone(RICH)).session_id);
    expect(exportAtif(RICH).session_id).toMatch(/^lhb-[0-9a-f]{32}$/);
    expect(exportAtif({ ...RICH, outcome: 'completed' }).session_id).not.toBe(exportAtif(RICH).session_id);
    expect(exportAtif(RICH, { sessionId: 'run-7' }).session_id).toBe('run-7');
  });
});

describe('importAtif of files written elsewhere', () => {
  /** Shaped like the RFC's multi-step example, written by a Harbor agent. */
  const foreign = () => ({
    schema_version: 'ATIF-v1.5',
    session_id: 'trial-0001',
    agent: { name: 'terminus-2', version: '2.0.1', model_name: 'anthropic/claude-sonnet-4-5', extra: { temperature: 0.7 } },
    notes: 'exported by harbor',
    steps: [
      { step_id: 1, timestamp: '2025-10-11T10:30:00Z', source: 'user', message: 'Create hello.txt' },
      {
        step_id: 2,
        source: 'agent',
        message: [{ type: 'text', text: 'Creating it.' }, { type: 'image', source: { media_type: 'image/png', path: 'x.png' } }],
        reasoning_content: 'Simple task.',
        tool_calls: [
          { tool_call_id: 't1', function_name: 'bash', arguments: { command: 'cat nope.txt' } },
          { tool_call_id: 't2', function_name: 'bash', arguments: { command: 'echo hi > hello.txt' } },
          { tool_call_id: 't3', function_name: 'bash', arguments: { command: 'false' } },
        ],
        observation: {
          results: [
            { source_call_id: 't1', content: 'cat: nope.txt: No such file or directory\n[exit code: 1]' },
            { source_call_id: 't2', content: '' },
            { source_call_id: 't3', content: 'failed', is_error: true },
            { content: 'terminal screen after the commands' },
          ],
        },
        metrics: { prompt_tokens: 520, completion_tokens: 80, cached_tokens: 200, cost_usd: 0.00045, logprobs: [-0.1] },
      },
      { step_id: 3, source: 'agent', message: 'Done.', model_name: 'other-model', metrics: { prompt_tokens: 600, completion_tokens: 44, cost_usd: 0.00033 } },
    ],
  });

  it('maps steps, calls, results, failures, tokens and cost, and says what it could not keep', () => {
    const trajectory = importAtif(foreign());
    expect(TrajectorySchema.parse(trajectory)).toEqual(trajectory);
    expect(trajectory).toMatchObject({ harness: 'command', harnessVersion: '2.0.1', model: 'anthropic/claude-sonnet-4-5', sessionId: 'trial-0001', outcome: 'unknown', durationMs: null });
    expect(trajectory.steps.map((step) => [step.source, step.text])).toEqual([
      ['user', 'Create hello.txt'],
      ['agent', 'Creating it.\n[image]\n\nterminal screen after the commands'],
      ['agent', 'Done.'],
    ]);
    expect(trajectory.steps[1]!.toolCalls.map((call) => [call.id, call.ok, call.failure, call.exitCode, call.result])).toEqual([
      ['t1', false, 'exit code 1', 1, 'cat: nope.txt: No such file or directory\n[exit code: 1]'],
      ['t2', true, null, null, ''],
      ['t3', false, 'marked is_error', null, 'failed'],
    ]);
    expect(trajectory.steps[1]!.tokens).toEqual({ input: 320, output: 80, cacheRead: 200, cacheWrite: 0 });
    expect(trajectory.tokens).toEqual({ input: 920, output: 124, cacheRead: 200, cacheWrite: 0 });
    expect(trajectory.costUsd).toBeCloseTo(0.00078, 10);
    expect(trajectory.warnings).toEqual([
      'agent "terminus-2" is not a harness LH-Bench runs; it was imported as the command harness',
      'reasoning_content of 1 step is not shown (the trajectory has no place for it; a re-export of the run writes it back)',
      '1 observation result without a source_call_id was added to their step\'s text',
    ]);
  });

  it('prefers final_metrics when the file has them, and knows the harnesses by their Harbor names', () => {
    const document = { ...foreign(), agent: { name: 'claude-code', version: '2.1.0' }, final_metrics: { total_prompt_tokens: 5000, total_completion_tokens: 700, total_cached_tokens: 1000, total_cost_usd: 0.5 } };
    const trajectory = importAtif(document);
    expect(trajectory.harness).toBe('claude-code');
    expect(trajectory.tokens).toEqual({ input: 4000, output: 700, cacheRead: 1000, cacheWrite: 0 });
    expect(trajectory.costUsd).toBe(0.5);
    expect(trajectory.model).toBe('other-model');
  });

  it('keeps steps in file order when step ids are off, with a warning, and ties a later result to an earlier call', () => {
    const document = foreign();
    document.steps[2]!.step_id = 7;
    (document.steps[2] as Record<string, unknown>).observation = { results: [{ source_call_id: 't2', content: 'late output' }, { source_call_id: 'ghost', content: 'who?' }] };
    const trajectory = importAtif(document);
    expect(trajectory.steps[1]!.toolCalls[1]!.result).toBe('late output');
    expect(trajectory.steps[2]!.text).toBe('Done.\n\nwho?');
    expect(trajectory.warnings).toContain('steps[2] has step_id 7, expected 3; steps were kept in file order');
    expect(trajectory.warnings).toContain('steps[2].observation.results[1] answers tool call "ghost", which no step made; its content was added to the step\'s text');
  });

  it.each([
    [{ schema_version: 'v1', session_id: 's', agent: { name: 'a', version: '1' }, steps: [] }, 'schema_version: expected "ATIF-v<major>.<minor>"'],
    [{ schema_version: 'ATIF-v1.4', session_id: 's', agent: { version: '1' }, steps: [] }, 'agent.name: '],
    [{ schema_version: 'ATIF-v1.4', session_id: 's', agent: { name: 'a', version: '1' } }, 'steps: '],
    [{ schema_version: 'ATIF-v1.4', session_id: 's', agent: { name: 'a', version: '1' }, steps: [{ step_id: 1, source: 'robot', message: '' }] }, 'steps[0].source: '],
    [{ schema_version: 'ATIF-v1.4', session_id: 's', agent: { name: 'a', version: '1' }, steps: [{ step_id: 1, source: 'agent', message: '', tool_calls: [{ tool_call_id: 'x', function_name: 3, arguments: {} }] }] }, 'steps[0].tool_calls[0].function_name: '],
    [{ schema_version: 'ATIF-v1.4', session_id: 's', agent: { name: 'a', version: '1' }, steps: [{ step_id: 1, source: 'agent', message: '', metrics: { prompt_tokens: -1 } }] }, 'steps[0].metrics.prompt_tokens: '],
    [[], '(the document): '],
  ])('refuses a malformed file naming the field (%#)', (document, field) => {
    let error: unknown;
    try {
      importAtif(document, 'trial/agent/trajectory.json');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AtifFormatError);
    expect((error as Error).message).toMatch(/^trial\/agent\/trajectory\.json is not a valid ATIF trajectory: /);
    expect((error as Error).message).toContain(field);
    expect((error as Error).message).toMatch(/Nothing was imported\.$/);
  });

  it('readAtifFile names a file that is not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lhb-atif-'));
    temps.push(dir);
    const path = join(dir, 'trajectory.json');
    writeFileSync(path, '{"schema_version": "ATIF-v1.4",');
    await expect(readAtifFile(path)).rejects.toThrow(`${path} is not JSON`);
    writeFileSync(path, JSON.stringify(exportAtif(RICH)));
    expect(await readAtifFile(path)).toEqual(RICH);
  });
});
