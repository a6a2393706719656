import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import { runLhbChild } from '../../cli/lhb-child-process.fixture.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../harnesses/test-harness-tools.fixture.ts';
import { startKeyedReplayServer, type KeyedReplayServer } from '../replay/keyed-replay-server.fixture.ts';
import { REAL_HARNESSES } from './real-harness-study.fixture.ts';
import { writeTestTaskFolder } from './study-engine.fixture.ts';
import { OUTWARD_ADDRESS as OUTWARD } from '../sandbox/outward-address.fixture.ts';

// The three real CLIs on network endpoint-only: each reaches its provider, a host that is not
// loopback (this machine's outward address stands for a remote API), only through the proxy the
// engine runs; the sandbox has no other network.

const SCRIPT: ReplayScript = {
  name: 'one page',
  turns: [{ text: 'Writing the page.', calls: [{ action: 'shell', command: 'mkdir -p out/dist && echo "<h1>The trend</h1>" > out/dist/index.html' }] }],
  final: 'Done: out/dist/index.html.',
  usage: { input: 1000, output: 200 },
};
const KEY = 'key-for-the-outward-provider';

let dir: string;
let server: KeyedReplayServer;

describe.skipIf(!OUTWARD)('the real CLIs on network endpoint-only', () => {
  beforeAll(async () => {
    for (const id of REAL_HARNESSES) await ensureTestHarness(HARNESS_ADAPTERS[id]);
    dir = mkdtempSync(join(tmpdir(), 'lhb-endpoint-only-real-'));
    writeTestTaskFolder(join(dir, 'study', 'tasks', 'page'), 'page-task');
    server = await startKeyedReplayServer(KEY, SCRIPT, OUTWARD);
  }, 900_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('each reaches its provider through the proxy and the run records what it allowed', async () => {
    const file = join(dir, 'study', 'study.yaml');
    const configurations = REAL_HARNESSES.map((harness) => `  - harness: ${harness}\n    model: ${HARNESS_ADAPTERS[harness].defaultModel}\n    endpoint: ${server.endpoint}\n    apiKeyEnv: LHB_TEST_OUTWARD_KEY\n`).join('');
    writeFileSync(file, `name: endpoint-only\ntasks: [./tasks/page]\ntimeout: 240\nnetwork: endpoint-only\nconfigurations:\n${configurations}`);
    const ws = join(dir, 'ws');
    const env = { LHB_TEST_OUTWARD_KEY: KEY, LHB_TOOLS_DIR: TEST_TOOLS_DIR };
    const start = await runLhbChild(['runs', 'start', '--spec', file, '--json', '-w', ws], env);
    const last = JSON.parse(start.stdout.trim().split('\n').at(-1) ?? '{}') as { studyId?: string };
    expect(last.studyId, start.stderr).toBeTruthy();
    const status = await runLhbChild(['runs', 'status', last.studyId!, '--json', '-w', ws], env);
    const { runs } = JSON.parse(status.stdout) as { runs: { harness: string; status: string; errorMessage: string | null; sandbox: { network: string; allowedHosts?: string[] } | null }[] };
    expect(runs).toHaveLength(REAL_HARNESSES.length);
    for (const run of runs) {
      expect(run.status, `${run.harness}: ${run.errorMessage ?? ''}`).toBe('succeeded');
      expect(run.sandbox).toMatchObject({ network: 'endpoint-only', allowedHosts: [new URL(server.endpoint).host] });
    }
    // Every request the provider saw came with its key: each CLI's calls went through.
    expect(server.keysSeen.length).toBeGreaterThanOrEqual(REAL_HARNESSES.length);
    expect(new Set(server.keysSeen)).toEqual(new Set([KEY]));
  }, 900_000);
});
