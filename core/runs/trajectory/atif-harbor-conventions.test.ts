import { describe, expect, it } from 'vitest';
import { exportAtif, importAtif } from './atif.ts';
import { harborValidationErrors } from './harbor-atif-validator.fixture.ts';

/**
 * Trajectories shaped as Harbor's Claude Code converter (src/harbor/agents/installed/claude_code.py)
 * writes them in each of its eras, read in harbor-framework/harbor's history:
 *
 * - since harbor #1760 (2026-05-31): one step per model turn with all its calls, a failed result
 *   marked on the result (`extra.tool_result_is_error`, `extra.tool_result_metadata.is_error`),
 *   ATIF-v1.7, cache creation inside prompt_tokens (since harbor #1230, 2026-03-20);
 * - from harbor #86 (2025-11-03) until then: one step per tool call (`Executed Read toolu_…`), the
 *   failure marked on the step's `extra`, ATIF-v1.2; before harbor #1230, prompt_tokens = input +
 *   cache read, cache creation only in `metrics.extra`.
 *
 * In both, a result the tool reported failed ends with "[error] tool reported failure". Usage
 * figures are a real Claude turn's (3 input tokens, the rest cached or written to the cache).
 */
const USAGE = { input_tokens: 3, cache_creation_input_tokens: 4215, cache_read_input_tokens: 11956, output_tokens: 120 };
const usageExtra = { cache_creation_input_tokens: 4215, cache_read_input_tokens: 11956, cache_creation: { ephemeral_5m_input_tokens: 4215, ephemeral_1h_input_tokens: 0 }, service_tier: 'standard' };

function bundledTurns() {
  return {
    schema_version: 'ATIF-v1.7',
    session_id: '0b8f6c7e-5a1d-4c55-9a57-2f9a1c0e4d11',
    agent: { name: 'claude-code', version: '2.1.150', model_name: 'claude-sonnet-4-5', extra: { cwds: ['/app'] } },
    steps: [
      { step_id: 1, timestamp: '2026-06-02T09:00:00.000Z', source: 'user', message: 'Fix the failing test.', extra: { is_sidechain: false } },
      {
        step_id: 2,
        timestamp: '2026-06-02T09:00:03.120Z',
        source: 'agent',
        model_name: 'claude-sonnet-4-5',
        message: 'Reading the test and the module.',
        reasoning_content: 'The test imports calc.py.',
        tool_calls: [
          { tool_call_id: 'toolu_01', function_name: 'Read', arguments: { file_path: '/app/test_calc.py' }, extra: { tool_use_name: 'Read' } },
          { tool_call_id: 'toolu_02', function_name: 'Read', arguments: { file_path: '/app/calc.py' } },
        ],
        observation: {
          results: [
            { source_call_id: 'toolu_01', content: 'def test_add():\n    assert add(1, 2) == 3' },
            {
              source_call_id: 'toolu_02',
              content: 'File does not exist. Note: your current working directory is /app.\n\n[error] tool reported failure',
              extra: { tool_result_metadata: { is_error: true, raw_tool_result: { type: 'tool_result', tool_use_id: 'toolu_02', is_error: true } }, tool_result_is_error: true },
            },
          ],
        },
        metrics: { prompt_tokens: 16174, completion_tokens: 120, cached_tokens: 11956, extra: usageExtra },
        extra: { id: 'msg_01', is_sidechain: false },
      },
      {
        step_id: 3,
        source: 'agent',
        model_name: 'claude-sonnet-4-5',
        message: '',
        tool_calls: [{ tool_call_id: 'toolu_03', function_name: 'Read', arguments: { file_path: '/app/src/calc.py' } }],
        observation: { results: [{ source_call_id: 'toolu_03', content: 'def add(a, b):\n    return a - b' }] },
        metrics: { prompt_tokens: 16174, completion_tokens: 120, cached_tokens: 11956, extra: usageExtra },
      },
    ],
    final_metrics: { total_prompt_tokens: 32348, total_completion_tokens: 240, total_cached_tokens: 23912, total_steps: 3, extra: { service_tiers: ['standard'], total_cache_creation_input_tokens: 8430, total_cache_read_input_tokens: 23912 } },
  };
}

