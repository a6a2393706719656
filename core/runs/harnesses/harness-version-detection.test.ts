import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HARNESS_VERSION_UNKNOWN_FINDING, type RunSummary } from '../../../schemas/arena.ts';
import type { HarnessStatus } from '../../../schemas/studies.ts';
import { createApi, type Api } from '../../api/create-api.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importTestTask } from '../study/study-engine.fixture.ts';
import { geminiCliAdapter } from './gemini-cli/gemini-cli.ts';
import { harnessInstallPrefix } from './harness-tools.ts';
import { harnessVersionsFile } from './harness-version-cache.ts';
import { harnessVersionNow, waitForHarnessVersion } from './harness-version-detector.ts';

/**
 * A stand-in for the Gemini CLI in the workspace's tools folder: asked its version, it notes the
 * ask in asked.log, waits as long as `delay` says (a busy machine), then says `version`, or fails
 * when `version` says `fail`; run as a harness, it reads the prompt and ends.
 */
const FAKE_GEMINI = `#!/bin/sh
here=$(dirname "$0")
if [ "$1" = "--version" ]; then
  echo asked >> "$here/asked.log"
  sleep "$(cat "$here/delay")"
  version=$(cat "$here/version")
  if [ "$version" = fail ]; then echo "gemini: cannot load its bundle" >&2; exit 3; fi
  echo "$version"
  exit 0
fi
cat > /dev/null
exit 0
`;

let dir: string;
let api: Api;
let taskFolder: string;
let bin: string;

beforeEach(async () => {
  vi.stubEnv('LHB_FAKE_GEMINI_KEY', 'not-a-real-key');
  dir = mkdtempSync(join(tmpdir(), 'lhb-version-detection-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  taskFolder = await importTestTask(api.context.workspace, dir);
  // Where `lhb harnesses install gemini-cli` would put it, so the registry finds it as it finds a real install.
  const binDir = join(harnessInstallPrefix(join(dir, 'ws', 'tools'), geminiCliAdapter, '9.8.7'), 'node_modules', '.bin');
  mkdirSync(binDir, { recursive: true });
  bin = join(binDir, geminiCliAdapter.npm!.bin);
  writeFileSync(bin, FAKE_GEMINI);
  chmodSync(bin, 0o755);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const asks = () => (existsSync(join(bin, '..', 'asked.log')) ? readFileSync(join(bin, '..', 'asked.log'), 'utf8').trim().split('\n').length : 0);
const setCli = (version: string, delaySeconds: number) => {
  writeFileSync(join(bin, '..', 'version'), version);
  writeFileSync(join(bin, '..', 'delay'), String(delaySeconds));
};
const gemini = async (): Promise<HarnessStatus> => (await api.call('harnesses.list', {})).harnesses.find((h) => h.id === 'gemini-cli')!;

/** Starts a one-run study of the stand-in and waits for it: the stored run, and how long the start call took. */
async function runOnce(): Promise<{ run: RunSummary; startMs: number }> {
  const started = Date.now();
  const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'gemini-cli', model: 'gemini-2.5-pro', apiKeyEnv: 'LHB_FAKE_GEMINI_KEY' }], taskFolders: { 'engine-task': taskFolder }, sandbox: false });
  const startMs = Date.now() - started;
  await api.context.jobs.idle();
  const { runs: studyRuns } = await api.call('runs.study', { studyId });
  const { runs } = await api.call('runs.list', { taskId: 'engine-task' });
  return { run: runs.find((run) => run.id === studyRuns[0]!.runId)!, startMs };
}

