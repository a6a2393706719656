import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportOptions } from '../../schemas/export.ts';
import { createApi, type Api } from '../api/create-api.ts';
import { addRevisionTurns } from '../analysis/multi-turn-workspace.fixture.ts';
import { importDataset } from '../import/import-dataset.ts';
import { ImportRefusedError } from '../import/import-refused-error.ts';
import { importBundles } from '../runs/bundles/import-bundles.ts';
import { readSkill } from '../runs/skills/read-skill.ts';
import { importTestTask, writeTestSkill } from '../runs/study/study-engine.fixture.ts';
import { exportAtif } from '../runs/trajectory/atif.ts';
import { startHttpServer, type RunningHttpServer } from '../server/http-server.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { findExportRunTrajectory } from '../store/export-queries.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { upsertTask } from '../store/task-repository.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { REDACTED_HOME, REDACTED_SECRET } from './export-redaction.ts';
import { expectJobSucceeded } from './test-workspaces.fixture.ts';
import { REDACTED_PATH } from './local-paths.ts';

// The subsets that make a run reproducible (format 9): tasks, studies and trajectories, with the
// files they copy into the folder, read back with their declared types, read by the import, and
// no local path or secret anywhere in the folder, though the agent's transcript is full of them.

const PLANTED_KEY_ENV = 'LHB_PLANTED_TEST_API_KEY';
const PLANTED_KEY = `sk-planted-${randomBytes(12).toString('hex')}`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

let dir: string;
let api: Api;
let server: RunningHttpServer;
let taskFolder: string;
let skillDir: string;

/** An agent that leaks: it prints its working folder, the user's home, the key and the server's token into its tool calls, fails an `ls`, then recovers. */
const leakyAgent = (home: string, token: string) =>
  [
    'p=$(cat); mkdir -p out/dist; printf "<p>hi</p>\\n" > out/dist/index.html',
    `echo "{\\"type\\":\\"tool_call\\",\\"name\\":\\"shell\\",\\"arguments\\":{\\"command\\":\\"ls $PWD/missing ${home}/.cache/x\\"}}"`,
    `echo "{\\"type\\":\\"tool_result\\",\\"result\\":\\"ls: $PWD/missing: No such file (key ${PLANTED_KEY}, token ${token}, HOME $HOME)\\",\\"exitCode\\":2}"`,
    `echo '{"type":"tool_call","name":"shell","arguments":{"command":"ls out"}}'; echo '{"type":"tool_result","result":"dist","exitCode":0}'`,
  ].join('\n');

async function exportTo(name: string, options: Partial<ExportOptions> = {}): Promise<string> {
  const out = join(dir, name);
  const { jobId } = await api.call('export.hf', { outDir: out, format: 'parquet', license: 'mit', ...options });
  await expectJobSucceeded(api, jobId);
  return out;
}

