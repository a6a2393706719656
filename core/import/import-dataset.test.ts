import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRoomDetail } from '../../schemas/annotate.ts';
import type { ExportResult } from '../../schemas/export.ts';
import type { ImportResult } from '../../schemas/import.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { NO_ARTIFACT_NOTE } from '../judge/judging/build-prompt.ts';
import { validReplyTo } from '../judge/judging/judging-workspace.fixture.ts';
import { pairwiseJudgeResponder } from '../judge/pairwise/fake-pairwise-judge.fixture.ts';
import { FAKE_KEY_ENV, FAKE_KEYS, FAKE_SERVERS, fakeJudgeConfig } from '../judge/providers/fake-judge-setup.fixture.ts';
import type { FakeProviderServer } from '../model-apis/fake-model-api-server.fixture.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listRuns } from '../store/run-repository.ts';
import { finishStudyRun, insertStudy } from '../store/study-repository.ts';
import { FROM_IMPORT } from './merge-chapters.ts';
import { tableCounts } from './table-counts.fixture.ts';

// Acceptance for importing and merging exports: a round trip into a new workspace gives the same
// analysis, and two copies of one study that voted and cited apart end up with the union, with a
// chapter both edited kept both ways and reported.

let dir: string;
const opened: Api[] = [];
const servers: FakeProviderServer[] = [];
const previousKey = process.env[FAKE_KEY_ENV];

async function open(workspace: string, options: Parameters<typeof openApi>[1] = {}): Promise<Api> {
  const api = await openApi(workspace, options);
  opened.push(api);
  return api;
}

async function close(api: Api): Promise<void> {
  opened.splice(opened.indexOf(api), 1);
  await api.close();
}

async function jobOutcome(api: Api, jobId: string): Promise<{ state: string; message: string }> {
  await api.context.jobs.idle();
  const jobs = (await api.call('jobs.list', { limit: 500 })).jobs;
  return jobs.find((job) => job.id === jobId)!;
}

async function exportTo(api: Api, out: string, input: Record<string, unknown> = {}): Promise<ExportResult> {
  const { jobId } = await api.call('export.hf', { outDir: out, includeSynthetic: true, ...input });
  const job = await jobOutcome(api, jobId);
  expect(job.state, job.message).toBe('succeeded');
  return (await api.call('export.result', { jobId })).result!;
}

async function importFrom(api: Api, folder: string): Promise<{ result: ImportResult | null; state: string; message: string }> {
  const { jobId } = await api.call('import.hf', { dir: folder });
  const job = await jobOutcome(api, jobId);
  const { result } = await api.call('import.result', { jobId });
  return { result, ...job };
}

const ANALYSIS = { resamples: 200, seed: 'import-round-trip', includeSynthetic: true };
const report = async (api: Api) => {
  const { generatedAt: _generatedAt, ...rest } = await api.call('analysis.report', ANALYSIS);
  return rest;
};

/** The report as a workspace that does not know which records were the demo's keys it: `demo:` ids and "· demo" labels plain. */
function withoutDemoMarks<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('demo:[', '[').replaceAll(' · demo', '')) as T;
}

async function vote(api: Api, name: string, choice: 'left' | 'right' | 'tie', reason: string, timeOnItemMs = 3100): Promise<void> {
  const annotator = await api.call('arena.createAnnotator', { name });
  const next = await api.call('arena.nextPair', { annotatorId: annotator.id });
  expect(next.item, `the arena has a pair for ${name}`).not.toBeNull();
  await api.call('arena.vote', { token: next.item!.token, choice, ratingLeft: 4, ratingRight: 2, reason, timeOnItemMs });
}

/** Runs a judging job through the API (judges behind local fake servers) and waits for it to succeed. */
async function judge(api: Api, start: () => Promise<{ jobId: string }>): Promise<void> {
  const { jobId } = await start();
  const job = await jobOutcome(api, jobId);
  expect(job.state, job.message).toBe('succeeded');
}

