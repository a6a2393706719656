import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ExportResult, ExportSubset } from '../../schemas/export.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { recordOwnRun, voteUntilOwnPair } from '../demo/user-study-in-demo.fixture.ts';
import { listAnnotators } from '../store/annotator-repository.ts';
import { listChapterCitations } from '../store/citation-repository.ts';
import { listChapters } from '../store/chapter-repository.ts';
import { listDataRooms } from '../store/data-room-repository.ts';
import { countJudgments } from '../store/judgment-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listRuns } from '../store/run-repository.ts';
import { listSourceSummaries } from '../store/source-repository.ts';
import { finishStudyRun, insertStudy } from '../store/study-repository.ts';
import { listLiveVotes } from '../store/vote-repository.ts';
import { PSEUDONYM_KEY_META } from './annotator-pseudonyms.ts';
import { DATASET_FORMAT_VERSION } from './dataset-format-version.ts';
import { readMetaValue } from '../store/meta-repository.ts';
import { datasetsDefaultConfig, type CardConfig } from './datasets-card-rules.fixture.ts';
import { SUBSET_FIELDS } from './subset-fields.ts';

// Acceptance for the dataset export: the demo workspace (with a person's real vote, and a study
// whose records name folders on this machine) exported in both formats, read back by an
// independent Parquet reader (hyparquet; DuckDB writes), checked against the store.

const API_KEY = 'sk-lhb-export-test-3c1f9a7be0d24f5e';
const SUBSETS: ExportSubset[] = ['sources', 'chapters', 'preferences', 'preference_pairs', 'judgments', 'runs', 'rubrics', 'skills', 'tasks', 'studies', 'trajectories', 'pairwise_verdicts', 'control_judgments', 'harness_guesses'];

let dir: string;
let workspace: string;
let api: Api;
let parquetResult: ExportResult;
let localFolders: string[];
let ownVoteId: string;

async function exportTo(name: string, input: Record<string, unknown>): Promise<{ result: ExportResult | null; message: string; state: string }> {
  const { jobId } = await api.call('export.hf', { outDir: join(dir, name), ...input });
  await api.context.jobs.idle();
  const job = (await api.call('jobs.list', {})).jobs.find((candidate) => candidate.id === jobId)!;
  const { result } = await api.call('export.result', { jobId });
  return { result, message: job.message, state: job.state };
}

