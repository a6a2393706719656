import { cpSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRunTrajectory } from '../../store/run-trajectory-repository.ts';
import { importBundles } from '../bundles/import-bundles.ts';
import { useTaskWorkspace } from '../study/task-workspace.fixture.ts';
import { exportAtif, importAtif } from './atif.ts';
import { parseTranscriptFile } from './parse-harness-transcript.ts';
import { extractErrors } from './extract-errors.ts';
import { harborAtif } from './harbor-atif.fixture.ts';
import { transcriptFixturePath } from '../harnesses/transcript-fixture-path.fixture.ts';

const ws = useTaskWorkspace('lhb-atif-import-');

const RUN_JSON = { task_id: 'engine-task', harness: 'claude-code', model: 'claude-sonnet-4-5', versions: { skill: 'v2' }, started_at: '2025-11-03T12:00:00Z', finished_at: '2025-11-03T12:05:00Z', status: 'succeeded' };

function writeJson(path: string, value: unknown): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

/** A Harbor trial folder: result.json (TrialResult's fields we read) and the agent's trajectory. */
/** `atif` null: the agent wrote no trajectory (agent/ stays empty). */
function writeTrial(folder: string, result: Record<string, unknown>, atif: unknown = harborAtif()): void {
  writeJson(join(folder, 'result.json'), {
    id: '6f1c2a4e-0000-4000-8000-000000000001',
    task_name: 'engine-task',
    trial_name: 'engine-task__abc123',
    trial_uri: `file://${folder}`,
    task_checksum: 'deadbeef',
    config: {},
    agent_info: { name: 'claude-code', version: '2.1.3', model_info: { name: 'claude-sonnet-4-5', provider: 'anthropic' } },
    verifier_result: { rewards: { reward: 1 } },
    exception_info: null,
    started_at: '2025-11-03T12:00:00.123456',
    finished_at: '2025-11-03T12:04:30.5',
    ...result,
  });
  mkdirSync(join(folder, 'verifier'), { recursive: true });
  writeFileSync(join(folder, 'verifier', 'reward.txt'), '1');
  if (atif !== null) writeJson(join(folder, 'agent', 'trajectory.json'), atif);
  else mkdirSync(join(folder, 'agent'), { recursive: true });
}

const show = async (runId: string) => (await ws.api.call('runs.show', { runId })).run;
const trajectoryOf = async (runId: string) => await ws.api.call('runs.trajectory', { runId });