/**
 * The judges' records kept apart from judgments, made as `lhb judge` makes them: a scoring judge
 * gives every rubric 4 with the artifact, and without it (the no-artifact control) the first rubric
 * 4 again and every other 1; a pairwise judge, asked twice with the sides swapped, picks the side
 * shown first half the time (so some verdicts flip). Both have a price, so their cost is stored.
 */
async function judgeApart(api: Api): Promise<void> {
  const [pairServer, scoreServer] = [
    await FAKE_SERVERS[0]!.start({ respond: pairwiseJudgeResponder({ favourFirst: 0.5, seed: 'import-round-trip' }) }),
    await FAKE_SERVERS[1]!.start({
      respond: ({ prompt }) => {
        const without = prompt.text.includes(NO_ARTIFACT_NOTE);
        return { type: 'text', text: validReplyTo(prompt.text, (rubric) => (without && !prompt.text.includes(`### 1. ${rubric}\n`) ? 1 : 4)), usage: { input: 500, output: 50 } };
      },
    }),
  ];
  servers.push(pairServer, scoreServer);
  const price = { pricePerMillion: { input: 3, output: 15 } };
  const scorer = fakeJudgeConfig(FAKE_SERVERS[1]!.provider, scoreServer, price);
  await judge(api, () => api.call('judge.start', { judges: [scorer], tier: 'output' }));
  await judge(api, () => api.call('judge.start', { judges: [scorer], tier: 'output', control: 'no-artifact' }));
  for (const tier of ['output', 'content'] as const) {
    await judge(api, () => api.call('judge.startPairwise', { judges: [fakeJudgeConfig(FAKE_SERVERS[0]!.provider, pairServer, price)], tier, pairs: 'all' }));
  }
}

async function dataRoom(api: Api): Promise<DataRoomDetail> {
  const { dataRooms } = await api.call('dataRooms.list', {});
  return await api.call('dataRooms.get', { dataRoomId: dataRooms[0]!.id });
}

beforeAll(async () => {
  Object.assign(process.env, FAKE_KEYS);
  dir = mkdtempSync(join(tmpdir(), 'lhb-import-'));
  // The demo workspace with a person's real vote and a study's run (tokens, cost, errors and recoveries).
  const api = await open(join(dir, 'original'));
  const db = api.context.workspace.db;
  await vote(api, 'Alice Example', 'left', 'cleaner hero');
  // Under the default 3 s floor: flagged, and the flag and its floor travel with the vote.
  await vote(api, 'Hasty Example', 'right', 'quick look', 800);
  // A process set of the user's own, for programmatic tasks only.
  const { set: base } = await api.call('rubrics.get', { name: 'generic-process', version: 'v1', scale: 5 });
  await api.call('rubrics.save', { set: { ...base, name: 'house-process', version: 'v1', authoredBy: 'expert', taskKinds: ['programmatic'] } });
  const project = findCurrentProject(db)!;
  const run = listRuns(db, project.id).find((candidate) => candidate.synthetic === 0)!;
  const now = '2025-10-06T10:00:00.000Z';
  insertStudy(
    db,
    { id: 'study-1', project_id: project.id, name: 'pricing study', config_digest: 'd', executor: 'local', folder: join(dir, 'study'), state: 'finished', job_id: null, cancel_requested_at: null, created_at: now, updated_at: now, spec_json: '{}' },
    [{ id: 'study-run-1', study_id: 'study-1', position: 0, task_id: run.task_id, harness: run.harness, model: run.model, versions_json: run.versions_json, config_id: run.config_id, config_index: 0, repeat_index: 0, updated_at: now }],
  );
  finishStudyRun(db, 'study-run-1', {
    status: 'succeeded', error_kind: null, error_message: null, finished_at: now, duration_ms: 61_000, steps: 12, tool_calls: 7, failed_tool_calls: 2, tokens_input: 1200,
    tokens_output: 340, cost_usd: 0.0125, last_event: null, transcript_sha256: null, trajectory_sha256: null, run_id: run.id,
    errors_json: JSON.stringify([
      { step: 2, toolCallId: 'c1', type: 'not-found', message: 'ls: missing', recovered: true, recoveredAtStep: 3 },
      { step: 5, toolCallId: 'c2', type: 'build', message: 'build failed', recovered: false, recoveredAtStep: null },
      { step: 7, toolCallId: 'c3', type: 'build', message: 'build failed again', recovered: true, recoveredAtStep: 8 },
    ]),
  });
  // Judged on the demo's arena bundles: real scores, the no-artifact control, and pairwise verdicts at two tiers.
  await judgeApart(api);
}, 300_000);