const read = (path: string) => {
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

function allFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? allFiles(join(root, entry.name)) : [join(root, entry.name)]));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-export-'));
  workspace = join(dir, 'workspace');
  process.env.LHB_EXPORT_TEST_KEY = API_KEY;
  api = await openApi(workspace);
  const db = api.context.workspace.db;
  // A person's real vote on two runs of their own (the demo's pairs the arena shows first are voted on too: those votes are the demo's).
  const at = '2025-10-06T09:00:00.000Z';
  recordOwnRun(api, { id: 'own-codex', task: 'own-pricing', harness: 'codex', model: 'gpt-5-codex', versions: { skill: 'v1' }, at, sourceDir: join(dir, 'bundles', 'own-codex') });
  recordOwnRun(api, { id: 'own-gemini', task: 'own-pricing', harness: 'gemini-cli', model: 'gemini-2.5-pro', versions: { skill: 'v1' }, at, sourceDir: join(dir, 'bundles', 'own-gemini') });
  const annotator = await api.call('arena.createAnnotator', { name: 'Alice Example' });
  ({ voteId: ownVoteId } = await voteUntilOwnPair(api, annotator.id, new Set(['own-codex', 'own-gemini']), { choice: 'left', reason: 'cleaner hero', ratingLeft: 5, timeOnItemMs: 4200 }));
  // A study that ran one of the user's runs: its records name folders on this machine and an API key's variable.
  const project = findCurrentProject(db)!;
  const run = listRuns(db, project.id).find((candidate) => candidate.id === 'own-codex')!;
  const studyFolder = join(workspace, 'studies', 'study-1');
  const skillDir = join(dir, 'skills', 'figma-skill');
  const taskFolder = join(dir, 'tasks', 'figma');
  const now = '2025-10-06T10:00:00.000Z';
  insertStudy(
    db,
    {
      id: 'study-1', project_id: project.id, name: 'pricing study', config_digest: 'd', executor: 'local', folder: studyFolder, state: 'finished',
      job_id: null, cancel_requested_at: null, created_at: now, updated_at: now,
      spec_json: JSON.stringify({ tasks: [run.task_id], apiKeyEnv: 'LHB_EXPORT_TEST_KEY', endpoint: 'http://127.0.0.1:9/v1', skill: { dir: skillDir }, taskFolders: { [run.task_id]: taskFolder } }),
    },
    [{ id: 'study-run-1', study_id: 'study-1', position: 0, task_id: run.task_id, harness: run.harness, model: run.model, versions_json: run.versions_json, config_id: run.config_id, config_index: 0, repeat_index: 0, updated_at: now }],
  );
  finishStudyRun(db, 'study-run-1', {
    status: 'succeeded', error_kind: null, error_message: `key ${API_KEY} refused at ${studyFolder}/runs/x`, finished_at: now, duration_ms: 61_000, steps: 12, tool_calls: 7,
    failed_tool_calls: 2, tokens_input: 1200, tokens_output: 340, cost_usd: 0.0125, last_event: null, transcript_sha256: null, trajectory_sha256: null, run_id: run.id,
    errors_json: JSON.stringify([
      { step: 2, toolCallId: 'c1', type: 'not-found', message: `ls ${taskFolder}/missing: No such file`, recovered: true, recoveredAtStep: 3 },
      { step: 5, toolCallId: 'c2', type: 'build', message: `npm run build failed in ${studyFolder}`, recovered: false, recoveredAtStep: null },
    ]),
  });
  localFolders = [workspace, studyFolder, skillDir, taskFolder, ...new Set(listRuns(db, project.id).map((candidate) => candidate.source_dir).filter((path) => path.startsWith('/')))];
  const exported = await exportTo('hf-parquet', { includeSynthetic: true, pseudonymise: true });
  expect(exported.state, exported.message).toBe('succeeded');
  parquetResult = exported.result!;
}, 180_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('lhb export hf (Parquet)', () => {
  it('writes every subset, and an independent reader gets the store’s counts, types and nested values back', async () => {
    const db = api.context.workspace.db;
    const project = findCurrentProject(db)!;
    const out = join(dir, 'hf-parquet');
    const rows = async (subset: ExportSubset, split: 'train' | 'synthetic') => {
      const path = join(out, 'data', subset, `${split}-00000-of-00001.parquet`);
      return existsSync(path) ? ((await parquetReadObjects({ file: read(path) })) as Record<string, unknown>[]) : [];
    };
    const votes = listLiveVotes(db);
    const runs = listRuns(db, project.id);
    expect((await rows('preferences', 'train')).length).toBe(votes.filter((vote) => vote.synthetic === 0).length);
    expect((await rows('preferences', 'synthetic')).length).toBe(votes.filter((vote) => vote.synthetic === 1).length);
    expect((await rows('runs', 'train')).length).toBe(runs.filter((run) => run.synthetic === 0).length);
    expect((await rows('runs', 'synthetic')).length).toBe(48);
    expect((await rows('judgments', 'train')).length + (await rows('judgments', 'synthetic')).length).toBe(countJudgments(db));
    expect((await rows('sources', 'train')).length).toBe(listSourceSummaries(db).length);

    // Every column of every file is the declared field, in order.
    for (const file of parquetResult.files) {
      const metadata = parquetMetadata(read(join(out, file.path)));
      const names: string[] = [];
      let index = 1;
      while (index < metadata.schema.length) {
        names.push(metadata.schema[index]!.name);
        index += subtreeSize(metadata.schema, index);
      }
      expect(names, file.path).toEqual(SUBSET_FIELDS[file.subset].map((field) => field.name));
      expect(Number(metadata.num_rows), file.path).toBe(file.rows);
    }

    // Exact types: small ints for ratings and scores, 32-bit line numbers, timestamps in UTC.
    const element = (subset: ExportSubset, split: string, name: string) =>
      parquetMetadata(read(join(out, 'data', subset, `${split}-00000-of-00001.parquet`))).schema.find((e) => e.name === name)!;
    for (const [subset, name] of [['preferences', 'rating_left'], ['preferences', 'rating_right'], ['judgments', 'score'], ['judgments', 'scale']] as const) {
      expect(element(subset, 'synthetic', name)).toMatchObject({ type: 'INT32', converted_type: 'INT_8' });
    }
    expect(element('chapters', 'train', 'start_line')).toMatchObject({ type: 'INT32', converted_type: 'INT_32' });
    expect(element('sources', 'train', 'line')).toMatchObject({ type: 'INT32', converted_type: 'INT_32' });
    const createdAt = element('preferences', 'train', 'created_at');
    expect(createdAt.type).toBe('INT64');
    expect(createdAt.logical_type).toMatchObject({ type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MICROS' });

    // Nested values: each chapter's citations, in plan order, as lists of structs.
    const chapters = await rows('chapters', 'train');
    const stored = listDataRooms(db, project.id).flatMap((dataRoom) => listChapters(db, dataRoom.id));
    expect(chapters.map((chapter) => chapter.chapter_id)).toEqual(stored.map((chapter) => chapter.id).sort());
    for (const chapter of chapters) {
      const citations = listChapterCitations(db, chapter.chapter_id as string);
      expect(chapter.citations).toEqual(
        citations.map((c) => expect.objectContaining({ source_id: c.source_id, start_line: c.start_line, end_line: c.end_line, quote: c.quote, citation_id: c.id, version_id: c.version_id })),
      );
      expect(citations.length).toBeGreaterThan(0);
    }

    // The person's vote, pseudonymised, with both configurations and the shown order.
    const real = votes.find((vote) => vote.id === ownVoteId)!;
    const vote = (await rows('preferences', 'train')).find((row) => row.vote_id === ownVoteId);
    expect(vote).toMatchObject({
      vote_id: real.id, shown_order: real.shown_order, choice: 'left', winner_run: real.left_run, rating_left: 5, rating_right: 2, reason: 'cleaner hero',
      time_on_item_ms: 4200, annotator_id: real.annotator_id, created_at: new Date(real.created_at),
      config_a: expect.objectContaining({ run_id: real.run_a, versions: expect.arrayContaining([expect.objectContaining({ name: 'skill' })]) }),
      config_b: expect.objectContaining({ run_id: real.run_b }),
    });
    expect(vote!.annotator).toMatch(/^annotator-[0-9a-f]{12}$/);
    const synthetic = await rows('preferences', 'synthetic');
    const synthNames = new Set(synthetic.map((row) => row.annotator));
    expect(synthNames.size).toBe(listAnnotators(db, project.id).filter((a) => a.synthetic === 1).length);

    // The study's run: its trajectory summary and error→recovery counts, never the messages.
    const studied = (await rows('runs', 'train')).find((run) => run.study_id === 'study-1')!;
    expect(studied).toMatchObject({ study_name: 'pricing study', steps: 12, tool_calls: 7, failed_tool_calls: 2, tokens_input: 1200n, cost_usd: 0.0125, errors: 2, recovered_errors: 1 });
    expect(studied.errors_by_type).toEqual([{ type: 'build', count: 1, recovered: 0 }, { type: 'not-found', count: 1, recovered: 1 }]);
  });

  it('writes a card whose YAML parses, names every config and file that exists, with the Hub’s names and feature types', () => {
    const out = join(dir, 'hf-parquet');
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    expect(card).toBe(parquetResult.card);
    const match = /^---\n([\s\S]*?)\n---\n/.exec(card);
    expect(match).not.toBeNull();
    const header = parse(match![1]!) as Record<string, unknown>;
    for (const key of ['license', 'pretty_name', 'language', 'task_categories', 'tags', 'annotations_creators', 'size_categories', 'configs', 'dataset_info']) expect(header, key).toHaveProperty(key);
    const configs = header.configs as (CardConfig & { data_files: { split: string; path: string }[] })[];
    expect(configs.map((config) => config.config_name)).toEqual(SUBSETS);
    // load_dataset(folder) with no config name loads the preferences; one default, by datasets' own rule.
    expect(datasetsDefaultConfig(configs)).toBe('preferences');
    // The format version an importer reads, in the header and in words.
    expect(header.lh_bench_studio).toEqual({ format_version: DATASET_FORMAT_VERSION });
    expect(card).toContain(`LH-Bench Studio dataset format ${DATASET_FORMAT_VERSION}`);
    const written = allFiles(join(out, 'data')).map((file) => relative(out, file)).sort();
    expect(configs.flatMap((config) => config.data_files.map((file) => file.path)).sort()).toEqual(written);
    for (const config of configs) {
      expect(config.config_name).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
      for (const file of config.data_files) {
        expect(file.split).toMatch(/^\w+(\.\w+)*$/);
        expect(file.path).toMatch(new RegExp(`^data/${config.config_name}/${file.split}-\\d{5}-of-\\d{5}\\.parquet$`));
      }
    }
    const info = header.dataset_info as { config_name: string; features: { name: string; dtype?: string; list?: unknown }[]; splits: { name: string; num_examples: number }[] }[];
    const preferences = info.find((entry) => entry.config_name === 'preferences')!;
    expect(preferences.features.find((feature) => feature.name === 'rating_left')).toEqual({ name: 'rating_left', dtype: 'int8' });
    expect(preferences.features.find((feature) => feature.name === 'created_at')).toEqual({ name: 'created_at', dtype: 'timestamp[us, tz=UTC]' });
    const chapters = info.find((entry) => entry.config_name === 'chapters')!;
    expect(chapters.features.find((feature) => feature.name === 'citations')!.list).toEqual(
      expect.arrayContaining([{ name: 'source_id', dtype: 'string' }, { name: 'start_line', dtype: 'int32' }, { name: 'end_line', dtype: 'int32' }, { name: 'quote', dtype: 'string' }]),
    );
    // Alice's vote on her own pair and those on the demo's pairs the arena showed her first (the demo's, exported as asked).
    const cast = listLiveVotes(api.context.workspace.db).filter((vote) => vote.synthetic === 0).length;
    expect(preferences.splits).toEqual([{ name: 'train', num_examples: cast }, { name: 'synthetic', num_examples: 300 }]);
    // The story: collection facts and the analysis's agreement figures.
    expect(card).toContain('## How it was collected');
    expect(card).toMatch(/Judges \| 3 \(`judge-claude-opus`/);
    expect(card).toMatch(/Mean pairwise quadratic κ \d\.\d{3}/);
    expect(card).toContain('## Agreement and rankings');
  });

  it('writes the same bytes when the same workspace is exported again', async () => {
    const again = await exportTo('hf-parquet-again', { includeSynthetic: true, pseudonymise: true });
    expect(again.state, again.message).toBe('succeeded');
    const first = allFiles(join(dir, 'hf-parquet')).map((file) => relative(join(dir, 'hf-parquet'), file)).sort();
    expect(allFiles(join(dir, 'hf-parquet-again')).map((file) => relative(join(dir, 'hf-parquet-again'), file)).sort()).toEqual(first);
    for (const file of first) expect(readFileSync(join(dir, 'hf-parquet-again', file)).equals(readFileSync(join(dir, 'hf-parquet', file))), file).toBe(true);
  });
});

describe('lhb export hf (JSON lines)', () => {
  it('writes the same rows as JSON lines, fields in declared order, with the card pointing at .jsonl files', async () => {
    const exported = await exportTo('hf-jsonl', { format: 'jsonl', includeSynthetic: true, pseudonymise: true });
    expect(exported.state, exported.message).toBe('succeeded');
    const result = exported.result!;
    expect(result.files.map((file) => [file.path.replace(/\.jsonl$/, '.parquet'), file.rows])).toEqual(parquetResult.files.map((file) => [file.path, file.rows]));
    for (const file of result.files) {
      const lines = readFileSync(join(dir, 'hf-jsonl', file.path), 'utf8').split('\n').filter((line) => line.length > 0);
      expect(lines.length, file.path).toBe(file.rows);
      if (lines.length > 0) expect(Object.keys(JSON.parse(lines[0]!))).toEqual(SUBSET_FIELDS[file.subset].map((field) => field.name));
    }
    const header = parse(/^---\n([\s\S]*?)\n---\n/.exec(result.card)![1]!) as { configs: { data_files: { path: string }[] }[] };
    for (const file of header.configs.flatMap((config) => config.data_files)) expect(existsSync(join(dir, 'hf-jsonl', file.path)), file.path).toBe(true);
  });
});

describe('what an export never carries', () => {
  it('holds no local folder, API key, pseudonym key or pseudonymised name in any byte, in either format', () => {
    const secrets = [...localFolders, API_KEY, readMetaValue(api.context.workspace.db, PSEUDONYM_KEY_META)!, 'Alice Example'];
    expect(secrets.every((secret) => secret.length > 8)).toBe(true);
    for (const name of ['hf-parquet', 'hf-jsonl']) {
      const files = allFiles(join(dir, name));
      expect(files.length).toBeGreaterThan(6);
      for (const file of files) {
        // Parquet pages are snappy-compressed: check the decoded rows as well as the raw bytes.
        const texts = [readFileSync(file).toString('latin1'), readFileSync(file).toString('utf8')];
        for (const secret of secrets) for (const text of texts) expect(text.includes(secret), `${relative(dir, file)} holds ${secret}`).toBe(false);
      }
    }
  });

  it('holds the decoded Parquet values free of them too', async () => {
    const secrets = [...localFolders, API_KEY, 'Alice Example'];
    for (const file of parquetResult.files) {
      const text = JSON.stringify(await parquetReadObjects({ file: read(join(dir, 'hf-parquet', file.path)) }), (_, value) => (typeof value === 'bigint' ? Number(value) : value));
      for (const secret of secrets) expect(text.includes(secret), `${file.path} holds ${secret}`).toBe(false);
    }
  });

  it("leaves synthetic data and the demo's records out unless asked, and the real vote keeps its name without --pseudonymise", async () => {
    const exported = await exportTo('hf-real', { subsets: ['sources', 'chapters', 'preferences', 'runs', 'judgments'] });
    expect(exported.state, exported.message).toBe('succeeded');
    // The demo's sources, chapters, bundles and the votes on them are the demo's: only the user's two runs and their one vote go.
    expect(exported.result!.files.map((file) => `${file.path}:${file.rows}`)).toEqual([
      'data/sources/train-00000-of-00001.parquet:0',
      'data/chapters/train-00000-of-00001.parquet:0',
      'data/preferences/train-00000-of-00001.parquet:1',
      'data/judgments/train-00000-of-00001.parquet:0',
      'data/runs/train-00000-of-00001.parquet:2',
    ]);
    const [vote] = (await parquetReadObjects({ file: read(join(dir, 'hf-real', 'data/preferences/train-00000-of-00001.parquet')) })) as { annotator: string }[];
    expect(vote!.annotator).toBe('Alice Example');
    expect(exported.result!.card).not.toContain('synthetic');
  });
});

describe('the card’s license', () => {
  it('is checked by export.hf itself, so every caller gets the same refusal, and nothing is written', async () => {
    const refusal = async (input: Record<string, unknown>) => {
      const error = await api.call('export.hf', { outDir: join(dir, 'licensed'), ...input }).then(() => undefined, (caught: unknown) => caught as Error);
      expect(error, JSON.stringify(input)).toBeInstanceOf(Error);
      return error!.message;
    };
    expect(await refusal({ license: 'not-a-license' })).toMatch(/^Invalid input for export.hf: license: license not-a-license is not one of the Hub's license ids \(closest: /);
    expect(await refusal({ license: 'other' })).toMatch(/licenseName: license other needs licenseName: /);
    expect(await refusal({ license: 'mit', licenseName: 'my-license' })).toMatch(/licenseName: licenseName is only for license other/);
    expect(await refusal({ license: 'other', licenseName: 'mine', licenseLink: 'file:///etc/passwd' })).toMatch(/licenseLink: /);
    expect(existsSync(join(dir, 'licensed'))).toBe(false);
  });
});

describe('where an export is written', () => {
  it('refuses a folder that holds files, changing nothing there', async () => {
    const taken = join(dir, 'taken');
    mkdirSync(taken);
    writeFileSync(join(taken, 'notes.txt'), 'mine');
    const exported = await exportTo('taken', {});
    expect(exported.state).toBe('failed');
    expect(exported.message).toMatch(/already holds files\. Nothing was exported/);
    expect(readdirSync(taken)).toEqual(['notes.txt']);
  });

  it('leaves no folder, complete-looking or partial, when the export is cancelled', async () => {
    const { jobId } = await api.call('export.hf', { outDir: join(dir, 'cancelled'), includeSynthetic: true });
    await api.call('jobs.cancel', { jobId });
    await api.context.jobs.idle();
    const job = (await api.call('jobs.list', {})).jobs.find((candidate) => candidate.id === jobId)!;
    expect(job.state).toBe('cancelled');
    expect(job.message).toMatch(/Nothing was written/);
    expect(readdirSync(dir).filter((name) => name.includes('cancelled'))).toEqual([]);
  });
});

/** How many schema elements a Parquet schema node spans (itself and its descendants). */
function subtreeSize(schema: { num_children?: number }[], index: number): number {
  let size = 1;
  for (let child = 0; child < (schema[index]!.num_children ?? 0); child++) size += subtreeSize(schema, index + size);
  return size;
}
