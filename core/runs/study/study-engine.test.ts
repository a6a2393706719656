import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RpcInput } from '../../../schemas/rpc.ts';
import { createApi, type Api } from '../../api/create-api.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { findStudyRun, finishStudyRun, insertStudy } from '../../store/study-repository.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { processesWith } from './processes-with.fixture.ts';
import { importTestTask, writeTestSkill } from './study-engine.fixture.ts';

let dir: string;
let api: Api;
let taskFolder: string;
let skillDir: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-engine-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  taskFolder = await importTestTask(api.context.workspace, dir);
  skillDir = writeTestSkill(dir);
});

afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

type StudyView = { study: { state: string; counts: Record<string, number> }; runs: { id: string; status: string; errorKind: string | null; errorMessage: string | null; noOutput?: boolean; runId: string | null; versions: Record<string, string>; toolCalls: number | null }[] };

async function runToEnd(spec: RpcInput<'runs.start'>): Promise<StudyView & { studyId: string }> {
  const { studyId } = await api.call('runs.start', spec);
  await api.context.jobs.idle();
  return { studyId, ...(await api.call('runs.study', { studyId })) };
}


const BUILD = `mkdir -p out/dist && { cat .agents/skills/demo-skill/SKILL.md 2>/dev/null || echo NO SKILL; cat data.csv 2>/dev/null || true; } > out/dist/index.html && echo '{"type":"tool_call","name":"shell","arguments":{"command":"build"}}' && echo '{"type":"tool_result","result":"ok","exitCode":0}'`;

