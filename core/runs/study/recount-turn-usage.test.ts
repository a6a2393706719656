import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HarnessId, Trajectory } from '../../../schemas/trajectory.ts';
import type { Api } from '../../api/create-api.ts';
import { openApi } from '../../api/open-api.ts';
import { recordBlob } from '../../store/blob-repository.ts';
import { BlobStore } from '../../store/blob-store.ts';
import { readMetaValue, writeMetaValue } from '../../store/meta-repository.ts';
import { readMigrationFiles } from '../../store/migrations.ts';
import { openDatabase } from '../../store/open-database.ts';
import { findStudyRun, finishStudyRun, insertStudy } from '../../store/study-repository.ts';
import { upsertTask } from '../../store/task-repository.ts';
import { parseTranscriptFile } from '../trajectory/parse-harness-transcript.ts';
import { mergeTurnTrajectories } from './multi-turn-trajectory.ts';
import { RECOUNT_TURN_USAGE_KEY } from './recount-turn-usage.ts';
import { runCostUsd } from './run-cost.ts';
import { RUN_TOKENS as RUN, threeTurnFile, threeTurnRun, TURN_TOKENS as TURN } from './three-turn-transcripts.fixture.ts';

// Migration 024 and the recount on open: a workspace whose multi-turn runs an older engine stored
// with each turn's report added up (the real three-turn transcripts of fixtures/<harness>/three-turns)
// gets its tokens and cost counted once, the first time the app opens it, and only then.

const NOW = '2026-01-05T10:00:00.000Z';
const PRICE = { inputPerMillion: 2, outputPerMillion: 8 };
const MODELS: Partial<Record<HarnessId, string>> = { codex: 'gpt-5.5', 'claude-code': 'claude-sonnet-4-5', 'gemini-cli': 'gemini-2.5-pro' };

let dir: string;
let api: Api | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-recount-turn-usage-'));
});