afterAll(async () => {
  for (const api of [...opened]) await api.close();
  for (const server of servers) await server.close();
  if (previousKey === undefined) delete process.env[FAKE_KEY_ENV];
  else process.env[FAKE_KEY_ENV] = previousKey;
  rmSync(dir, { recursive: true, force: true });
});

describe('import hf: round trip', () => {
  it.each(['parquet', 'jsonl'] as const)('into a new empty workspace reproduces the analysis report (%s)', async (format) => {
    const original = opened[0]!;
    await exportTo(original, join(dir, `export-${format}`), { format });
    const fresh = await open(join(dir, `fresh-${format}`), { emptyProject: { name: 'Imported' } });
    const before = tableCounts(fresh.context.workspace.db);
    expect(before.votes + before.runs + before.chapters + before.sources, 'the new workspace starts empty (no demo)').toBe(0);

    const imported = await importFrom(fresh, join(dir, `export-${format}`));
    expect(imported.state, imported.message).toBe('succeeded');
    expect(imported.result!.conflicts).toEqual([]);
    expect(imported.result!.subsets.every((subset) => subset.unchanged === 0 && subset.conflicts === 0)).toBe(true);

    const expected = await report(original);
    expect(expected.study.votes).toBeGreaterThan(300);
    expect(expected.study.fastVotes).toEqual({ excluded: false, votes: 1 });
    const fastOf = (api: Api) => api.context.workspace.db.prepare("SELECT reason, time_on_item_ms, fast_vote_floor_ms, is_fast FROM votes WHERE reason <> '' ORDER BY reason").all();
    expect(fastOf(fresh)).toEqual(fastOf(original));
    expect(fastOf(fresh)).toContainEqual({ reason: 'quick look', time_on_item_ms: 800, fast_vote_floor_ms: 3000, is_fast: 1 });
    // The study run's error→recovery counts came across (recovery is part of the report compared below).
    expect(tableCounts(fresh.context.workspace.db).study_runs).toBe(1);
    expect(JSON.stringify(expected.recovery)).toContain('build');
    // The demo's arena records travel in train without their mark (the dataset has no field for it yet), so the
    // importing workspace keys their configurations as its own and counts the votes and judgments on them as real:
    // the same figures, under ids without `demo:`.
    const count = (sql: string) => (original.context.workspace.db.prepare(sql).get() as { n: number }).n;
    const generated = { votes: count('SELECT count(*) AS n FROM votes WHERE synthetic = 1 AND retracted_at IS NULL'), judgments: count('SELECT count(*) AS n FROM judgments WHERE synthetic = 1') };
    const asImported = withoutDemoMarks(expected);
    // The judges' records kept apart came across: the "Pairwise judging" and "Controls" sections read the same figures.
    expect(expected.pairwise.verdicts).toBeGreaterThan(4);
    expect(expected.pairwise.judges.some((judge) => judge.flipRate.estimate! > 0)).toBe(true);
    expect(expected.controls.noArtifactJudgments).toBeGreaterThan(0);
    expect(expected.controls.artifactEffect.some((row) => row.notMoved) && expected.controls.artifactEffect.some((row) => !row.notMoved)).toBe(true);
    const fromImport = await report(fresh);
    for (const section of ['pairwise', 'controls'] as const) {
      expect(fromImport.sections.find((entry) => entry.id === section), `the ${section} section`).toEqual(asImported.sections.find((entry) => entry.id === section));
      expect(asImported.sections.find((entry) => entry.id === section)).toBeDefined();
    }
    expect({ pairwise: fromImport.pairwise, controls: fromImport.controls }).toEqual({ pairwise: asImported.pairwise, controls: asImported.controls });
    for (const subset of ['pairwise_verdicts', 'control_judgments'] as const) {
      expect(imported.result!.subsets.find((entry) => entry.subset === subset)?.added, subset).toBeGreaterThan(0);
    }
    expect(fromImport).toEqual({ ...asImported, study: { ...asImported.study, synthetic: { ...asImported.study.synthetic, ...generated } } });
    // The chapter plan reads the same: order, text and every citation's span.
    const plan = (detail: DataRoomDetail) =>
      detail.chapters.map((chapter) => ({ title: chapter.title, instruction: chapter.instruction, citations: chapter.citations.map((c) => [c.startLine, c.endLine, c.quote]) }));
    expect(plan(await dataRoom(fresh))).toEqual(plan(await dataRoom(original)));
    // Every rubric set version is for the same task kinds (a set of the user's own for programmatic tasks included, which an import could not work out).
    const kinds = async (api: Api) => {
      const { sets } = await api.call('rubrics.list', {});
      return Object.fromEntries(sets.map((set) => [`${set.name}@${set.version}:${set.scale}`, set.taskKinds]));
    };
    const expectedKinds = await kinds(original);
    expect(expectedKinds['house-process@v1:5']).toEqual(['programmatic']);
    expect(await kinds(fresh)).toEqual(expectedKinds);

    // Importing the same export again changes nothing.
    const counts = tableCounts(fresh.context.workspace.db);
    const again = await importFrom(fresh, join(dir, `export-${format}`));
    expect(again.state, again.message).toBe('succeeded');
    expect(again.result!.subsets.reduce((sum, subset) => sum + subset.added, 0)).toBe(0);
    expect(again.result!.subsets.find((entry) => entry.subset === 'pairwise_verdicts')).toMatchObject({ added: 0, unchanged: expected.pairwise.verdicts });
    expect(tableCounts(fresh.context.workspace.db)).toEqual(counts);
    await close(fresh);
  }, 120_000);
});

