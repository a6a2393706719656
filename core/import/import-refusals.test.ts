import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { tableCounts } from './table-counts.fixture.ts';
import { DATASET_FORMAT_VERSION } from '../export/dataset-format-version.ts';

// A folder that is not an export, or is damaged, is refused saying what is wrong and where, and
// the workspace is left exactly as it was (nothing half-imported).

let dir: string;
let api: Api;
let target: Api;
const parquet = () => join(dir, 'export-parquet');
const jsonl = () => join(dir, 'export-jsonl');

/** A copy of an export to damage. */
function copyOf(source: string, name: string): string {
  const copy = join(dir, name);
  cpSync(source, copy, { recursive: true });
  return copy;
}

/** The card with its format version set to `version` (whatever the header said before). */
function withFormatVersion(card: string, version: string): string {
  const without = card.replace(/^lh_bench_studio:\n(?: {2}.*\n)+/m, '');
  return without.replace(/^---\n/, `---\nlh_bench_studio:\n  format_version: ${version}\n`);
}

async function refusal(folder: string): Promise<string> {
  const before = tableCounts(target.context.workspace.db);
  const { jobId } = await target.call('import.hf', { dir: folder });
  await target.context.jobs.idle();
  const job = (await target.call('jobs.list', { limit: 500 })).jobs.find((candidate) => candidate.id === jobId)!;
  expect(job.state, job.message).toBe('failed');
  expect((await target.call('import.result', { jobId })).result).toBeNull();
  expect(tableCounts(target.context.workspace.db)).toEqual(before);
  expect(job.message).toContain('Nothing was imported');
  return job.message;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-import-refusals-'));
  api = await openApi(join(dir, 'source'));
  for (const [format, out] of [['parquet', parquet()], ['jsonl', jsonl()]] as const) {
    const { jobId } = await api.call('export.hf', { outDir: out, includeSynthetic: true, format });
    await api.context.jobs.idle();
    expect((await api.call('export.result', { jobId })).result).not.toBeNull();
  }
  // The target holds a study of its own (the demo), so a half-done import would show in its counts.
  target = await openApi(join(dir, 'target'));
}, 180_000);

afterAll(async () => {
  await api?.close();
  await target?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('import hf refuses', () => {
  it('a folder that does not exist, or that is not an export', async () => {
    expect(await refusal(join(dir, 'nowhere'))).toMatch(/nowhere does not exist/);
    const plain = join(dir, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, 'notes.txt'), 'hello');
    expect(await refusal(plain)).toMatch(/is not a dataset export: it has no README\.md/);
    writeFileSync(join(plain, 'README.md'), '# Just a readme\n');
    expect(await refusal(plain)).toMatch(/README\.md has no YAML header/);
  });

  it('a card in a format version newer than this version reads, or one that is not a version', async () => {
    const newer = copyOf(parquet(), 'newer-format');
    writeFileSync(join(newer, 'README.md'), withFormatVersion(readFileSync(join(newer, 'README.md'), 'utf8'), String(DATASET_FORMAT_VERSION + 1)));
    expect(await refusal(newer)).toMatch(
      new RegExp(`^README\\.md: this dataset is in LH-Bench Studio's dataset format ${DATASET_FORMAT_VERSION + 1} \\(lh_bench_studio\\.format_version\\), newer than this version reads \\(formats 1 to ${DATASET_FORMAT_VERSION}\\)\\. Update LH-Bench Studio, then import it again\\.`),
    );
    const garbled = copyOf(parquet(), 'garbled-format');
    writeFileSync(join(garbled, 'README.md'), withFormatVersion(readFileSync(join(garbled, 'README.md'), 'utf8'), 'two'));
    expect(await refusal(garbled)).toMatch(/lh_bench_studio\.format_version: .*whole number/);
  });

  it('a card that names a data file that is not there', async () => {
    const folder = copyOf(parquet(), 'missing-file');
    rmSync(join(folder, 'data', 'judgments', 'synthetic-00000-of-00001.parquet'));
    expect(await refusal(folder)).toContain('README.md names data/judgments/synthetic-00000-of-00001.parquet (judgments, synthetic), which does not exist');
  });

  it('a data_files path that leaves the folder', async () => {
    const folder = copyOf(parquet(), 'escaping-path');
    const card = readFileSync(join(folder, 'README.md'), 'utf8').replace('path: data/rubrics/train-00000-of-00001.parquet', 'path: ../export-parquet/data/rubrics/train-00000-of-00001.parquet');
    writeFileSync(join(folder, 'README.md'), card);
    expect(await refusal(folder)).toMatch(/data_files path \.\.\/export-parquet\/data\/rubrics\/train-00000-of-00001\.parquet of rubrics points outside the dataset folder/);
  });

  it('a damaged Parquet file, naming it', async () => {
    const folder = copyOf(parquet(), 'damaged-parquet');
    const path = join(folder, 'data', 'preferences', 'synthetic-00000-of-00001.parquet');
    const bytes = readFileSync(path);
    writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await refusal(folder)).toMatch(/^data\/preferences\/synthetic-00000-of-00001\.parquet is not a readable Parquet file/);
  });

  it('a row that does not fit the format, naming the file, the line and the field', async () => {
    const folder = copyOf(jsonl(), 'bad-row');
    const path = join(folder, 'data', 'preferences', 'synthetic-00000-of-00001.jsonl');
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[2] = lines[2]!.replace(/"rating_left":\d/, '"rating_left":"five"');
    writeFileSync(path, lines.join('\n'));
    expect(await refusal(folder)).toMatch(/^data\/preferences\/synthetic-00000-of-00001\.jsonl line 3 does not fit the preferences format: field rating_left: /);
  });

  it('a row whose values the store refuses, after earlier rows were written in the same transaction', async () => {
    // Every row fits the file format and the import's own checks; the newest vote compares a run
    // with itself, which the store's pair constraint refuses (run_a < run_b), so the refusal comes
    // while writing, after sources, chapters, runs and other votes went in. (A rating out of 1–5 is
    // now refused before anything is written: import-row-checks.test.ts.)
    const folder = copyOf(jsonl(), 'bad-value');
    const path = join(folder, 'data', 'preferences', 'synthetic-00000-of-00001.jsonl');
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    const last = lines.length - 1;
    const created = (line: string) => /"created_at":"([^"]+)"/.exec(line)![1]!;
    // The newest vote is written last (votes go in oldest first).
    const newest = lines.reduce((best, line, index) => (created(line) > created(lines[best]!) ? index : best), 0);
    const vote = JSON.parse(lines[newest]!) as { config_a: { run_id: string }; config_b: { run_id: string }; left_run: string; right_run: string; winner_run: string | null };
    vote.config_b.run_id = vote.config_a.run_id;
    vote.left_run = vote.right_run = vote.config_a.run_id;
    if (vote.winner_run !== null) vote.winner_run = vote.config_a.run_id;
    lines[newest] = JSON.stringify(vote);
    writeFileSync(path, `${lines.join('\n')}\n`);
    expect(last).toBeGreaterThan(0);
    // Into an empty workspace, where everything else would be new.
    const empty = await openApi(join(dir, 'empty-target'), { emptyProject: { name: 'Empty' } });
    const previous = target;
    target = empty;
    try {
      expect(await refusal(folder)).toMatch(new RegExp(`^data/preferences/synthetic-00000-of-00001\\.jsonl line ${newest + 1} could not be stored: CHECK constraint failed`));
      expect(tableCounts(empty.context.workspace.db).sources).toBe(0);
    } finally {
      target = previous;
      await empty.close();
    }
  });
});
