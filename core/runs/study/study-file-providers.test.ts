import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ablation } from '../../../schemas/analysis.ts';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import { runLhbChild } from '../../cli/lhb-child-process.fixture.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../harnesses/test-harness-tools.fixture.ts';
import { startKeyedReplayServer, type KeyedReplayServer } from '../replay/keyed-replay-server.fixture.ts';
import { writeTestSkill, writeTestTaskFolder } from './study-engine.fixture.ts';

// Issue 22's acceptance: the method's experiment as one study file. The three real CLIs, each on
// a provider of its own that refuses any key but its own, with and without the skill.
const SCRIPT: ReplayScript = {
  name: 'one page',
  turns: [{ text: 'Writing the page.', calls: [{ action: 'shell', command: 'mkdir -p out/dist && echo "<h1>The trend</h1>" > out/dist/index.html' }] }],
  final: 'Done: out/dist/index.html.',
  usage: { input: 1000, output: 200 },
};

const KEYS = { anthropic: 'key-for-anthropic-only', openai: 'key-for-openai-only', gemini: 'key-for-gemini-only' };
// Claude Code and Gemini CLI take their own variables by default; Codex is given another name. A
// key in OPENAI_API_KEY that is not Codex's configured one must not reach it, nor any other key.
const ENV = { ANTHROPIC_API_KEY: KEYS.anthropic, LHB_TEST_CODEX_KEY: KEYS.openai, GEMINI_API_KEY: KEYS.gemini, OPENAI_API_KEY: 'a-stray-key', LHB_TOOLS_DIR: TEST_TOOLS_DIR };

let dir: string;
let ws: string;
const servers: Record<keyof typeof KEYS, KeyedReplayServer> = {} as never;

beforeAll(async () => {
  for (const adapter of [HARNESS_ADAPTERS['claude-code'], HARNESS_ADAPTERS.codex, HARNESS_ADAPTERS['gemini-cli']]) await ensureTestHarness(adapter);
  dir = mkdtempSync(join(tmpdir(), 'lhb-study-providers-'));
  ws = join(dir, 'ws');
  writeTestTaskFolder(join(dir, 'study', 'tasks', 'page'), 'page-task');
  writeTestSkill(join(dir, 'study'));
  for (const name of Object.keys(KEYS) as (keyof typeof KEYS)[]) servers[name] = await startKeyedReplayServer(KEYS[name], SCRIPT);
}, 900_000);

