import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { openApi } from '../../api/open-api.ts';
import { HubStandIn } from './hub-stand-in.fixture.ts';
import { filesInFolder, pushFolderToHub, type HubPushInput } from './push-folder-to-hub.ts';

// A real export of the demo workspace pushed to a local Hub stand-in through @huggingface/hub.
let dir: string;
let hub: HubStandIn;
let full: string;
let fewer: string;

async function exportFolder(name: string, input: Record<string, unknown>): Promise<string> {
  const api = await openApi(join(dir, 'workspace'));
  try {
    const { jobId } = await api.call('export.hf', { outDir: join(dir, name), ...input });
    await api.context.jobs.idle();
    const { result } = await api.call('export.result', { jobId });
    if (!result) throw new Error(`the export ${name} ended without a result`);
    return result.outDir;
  } finally {
    await api.close();
  }
}

const header = (card: string) => parse(/^---\n([\s\S]*?)---\n/.exec(card)![1]!) as Record<string, unknown>;
const push = (folder: string, repo: string, more: Partial<HubPushInput> = {}) =>
  pushFolderToHub({ folder, repo, token: { token: hub.token, source: 'the HF_TOKEN variable' }, hubUrl: hub.url, ...more });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-hub-push-'));
  full = await exportFolder('full', { subsets: ['runs', 'judgments', 'rubrics'], includeSynthetic: true, license: 'mit' });
  fewer = await exportFolder('fewer', { subsets: ['runs', 'rubrics'], includeSynthetic: false, license: 'mit' });
  hub = await new HubStandIn().start();
}, 240_000);
afterAll(async () => {
  await hub?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('pushFolderToHub', () => {
  it('creates the repository and uploads every file byte for byte, the Parquet files through LFS', async () => {
    const result = await push(full, 'alice/release', { private: true });
    expect(result.createdRepo).toBe(true);
    expect(hub.repos.get('alice/release')?.private).toBe(true);
    const local = filesInFolder(full);
    expect(local.filter((path) => path.endsWith('.parquet')).length).toBeGreaterThanOrEqual(4);
    for (const path of local) {
      const stored = hub.file('alice/release', path);
      expect(stored?.bytes.equals(readFileSync(join(full, path))), path).toBe(true);
      expect(stored?.lfsOid !== undefined, path).toBe(path.endsWith('.parquet'));
    }
    expect(result.files.filter((file) => file.lfs).map((file) => file.path)).toEqual(local.filter((path) => path.endsWith('.parquet')));
    // One PUT per object, none for the card (it travels inside the commit).
    expect([...hub.lfsPuts.values()].every((count) => count === 1)).toBe(true);
    expect(hub.lfsObjects.size).toBe(local.filter((path) => path.endsWith('.parquet')).length);
  });

  it('commits to --revision, a branch it creates from main, leaving main as it was', async () => {
    await push(fewer, 'alice/branched');
    const mainCard = hub.file('alice/branched', 'README.md')!.bytes;
    const result = await push(full, 'alice/branched', { revision: 'v2' });
    expect(result.createdRepo).toBe(false);
    for (const path of filesInFolder(full).filter((name) => name !== 'README.md')) expect(hub.file('alice/branched', path, 'v2')?.bytes.equals(readFileSync(join(full, path))), path).toBe(true);
    expect(header(hub.file('alice/branched', 'README.md', 'v2')!.bytes.toString('utf8')).configs).toEqual(header(readFileSync(join(full, 'README.md'), 'utf8')).configs);
    expect(hub.file('alice/branched', 'README.md')?.bytes.equals(mainCard)).toBe(true);
    expect(hub.file('alice/branched', 'data/judgments/train-00000-of-00001.parquet')).toBeUndefined();
  });

  it('a second push keeps the card fields edited on the Hub and a hand-added tag, and writes the fields computed from the data', async () => {
    await push(full, 'alice/edited');
    const pushed = hub.file('alice/edited', 'README.md')!.bytes.toString('utf8');
    const edited = { ...header(pushed), license: 'cc-by-4.0', pretty_name: 'Expert votes on agent runs', tags: [...(header(pushed).tags as string[]), 'hand-added'], homepage: 'https://example.org' };
    hub.editFile('alice/edited', 'README.md', `---\n${stringify(edited)}---\n# Edited on the Hub\n`);

    const second = await push(fewer, 'alice/edited');
    const card = hub.file('alice/edited', 'README.md')!.bytes.toString('utf8');
    const merged = header(card);
    const ours = header(readFileSync(join(fewer, 'README.md'), 'utf8'));
    expect(merged.license).toBe('cc-by-4.0');
    expect(merged.pretty_name).toBe('Expert votes on agent runs');
    expect(merged.homepage).toBe('https://example.org');
    // Ours where they come from the data: the smaller export's configs, features and size.
    for (const field of ['configs', 'dataset_info', 'size_categories', 'annotations_creators', 'lh_bench_studio']) expect(merged[field], field).toEqual(ours[field]);
    // Our tags follow the data (no synthetic split this time); the one added by hand stays.
    expect(merged.tags).toEqual([...(ours.tags as string[]), 'hand-added']);
    expect((merged.configs as { config_name: string }[]).map((config) => config.config_name)).toEqual(['runs', 'rubrics']);
    expect(card.slice(card.indexOf('---\n', 4) + 4)).toBe(readFileSync(join(fewer, 'README.md'), 'utf8').replace(/^---\n[\s\S]*?---\n/, ''));
    expect(second.keptFromHub.sort()).toEqual(['homepage', 'license', 'pretty_name', 'tags']);
  });

  it('names the token by its source when the Hub refuses it, and never shows it', async () => {
    const wrong = 'hf_notTheStandInsToken00000000000000';
    const error = await pushFolderToHub({ folder: fewer, repo: 'alice/refused', token: { token: wrong, source: 'the HF_TOKEN variable' }, hubUrl: hub.url }).then(
      () => { throw new Error('the push was not refused'); },
      (caught: unknown) => caught as Error & { code?: string; field?: string },
    );
    expect(error).toMatchObject({ code: 'unauthorized', field: 'token' });
    expect(error.message).toMatch(/^The Hub refused the token from the HF_TOKEN variable: .*https:\/\/huggingface\.co\/settings\/tokens/);
    expect(error.message).not.toContain(wrong);
    expect(hub.repos.has('alice/refused')).toBe(false);
  });

  it('says the token may not write there when the Hub answers 403', async () => {
    const error = await pushFolderToHub({ folder: fewer, repo: 'someone-else/theirs', token: { token: hub.readOnlyToken, source: '/home/me/.cache/huggingface/token' }, hubUrl: hub.url }).then(
      () => { throw new Error('the push was not refused'); },
      (caught: unknown) => caught as Error & { code?: string; field?: string },
    );
    expect(error).toMatchObject({ code: 'forbidden', field: 'token' });
    expect(error.message).toMatch(new RegExp(`^The token from /home/me/\\.cache/huggingface/token may not write to datasets/someone-else/theirs on ${hub.url.replace(/\./g, '\\.')}: use a token with write access to someone-else`));
    expect(error.message).not.toContain(hub.readOnlyToken);
    expect(hub.repos.has('someone-else/theirs')).toBe(false);
  });
});