const arrayBuffer = (path: string) => {
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};
const rowsOf = async <T,>(out: string, subset: string, split = 'train') => (await parquetReadObjects({ file: arrayBuffer(join(out, 'data', subset, `${split}-00000-of-00001.parquet`)) })) as unknown as T[];
const allFiles = (root: string): string[] => readdirSync(root, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? allFiles(join(root, entry.name)) : [join(root, entry.name)]));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file of the folder as text a reader could find a value in: Parquet decoded (its pages are compressed), the rest as bytes. */
async function folderTexts(out: string): Promise<[string, string][]> {
  const texts: [string, string][] = [];
  for (const file of allFiles(out)) {
    texts.push([file, readFileSync(file).toString('latin1')]);
    if (file.endsWith('.parquet')) texts.push([`${file} (decoded)`, JSON.stringify(await parquetReadObjects({ file: arrayBuffer(file) }), (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))]);
  }
  return texts;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-reproduction-subsets-'));
  process.env[PLANTED_KEY_ENV] = PLANTED_KEY;
  api = createApi(openWorkspace(join(dir, 'ws'), { emptyProject: { name: 'Release' } }));
  mkdirSync(join(dir, 'renderer'));
  server = await startHttpServer({ api, port: 0, rendererDir: join(dir, 'renderer') });
  taskFolder = await importTestTask(api.context.workspace, dir, 'engine-task');
  addRevisionTurns(taskFolder);
  skillDir = writeTestSkill(dir);
  const { studyId } = await api.call('runs.start', {
    name: 'Leaky study',
    tasks: ['engine-task'],
    configurations: [{ harness: 'command', model: 'leaky', command: leakyAgent(homedir(), server.token) }],
    skill: { dir: skillDir, versions: ['none', 'v2'] },
    taskFolders: { 'engine-task': taskFolder },
  });
  await api.context.jobs.idle();
  const view = await api.call('runs.study', { studyId });
  expect(view.runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded']);
  // A Figma task with one ground-truth frame, and a run of it imported with an ATIF trajectory that names the task's folder.
  const db = api.context.workspace.db;
  const blob = api.context.workspace.blobs.put(PNG);
  recordBlob(db, blob.sha256, PNG.length, '2026-03-01T10:00:00.000Z');
  const now = '2026-03-01T10:00:00.000Z';
  upsertTask(db, { id: 'figma-task', project_id: findCurrentProject(db)!.id, kind: 'figma', title: 'Pricing page', instruction: 'Build the pricing frame.', chapter_id: null, figma_file_key: 'FILEKEY', created_at: now, updated_at: now }, [
    { task_id: 'figma-task', position: 0, node_id: '1:2', name: 'Pricing', target_route: '/pricing', viewport_width: 1440, viewport_height: 900, gt_sha256: blob.sha256 },
  ]);
  const bundle = join(dir, 'atif-bundle');
  mkdirSync(bundle);
  writeFileSync(join(bundle, 'run.json'), JSON.stringify({ task_id: 'figma-task', harness: 'claude-code', model: 'sonnet', versions: {}, started_at: '2026-03-01T12:00:00Z', finished_at: '2026-03-01T12:01:00Z', status: 'succeeded' }));
  writeFileSync(
    join(bundle, 'trajectory.json'),
    JSON.stringify(
      exportAtif({
        format: 'lhb-trajectory/1', harness: 'claude-code', harnessVersion: '2.1.3', model: 'sonnet', sessionId: 's-1', tokens: { input: 900, output: 300, cacheRead: 10, cacheWrite: 0 },
        costUsd: 0.015, durationMs: 60_000, outcome: 'completed', warnings: [],
        steps: [{ index: 0, source: 'agent', text: `Reading ${bundle}/notes.md`, timestamp: null, tokens: { input: 500, output: 100, cacheRead: 0, cacheWrite: 0 }, toolCalls: [{ id: 'a', name: 'Bash', arguments: { command: `cat ${bundle}/notes.md` }, result: 'ok', ok: true, failure: null, exitCode: 0, durationMs: null }] }],
      }),
    ),
  );
  const imported = await importBundles(api.context.workspace, [bundle]);
  expect(imported.outcomes[0]).toMatchObject({ status: 'imported' });
}, 300_000);