/** The older era: one step per call, failure on the step, prompt_tokens without cache creation. */
function stepPerCall() {
  const metrics = { prompt_tokens: USAGE.input_tokens + USAGE.cache_read_input_tokens, completion_tokens: 120, cached_tokens: 11956, extra: usageExtra };
  return {
    schema_version: 'ATIF-v1.2',
    session_id: '7d1f2e3a-0000-4000-8000-00000000beef',
    agent: { name: 'claude-code', version: '2.0.31', model_name: 'claude-sonnet-4-5' },
    steps: [
      { step_id: 1, timestamp: '2026-01-10T12:00:00.000Z', source: 'user', message: 'Fix the failing test.' },
      { step_id: 2, timestamp: '2026-01-10T12:00:02.000Z', source: 'agent', model_name: 'claude-sonnet-4-5', message: 'Looking at the module.', metrics, extra: { is_sidechain: false } },
      {
        step_id: 3,
        timestamp: '2026-01-10T12:00:02.000Z',
        source: 'agent',
        model_name: 'claude-sonnet-4-5',
        message: 'Executed Edit toolu_11',
        tool_calls: [{ tool_call_id: 'toolu_11', function_name: 'Edit', arguments: { file_path: '/app/calc.py', old_string: 'a - b', new_string: 'a + b' } }],
        observation: { results: [{ source_call_id: 'toolu_11', content: '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>' }] },
        extra: { is_sidechain: false, tool_result_is_error: true, tool_result_metadata: { is_error: true } },
      },
      {
        step_id: 4,
        timestamp: '2026-01-10T12:00:05.000Z',
        source: 'agent',
        model_name: 'claude-sonnet-4-5',
        message: 'Executed Write toolu_12',
        tool_calls: [{ tool_call_id: 'toolu_12', function_name: 'Write', arguments: { file_path: '/app/calc.py', content: 'def add(a, b):\n    return a + b\n' } }],
        observation: { results: [{ source_call_id: 'toolu_12', content: 'File created successfully at: /app/calc.py' }] },
        metrics,
        extra: { is_sidechain: false, tool_result_is_error: false },
      },
    ],
    final_metrics: { total_prompt_tokens: 2 * metrics.prompt_tokens, total_completion_tokens: 240, total_cached_tokens: 23912, total_steps: 4, extra: { service_tiers: ['standard'], total_cache_creation_input_tokens: 8430, total_cache_read_input_tokens: 23912 } },
  };
}

const callsOf = (document: unknown) => importAtif(document).steps.flatMap((step) => step.toolCalls);

describe("Harbor's failure flags", () => {
  it('a failed Read marked on its result (Harbor since 2026-05) is a failed call, though its text shows no exit code', () => {
    expect(callsOf(bundledTurns()).map((call) => [call.id, call.ok, call.failure])).toEqual([
      ['toolu_01', true, null],
      ['toolu_02', false, 'marked tool_result_is_error'],
      ['toolu_03', true, null],
    ]);
  });

  it('reads the flag alone, and the "[error] tool reported failure" line alone', () => {
    const flagOnly = bundledTurns();
    flagOnly.steps[1]!.observation!.results[1]!.content = 'File does not exist.';
    expect(callsOf(flagOnly)[1]).toMatchObject({ ok: false, failure: 'marked tool_result_is_error' });
    const lineOnly = bundledTurns();
    delete (lineOnly.steps[1]!.observation!.results[1] as { extra?: unknown }).extra;
    expect(callsOf(lineOnly)[1]).toMatchObject({ ok: false, failure: 'marked tool reported failure' });
  });

  it("a failed Edit marked on its step (Harbor's one-call-per-step era) is a failed call; a step flag false is not", () => {
    expect(callsOf(stepPerCall()).map((call) => [call.name, call.ok, call.failure])).toEqual([
      ['Edit', false, 'marked tool_result_is_error'],
      ['Write', true, null],
    ]);
  });
});

