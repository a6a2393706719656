import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import { createApi, type Api } from '../../api/create-api.ts';
import { findStudyRun } from '../../store/study-repository.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { HARNESS_ADAPTERS, installableHarnesses } from '../harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../harnesses/test-harness-tools.fixture.ts';
import { importTestTask, writeTestSkill } from './study-engine.fixture.ts';
import { harborValidationErrors } from '../trajectory/harbor-atif-validator.fixture.ts';

// The acceptance run of the run engine: each real harness CLI (installed from npm) through the
// engine against the scripted model server. The agent reads the injected SKILL.md, writes
// index.html, runs a failing command, then a passing one.
const SCRIPT: ReplayScript = {
  name: 'acceptance',
  turns: [
    { text: 'Reading the skill.', calls: [{ action: 'read', path: '{{skill_file}}' }] },
    { text: 'Writing the page.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: '<!doctype html><title>Trend</title><h1>The trend</h1>\n' }] },
    { text: 'Checking assets.', calls: [{ action: 'shell', command: 'ls /definitely-missing-dir' }] },
    { text: 'Checking the build.', calls: [{ action: 'shell', command: 'ls out/dist' }] },
  ],
  final: 'Done: out/dist/index.html.',
  usage: { input: 100, output: 20 },
};

const NO_SKILL_SCRIPT: ReplayScript = {
  name: 'no skill',
  turns: [{ text: 'Listing the skills folder.', calls: [{ action: 'shell', command: 'ls -a . && ls -R .claude .agents .gemini 2>&1; true' }] }],
  final: 'Done.',
  usage: { input: 100, output: 20 },
};

/** Every harness with a CLI of its own: a new adapter gets this acceptance run too. */
const HARNESSES = installableHarnesses().map((adapter) => adapter.id);
const previousToolsDir = process.env.LHB_TOOLS_DIR;

let dir: string;
let api: Api;
let skillDir: string;
let taskFolder: string;

beforeAll(async () => {
  for (const id of HARNESSES) await ensureTestHarness(HARNESS_ADAPTERS[id]);
  process.env.LHB_TOOLS_DIR = TEST_TOOLS_DIR;
  dir = mkdtempSync(join(tmpdir(), 'lhb-real-harnesses-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  taskFolder = await importTestTask(api.context.workspace, dir);
  skillDir = writeTestSkill(dir);
}, 900_000);

afterAll(async () => {
  await api?.close();
  if (previousToolsDir === undefined) delete process.env.LHB_TOOLS_DIR;
  else process.env.LHB_TOOLS_DIR = previousToolsDir;
  rmSync(dir, { recursive: true, force: true });
});

interface RunView {
  id: string;
  status: string;
  errorMessage: string | null;
  harnessVersion: string | null;
  versions: Record<string, string>;
  runId: string | null;
  sandbox?: { mode: string; network: string | null } | null;
}

async function runOne(harness: keyof typeof HARNESS_ADAPTERS, extra: Record<string, unknown>): Promise<{ studyId: string; run: RunView }> {
  const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], taskFolders: { 'engine-task': taskFolder }, configurations: [{ harness, model: HARNESS_ADAPTERS[harness].defaultModel }], timeoutSeconds: 180, ...extra });
  await api.context.jobs.idle();
  const { runs } = await api.call('runs.study', { studyId });
  return { studyId, run: runs[0]! };
}

