import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../schemas/import.ts';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { tableCounts } from './table-counts.fixture.ts';

// Exports written by earlier versions keep importing. fixtures/format-1-export was written by
// commit 649de42 (`lhb export hf --format jsonl --subsets sources,chapters` on the demo), before
// the card carried a format version: a card without one is format 1.
const FORMAT_1 = fileURLToPath(new URL('./fixtures/format-1-export', import.meta.url));

let dir: string;
let api: Api;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-import-older-'));
  api = await openApi(join(dir, 'empty'), { emptyProject: { name: 'Empty' } });
}, 60_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('import hf of an older export', () => {
  it('reads a card without a format version as format 1 and imports its records', async () => {
    expect(readFileSync(join(FORMAT_1, 'README.md'), 'utf8')).not.toContain('format_version');
    const { jobId } = (await api.call('import.hf', { dir: FORMAT_1 })) as { jobId: string };
    await api.context.jobs.idle();
    const job = ((await api.call('jobs.list', { limit: 500 })) as { jobs: { id: string; state: string; message: string }[] }).jobs.find((candidate) => candidate.id === jobId)!;
    expect(job.state, job.message).toBe('succeeded');
    const { result } = (await api.call('import.result', { jobId })) as { result: ImportResult };
    expect(result.subsets.map((subset) => [subset.subset, subset.added])).toEqual([['sources', 4], ['chapters', 3]]);
    expect(tableCounts(api.context.workspace.db)).toMatchObject({ chapters: 3 });
  });
});