afterAll(async () => {
  delete process.env[PLANTED_KEY_ENV];
  await server?.close();
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface CopiedFileRow {
  path: string;
  size_bytes: bigint;
  sha256: string;
}

describe('the tasks, studies and trajectories subsets', () => {
  it('write each task with its later turns, task.json and ground-truth frames, the image copied into the folder', async () => {
    const out = await exportTo('release');
    const tasks = await rowsOf<{ task_id: string; kind: string; instruction: string; turns: { turn: number; prompt: string; after: string }[]; task_json: string | null; frames: { node_id: string; viewport_width: number; image: CopiedFileRow | null }[]; created_at: Date }>(out, 'tasks');
    expect(tasks.map((task) => task.task_id)).toEqual(['engine-task', 'figma-task']);
    const [engine, figma] = tasks;
    expect(engine!.instruction).toBe('Build one page that explains the trend in data.csv.');
    expect(engine!.turns).toEqual([
      { turn: 2, prompt: 'Add a legend.', after: 'succeeded' },
      { turn: 3, prompt: 'Add a title.', after: 'succeeded' },
    ]);
    expect(JSON.parse(engine!.task_json!)).toMatchObject({ id: 'engine-task', turns: [{ prompt: 'Add a legend.' }, { prompt: 'Add a title.' }] });
    expect(figma!.frames).toHaveLength(1);
    const image = figma!.frames[0]!.image!;
    expect(image.path).toBe(`files/tasks/${sha256(PNG)}.png`);
    expect(readFileSync(join(out, image.path)).equals(PNG)).toBe(true);
    expect(image).toEqual({ path: image.path, size_bytes: BigInt(PNG.length), sha256: sha256(PNG) });
    expect(figma!.frames[0]!.viewport_width).toBe(1440);
    expect(engine!.created_at).toBeInstanceOf(Date);
    const schema = parquetMetadata(arrayBuffer(join(out, 'data', 'tasks', 'train-00000-of-00001.parquet'))).schema;
    expect(schema.find((element) => element.name === 'size_bytes')).toMatchObject({ type: 'INT64' });
    expect(schema.find((element) => element.name === 'turn')).toMatchObject({ type: 'INT32' });
  });

  it('write each study’s resolved spec, its configurations and skill arms with their digests', async () => {
    const out = join(dir, 'release');
    const [study, ...others] = await rowsOf<{ name: string; tasks: string[]; configurations: { harness: string; model: string; command: string; skill_versions: string[]; config_ids: string[] }[]; skill: { name: string; arms: { version: string; digest: string | null }[] }; repeats: number; verifier: string; sandbox: boolean; spec_json: string; max_output_bytes: bigint }>(out, 'studies');
    expect(others).toEqual([]);
    expect(study!.name).toBe('Leaky study');
    expect(study!.tasks).toEqual(['engine-task']);
    expect(study!.configurations.map((configuration) => [configuration.harness, configuration.model, configuration.skill_versions, configuration.config_ids.length])).toEqual([['command', 'leaky', ['none', 'v2'], 2]]);
    expect(study!.skill).toEqual({ name: 'demo-skill', arms: [{ version: 'none', digest: null }, { version: 'v2', digest: readSkill(skillDir, 'v2').digest }] });
    expect(study!.repeats).toBe(1);
    expect(study!.verifier).toBe('frames');
    expect(typeof study!.max_output_bytes).toBe('bigint');
    const spec = JSON.parse(study!.spec_json) as { skill: { dir: string }; taskFolders: Record<string, string> };
    expect(spec.skill.dir).toBe(REDACTED_PATH);
    expect(spec.taskFolders).toEqual({ 'engine-task': REDACTED_PATH });
    expect(study!.configurations[0]!.command).toContain(`key ${REDACTED_SECRET}`);
    expect(study!.configurations[0]!.command).toContain(`${REDACTED_HOME}/.cache/x`);
  });

  it('write one trajectory per run: typed steps, tool calls, errors with their recovery, per-step tokens and the transcript as a file, redacted', async () => {
    const out = join(dir, 'release');
    type Row = {
      run_id: string; source: string; turns: { turn: number; prompt: string }[]; tokens: { input: bigint } | null;
      steps: { step: number; role: string; turn: number | null; text: string; tokens: { input: bigint; output: bigint } | null; tool_calls: { name: string; arguments: string; result: string | null; ok: boolean; exit_code: number | null }[] }[];
      errors: { step: number; type: string; recovered: boolean; recovered_at_step: number | null }[];
      transcript: CopiedFileRow | null;
    };
    const rows = await rowsOf<Row>(out, 'trajectories');
    const runs = await rowsOf<{ run_id: string }>(out, 'runs');
    expect(rows.map((row) => row.run_id)).toEqual(runs.map((run) => run.run_id));
    const study = rows.filter((row) => row.source === 'study');
    expect(study).toHaveLength(2);
    for (const row of study) {
      expect(row.turns.map((turn) => turn.prompt.slice(0, 12))).toEqual(['Task: Explai', 'Add a legend', 'Add a title.']);
      const calls = row.steps.flatMap((step) => step.tool_calls);
      expect(calls.length).toBeGreaterThanOrEqual(6);
      expect(calls.some((call) => !call.ok && call.exit_code === 2)).toBe(true);
      // The run's folder (in the workspace, bound at the same path in the sandbox) and the home folder, replaced.
      expect(JSON.parse(calls[0]!.arguments)).toEqual({ command: expect.stringMatching(/^ls <local path>\/runs\/[0-9a-f-]+\/work\/missing <home>\/\.cache\/x$/) as unknown });
      expect(row.errors.length).toBeGreaterThan(0);
      expect(row.errors[0]).toMatchObject({ call_id: expect.any(String) as unknown, recovered: true });
      expect(row.errors[0]!.recovered_at_step).toBeGreaterThanOrEqual(row.errors[0]!.step);
      expect(row.steps.some((step) => step.turn === 3)).toBe(true);
      const transcript = readFileSync(join(out, row.transcript!.path));
      expect(row.transcript).toEqual({ path: `files/trajectories/${sha256(transcript)}.jsonl`, size_bytes: BigInt(transcript.length), sha256: sha256(transcript) });
      expect(transcript.toString('utf8')).toContain(`key ${REDACTED_SECRET}, token ${REDACTED_SECRET}`);
      expect(transcript.toString('utf8')).toMatch(/ls: <local path>\/runs\/[0-9a-f-]+\/work\/missing: No such file/);
    }
    const atif = rows.find((row) => row.source === 'atif')!;
    expect(atif.tokens?.input).toBe(900n);
    expect(atif.steps[0]).toMatchObject({ step: 1, role: 'agent', text: `Reading ${REDACTED_PATH}/notes.md`, tokens: { input: 500n, output: 100n } });
    expect(atif.transcript!.path).toMatch(/\.json$/);
    const schema = parquetMetadata(arrayBuffer(join(out, 'data', 'trajectories', 'train-00000-of-00001.parquet'))).schema;
    expect(schema.find((element) => element.name === 'recovered_at_step')).toMatchObject({ type: 'INT32' });
    expect(schema.find((element) => element.name === 'cache_read')).toMatchObject({ type: 'INT64' });
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    for (const subset of ['tasks', 'studies', 'trajectories']) expect(card).toContain(`### \`${subset}\``);
    expect(card).toContain('`tool_calls`');
    expect(card).toContain('format_version: 13');
  });

  it('leave no local path, home folder, key or server token anywhere in the folder, in Parquet or JSON lines', async () => {
    const needles = { 'the workspace folder': dir, 'the home folder': homedir(), 'the planted API key': PLANTED_KEY, "the server's token": server.token };
    const jsonl = await exportTo('release-jsonl', { format: 'jsonl' });
    for (const out of [join(dir, 'release'), jsonl]) {
      const texts = await folderTexts(out);
      expect(texts.some(([file]) => file.includes(join('files', 'trajectories')))).toBe(true);
      for (const [file, text] of texts) for (const [what, needle] of Object.entries(needles)) expect(text.includes(needle), `${what} in ${file}`).toBe(false);
    }
    // The check can fail: a transcript as the workspace stores it holds every one of them.
    const run = (await rowsOf<{ run_id: string; source: string }>(join(dir, 'release'), 'trajectories')).find((row) => row.source === 'study');
    const stored = api.context.workspace.blobs.read(findExportRunTrajectory(api.context.workspace.db, run!.run_id)!.transcript_sha256!).toString('utf8');
    for (const needle of [dir, homedir(), PLANTED_KEY, server.token]) expect(stored).toContain(needle);
  });

  it('are read back by lhb import hf, which checks each copied file and stores none of them', async () => {
    const target = openWorkspace(join(dir, 'ws-import'), { emptyProject: { name: 'Imported' } });
    try {
      const result = await importDataset(target, join(dir, 'release'), { signal: new AbortController().signal, report: () => undefined });
      expect(result.notes.join('\n')).toContain('The 2 tasks, 1 studies, 3 trajectories rows were read and checked');
    } finally {
      target.close();
    }
    const rows = await rowsOf<{ source: string; transcript: CopiedFileRow }>(join(dir, 'release'), 'trajectories');
    const index = rows.findIndex((candidate) => candidate.source === 'study');
    const row = rows[index];
    const path = join(dir, 'release', row!.transcript.path);
    writeFileSync(path, readFileSync(path, 'utf8').replace('dist', 'DIST'));
    const again = openWorkspace(join(dir, 'ws-import-again'), { emptyProject: { name: 'Imported' } });
    try {
      const refused = importDataset(again, join(dir, 'release'), { signal: new AbortController().signal, report: () => undefined });
      await expect(refused).rejects.toBeInstanceOf(ImportRefusedError);
      await expect(refused).rejects.toThrow(`data/trajectories/train-00000-of-00001.parquet row ${index + 1}: ${row!.transcript.path} does not hold what field transcript.sha256 says`);
    } finally {
      again.close();
    }
  });
});