describe.each(HARNESSES)('%s through the run engine', (harness) => {
  it('reads skill v2, builds the page, recovers from a failed command; transcript, trajectory, manifest, artifacts and versions are kept', async () => {
    // Without network: the scripted model server on this machine's loopback is reached through the sandbox's bridge.
    const { studyId, run } = await runOne(harness, { skill: { dir: skillDir, version: 'v2' }, replay: SCRIPT, network: 'none' });
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
    expect(run.sandbox).toMatchObject({ mode: 'bubblewrap', network: 'none' });
    expect(run.versions).toEqual({ skill: 'v2' });
    expect(run.harnessVersion).toBe(HARNESS_ADAPTERS[harness].npm!.pinnedVersion);

    const detail = (await api.call('runs.show', { runId: run.id })).run;
    expect(detail.trajectory!.toolCalls).toBe(4);
    expect(detail.trajectory!.failedToolCalls).toBe(1);
    expect(detail.trajectory!.tokens.input).toBeGreaterThan(0);
    expect(detail.errors).toHaveLength(1);
    expect(detail.errors[0]!.recovered).toBe(true);
    expect(detail.errors[0]!.message).toContain('definitely-missing-dir');
    expect(detail.artifacts.map((a) => a.path)).toEqual(['dist/index.html']);
    expect(detail.versions).toEqual({ skill: 'v2' });

    // Its ATIF export names the harness version and model the run had (Codex and Gemini CLI name neither in their stream), and Harbor's validator accepts it.
    const { atif } = await api.call('runs.exportAtif', { runId: run.id });
    expect(atif.agent).toMatchObject({ name: harness, version: HARNESS_ADAPTERS[harness].npm!.pinnedVersion, model_name: HARNESS_ADAPTERS[harness].defaultModel });
    expect(harborValidationErrors(atif)).toEqual([]);

    // The prompt it was sent is the trajectory's prompt, the same for every harness, and no step:
    // step 1 is the agent's first turn whichever harness ran (Gemini CLI's echo of it included).
    const trajectory = (await api.call('runs.trajectory', { runId: run.id })).trajectory!;
    expect(trajectory.prompt).toMatch(/^Task: Explain the trend\.\n\n[\s\S]*TASK\.md in the current folder describes the task/);
    expect(trajectory.steps[0]!.source).toBe('agent');
    expect(trajectory.steps.filter((step) => step.source === 'user' && step.text === trajectory.prompt)).toEqual([]);

    // The transcript and trajectory are archived in the blob store.
    const row = findStudyRun(api.context.workspace.db, run.id)!;
    const transcript = api.context.workspace.blobs.read(row.transcript_sha256!).toString('utf8');
    expect(transcript).toContain('definitely-missing-dir');
    expect(api.context.workspace.blobs.has(row.trajectory_sha256!)).toBe(true);

    // What the agent sent back to the model after reading the skill holds v2's text, not the base's.
    const folder = join(dir, 'ws', 'studies', studyId, 'runs', run.id);
    const sentToModel = readFileSync(join(folder, 'model-requests.jsonl'), 'utf8');
    expect(sentToModel).toContain('V2 SKILL TEXT');
    expect(sentToModel).not.toContain('BASE SKILL TEXT');

    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as { completed_steps: string[]; status: string; artifacts: string[] };
    expect(manifest).toMatchObject({ completed_steps: ['prepared', 'executed', 'parsed', 'stored'], status: 'succeeded' });
    expect(manifest.artifacts).toContain('dist/index.html');
    expect(readFileSync(join(folder, 'work', 'out', 'dist', 'index.html'), 'utf8')).toContain('<h1>The trend</h1>');
  }, 300_000);

  it('with no skill installs none', async () => {
    const { studyId, run } = await runOne(harness, { replay: NO_SKILL_SCRIPT });
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
    expect(run.sandbox).toMatchObject({ mode: 'bubblewrap', network: 'host' });
    expect(run.versions).toEqual({ skill: 'none' });
    const work = join(dir, 'ws', 'studies', studyId, 'runs', run.id, 'work');
    const skillDir = HARNESS_ADAPTERS[harness].skillDir('demo-skill');
    expect(existsSync(join(work, skillDir))).toBe(false);
    expect(readFileSync(join(dir, 'ws', 'studies', studyId, 'runs', run.id, 'model-requests.jsonl'), 'utf8')).not.toContain('SKILL TEXT');
  }, 300_000);
});
