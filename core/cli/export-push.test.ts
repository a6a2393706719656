import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubStandIn } from '../export/hub/hub-stand-in.fixture.ts';
import { filesInFolder } from '../export/hub/push-folder-to-hub.ts';
import { runLhbChild, startLhbChild, type LhbChildResult } from './lhb-child-process.fixture.ts';

// `lhb export hf --push` as a user runs it, against a local Hub stand-in.
let dir: string;
let hub: HubStandIn;
let env: NodeJS.ProcessEnv;


/** Waits until `ready()` holds, failing at once if the child ends first. */
async function until(ready: () => boolean, ended: Promise<LhbChildResult>, what: string): Promise<void> {
  let result: LhbChildResult | undefined;
  void ended.then((value) => (result = value));
  while (!ready()) {
    if (result) throw new Error(`lhb ended (${result.status}) before ${what}: ${result.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-export-push-'));
  mkdirSync(join(dir, 'tmp'));
  mkdirSync(join(dir, 'hf-home'));
  hub = await new HubStandIn().start();
  // No token of the machine's user is read, and a killed push's temporary folder stays inside dir.
  env = { HF_TOKEN: hub.token, HUGGING_FACE_HUB_TOKEN: '', HF_TOKEN_PATH: '', HF_HOME: join(dir, 'hf-home'), TMPDIR: join(dir, 'tmp') };
});
afterAll(async () => {
  await hub?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('lhb export hf --push', () => {
  it('without a token says where to put one, exits 1, and exports and sends nothing', async () => {
    const out = join(dir, 'never');
    const result = await runLhbChild(['export', 'hf', '--out', out, '--push', 'alice/nothing', '--hub-url', hub.url, '-w', join(dir, 'ws')], { ...env, HF_TOKEN: '' });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `lhb: No Hugging Face token: set HF_TOKEN to a token with write access (https://huggingface.co/settings/tokens), or log in with \`hf auth login\`, which writes ${join(dir, 'hf-home', 'token')}. Nothing was sent.\n`,
    );
    expect(hub.requests).toEqual([]);
    expect(existsSync(out)).toBe(false);
    const stray = await runLhbChild(['export', 'hf', '--out', out, '--private', '--hub-url', hub.url, '-w', join(dir, 'ws')], env);
    expect(stray.status).toBe(1);
    expect(stray.stderr).toBe('lhb: --private, --hub-url are for --push OWNER/NAME, which is not given.\n');
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('killed mid-upload, pushed again: the LFS objects that arrived are not sent again, and the dataset arrives whole', async () => {
    const args = ['export', 'hf', '--push', 'alice/resumed', '--hub-url', hub.url, '--subsets', 'runs,judgments,rubrics', '--include-synthetic', '-w', join(dir, 'ws')];
    hub.holdLfsAfter(1);
    const first = startLhbChild(args, env);
    await until(() => hub.lfsObjects.size >= 1 && hub.held >= 1, first.ended, 'one LFS object arrived and another was on its way');
    first.child.kill('SIGKILL');
    await first.ended;
    const arrived = [...hub.lfsObjects.keys()];
    expect(hub.commits).toBe(0);
    expect(hub.file('alice/resumed', 'README.md')).toBeUndefined();

    hub.holdLfsAfter(Infinity);
    const out = join(dir, 'resumed');
    const second = await runLhbChild([...args, '--out', out], env);
    expect(second.status, second.stderr).toBe(0);
    // The re-export is byte-identical, so the objects that arrived are asked about and skipped.
    for (const oid of arrived) expect(hub.lfsPuts.get(oid), oid).toBe(1);
    expect(second.stderr.match(/: already on the Hub, not sent again$/gm)).toHaveLength(arrived.length);
    const parquet = filesInFolder(out).filter((path) => path.endsWith('.parquet'));
    expect(second.stderr).toContain(`through LFS, ${arrived.length} of them already on the Hub and not sent again. Commit: ${hub.url}/datasets/alice/resumed/commit/`);
    expect(parquet.length).toBeGreaterThan(arrived.length);
    for (const path of filesInFolder(out)) {
      const stored = hub.file('alice/resumed', path);
      expect(stored?.bytes.equals(readFileSync(join(out, path))), path).toBe(true);
      expect(stored?.lfsOid !== undefined, path).toBe(path.endsWith('.parquet'));
    }
    expect(hub.commits).toBe(1);
  }, 360_000);

  it('Ctrl+C mid-upload stops before the commit, says how to go on, and removes the temporary folder', async () => {
    hub.holdLfsAfter(hub.lfsObjects.size);
    const commits = hub.commits;
    const temporaries = () => readdirSync(join(dir, 'tmp')).filter((name) => name.startsWith('lhb-push-'));
    const before = temporaries();
    const held = hub.held;
    // The votes' file: no earlier push sent it, so its PUT is the one held.
    const pushing = startLhbChild(['export', 'hf', '--push', 'alice/interrupted', '--hub-url', hub.url, '--subsets', 'preferences', '-w', join(dir, 'ws')], env);
    await until(() => hub.held > held, pushing.ended, 'an LFS object was on its way');
    pushing.child.kill('SIGINT');
    const result = await pushing.ended;
    hub.holdLfsAfter(Infinity);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('lhb: The push to alice/interrupted was interrupted before its commit: nothing changed on the Hub. Run the same command again to go on; the large files that arrived are not sent again.\n');
    expect(hub.commits).toBe(commits);
    expect(temporaries()).toEqual(before);
  }, 240_000);
});
