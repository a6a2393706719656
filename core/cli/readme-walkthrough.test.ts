import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisFigures } from '../../schemas/analysis.ts';
import type { ReplayScript } from '../../schemas/replay-script.ts';
import { validReplyTo } from '../judge/judging/judging-workspace.fixture.ts';
import { FAKE_SERVERS } from '../judge/providers/fake-judge-setup.fixture.ts';
import type { FakeProviderServer } from '../model-apis/fake-model-api-server.fixture.ts';
import { REAL_HARNESSES } from '../runs/study/real-harness-study.fixture.ts';
import { HARNESS_ADAPTERS } from '../runs/harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../runs/harnesses/test-harness-tools.fixture.ts';
import { startKeyedReplayServer, type KeyedReplayServer } from '../runs/replay/keyed-replay-server.fixture.ts';
import { readmeWalkthrough, withExportValues } from './readme-walkthrough.fixture.ts';
import { LHB_NODE_ARGS, runLhbChild } from './lhb-child-process.fixture.ts';
import { shellCommandLine } from '../shell-quote.ts';

// Issue 44's acceptance: the README's "Running the method's study", followed word for word. Its
// `sh` blocks run in order in one bash, in an empty folder with a HOME of its own, as a reader
// would run them. The only change: the values of the `export` lines named in STAND_IN_VALUES, so
// each provider is a local stand-in (the scripted model for the agents, a fake judge API for the
// judges, behind one address that refuses any key but its own) and the CLIs are the ones already
// installed for the tests. `lhb` on PATH is this checkout's CLI, run from source.
const root = fileURLToPath(new URL('../../', import.meta.url));

const SCRIPT: ReplayScript = {
  name: 'one page',
  turns: [{ text: 'Writing the page.', calls: [{ action: 'shell', command: 'mkdir -p out/dist && printf "<h1>The trend</h1><p>It rises.</p>" > out/dist/index.html' }] }],
  final: 'Done: out/dist/index.html.',
  usage: { input: 1000, output: 200 },
};

const PROVIDERS = ['anthropic', 'openai', 'gemini'] as const;
type Provider = (typeof PROVIDERS)[number];
const KEYS: Record<Provider, string> = { anthropic: 'walkthrough-anthropic-key', openai: 'walkthrough-openai-key', gemini: 'walkthrough-gemini-key' };

let dir: string;
let folder: string;
const judges = {} as Record<Provider, FakeProviderServer>;
const providers = {} as Record<Provider, KeyedReplayServer>;

beforeAll(async () => {
  for (const id of REAL_HARNESSES) await ensureTestHarness(HARNESS_ADAPTERS[id]);
  dir = mkdtempSync(join(tmpdir(), 'lhb-readme-walkthrough-'));
  folder = join(dir, 'study');
  mkdirSync(folder);
  mkdirSync(join(dir, 'home'));
  for (const provider of PROVIDERS) {
    const start = FAKE_SERVERS.find((server) => server.provider === provider)!.start;
    judges[provider] = await start({ apiKey: KEYS[provider], respond: (request) => ({ type: 'text', text: validReplyTo(request.prompt.text), usage: { input: 1000, output: 100 } }) });
    providers[provider] = await startKeyedReplayServer(KEYS[provider], SCRIPT, '127.0.0.1', judges[provider]);
  }
}, 900_000);

afterAll(async () => {
  for (const provider of PROVIDERS) {
    await providers[provider]?.close();
    await judges[provider]?.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

/** The stand-ins' values of the walk-through's exports; every one must be exported there, once. */
function standInValues(): Record<string, string> {
  return {
    LHB_TOOLS_DIR: TEST_TOOLS_DIR,
    ANTHROPIC_API_KEY: KEYS.anthropic,
    OPENAI_API_KEY: KEYS.openai,
    GEMINI_API_KEY: KEYS.gemini,
    ANTHROPIC_BASE_URL: providers.anthropic.endpoint,
    OPENAI_BASE_URL: `${providers.openai.endpoint}/v1`,
    GEMINI_BASE_URL: providers.gemini.endpoint,
  };
}

/** `lhb` as a command on PATH: this checkout's CLI (LHB_NODE_ARGS), wherever the shell stands. */
function lhbOnPath(): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'lhb'), `#!/bin/sh\nexec ${shellCommandLine([process.execPath, ...LHB_NODE_ARGS])} "$@"\n`);
  chmodSync(join(bin, 'lhb'), 0o755);
  return bin;
}

