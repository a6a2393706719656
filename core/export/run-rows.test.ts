import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importBundles } from '../runs/bundles/import-bundles.ts';
import { useTaskWorkspace } from '../runs/study/task-workspace.fixture.ts';
import { harborAtif } from '../runs/trajectory/harbor-atif.fixture.ts';

const ws = useTaskWorkspace('lhb-run-rows-');

describe('the runs subset', () => {
  it('exports the summary of a run imported with an ATIF trajectory, and its duration as lhb runs show gives it', async () => {
    const bundle = join(ws.dir, 'bundle');
    mkdirSync(bundle);
    writeFileSync(join(bundle, 'run.json'), JSON.stringify({ task_id: 'engine-task', harness: 'claude-code', model: 'claude-sonnet-4-5', versions: { skill: 'v2' }, started_at: '2025-11-03T12:00:00Z', finished_at: '2025-11-03T12:04:30Z', status: 'succeeded' }));
    const atif = harborAtif();
    Object.assign(atif.steps[1]!.metrics!, { cost_usd: 0.004 });
    Object.assign(atif.steps[2]!.metrics!, { cost_usd: 0.002 });
    writeFileSync(join(bundle, 'trajectory.json'), JSON.stringify(atif));
    const imported = (await importBundles(ws.api.context.workspace, [bundle])).outcomes[0] as { id: string };

    const { jobId } = await ws.api.call('export.hf', { outDir: join(ws.dir, 'hf'), format: 'jsonl', subsets: ['runs'] });
    await ws.api.context.jobs.idle();
    const rows = readFileSync(join(ws.dir, 'hf', 'data', 'runs', 'train-00000-of-00001.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows, `export job ${jobId}`).toHaveLength(1);
    const { run } = await ws.api.call('runs.show', { runId: imported.id });
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