describe("Harbor's Claude Code token conventions", () => {
  it('reads input tokens from a file whose prompt_tokens leave cache creation out, and says so', () => {
    const trajectory = importAtif(stepPerCall());
    expect(trajectory.steps[1]!.tokens).toEqual({ input: 3, output: 120, cacheRead: 11956, cacheWrite: 4215 });
    expect(trajectory.tokens).toEqual({ input: 6, output: 240, cacheRead: 23912, cacheWrite: 8430 });
    expect(trajectory.warnings).toContain("prompt_tokens leave cache-creation tokens out (Harbor's Claude Code trajectories before March 2026): input tokens are prompt_tokens minus cached_tokens");
  });

  it('reads the same input tokens from a file that folds cache creation into prompt_tokens', () => {
    const trajectory = importAtif(bundledTurns());
    expect(trajectory.steps[1]!.tokens).toEqual({ input: 3, output: 120, cacheRead: 11956, cacheWrite: 4215 });
    expect(trajectory.tokens).toEqual({ input: 6, output: 240, cacheRead: 23912, cacheWrite: 8430 });
    expect(trajectory.warnings.some((warning) => warning.startsWith('prompt_tokens leave'))).toBe(false);
  });
});

describe('re-exporting an imported Harbor trajectory', () => {
  it('keeps what the file had: extra, per-step models, reasoning, the agent extra and result flags; Harbor accepts it and it imports back the same', () => {
    const source = bundledTurns();
    const trajectory = importAtif(source);
    expect(trajectory.steps.map((step) => step.model)).toEqual([undefined, 'claude-sonnet-4-5', 'claude-sonnet-4-5']);
    const again = exportAtif(trajectory, { source: JSON.parse(JSON.stringify(source)) as never });
    expect(harborValidationErrors(again)).toEqual([]);
    expect(again.schema_version).toBe('ATIF-v1.7');
    expect(again.agent).toEqual({ name: 'claude-code', version: '2.1.150', model_name: 'claude-sonnet-4-5', extra: { cwds: ['/app'] } });
    const [user, first, second] = again.steps;
    expect(user!.extra).toEqual({ is_sidechain: false });
    expect(first).toMatchObject({ model_name: 'claude-sonnet-4-5', reasoning_content: 'The test imports calc.py.', metrics: { prompt_tokens: 16174, completion_tokens: 120, cached_tokens: 11956, extra: usageExtra } });
    expect(first!.extra).toMatchObject({ id: 'msg_01', is_sidechain: false, lhb: { tool_calls: { toolu_02: { ok: false, failure: 'marked tool_result_is_error' } } } });
    expect(first!.tool_calls![0]).toEqual(source.steps[1]!.tool_calls![0]);
    expect(first!.observation!.results[1]).toEqual(source.steps[1]!.observation!.results[1]);
    expect(second!.model_name).toBe('claude-sonnet-4-5');
    expect(again.final_metrics!.extra).toMatchObject({ service_tiers: ['standard'], total_cache_read_input_tokens: 23912, total_cache_creation_input_tokens: 8430 });
    expect(importAtif(JSON.parse(JSON.stringify(again)) as unknown)).toEqual(trajectory);
  });

  it('a file from the older era re-exports valid too, its step flags kept', () => {
    const source = stepPerCall();
    const trajectory = importAtif(source);
    const again = exportAtif(trajectory, { source: JSON.parse(JSON.stringify(source)) as never });
    expect(harborValidationErrors(again)).toEqual([]);
    expect(again.steps[2]!.extra).toMatchObject({ tool_result_is_error: true, tool_result_metadata: { is_error: true } });
    expect(importAtif(JSON.parse(JSON.stringify(again)) as unknown)).toEqual(trajectory);
  });
});