describe('import hf: merging two copies of one study', () => {
  it('gives both the union of votes and citations, once, and keeps a chapter both edited both ways as a reported conflict', async () => {
    const original = opened[0]!;
    const originalDir = original.context.workspace.dir;
    await close(original);
    // Two experts on two machines, each with a copy of the same study.
    cpSync(originalDir, join(dir, 'machine-a'), { recursive: true });
    cpSync(originalDir, join(dir, 'machine-b'), { recursive: true });
    opened.unshift(await openApi(originalDir));
    const a = await open(join(dir, 'machine-a'));
    const b = await open(join(dir, 'machine-b'));

    await vote(a, 'Ana on A', 'left', 'A likes the left one');
    await vote(b, 'Ben on B', 'right', 'B likes the right one');
    const planA = await dataRoom(a);
    const chapter = planA.chapters[0]!;
    const source = planA.sources[0]!;
    const { lines } = await a.call('sources.lines', { versionId: source.latestVersionId, start: 1, end: 200 });
    const cited = new Set(chapter.citations.filter((c) => c.sourceId === source.id).flatMap((c) => [c.startLine, c.endLine]));
    const [shared, onA, onB] = lines.flatMap((text, index) => (text.trim() !== '' && !cited.has(index + 1) ? [index + 1] : [])) as [number, number, number];
    // The same span cited on both machines, and one span each.
    for (const api of [a, b]) await api.call('chapters.addCitation', { chapterId: chapter.id, versionId: source.latestVersionId, startLine: shared, endLine: shared });
    await a.call('chapters.addCitation', { chapterId: chapter.id, versionId: source.latestVersionId, startLine: onA, endLine: onA });
    await b.call('chapters.addCitation', { chapterId: chapter.id, versionId: source.latestVersionId, startLine: onB, endLine: onB });
    // The same chapter edited differently on both.
    await a.call('chapters.update', { chapterId: chapter.id, instruction: 'A: mark the partial week with a hatched bar.' });
    await b.call('chapters.update', { chapterId: chapter.id, instruction: 'B: label the partial week in words.' });

    const fromA = join(dir, 'from-a');
    const fromB = join(dir, 'from-b');
    await exportTo(a, fromA);
    await exportTo(b, fromB, { format: 'jsonl' });
    const intoA = await importFrom(a, fromB);
    const intoB = await importFrom(b, fromA);
    expect(intoA.state, intoA.message).toBe('succeeded');
    expect(intoB.state, intoB.message).toBe('succeeded');

    for (const [api, result, own, other] of [
      [a, intoA.result!, 'A:', 'B:'],
      [b, intoB.result!, 'B:', 'A:'],
    ] as const) {
      const db = api.context.workspace.db;
      // Votes: every vote of both machines, once.
      const votes = db.prepare('SELECT id, reason FROM votes WHERE retracted_at IS NULL ORDER BY id').all() as { reason: string }[];
      expect(votes.map((v) => v.reason)).toEqual(expect.arrayContaining(['A likes the left one', 'B likes the right one', 'cleaner hero']));
      expect(new Set(votes.map((v) => JSON.stringify(v))).size).toBe(votes.length);
      expect(db.prepare("SELECT count(*) AS n FROM annotators WHERE name IN ('Ana on A', 'Ben on B')").get()).toEqual({ n: 2 });
      // Citations: the shared span once, each machine's own span too.
      const detail = await dataRoom(api);
      const merged = detail.chapters.find((candidate) => candidate.id === chapter.id)!;
      const spans = merged.citations.map((citation) => `${citation.startLine}-${citation.endLine}`);
      expect(spans.filter((span) => span === `${shared}-${shared}`)).toHaveLength(1);
      expect(spans).toEqual(expect.arrayContaining([`${onA}-${onA}`, `${onB}-${onB}`]));
      expect(merged.citations).toHaveLength(chapter.citations.length + 3);
      // The chapter: this machine's text where it was, the other's beside it, and the conflict reported with both.
      expect(merged.instruction.startsWith(own)).toBe(true);
      const sibling = detail.chapters.find((candidate) => candidate.title === `${chapter.title}${FROM_IMPORT}`)!;
      expect(sibling.instruction.startsWith(other)).toBe(true);
      expect(sibling.order).toBe(merged.order + 1);
      expect(detail.chapters.map((c) => c.order)).toEqual(detail.chapters.map((_, index) => index));
      const conflict = result.conflicts.find((candidate) => candidate.kind === 'chapter')!;
      expect(conflict).toMatchObject({ id: chapter.id, keptAs: sibling.id, alreadyKept: false });
      expect(conflict.local).toContain(own);
      expect(conflict.incoming).toContain(other);
      expect(result.subsets.find((subset) => subset.subset === 'chapters')!.conflicts).toBe(1);
    }

    // The same union on both sides.
    const ids = (api: Api, sql: string) => (api.context.workspace.db.prepare(sql).all() as { id: string }[]).map((row) => row.id);
    for (const sql of ['SELECT id FROM votes ORDER BY id', 'SELECT id FROM judgments ORDER BY id', 'SELECT id FROM runs ORDER BY id']) expect(ids(a, sql)).toEqual(ids(b, sql));

    // Importing the same export again changes nothing, and says the conflict was kept before.
    const counts = tableCounts(a.context.workspace.db);
    const again = await importFrom(a, fromB);
    expect(again.state, again.message).toBe('succeeded');
    expect(tableCounts(a.context.workspace.db)).toEqual(counts);
    expect(again.result!.conflicts.find((candidate) => candidate.kind === 'chapter')).toMatchObject({ alreadyKept: true });
  }, 180_000);
});