describe('importing runs that carry an ATIF trajectory', () => {
  it('an output bundle with trajectory.json and no artifacts imports as a run with its trajectory, errors and recoveries', async () => {
    const bundle = join(ws.dir, 'bundle');
    writeJson(join(bundle, 'run.json'), RUN_JSON);
    writeJson(join(bundle, 'trajectory.json'), harborAtif());

    const result = await importBundles(ws.api.context.workspace, [bundle]);
    const [outcome] = result.outcomes;
    expect(outcome).toMatchObject({ kind: 'run', status: 'imported' });
    expect(outcome?.status === 'imported' && outcome.detail).toBe('0 files, 0 frames, trajectory trajectory.json: 3 steps, 3 tool calls, 2 errors (1 recovered)');
    const runId = outcome!.status === 'imported' ? outcome!.id : '';

    const expected = importAtif(harborAtif(), join(bundle, 'trajectory.json'));
    const detail = await show(runId);
    expect(detail).toMatchObject({ task: 'engine-task', harness: 'claude-code', harnessVersion: '2.1.3', model: 'claude-sonnet-4-5', versions: { skill: 'v2' }, status: 'succeeded', artifacts: [] });
    expect(detail.trajectory).toEqual({ steps: 3, toolCalls: 3, failedToolCalls: 2, tokens: { input: 2500, output: 130, cacheRead: 200, cacheWrite: 0 } });
    // Steps as the file numbers them (step_id): the failed cat in step 2, recovered in that step; the failed test in step 3.
    expect(detail.errors).toEqual([
      { step: 2, type: 'not-found', message: expect.stringContaining('No such file'), recovered: true, recoveredAtStep: 2 },
      { step: 3, type: 'test', message: expect.any(String), recovered: false, recoveredAtStep: null },
    ]);
    const read = await trajectoryOf(runId);
    expect(read.trajectory).toEqual(expected);
    expect(read.errors).toEqual(extractErrors(expected));
    // The file as imported is kept raw beside our trajectory.
    const row = findRunTrajectory(ws.api.context.workspace.db, runId)!;
    expect(JSON.parse(ws.api.context.workspace.blobs.read(row.source_sha256).toString('utf8'))).toEqual(harborAtif());

    const again = await importBundles(ws.api.context.workspace, [bundle]);
    expect(again.outcomes[0]).toMatchObject({ status: 'unchanged', id: runId });
  });

  it('reads agent/trajectory.json beside run.json too, and refuses a bundle that has both', async () => {
    const nested = join(ws.dir, 'nested');
    writeJson(join(nested, 'run.json'), RUN_JSON);
    writeJson(join(nested, 'agent', 'trajectory.json'), harborAtif());
    const both = join(ws.dir, 'both');
    cpSync(nested, both, { recursive: true });
    writeJson(join(both, 'trajectory.json'), harborAtif());

    const result = await importBundles(ws.api.context.workspace, [nested, both]);
    const [first, second] = result.outcomes;
    expect(first).toMatchObject({ status: 'imported', detail: expect.stringContaining('trajectory agent/trajectory.json: 3 steps') });
    expect(second).toMatchObject({ status: 'failed', reason: expect.stringContaining('has both trajectory.json and agent/trajectory.json') });
  });

  it('a Harbor job folder imports each trial with an ATIF trajectory as a run; a trial without one fails alone, saying why', async () => {
    const job = join(ws.dir, 'jobs', '2025-11-03__12-00-00');
    writeJson(join(job, 'config.json'), { job_name: 'x' });
    writeJson(join(job, 'result.json'), { n_total_trials: 3 });
    writeTrial(join(job, 'engine-task__abc123'), {});
    writeTrial(join(job, 'engine-task__def456'), {
      agent_info: { name: 'terminus-2', version: '2.0.1', model_info: null },
      exception_info: { exception_type: 'AgentTimeoutError', exception_message: 'Agent timed out after 900s', exception_traceback: '', occurred_at: '2025-11-03T12:15:00' },
      verifier_result: null,
      finished_at: null,
    }, harborAtif('terminus-2'));
    writeTrial(join(job, 'engine-task__ghi789'), {}, null);

    const result = await importBundles(ws.api.context.workspace, [join(ws.dir, 'jobs')]);
    const byTrial = new Map(result.outcomes.map((o) => [o.path.split('/').pop(), o]));
    expect(byTrial.get('engine-task__abc123')).toMatchObject({ kind: 'run', status: 'imported', detail: expect.stringMatching(/3 steps, 3 tool calls, 2 errors \(1 recovered\), Harbor reward 1$/) });
    expect(byTrial.get('engine-task__def456')).toMatchObject({ kind: 'run', status: 'imported' });
    expect(byTrial.get('engine-task__ghi789')).toMatchObject({ status: 'failed', reason: expect.stringContaining('a Harbor trial without agent/trajectory.json') });
    expect(result.message).toMatch(/^0 tasks and 2 runs imported; 1 failed: /);

    const claude = await show((byTrial.get('engine-task__abc123') as { id: string }).id);
    expect(claude).toMatchObject({ harness: 'claude-code', harnessVersion: '2.1.3', model: 'anthropic/claude-sonnet-4-5', versions: {}, status: 'succeeded', durationMs: 270_377 });
    expect(claude.errors.map((error) => error.recovered)).toEqual([true, false]);
    const terminus = await show((byTrial.get('engine-task__def456') as { id: string }).id);
    // Not a harness we run: it keeps its Harbor name; the model comes from the trajectory.
    expect(terminus).toMatchObject({ harness: 'terminus-2', harnessVersion: '2.1.3', model: 'claude-sonnet-4-5', status: 'timeout', durationMs: 0 });
  });

  it("a trial whose model name holds a right-to-left override, or runs to 20,000,000 characters, fails naming result.json and the field; no run is stored", async () => {
    const runs = () => (ws.api.context.workspace.db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n;
    const before = runs();
    const rlo = join(ws.dir, 'hostile-trials', 'engine-task__rlo');
    writeTrial(rlo, { agent_info: { name: 'claude-code', version: '2.1.3', model_info: { name: 'claude\u202e5-tennos', provider: 'anthropic' } } });
    const huge = join(ws.dir, 'hostile-trials', 'engine-task__huge');
    writeTrial(huge, { agent_info: { name: 'claude-code', version: '2.1.3', model_info: { name: 'm'.repeat(20_000_000), provider: 'anthropic' } } });
    const result = await importBundles(ws.api.context.workspace, [rlo, huge]);
    expect(result.outcomes[0]).toMatchObject({ status: 'failed', reason: expect.stringContaining(`${join(rlo, 'result.json')}: agent_info.model_info holds a bidirectional control character (U+202E)`) });
    expect(result.outcomes[1]).toMatchObject({ status: 'failed', reason: expect.stringContaining(`${join(huge, 'result.json')}: agent_info.model_info is 20000010 characters long; the app takes at most 200`) });
    expect(runs()).toBe(before);
  });

  it('a trial whose task is not in the workspace fails naming result.json and task_name', async () => {
    const trial = join(ws.dir, 'trial');
    writeTrial(trial, { task_name: 'hello-world' });
    const result = await importBundles(ws.api.context.workspace, [trial]);
    expect(result.outcomes[0]).toMatchObject({ status: 'failed', reason: `${join(trial, 'result.json')}: task_name "hello-world" is not a task in this workspace. Import the task folder (with its task.json) first, or together with this trial.` });
  });

  it('a trial whose result.json links to a file outside its folder is refused naming the link, and nothing is stored', async () => {
    const trial = join(ws.dir, 'linked-trial');
    writeTrial(trial, {});
    const outside = join(ws.dir, 'elsewhere', 'result.json');
    mkdirSync(join(outside, '..'), { recursive: true });
    renameSync(join(trial, 'result.json'), outside);
    symlinkSync(outside, join(trial, 'result.json'));
    const result = await importBundles(ws.api.context.workspace, [trial]);
    expect(result.outcomes).toEqual([expect.objectContaining({ status: 'failed', reason: expect.stringContaining(`${join(trial, 'result.json')}: resolves to ${outside}, outside ${trial}`) })]);
    expect((await ws.api.call('runs.list', {})).runs).toEqual([]);
  });

  it('bad ATIF fails its folder naming the file and the field, stores nothing of it, and the rest of the batch imports', async () => {
    const batch = join(ws.dir, 'batch');
    writeJson(join(batch, 'a-good', 'run.json'), RUN_JSON);
    writeJson(join(batch, 'a-good', 'trajectory.json'), harborAtif());
    const broken = harborAtif();
    (broken.steps[1]!.tool_calls![0] as Record<string, unknown>).function_name = 42;
    writeJson(join(batch, 'b-bad-field', 'run.json'), RUN_JSON);
    writeJson(join(batch, 'b-bad-field', 'trajectory.json'), broken);
    writeJson(join(batch, 'c-not-json', 'run.json'), RUN_JSON);
    writeFileSync(join(batch, 'c-not-json', 'trajectory.json'), '{"schema_version": "ATIF-v1.5", "steps": [');
    writeTrial(join(batch, 'd-trial-bad'), {}, { ...harborAtif(), schema_version: '1.5' });

    const result = await importBundles(ws.api.context.workspace, [batch]);
    const byName = new Map(result.outcomes.map((o) => [o.path.split('/').pop(), o]));
    expect(byName.get('a-good')).toMatchObject({ status: 'imported' });
    expect(byName.get('b-bad-field')).toMatchObject({
      status: 'failed',
      reason: `${join(batch, 'b-bad-field', 'trajectory.json')} is not a valid ATIF trajectory: steps[1].tool_calls[0].function_name: Invalid input: expected string, received number. Nothing was imported.`,
    });
    expect(byName.get('c-not-json')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/c-not-json[/\\]trajectory\.json: not valid JSON \(.* at line 1, column \d+\); an ATIF trajectory\.json is one JSON object/) });
    expect(byName.get('d-trial-bad')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/d-trial-bad[/\\]agent[/\\]trajectory\.json is not a valid ATIF trajectory: schema_version: expected "ATIF-v<major>\.<minor>"/) });
    const runs = await ws.api.call('runs.list', {});
    expect(runs.runs).toHaveLength(1);
  });

  it('runs.exportAtif writes an imported run back as the ATIF it imports from, and refuses a run without a trajectory', async () => {
    const bundle = join(ws.dir, 'bundle');
    writeJson(join(bundle, 'run.json'), RUN_JSON);
    writeJson(join(bundle, 'trajectory.json'), harborAtif());
    const imported = (await importBundles(ws.api.context.workspace, [bundle])).outcomes[0] as { id: string };
    const exported = await ws.api.call('runs.exportAtif', { runId: imported.id });
    expect(exported.fileName).toBe('trajectory.json');
    expect(importAtif(exported.atif)).toEqual((await trajectoryOf(imported.id)).trajectory);

    const bare = join(ws.dir, 'bare');
    writeJson(join(bare, 'run.json'), RUN_JSON);
    mkdirSync(join(bare, 'dist'), { recursive: true });
    writeFileSync(join(bare, 'dist', 'index.html'), '<p>hi</p>');
    const plain = (await importBundles(ws.api.context.workspace, [bare])).outcomes[0] as { id: string };
    await expect(ws.api.call('runs.exportAtif', { runId: plain.id })).rejects.toThrow(`Run ${plain.id} has no trajectory to export`);
    expect((await trajectoryOf(plain.id)).trajectory).toBeNull();
  });
});

