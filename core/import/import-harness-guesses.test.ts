import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisReport } from '../../schemas/analysis.ts';
import { CANNOT_TELL } from '../../schemas/judging.ts';
import type { ImportResult } from '../../schemas/import.ts';
import { openApi } from '../api/open-api.ts';
import { runLhbChild } from '../cli/lhb-child-process.fixture.ts';
import { harnessChoiceLabel } from '../judge/judging/guess-harness-prompt.ts';
import { sampleTrajectory } from '../judge/judging/two-kinds-workspace.fixture.ts';
import { FAKE_KEY_ENV, FAKE_KEYS, FAKE_SERVERS } from '../judge/providers/fake-judge-setup.fixture.ts';
import type { FakeProviderServer } from '../model-apis/fake-model-api-server.fixture.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { insertRun } from '../store/run-repository.ts';
import { insertRunTrajectory } from '../store/run-trajectory-repository.ts';
import { upsertTask } from '../store/task-repository.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { tableCounts } from './table-counts.fixture.ts';

// Acceptance for the guess-harness control's answers in the dataset (format 13): `lhb judge
// --control guess-harness` on six runs of two harnesses (imported with ATIF trajectories), then
// `lhb export hf`, then `lhb import hf` into a new workspace: the report's Controls section shows
// the same guess-harness table in both, a second import changes nothing, and the card names the
// subset. Two judges behind fake servers: one told the answer (every run right: it must be
// flagged), one that first refuses (six failed askings, kept) and, asked again, cannot tell.
const HARNESSES = { 'claude-code': 'Reading the design carefully before writing.', codex: 'Listing the folder first, then writing.' } as const;
const STAMP = '2026-01-01T00:00:00.000Z';

let dir: string;
let original: string;
const servers: FakeProviderServer[] = [];
let refusing = true;

const answer = (harness: string) => ({ type: 'text' as const, text: JSON.stringify({ harness, reasoning: 'From the steps.' }), usage: { input: 600, output: 30 } });
const toldHarness = (prompt: string) => (prompt.includes(HARNESSES.codex) ? 'codex' : 'claude-code');

/** A workspace of its own with six runs of one task, three per harness, each with a trajectory that says which harness made it (in words blinding leaves). */
function seedRuns(workspaceDir: string): void {
  const workspace = openWorkspace(workspaceDir);
  try {
    const { db, blobs } = workspace;
    const project = findCurrentProject(db)!;
    upsertTask(db, { id: 'guess-task', project_id: project.id, kind: 'programmatic', title: 'Explain the weekly trend', instruction: 'Make slides that teach the trend.', chapter_id: null, figma_file_key: null, created_at: STAMP, updated_at: STAMP }, []);
    for (const [harness, text] of Object.entries(HARNESSES)) {
      for (const n of [1, 2, 3]) {
        const id = `${harness}-run-${n}`;
        insertRun(
          db,
          { id, task_id: 'guess-task', harness, model: 'test-model', versions_json: '{}', config_id: `cfg-${harness}`, status: 'succeeded', started_at: STAMP, finished_at: STAMP, digest: `digest-${id}`, source_dir: `/bundles/${id}`, imported_at: STAMP },
          [],
          [],
        );
        const { sha256, sizeBytes } = blobs.put(Buffer.from(JSON.stringify(sampleTrajectory(`${text} (attempt ${n})`))));
        recordBlob(db, sha256, sizeBytes, STAMP);
        insertRunTrajectory(db, {
          run_id: id, trajectory_sha256: sha256, source_sha256: sha256, source_format: 'atif', source_path: 'trajectory.json', harness_version: null,
          steps: 1, tool_calls: 2, failed_tool_calls: 0, tokens_input: 10, tokens_output: 5, cost_usd: null, duration_ms: null, errors_json: '[]', imported_at: STAMP,
        });
      }
    }
  } finally {
    workspace.close();
  }
}