/** Runs the script in bash, asynchronously, so the stand-ins in this process answer meanwhile. */
function runBash(script: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

describe('the README\'s "Running the method\'s study", followed word for word', () => {
  it('runs a three-harness study with two skill arms, judges it with three providers, invites a voter, analyses and exports', async () => {
    const blocks = readmeWalkthrough(readFileSync(join(root, 'README.md'), 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    const { blocks: substituted, replaced } = withExportValues(blocks, standInValues());
    expect(replaced.sort()).toEqual(Object.keys(standInValues()).sort());

    // One bash, so exports carry from block to block as in the reader's shell; the first command
    // that fails stops it, naming its block.
    const script = ['set -euo pipefail', ...substituted.map((block, i) => `echo "--- README walk-through, block ${i + 1} ---"\n${block}`)].join('\n');
    const env = { PATH: `${lhbOnPath()}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: join(dir, 'home'), LANG: 'C.UTF-8', ...(process.env.LHB_CHROMIUM ? { LHB_CHROMIUM: process.env.LHB_CHROMIUM } : {}) };
    const ran = await runBash(script, env);
    expect(ran.status, ran.output).toBe(0);
    // The CLIs were installed already: `lhb harnesses install` says so and fetches nothing.
    for (const id of REAL_HARNESSES) expect(ran.output).toMatch(new RegExp(`${HARNESS_ADAPTERS[id].displayName} \\S+ is installed: `));
    expect(ran.output).not.toContain('with npm');

    // Each provider served its agent and its judge, and saw no key but its own.
    for (const provider of PROVIDERS) {
      expect(new Set(providers[provider].keysSeen), provider).toEqual(new Set([KEYS[provider]]));
      expect(judges[provider].requests.length, `${provider}'s judge`).toBeGreaterThan(0);
      expect(judges[provider].rejected, `${provider}'s judge`).toEqual([]);
    }

    // The study ran three harnesses × two skill arms, and the analysis ranks the six configurations by the three judges.
    const workspace = join(folder, 'workspace');
    const analyze = await runLhbChild(['analyze', '--json', '--workspace', workspace]);
    expect(analyze.status, analyze.stderr).toBe(0);
    const report = JSON.parse(analyze.stdout) as AnalysisFigures;
    const groups = report.ablation.groups.filter((group) => !group.synthetic);
    expect(groups.map((group) => `${group.harness} ${group.model} ${group.arms.map((arm) => arm.skill).sort().join(',')}`).sort()).toEqual([
      'claude-code claude-sonnet-4-5 base,none',
      'codex gpt-5.5 base,none',
      'gemini-cli gemini-2.5-pro base,none',
    ]);
    const processBoard = report.leaderboards.find((board) => board.tier === 'process' && board.rubricSet === 'programmatic-process');
    expect(processBoard?.judges.sort()).toEqual(['claude-judge', 'gemini-judge', 'gpt-judge']);
    expect(processBoard!.rows).toHaveLength(6);
    expect(report.leaderboards.some((board) => board.tier === 'content' && board.rows.length === 6)).toBe(true);

    // The voter's link, the report and the dataset are where the walk-through put them.
    const invites = await runLhbChild(['arena', 'invites', '--json', '--workspace', workspace]);
    expect(invites.stdout).toContain('Ada');
    expect(readFileSync(join(folder, 'report.md'), 'utf8')).toContain('programmatic-process');
    expect(existsSync(join(folder, 'dataset', 'README.md'))).toBe(true);
    expect(readdirSync(join(folder, 'dataset', 'data')).sort()).toEqual(expect.arrayContaining(['judgments', 'runs', 'skills']));
  }, 900_000);
});