describe('Harbor trials: what a run is', () => {
  it("a trial's duration is its agent's execution, not the whole trial's (environment set-up and verifier included)", async () => {
    const trial = join(ws.dir, 'timed');
    writeTrial(trial, { agent_execution: { started_at: '2025-11-03T12:00:40.000000', finished_at: '2025-11-03T12:02:40.250000' } });
    const outcome = (await importBundles(ws.api.context.workspace, [trial])).outcomes[0] as { id: string; status: string };
    expect(outcome.status).toBe('imported');
    expect(await show(outcome.id)).toMatchObject({ durationMs: 120_250 });
  });

  it('a multi-step trial is refused naming the trial and its steps, whether or not its agent/ folder is left at the top', async () => {
    const job = join(ws.dir, 'jobs', 'multi');
    const multiStep = (folder: string, keepTop: boolean) => {
      writeTrial(folder, { step_results: [{ step_name: 'build' }, { step_name: 'test' }] }, keepTop ? harborAtif() : null);
      if (!keepTop) rmSync(join(folder, 'agent'), { recursive: true });
      for (const step of ['build', 'test']) writeJson(join(folder, 'steps', step, 'agent', 'trajectory.json'), harborAtif());
    };
    multiStep(join(job, 'engine-task__resumed'), true);
    multiStep(join(job, 'engine-task__cleaned'), false);

    const result = await importBundles(ws.api.context.workspace, [join(ws.dir, 'jobs')]);
    for (const name of ['engine-task__resumed', 'engine-task__cleaned']) {
      const outcome = result.outcomes.find((o) => o.path.endsWith(name));
      expect(outcome, name).toMatchObject({ kind: 'run', status: 'failed', reason: expect.stringContaining(`${join(job, name)}: a multi-step Harbor trial (steps build, test)`) });
    }
    expect((await ws.api.call('runs.list', {})).runs).toEqual([]);
  });
});

describe("a run's tokens by model", () => {
  it('lhb runs show gives each model\'s share and the cache figures of a run whose trajectory has them', async () => {
    const trajectory = await parseTranscriptFile('claude-code', transcriptFixturePath('claude-code/haiku-subagent.jsonl'));
    const bundle = join(ws.dir, 'haiku');
    writeJson(join(bundle, 'run.json'), RUN_JSON);
    writeJson(join(bundle, 'trajectory.json'), exportAtif(trajectory));
    const imported = (await importBundles(ws.api.context.workspace, [bundle])).outcomes[0] as { id: string };
    const detail = await show(imported.id);
    expect(detail.trajectory!.tokens).toEqual({ input: 42, output: 200, cacheRead: 7500, cacheWrite: 7000 });
    expect(detail.trajectory!.usageByModel).toEqual(trajectory.usageByModel);
    expect(Object.keys(detail.trajectory!.usageByModel!)).toEqual(['claude-sonnet-4-5', 'claude-haiku-5-5']);
  });
});