describe('the run engine with the command harness', () => {
  it('runs tasks × repeats with the chosen skill version, and the finished runs are ordinary runs with artifacts', async () => {
    const view = await runToEnd({ tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'scripted', command: BUILD }], skill: { dir: skillDir, version: 'v2' }, repeats: 2, taskFolders: { 'engine-task': taskFolder } });
    expect(view.study.state).toBe('finished');
    expect(view.runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    for (const run of view.runs) {
      expect(run.versions).toEqual({ skill: 'v2' });
      expect(run.toolCalls).toBe(1);
      const detail = (await api.call('runs.show', { runId: run.runId! })).run;
      expect(detail.artifacts.map((a) => a.path)).toEqual(['dist/index.html']);
      const listed = await api.call('runs.list', { taskId: 'engine-task' });
      expect(listed.runs.map((r) => r.id)).toContain(run.runId);
    }
    const folder = join(dir, 'ws', 'studies', view.studyId, 'runs', view.runs[0]!.id);
    const page = readFileSync(join(folder, 'work', 'out', 'dist', 'index.html'), 'utf8');
    expect(page).toContain('V2 SKILL TEXT');
    expect(page).not.toContain('BASE SKILL TEXT');
    expect(page).toContain('2025,2'); // the task's inputs/ were copied in
    expect(existsSync(join(folder, 'work', '.agents', 'skills', 'demo-skill', 'versions'))).toBe(false);
    expect(existsSync(join(folder, 'work', '.agents', 'skills', 'demo-skill', 'scripts', 'check.sh'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as { completed_steps: string[]; artifacts: string[] };
    expect(manifest.completed_steps).toEqual(['prepared', 'executed', 'parsed', 'stored']);
    expect(manifest.artifacts).toContain('dist/index.html');
  });

  it('installs no skill without one, and records that', async () => {
    const view = await runToEnd({ tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'scripted', command: BUILD }] });
    expect(view.runs[0]!.status).toBe('succeeded');
    expect(view.runs[0]!.versions).toEqual({ skill: 'none' });
    const page = readFileSync(join(dir, 'ws', 'studies', view.studyId, 'runs', view.runs[0]!.id, 'work', 'out', 'dist', 'index.html'), 'utf8');
    expect(page).toContain('NO SKILL');
  });

  it('refuses a bad skill before anything runs, naming the file and field', async () => {
    const bad = join(dir, 'Bad_Skill');
    await import('node:fs').then((fs) => {
      fs.mkdirSync(bad);
      fs.writeFileSync(join(bad, 'SKILL.md'), '---\nname: Bad_Skill\ndescription: x\n---\n');
    });
    await expect(api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: 'true' }], skill: { dir: bad } })).rejects.toThrow(/SKILL\.md: front matter field "name" is "Bad_Skill"/);
    await expect(api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: 'true' }], skill: { dir: skillDir, version: 'v9' } })).rejects.toThrow(/version "v9" does not exist. Versions here: v2/);
    // The refusal names the study's field it concerns, so the form puts it beside that field.
    await expect(api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: 'true' }], skill: { dir: bad } })).rejects.toMatchObject({ code: 'bad_request', field: 'skill.dir' });
    await expect(api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: 'true' }], skill: { dir: skillDir, version: 'v9' } })).rejects.toMatchObject({ code: 'bad_request', field: 'skill.versions' });
    await expect(api.call('runs.start', { tasks: ['no-such-task'], configurations: [{ harness: 'command', model: 'm', command: 'true' }] })).rejects.toMatchObject({ code: 'bad_request', field: 'tasks', message: expect.stringMatching(/^No task "no-such-task"/) });
    expect((await api.call('runs.studies', {})).studies).toEqual([]);
  });

  it('refuses a harness that takes a command without one, naming the configuration, and records nothing', async () => {
    const spec: RpcInput<'runs.start'> = { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: 'true' }, { harness: 'command', model: 'n' }] };
    await expect(api.call('runs.start', spec)).rejects.toMatchObject({ code: 'bad_request', message: 'configurations.1.command: the command harness needs a command', field: 'configurations.1.command' });
    expect((await api.call('runs.studies', {})).studies).toEqual([]);
  });

  it('kills a hanging harness at its timeout with every process it started, including one that left its group', async () => {
    const marker = `4${Math.floor(Math.random() * 1e6)}.5`;
    const hang = `sleep ${marker} & (setsid sleep ${marker} &) ; sleep ${marker}`;
    const view = await runToEnd({ tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: hang }], timeoutSeconds: 1 });
    expect(view.runs[0]!.status).toBe('timeout');
    expect(view.runs[0]!.errorKind).toBe('timeout');
    // Killed processes leave /proc once reaped, which a loaded machine may take a while to do; the
    // sleeps would last minutes, so a wait of seconds still tells killed from left running.
    await vi.waitFor(() => expect(processesWith(`sleep ${marker}`)).toEqual([]), { timeout: 30_000, interval: 100 });
  });

  it('caps an output flood without holding it in memory', async () => {
    const before = process.memoryUsage().rss;
    const view = await runToEnd({ tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: 'yes "flooding the transcript with a long line of text"' }], maxOutputBytes: 4 * 1024 * 1024 });
    const run = view.runs[0]!;
    expect(run.status).toBe('failed');
    expect(run.errorKind).toBe('output-limit');
    const transcript = join(dir, 'ws', 'studies', view.studyId, 'runs', run.id, 'transcript.jsonl');
    expect(statSync(transcript).size).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(processesWith('flooding the transcript')).toEqual([]);
  });

  it('retries a rate-limited run with backoff, and never retries a failed login', async () => {
    const counter = join(dir, 'attempts');
    const flaky = `echo x >> ${counter}; if [ $(wc -l < ${counter}) -lt 2 ]; then echo "429 Too Many Requests: rate limit" >&2; exit 1; fi; ${BUILD}`;
    // The attempts are counted in a file outside the run folder, which only an unsandboxed run may write.
    const retried = await runToEnd({ tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: flaky }], retryBackoffMs: 10, sandbox: false });
    expect(retried.runs[0]!.errorMessage).toBeNull();
    expect(retried.runs[0]!.status).toBe("succeeded");
    expect(readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(2);

    const authCounter = join(dir, 'auth-attempts');
    const auth = await runToEnd({ tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: `echo x >> ${authCounter}; echo "Error: 401 Unauthorized: invalid x-api-key" >&2; exit 1` }], retryBackoffMs: 10, sandbox: false });
    expect(auth.runs[0]!.status).toBe('failed');
    expect(auth.runs[0]!.errorKind).toBe('auth');
    expect(readFileSync(authCounter, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('resumes a study by its name when nothing changed, and refuses, naming the change, when something did', async () => {
    const spec: RpcInput<'runs.start'> = { name: 'ablation', tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: BUILD }] };
    const first = await runToEnd(spec);
    const again = await api.call('runs.start', spec);
    expect(again).toMatchObject({ studyId: first.studyId, resumed: true });
    await api.context.jobs.idle();
    const after = await api.call('runs.study', { studyId: first.studyId });
    expect(after.runs.map((r) => r.id)).toEqual(first.runs.map((r) => r.id)); // nothing re-ran
    await expect(api.call('runs.start', { ...spec, repeats: 3 })).rejects.toThrow(/started with another configuration.*repeats: 1 → 3/);
  });

  it('records a study without running it through runs.prepare (what lhb runs start --detach hands to a process of its own); the same name again is that study', async () => {
    const spec: RpcInput<'runs.prepare'> = { name: 'detached', tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: BUILD }] };
    const prepared = await api.call('runs.prepare', spec);
    expect(prepared).toMatchObject({ name: 'detached', resumed: false });
    const view = await api.call('runs.study', { studyId: prepared.studyId });
    expect(view.study.state).toBe('interrupted');
    expect(view.runs.map((r) => r.status)).toEqual(['pending']);
    expect(await api.call('runs.prepare', spec)).toEqual({ ...prepared, resumed: true });
  });

  it('fills a Slurm study\'s settings left out from the ones the workspace remembers, at the door, and refuses one with no shared folder at all in the flag\'s words', async () => {
    const spec = { tasks: ['engine-task'], configurations: [{ harness: 'command' as const, model: 'm', command: BUILD }], executor: 'slurm' as const };
    await expect(api.call('runs.prepare', { ...spec, slurm: {} })).rejects.toThrow(/--executor slurm needs --shared-dir DIR/);
    expect(await api.call('runs.slurmSettings', {})).toEqual({ settings: null });
    // Remembered even when the study is then refused (no lhb for the compute nodes on this machine), as before it was checked.
    await api.call('runs.prepare', { ...spec, slurm: { sharedDir: dir, partition: 'gpu', lhbCommand: 'lhb-not-installed-here' } }).catch(() => undefined);
    await expect(api.call('runs.prepare', { ...spec, slurm: { partition: 'cpu' } })).rejects.toThrow(/lhb-not-installed-here/);
    expect(await api.call('runs.slurmSettings', {})).toEqual({ settings: { sharedDir: dir, partition: 'cpu', lhbCommand: 'lhb-not-installed-here' } });
  });

  it('retries a failed run in its place, and its trajectory can be read back', async () => {
    const counter = join(dir, 'tries');
    const firstFails = `echo x >> ${counter}; if [ $(wc -l < ${counter}) -lt 2 ]; then echo "build broke" >&2; exit 3; fi; ${BUILD}`;
    const first = await runToEnd({ tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: firstFails }], sandbox: false }); // counts tries outside the run folder
    const failed = first.runs[0]!;
    expect(failed).toMatchObject({ status: 'failed', errorKind: 'harness-crash' });
    expect(failed.runId).not.toBeNull();
    await api.call('runs.retry', { runId: failed.id });
    await api.context.jobs.idle();
    const after = await api.call('runs.study', { studyId: first.studyId });
    expect(after.runs).toHaveLength(1);
    expect(after.runs[0]).toMatchObject({ id: failed.id, status: 'succeeded', errorKind: null });
    const listed = await api.call('runs.list', { taskId: 'engine-task' });
    expect(listed.runs.map((r) => r.status)).toEqual(['succeeded']); // the failed attempt was replaced
    const trajectory = (await api.call('runs.trajectory', { runId: failed.id })).trajectory!;
    expect(trajectory.steps.flatMap((step) => step.toolCalls.map((call) => call.name))).toEqual(['shell']);
    await expect(api.call('runs.retry', { runId: 'no-such-run' })).rejects.toThrow(/No run no-such-run/);
    await expect(api.call('runs.retry', { runId: 'no-such-run' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('marks a run that left nothing in out/ as "no output": not a plain success, retried on request, and a plain success is not', async () => {
    const counter = join(dir, 'empty-tries');
    // Writes nothing the first time, a build the second.
    const firstEmpty = `echo x >> ${counter}; if [ $(wc -l < ${counter}) -lt 2 ]; then echo done; exit 0; fi; ${BUILD}`;
    const first = await runToEnd({ tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: firstEmpty }], sandbox: false });
    const empty = first.runs[0]!;
    expect(empty).toMatchObject({ status: 'succeeded', errorKind: 'no-output', noOutput: true });
    expect(empty.errorMessage).toMatch(/left nothing in out\//);
    const summary = (await api.call('runs.studies', {})).studies.find((study) => study.id === first.studyId)!;
    expect(summary.noOutput).toBe(1);
    const listed = await api.call('runs.list', { taskId: 'engine-task' });
    expect(listed.runs).toMatchObject([{ id: empty.runId, noOutput: true, findings: [{ kind: 'no-output' }] }]);

    // Retry failed runs takes it too; afterwards the run is a plain success, which a retry refuses.
    const retried = await api.call('runs.retryFailed', { studyId: first.studyId });
    expect(retried).toMatchObject({ retried: [empty.id], kept: [] });
    await api.context.jobs.idle();
    const after = (await api.call('runs.study', { studyId: first.studyId })).runs[0]!;
    expect(after).toMatchObject({ status: 'succeeded', errorKind: null, noOutput: false });
    await expect(api.call('runs.retry', { runId: after.id })).rejects.toThrow(/succeeded; retrying it would replace a finished result/);
    await expect(api.call('runs.retryFailed', { studyId: first.studyId })).rejects.toThrow(/has no failed, timed-out or no-output run to retry/);
  });

  it('refuses to retry the runs of a study imported with a dataset, whose spec stayed where it ran, and changes nothing', async () => {
    const db = api.context.workspace.db;
    const now = new Date().toISOString();
    const project = findCurrentProject(db)!;
    insertStudy(
      db,
      { id: 'imported-study', project_id: project.id, name: 'from elsewhere', spec_json: JSON.stringify({ importedFrom: 'a dataset' }), config_digest: 'imported', executor: 'imported', folder: '', state: 'finished', job_id: null, cancel_requested_at: null, created_at: now, updated_at: now },
      [{ id: 'imported-run', study_id: 'imported-study', position: 0, task_id: 'engine-task', harness: 'command', model: 'm', versions_json: '{}', config_id: 'c', config_index: 0, repeat_index: 0, updated_at: now }],
    );
    finishStudyRun(db, 'imported-run', { status: 'failed', error_kind: 'auth', error_message: null, finished_at: now, duration_ms: null, steps: null, tool_calls: null, failed_tool_calls: null, tokens_input: null, tokens_output: null, cost_usd: null, last_event: null, transcript_sha256: null, trajectory_sha256: null, errors_json: null, run_id: null });
    await expect(api.call('runs.retry', { runId: 'imported-run' })).rejects.toThrow(/was imported with a dataset: .* its runs cannot run here/);
    await expect(api.call('runs.retryFailed', { studyId: 'imported-study' })).rejects.toThrow(/was imported with a dataset/);
    expect(findStudyRun(db, 'imported-run')?.status).toBe('failed');
  });

  it("gives the harness a scrubbed environment: none of this process's variables but PATH and the named API key", async () => {
    process.env.LHB_TEST_SECRET = 'do-not-leak-4711';
    process.env.MY_PROVIDER_KEY = 'sk-test-key-0815';
    try {
      const dump = `mkdir -p out/dist && env > out/dist/index.html`;
      const view = await runToEnd({ tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'm', command: dump }], apiKeyEnv: 'MY_PROVIDER_KEY' });
      expect(view.runs[0]!.status).toBe('succeeded');
      const env = readFileSync(join(dir, 'ws', 'studies', view.studyId, 'runs', view.runs[0]!.id, 'work', 'out', 'dist', 'index.html'), 'utf8');
      expect(env).not.toContain('do-not-leak-4711');
      expect(env).toContain('MY_PROVIDER_KEY=sk-test-key-0815');
      expect(env).toMatch(new RegExp(`^HOME=.*${view.runs[0]!.id}/home$`, 'm'));
      expect(env).not.toContain('LHB_WORKSPACE');
    } finally {
      delete process.env.LHB_TEST_SECRET;
      delete process.env.MY_PROVIDER_KEY;
    }
  });
});
