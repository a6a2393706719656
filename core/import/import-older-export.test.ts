import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RunSummary } from '../../schemas/arena.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { configIdOf } from '../runs/run-configuration.ts';

// The runs subset as LH-Bench Studio exported it before runs carried a harness version (commit
// 649de42, `lhb export hf --format jsonl --subsets runs` of the demo after `lhb runs start --demo`):
// the bundles' harness as `codex-cli`, their build number among the versions, no harness_version.
const OLDER_EXPORT = fileURLToPath(new URL('./fixtures/export-before-harness-version', import.meta.url));

let dir: string;
let api: Api | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-older-export-'));
});

afterEach(async () => {
  await api?.close();
  api = undefined;
  rmSync(dir, { recursive: true, force: true });
});

it('an export written before harness_version existed imports with one id per harness, the build number as the harness version, and one configuration per agent', async () => {
  api = await openApi(join(dir, 'ws'), { emptyProject: { name: 'Imported' } });
  const { jobId } = await api.call('import.hf', { dir: OLDER_EXPORT });
  await api.context.jobs.idle();
  const { result } = await api.call('import.result', { jobId });
  expect(result?.subsets.find((subset) => subset.subset === 'runs')?.added).toBe(8);

  const { runs } = await api.call('runs.list', {});
  expect([...new Set(runs.map((run) => run.harness))].sort()).toEqual(['claude-code', 'codex', 'gemini-cli']);
  expect(runs.filter((run) => run.model === 'gpt-5-codex').map((run) => [run.harness, run.harnessVersion, run.versions])).toEqual([
    ['codex', '0.46.0', { skill: 'v1' }],
    ['codex', '0.46.0', { skill: 'v1' }],
  ]);
  // The export kept no harness version for the runs executed there: unknown, not invented.
  expect(runs.find((run) => run.model === 'gpt-5.5')).toMatchObject({ harness: 'codex', harnessVersion: null, versions: { skill: 'v2' } });

  // Bundles (which wrote 2.0.14 among their versions) and the run executed there are one configuration.
  const stored = api.context.workspace.db.prepare("SELECT DISTINCT config_id FROM runs WHERE harness = 'claude-code'").all();
  expect(stored).toEqual([{ config_id: configIdOf('claude-code', 'claude-sonnet-4-5', { skill: 'v2' }) }]);
  const studyRun = api.context.workspace.db.prepare("SELECT study_runs.harness, study_runs.config_id FROM study_runs JOIN runs ON runs.id = study_runs.run_id WHERE runs.model = 'gpt-5.5'").get();
  expect(studyRun).toEqual({ harness: 'codex', config_id: configIdOf('codex', 'gpt-5.5', { skill: 'v2' }) });

  // Exported again, each run carries its harness version, and that export imports to the same runs.
  const out = join(dir, 'again');
  const exported = await api.call('export.hf', { outDir: out, format: 'jsonl', subsets: ['runs'] });
  await api.context.jobs.idle();
  expect((await api.call('export.result', { jobId: exported.jobId })).result).not.toBeNull();
  const rows = readFileSync(join(out, 'data', 'runs', 'train-00000-of-00001.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { harness: string; harness_version: string | null; versions: { name: string }[] });
  expect(rows.filter((row) => row.harness === 'codex').map((row) => row.harness_version).sort()).toEqual(['0.46.0', '0.46.0', null]);
  expect(rows.flatMap((row) => row.versions.map((version) => version.name))).not.toContain('harness');
  const second = await openApi(join(dir, 'ws2'), { emptyProject: { name: 'Second' } });
  try {
    await second.call('import.hf', { dir: out });
    await second.context.jobs.idle();
    const summary = (list: RunSummary[]) => list.map((run) => [run.id, run.harness, run.harnessVersion, run.versions]).sort();
    expect(summary((await second.call('runs.list', {})).runs)).toEqual(summary(runs));
  } finally {
    await second.close();
  }
}, 60_000);