afterEach(async () => {
  await api?.close();
  api = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** The harness's three-turn fixture as the engine before migration 024 stored it: each turn's report taken as its own, and added up. */
async function storeAsTheOldEngineDid(db: Database, blobs: BlobStore, id: string, harness: HarnessId, position: number): Promise<Trajectory> {
  const { turns, parts } = await threeTurnRun(harness);
  const old = mergeTurnTrajectories(turns, 'turn')!;
  const put = async (bytes: Buffer) => {
    const blob = await blobs.putAsync(bytes);
    recordBlob(db, blob.sha256, blob.sizeBytes, NOW);
    return blob.sha256;
  };
  const studyId = `study-${harness}`;
  const model = MODELS[harness]!;
  insertStudy(
    db,
    { id: studyId, project_id: 'p-1', name: `${harness} turns`, spec_json: JSON.stringify({ tasks: ['turns-task'], configurations: [{ harness, model, price: PRICE }] }), config_digest: 'd', executor: 'local', folder: join(dir, studyId), state: 'finished', job_id: null, cancel_requested_at: null, created_at: NOW, updated_at: NOW },
    [{ id, study_id: studyId, position, task_id: 'turns-task', harness, model, versions_json: '{}', config_id: `${harness}-${model}`, config_index: 0, repeat_index: 0, updated_at: NOW }],
  );
  finishStudyRun(db, id, {
    status: 'succeeded', error_kind: null, error_message: null, finished_at: NOW, duration_ms: 3000, steps: old.steps.length, tool_calls: 3, failed_tool_calls: 0,
    tokens_input: old.tokens.input, tokens_output: old.tokens.output, cost_usd: runCostUsd(old, PRICE), last_event: 'Finished',
    transcript_sha256: await put(Buffer.concat(parts)), trajectory_sha256: await put(Buffer.from(JSON.stringify(old))), errors_json: '[]', run_id: null,
  });
  return old;
}

/** A workspace as the app before migration 024 left it: three harnesses' three-turn runs, and a Codex run imported without a transcript. */
async function oldWorkspace(options: { migrations?: 'before-024' | 'all' } = {}): Promise<{ workspace: string; stored: Record<string, Trajectory> }> {
  const workspace = join(dir, 'old');
  mkdirSync(workspace);
  const migrations = readMigrationFiles().filter((migration) => options.migrations === 'all' || migration.version < 24);
  const { db } = openDatabase(join(workspace, 'lhb.sqlite'), migrations);
  const blobs = new BlobStore(join(workspace, 'blobs'));
  db.prepare("INSERT INTO projects (id, name, description, created_at) VALUES ('p-1', 'Old', '', ?)").run(NOW);
  upsertTask(db, { id: 'turns-task', project_id: 'p-1', kind: 'programmatic', title: 'Explain GRPO', instruction: 'Build one page that explains GRPO.', chapter_id: null, figma_file_key: null, created_at: NOW, updated_at: NOW }, []);
  const stored: Record<string, Trajectory> = {};
  for (const [position, harness] of (['codex', 'claude-code', 'gemini-cli'] as const).entries()) stored[harness] = await storeAsTheOldEngineDid(db, blobs, `sr-${position}-${harness}`, harness, position);
  insertStudy(db, { id: 'imported', project_id: 'p-1', name: 'imported', spec_json: '{}', config_digest: 'd', executor: 'local', folder: join(dir, 'imported'), state: 'finished', job_id: null, cancel_requested_at: null, created_at: NOW, updated_at: NOW }, [
    { id: 'sr-9-imported', study_id: 'imported', position: 0, task_id: 'turns-task', harness: 'codex', model: 'gpt-5.5', versions_json: '{}', config_id: 'codex-gpt-5.5', config_index: 0, repeat_index: 0, updated_at: NOW },
  ]);
  finishStudyRun(db, 'sr-9-imported', { status: 'succeeded', error_kind: null, error_message: null, finished_at: NOW, duration_ms: 1, steps: 4, tool_calls: 2, failed_tool_calls: 0, tokens_input: 480, tokens_output: 240, cost_usd: 0.00288, last_event: null, transcript_sha256: null, trajectory_sha256: null, errors_json: '[]', run_id: null });
  db.close();
  return { workspace, stored };
}

const usageRow = (id: string) => {
  const row = findStudyRun(api!.context.workspace.db, id)!;
  return { tokens_input: row.tokens_input, tokens_output: row.tokens_output, cost_usd: row.cost_usd };
};
const trajectoryOf = async (id: string) => (await api!.call('runs.trajectory', { runId: id })).trajectory!;
const inputsVersion = () => (api!.context.workspace.db.prepare('SELECT version FROM analysis_inputs').get() as { version: number }).version;

describe('a workspace with multi-turn runs stored before migration 024', () => {
  it('is recounted on open: a Codex run’s tokens are its last turn’s running total, not the sum, and its cost follows', async () => {
    const { workspace, stored } = await oldWorkspace();
    // What the old engine stored: 80 + 160 + 240 input tokens for the 240 the three turns used.
    expect([stored.codex!.tokens.input, stored.codex!.tokens.output]).toEqual([480, 240]);
    const lastTurn = await parseTranscriptFile('codex', threeTurnFile('codex', 'transcript-turn-3.jsonl'));
    expect(lastTurn.tokens).toEqual(RUN);

    api = await openApi(workspace);
    expect(usageRow('sr-0-codex')).toEqual({ tokens_input: RUN.input, tokens_output: RUN.output, cost_usd: (RUN.input * PRICE.inputPerMillion + RUN.output * PRICE.outputPerMillion) / 1_000_000 });
    const codex = await trajectoryOf('sr-0-codex');
    expect(codex.tokens).toEqual(lastTurn.tokens);
    expect(codex.turns!.map((turn) => turn.tokens)).toEqual([TURN, TURN, TURN]);
    // Only the usage changed: the steps, turns and prompt are the stored ones.
    expect({ ...codex, tokens: null, turns: codex.turns!.map((turn) => ({ ...turn, tokens: null })) }).toEqual({ ...stored.codex, tokens: null, turns: stored.codex!.turns!.map((turn) => ({ ...turn, tokens: null })) });
  });

  it('recounts Claude Code’s tokens by model and cost the same way, and leaves Gemini CLI’s and an imported run’s as they were', async () => {
    const { workspace, stored } = await oldWorkspace();
    // Claude Code's result events give the session's total cost so far: $0.000876, $0.001752, $0.002628.
    expect(stored['claude-code']!.costUsd).toBeCloseTo(0.005256, 9);
    api = await openApi(workspace);
    const claude = await trajectoryOf('sr-1-claude-code');
    expect(claude.tokens).toEqual(RUN);
    expect(claude.costUsd).toBeCloseTo(0.002628, 9);
    expect(claude.usageByModel!['claude-sonnet-4-5']).toMatchObject(RUN);
    expect(claude.usageByModel!['claude-sonnet-4-5']!.costUsd).toBeCloseTo(0.002628, 9);
    expect(usageRow('sr-1-claude-code').cost_usd).toBeCloseTo(0.002628, 9);

    // Gemini CLI counts each resumed invocation apart: it was right, and is untouched.
    expect(await trajectoryOf('sr-2-gemini-cli')).toEqual(stored['gemini-cli']);
    expect(usageRow('sr-2-gemini-cli')).toMatchObject({ tokens_input: RUN.input, tokens_output: RUN.output });
    // An imported run brought no transcript to read again: its figures are kept as they came.
    expect(usageRow('sr-9-imported')).toEqual({ tokens_input: 480, tokens_output: 240, cost_usd: 0.00288 });
  });

  it('is recounted once: the figures it wrote move the analysis inputs, and a later open reads nothing again', async () => {
    const { workspace } = await oldWorkspace({ migrations: 'all' });
    const before = (() => {
      const { db } = openDatabase(join(workspace, 'lhb.sqlite'));
      const version = (db.prepare('SELECT version FROM analysis_inputs').get() as { version: number }).version;
      expect(readMetaValue(db, RECOUNT_TURN_USAGE_KEY)).toBe('pending');
      db.close();
      return version;
    })();
    api = await openApi(workspace);
    const afterFirst = inputsVersion();
    expect(afterFirst).toBeGreaterThan(before);
    expect(readMetaValue(api.context.workspace.db, RECOUNT_TURN_USAGE_KEY)).toBeUndefined();
    expect(usageRow('sr-0-codex').tokens_input).toBe(RUN.input);
    await api.close();

    // Put an old figure back by hand: a recount that ran again would read the transcript and undo it.
    const { db } = openDatabase(join(workspace, 'lhb.sqlite'));
    db.prepare("UPDATE study_runs SET tokens_input = 480 WHERE id = 'sr-0-codex'").run();
    const edited = (db.prepare('SELECT version FROM analysis_inputs').get() as { version: number }).version;
    db.close();
    api = await openApi(workspace);
    expect(inputsVersion()).toBe(edited);
    expect(usageRow('sr-0-codex').tokens_input).toBe(480);
  });

  it('goes on after the last run it checked when an earlier open was cut short', async () => {
    const { workspace } = await oldWorkspace({ migrations: 'all' });
    const { db } = openDatabase(join(workspace, 'lhb.sqlite'));
    writeMetaValue(db, RECOUNT_TURN_USAGE_KEY, 'sr-0-codex');
    db.close();
    api = await openApi(workspace);
    // The run it had checked is not read again; the ones after it are recounted.
    expect(usageRow('sr-0-codex').tokens_input).toBe(480);
    expect(usageRow('sr-1-claude-code').tokens_input).toBe(RUN.input);
    expect(readMetaValue(api.context.workspace.db, RECOUNT_TURN_USAGE_KEY)).toBeUndefined();
  });
});