afterAll(async () => {
  for (const server of Object.values(servers)) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface RunView {
  id: string;
  harness: string;
  status: string;
  errorKind: string | null;
  errorMessage: string | null;
  versions: Record<string, string>;
  tokens: { input: number; output: number } | null;
  costUsd: number | null;
  runId: string | null;
}

async function startStudy(name: string, yaml: string): Promise<{ status: number | null; stderr: string; studyId: string; runs: RunView[] }> {
  const file = join(dir, 'study', `${name}.yaml`);
  writeFileSync(file, yaml);
  const start = await runLhbChild(['runs', 'start', '--spec', file, '--json', '-w', ws], ENV);
  const last = JSON.parse(start.stdout.trim().split('\n').at(-1) ?? '{}') as { studyId?: string };
  if (!last.studyId) return { status: start.status, stderr: start.stderr, studyId: '', runs: [] };
  const status = await runLhbChild(['runs', 'status', last.studyId, '--json', '-w', ws], ENV);
  return { status: start.status, stderr: start.stderr, studyId: last.studyId, runs: (JSON.parse(status.stdout) as { runs: RunView[] }).runs };
}

describe('one study file, three harnesses on three providers, two skill versions', () => {
  it('runs 6 runs that succeed, each provider seeing only its own key, each run recording its skill version as its own configuration', async () => {
    const { status, stderr, runs } = await startStudy(
      'providers',
      `name: providers
tasks: [./tasks/page]
timeoutSeconds: 240
concurrency: 3
skill:
  dir: ./demo-skill
  versions: [none, v2]
configurations:
  - harness: claude-code
    model: claude-sonnet-4-5
    endpoint: ${servers.anthropic.endpoint}
  - harness: codex
    model: gpt-5.5
    endpoint: ${servers.openai.endpoint}
    apiKeyEnv: LHB_TEST_CODEX_KEY
    price: { inputPerMillion: 2, outputPerMillion: 8 }
  - harness: gemini-cli
    model: gemini-2.5-pro
    endpoint: ${servers.gemini.endpoint}
`,
    );
    expect(runs.map((run) => `${run.harness} ${run.versions.skill} ${run.status} ${run.errorMessage ?? ''}`.trim()).sort()).toEqual([
      'claude-code none succeeded',
      'claude-code v2 succeeded',
      'codex none succeeded',
      'codex v2 succeeded',
      'gemini-cli none succeeded',
      'gemini-cli v2 succeeded',
    ]);
    expect(status, stderr).toBe(0);
    for (const name of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
      expect(servers[name].keysSeen.length, name).toBeGreaterThan(0);
      expect(new Set(servers[name].keysSeen), name).toEqual(new Set([KEYS[name]]));
    }

    // Each (harness, model, skill version) is one configuration of the store: analysis groups by it.
    const workspace = openWorkspace(ws);
    try {
      const rows = workspace.db.prepare("SELECT harness, versions_json, config_id FROM runs WHERE id IN (SELECT run_id FROM study_runs)").all() as { harness: string; versions_json: string; config_id: string }[];
      expect(rows).toHaveLength(6);
      expect(new Set(rows.map((row) => row.config_id)).size).toBe(6);
      expect(rows.map((row) => JSON.parse(row.versions_json) as Record<string, string>).map((versions) => versions.skill).sort()).toEqual(['none', 'none', 'none', 'v2', 'v2', 'v2']);
    } finally {
      workspace.close();
    }

    // Codex reports no cost: its configuration's price gives it. Claude Code reports its own.
    for (const run of runs.filter((r) => r.harness === 'codex')) {
      expect(run.tokens).not.toBeNull();
      expect(run.costUsd).toBeCloseTo((run.tokens!.input * 2 + run.tokens!.output * 8) / 1_000_000, 9);
    }
    for (const run of runs.filter((r) => r.harness === 'claude-code')) expect(run.costUsd).toBeGreaterThan(0);

    // lhb analyze --json holds the paired ablation of each harness: v2 against none on the task's pair.
    const analyze = await runLhbChild(['analyze', '--json', '-w', ws], ENV);
    expect(analyze.status, analyze.stderr).toBe(0);
    const report = JSON.parse(analyze.stdout) as { ablation: Ablation };
    for (const [harness, model] of [['claude-code', 'claude-sonnet-4-5'], ['codex', 'gpt-5.5'], ['gemini-cli', 'gemini-2.5-pro']] as const) {
      const group = report.ablation.groups.find((candidate) => !candidate.synthetic && candidate.harness === harness && candidate.model === model);
      expect(group, harness).toBeDefined();
      expect(group!.arms.map((arm) => arm.skill), harness).toEqual(expect.arrayContaining(['none', 'v2']));
      expect(group!.reference, harness).toBe('none');
      const comparison = group!.comparisons.find((candidate) => candidate.skill === 'v2');
      expect(comparison, harness).toMatchObject({ skill: 'v2', reference: 'none' });
      expect(comparison!.pairs, harness).toBeGreaterThanOrEqual(1);
    }
  }, 900_000);

  it('says which variable a harness refused for authentication was given, and how to set it; once set, lhb runs retry --failed runs it again', async () => {
    const { runs, studyId } = await startStudy(
      'wrong-key',
      `tasks: [./tasks/page]
timeoutSeconds: 120
configurations:
  - harness: claude-code
    model: claude-sonnet-4-5
    endpoint: ${servers.anthropic.endpoint}
    apiKeyEnv: LHB_TEST_CODEX_KEY
`,
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'failed', errorKind: 'auth' });
    expect(runs[0]!.errorMessage).toContain('gave it the key in LHB_TEST_CODEX_KEY');
    expect(runs[0]!.errorMessage).toContain('export LHB_TEST_CODEX_KEY=');
    expect(runs[0]!.errorMessage).toContain('then retry the run.');

    // The key fixed (the variable now holds the provider's key): the explicit retry runs it, though auth failures are never retried on their own.
    const retry = await runLhbChild(['runs', 'retry', studyId, '--failed', '-w', ws], { ...ENV, LHB_TEST_CODEX_KEY: KEYS.anthropic });
    expect(retry.status, retry.stderr).toBe(0);
    const status = await runLhbChild(['runs', 'status', studyId, '--json', '-w', ws], ENV);
    expect((JSON.parse(status.stdout) as { runs: RunView[] }).runs).toMatchObject([{ status: 'succeeded', errorKind: null }]);
  }, 600_000);
});