/** The Controls section of `lhb analyze --md`, from its heading to the next section's. */
async function controlsMarkdown(workspaceDir: string): Promise<string> {
  const md = await runLhbChild(['analyze', '--md', '--workspace', workspaceDir]);
  expect(md.status, md.stderr).toBe(0);
  const start = md.stdout.indexOf('## Controls: what the scores measure');
  expect(start, md.stdout).toBeGreaterThanOrEqual(0);
  const next = md.stdout.indexOf('\n## ', start + 1);
  return md.stdout.slice(start, next < 0 ? undefined : next);
}

/** What the report and the cost say of the control, through the API. */
async function guessFigures(workspaceDir: string): Promise<{ rows: AnalysisReport['controls']['harnessGuesses']; judgesCosted: string[] }> {
  const api = await openApi(workspaceDir);
  try {
    const report = await api.call('analysis.report', {});
    const cost = await api.call('runs.cost', {});
    return { rows: report.controls.harnessGuesses, judgesCosted: cost.byJudge.filter((entry) => entry.items > 0).map((entry) => entry.judge).sort() };
  } finally {
    await api.close();
  }
}

const importInto = async (workspaceDir: string, folder: string): Promise<ImportResult> => {
  const imported = await runLhbChild(['import', 'hf', folder, '--json', '--workspace', workspaceDir]);
  expect(imported.status, imported.stderr).toBe(0);
  return JSON.parse(imported.stdout) as ImportResult;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-guess-export-'));
  original = join(dir, 'original');
  seedRuns(original);
  servers.push(await FAKE_SERVERS[0]!.start({ respond: (request) => answer(harnessChoiceLabel(toldHarness(request.prompt.text))) }));
  servers.push(await FAKE_SERVERS[1]!.start({ respond: () => (refusing ? { type: 'refusal' } : answer(CANNOT_TELL)) }));
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the guess-harness control in the dataset', () => {
  it('exports every asking, and an import into a new workspace shows the same Controls table; a second import changes nothing', async () => {
    const judgesFile = join(dir, 'judges.json');
    writeFileSync(
      judgesFile,
      JSON.stringify(['told', 'unsure'].map((name, i) => ({ name: `${name}-judge`, provider: FAKE_SERVERS[i]!.provider, baseUrl: servers[i]!.baseUrl, model: `${name}-model`, apiKeyEnv: FAKE_KEY_ENV, pricePerMillion: { input: 1, output: 2 } }))),
    );
    const judge = async () => {
      const judged = await runLhbChild(['judge', '--judges', judgesFile, '--control', 'guess-harness', '--json', '--workspace', original], FAKE_KEYS);
      expect(judged.status, `${judged.stdout}\n${judged.stderr}`).toBe(0);
      return JSON.parse(judged.stdout) as { units: { ok: number; failed: number; cached: number } };
    };
    expect((await judge()).units).toMatchObject({ ok: 6, failed: 6 });
    refusing = false;
    expect((await judge()).units).toMatchObject({ ok: 6, failed: 0, cached: 6 });

    const exported = join(dir, 'dataset');
    const wrote = await runLhbChild(['export', 'hf', '--out', exported, '--format', 'jsonl', '--workspace', original]);
    expect(wrote.status, wrote.stderr).toBe(0);
    const rows = readFileSync(join(exported, 'data', 'harness_guesses', 'train-00000-of-00001.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    // Every asking, the failed ones kept beside the ones that replaced them.
    expect(rows).toHaveLength(18);
    expect(rows.filter((row) => row.status === 'failed')).toEqual(Array.from({ length: 6 }, () => expect.objectContaining({ judge: 'unsure-judge', guess: null, correct: null })));
    const told = rows.filter((row) => row.judge === 'told-judge');
    expect(told.every((row) => row.correct === true && row.guess === row.harness && (row.choices as string[]).slice().sort().join() === 'claude-code,codex')).toBe(true);
    expect(rows.filter((row) => row.judge === 'unsure-judge' && row.status === 'ok').every((row) => row.guess === CANNOT_TELL && row.correct === false)).toBe(true);
    // Each asking with its own usage and cost, as the judge's price gave it.
    for (const row of told) expect(row).toMatchObject({ status: 'ok', tokens_input: 600, tokens_output: 30, cost_usd: expect.closeTo((600 * 1 + 30 * 2) / 1e6, 12) as unknown });
    const card = readFileSync(join(exported, 'README.md'), 'utf8');
    expect(card).toContain('### `harness_guesses`');
    expect(card).toContain('config_name: harness_guesses');
    expect(card).toContain('(18 askings, `harness_guesses`)');
    // The card's own Controls section prints the figures the subset now lets an import recompute.
    expect(card).toContain('The blinding leaks: told-judge (6 of 6 right');

    const fresh = join(dir, 'fresh');
    const first = await importInto(fresh, exported);
    expect(first.conflicts).toEqual([]);
    expect(first.subsets.find((subset) => subset.subset === 'harness_guesses')).toEqual({ subset: 'harness_guesses', rows: 18, added: 18, unchanged: 0, conflicts: 0 });

    // The same table, sentences and figures: the told judge flagged, the unsure one not, each from its newest answer per run.
    const before = await guessFigures(original);
    expect(before.rows.map((row) => [row.judge, row.runs, row.correct, row.cannotTell, row.leaks])).toEqual([
      ['told-judge', 6, 6, 0, true],
      ['unsure-judge', 6, 0, 6, false],
    ]);
    const after = await guessFigures(fresh);
    expect(after.rows).toEqual(before.rows);
    const section = await controlsMarkdown(original);
    expect(section).toContain('The blinding leaks: told-judge (6 of 6 right');
    expect(await controlsMarkdown(fresh)).toBe(section);
    // What the askings cost was paid where they were asked: the importing workspace counts none of it.
    expect(before.judgesCosted).toEqual(['told-judge', 'unsure-judge']);
    expect(after.judgesCosted).toEqual([]);

    const readOnly = openWorkspace(fresh, { access: 'read' });
    const counts = tableCounts(readOnly.db);
    readOnly.close();
    const second = await importInto(fresh, exported);
    expect(second.subsets.find((subset) => subset.subset === 'harness_guesses')).toMatchObject({ added: 0, unchanged: 18, conflicts: 0 });
    const again = openWorkspace(fresh, { access: 'read' });
    expect(tableCounts(again.db)).toEqual(counts);
    again.close();
    expect((await guessFigures(fresh)).rows).toEqual(before.rows);
    // And the imported workspace exports the same askings again, field for field.
    const reexported = join(dir, 'dataset-again');
    const wroteAgain = await runLhbChild(['export', 'hf', '--out', reexported, '--format', 'jsonl', '--subsets', 'harness_guesses', '--workspace', fresh]);
    expect(wroteAgain.status, wroteAgain.stderr).toBe(0);
    expect(readFileSync(join(reexported, 'data', 'harness_guesses', 'train-00000-of-00001.jsonl'), 'utf8')).toBe(readFileSync(join(exported, 'data', 'harness_guesses', 'train-00000-of-00001.jsonl'), 'utf8'));

    // Parquet carries the list of choices and the nullable flag as well as JSON lines do.
    const parquet = join(dir, 'dataset-parquet');
    const wroteParquet = await runLhbChild(['export', 'hf', '--out', parquet, '--subsets', 'runs,harness_guesses', '--workspace', original]);
    expect(wroteParquet.status, wroteParquet.stderr).toBe(0);
    const fromParquet = join(dir, 'fresh-parquet');
    expect((await importInto(fromParquet, parquet)).subsets.find((subset) => subset.subset === 'harness_guesses')).toMatchObject({ added: 18 });
    expect((await guessFigures(fromParquet)).rows).toEqual(before.rows);
  }, 600_000);
});
