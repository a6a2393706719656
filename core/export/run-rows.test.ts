import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../schemas/studies.ts';
import { createApi, type Api } from '../api/create-api.ts';
import { importBundles } from '../runs/import-bundles.ts';
import { importTestTask } from '../runs/study/study-engine.fixture.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';

let dir: string;
let api: Api;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-run-rows-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  await importTestTask(api.context.workspace, dir);
});

afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A trajectory as a Harbor agent writes it: a failed cat and its recovery, then a failed test. */
const ATIF = {
  schema_version: 'ATIF-v1.5',
  session_id: 'trial-0001',
  agent: { name: 'claude-code', version: '2.1.3', model_name: 'claude-sonnet-4-5' },
  steps: [
    { step_id: 1, source: 'user', message: 'Build the page.' },
    {
      step_id: 2,
      source: 'agent',
      message: 'Looking around.',
      tool_calls: [
        { tool_call_id: 't1', function_name: 'Bash', arguments: { command: 'cat inputs/missing.csv' } },
        { tool_call_id: 't2', function_name: 'Bash', arguments: { command: 'cat inputs/data.csv' } },
      ],
      observation: { results: [{ source_call_id: 't1', content: 'cat: inputs/missing.csv: No such file or directory\n[exit code: 1]' }, { source_call_id: 't2', content: 'year,value' }] },
      metrics: { prompt_tokens: 1200, completion_tokens: 90, cached_tokens: 200, cost_usd: 0.004 },
    },
    {
      step_id: 3,
      source: 'agent',
      message: 'Testing.',
      tool_calls: [{ tool_call_id: 't3', function_name: 'Bash', arguments: { command: 'npm test' } }],
      observation: { results: [{ source_call_id: 't3', content: 'Tests: 2 failed\n[exit code: 1]' }] },
      metrics: { prompt_tokens: 1500, completion_tokens: 40, cost_usd: 0.002 },
    },
  ],
};

describe('the runs subset', () => {
  it('exports the summary of a run imported with an ATIF trajectory, and its duration as lhb runs show gives it', async () => {
    const bundle = join(dir, 'bundle');
    mkdirSync(bundle);
    writeFileSync(join(bundle, 'run.json'), JSON.stringify({ task_id: 'engine-task', harness: 'claude-code', model: 'claude-sonnet-4-5', versions: { skill: 'v2' }, started_at: '2025-11-03T12:00:00Z', finished_at: '2025-11-03T12:04:30Z', status: 'succeeded' }));
    writeFileSync(join(bundle, 'trajectory.json'), JSON.stringify(ATIF));
    const imported = (await importBundles(api.context.workspace, [bundle])).outcomes[0] as { id: string };

    const { jobId } = (await api.call('export.hf', { outDir: join(dir, 'hf'), format: 'jsonl', subsets: ['runs'] })) as { jobId: string };
    await api.context.jobs.idle();
    const rows = readFileSync(join(dir, 'hf', 'data', 'runs', 'train-00000-of-00001.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows, `export job ${jobId}`).toHaveLength(1);
    const { run } = (await api.call('runs.show', { runId: imported.id })) as { run: RunDetail };
    expect(rows[0]).toMatchObject({
      run_id: imported.id,
      steps: 3,
      tool_calls: 3,
      failed_tool_calls: 2,
      tokens_input: 2500,
      tokens_output: 130,
      cost_usd: 0.006,
      errors: 2,
      recovered_errors: 1,
      errors_by_type: [
        { type: 'not-found', count: 1, recovered: 1 },
        { type: 'test', count: 1, recovered: 0 },
      ],
      duration_ms: 270_000,
    });
    expect(rows[0]!.duration_ms).toBe(run.durationMs);
    expect([rows[0]!.steps, rows[0]!.tool_calls, rows[0]!.failed_tool_calls]).toEqual([run.trajectory!.steps, run.trajectory!.toolCalls, run.trajectory!.failedToolCalls]);
  });
});