describe('finding a harness CLI’s version on a busy machine', () => {
  it('lists a CLI whose version takes longer than the old 30 s limit as installed at once, keeps its version once it answers, and asks again only when the binary changes', async () => {
    setCli('9.8.7', 32);
    const before = Date.now();
    const first = await gemini();
    // Installed from the first answer, which does not wait for the version.
    expect(Date.now() - before).toBeLessThan(10_000);
    expect(first).toMatchObject({ detection: 'detecting', binary: bin, version: null, problem: null });

    await vi.waitFor(async () => expect(await gemini()).toMatchObject({ detection: 'found', version: '9.8.7' }), { timeout: 150_000, interval: 500 });
    expect(asks()).toBe(1);
    // Kept: asked again, in this process and in another one, without running the binary again.
    expect(await gemini()).toMatchObject({ detection: 'found', version: '9.8.7' });
    const script = `import { harnessVersionNow } from ${JSON.stringify(join(import.meta.dirname, 'harness-version-detector.ts'))};
import { geminiCliAdapter } from ${JSON.stringify(join(import.meta.dirname, 'gemini-cli', 'gemini-cli.ts'))};
console.log(JSON.stringify(harnessVersionNow(geminiCliAdapter, process.argv[1], { toolsDir: process.argv[2] })));`;
    const other = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, bin, join(dir, 'ws', 'tools')], { encoding: 'utf8', timeout: 120_000 });
    expect(JSON.parse(other)).toEqual({ state: 'known', version: '9.8.7' });
    expect(asks()).toBe(1);
    expect(existsSync(harnessVersionsFile(join(dir, 'ws', 'tools')))).toBe(true);

    // A study run records the kept version without asking.
    expect((await runOnce()).run.harnessVersion).toBe('9.8.7');
    expect(asks()).toBe(1);

    // The binary changed (another version written over it): asked again. A study started while it is being
    // asked starts at once, and its run waits for the answer before it is recorded.
    setCli('9.8.8', 15);
    writeFileSync(bin, `${FAKE_GEMINI}\n`);
    utimesSync(bin, new Date(), new Date(Date.now() + 5_000));
    const changed = await gemini();
    expect(changed.detection).toBe('detecting');
    const { run, startMs } = await runOnce();
    expect(startMs).toBeLessThan(7_000);
    expect(run.harnessVersion).toBe('9.8.8');
    expect(run.findings.filter((finding) => finding.kind === HARNESS_VERSION_UNKNOWN_FINDING)).toEqual([]);
    expect(asks()).toBe(2);
    expect(await gemini()).toMatchObject({ detection: 'found', version: '9.8.8' });
  }, 300_000);

  it('says a CLI that answers too late has an unknown version (timed out), never that it is not installed', async () => {
    setCli('9.8.7', 20);
    const toolsDir = join(dir, 'ws', 'tools');
    expect(harnessVersionNow(geminiCliAdapter, bin, { toolsDir, limitMs: 1_500 })).toEqual({ state: 'detecting' });
    await vi.waitFor(() => expect(harnessVersionNow(geminiCliAdapter, bin, { toolsDir, limitMs: 1_500 })).toMatchObject({ state: 'unknown', timedOut: true }), { timeout: 60_000, interval: 200 });
    const answer = await waitForHarnessVersion(geminiCliAdapter, bin, { toolsDir, limitMs: 1_500 });
    expect(answer).toMatchObject({ version: null, timedOut: true, problem: expect.stringMatching(/did not answer within 2 s, so its version is unknown/) });
  }, 120_000);

  it('lists a CLI whose version cannot be read as installed with the reason, and records the reason on its run instead of a silent empty version', async () => {
    setCli('fail', 0);
    await vi.waitFor(async () => expect(await gemini()).toMatchObject({ detection: 'version-unknown', binary: bin, problem: null, versionProblem: expect.stringContaining('cannot load its bundle') }), { timeout: 60_000, interval: 200 });
    const { run } = await runOnce();
    expect(run.harnessVersion).toBeNull();
    expect(run.findings).toContainEqual({ nodeId: '', kind: HARNESS_VERSION_UNKNOWN_FINDING, detail: expect.stringMatching(/--version failed: gemini: cannot load its bundle/) });
  }, 120_000);
});
