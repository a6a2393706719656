import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApi } from '../../api/open-api.ts';
import { runLhbChild } from '../../cli/lhb-child-process.fixture.ts';
import { recordOwnRun, USER_AGENTS } from '../../demo/user-study-in-demo.fixture.ts';
import type { FakeProviderServer } from '../../model-apis/fake-model-api-server.fixture.ts';
import { transcriptFixturePath } from '../../runs/harnesses/transcript-fixture-path.fixture.ts';
import { extractErrors } from '../../runs/trajectory/extract-errors.ts';
import { parseTranscriptFile } from '../../runs/trajectory/parse-harness-transcript.ts';
import { insertRunTrajectory } from '../../store/run-trajectory-repository.ts';
import { FAKE_KEY_ENV, FAKE_KEYS, FAKE_SERVERS } from '../providers/fake-judge-setup.fixture.ts';
import { fingerprintsIn } from '../judging/harness-fingerprints.ts';
import { loadJudgingMaterial } from '../judging/load-judging-material.ts';
import { pairwiseJudgeResponder, preferredOf, sidesOf } from './fake-pairwise-judge.fixture.ts';
import { buildPairwisePrompt } from './pairwise-prompt.ts';

// The acceptance run of pairwise judging on the demo: the demo's workspace (its data room, arena
// bundles and synthetic study, seeded at first open) with runs of three harnesses on the demo's
// two tasks and two of a researcher's own, each carrying a real transcript of its harness; three judges, one per provider
// wire format, scripted to pick the side shown first with their own probability. `lhb judge
// --pairwise` must find each judge's flip rate where its server was told, store flips as ties,
// and print the humans' agreement with each judge on the pairs they voted on, with intervals.

const FAVOUR_FIRST = [0.1, 0.4, 0.75] as const;
const TRANSCRIPTS = { 'claude-code': 'claude-code/four-tools.jsonl', codex: 'codex/four-calls-gpt-5.5.jsonl', 'gemini-cli': 'gemini-cli/four-tools.jsonl' } as const;
const TASKS = 4;
const REPEATS = 4;

let dir: string;
let workspaceDir: string;
const servers: FakeProviderServer[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-pairwise-demo-'));
  workspaceDir = join(dir, 'ws');
  const api = await openApi(workspaceDir);
  try {
    const { db } = api.context.workspace;
    // The demo's two real tasks (as `lhb runs start --demo` runs them), and two of the researcher's own.
    const tasks = ['demo-figma-pricing', 'demo-chapter-trend', 'own-dashboard', 'own-report'];
    expect(db.prepare("SELECT count(*) AS n FROM tasks WHERE id IN ('demo-figma-pricing', 'demo-chapter-trend')").get()).toEqual({ n: 2 });
    let n = 0;
    for (const task of tasks) {
      for (const agent of USER_AGENTS) {
        const trajectory = await parseTranscriptFile(agent.harness, transcriptFixturePath(TRANSCRIPTS[agent.harness]));
        for (let repeat = 0; repeat < REPEATS; repeat++) {
          const at = new Date(Date.UTC(2026, 3, 1, 9, 0, n++)).toISOString();
          const id = `own-${task}-${agent.harness}-${repeat}`;
          recordOwnRun(api, { id, task, harness: agent.harness, model: agent.model, versions: { skill: 'own-v2' }, at, sourceDir: join(dir, 'runs', id) });
          const blob = api.putBlob(new TextEncoder().encode(JSON.stringify(trajectory)));
          insertRunTrajectory(db, {
            run_id: id, trajectory_sha256: blob.sha256, source_sha256: blob.sha256, source_format: 'atif', source_path: `${id}/trajectory.json`, harness_version: null,
            steps: trajectory.steps.length, tool_calls: 4, failed_tool_calls: 0, tokens_input: 1000, tokens_output: 100, cost_usd: null, duration_ms: 1000,
            errors_json: JSON.stringify(extractErrors(trajectory)), imported_at: at,
          });
        }
      }
    }
  } finally {
    await api.close();
  }
  for (const [i, { start }] of FAKE_SERVERS.entries()) servers.push(await start({ respond: pairwiseJudgeResponder({ favourFirst: FAVOUR_FIRST[i]!, seed: `judge-${i}` }) }));
}, 600_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface JudgeFigures {
  judge: string;
  pairs: number;
  flipRate: { estimate: number; lo: number | null; hi: number | null };
  voted: { votes: number; agreement: { estimate: number | null; lo: number | null; hi: number | null }; kappa: { estimate: number | null; lo: number | null; hi: number | null } };
}

describe('lhb judge --pairwise on the demo', () => {
  it("finds each judge's position-flip rate where its server was told, stores flips as ties, and prints agreement with the humans' votes with intervals", async () => {
    const judgesFile = join(dir, 'judges.json');
    writeFileSync(judgesFile, JSON.stringify(FAKE_SERVERS.map(({ provider }, i) => ({ name: `${provider}-judge`, provider, baseUrl: servers[i]!.baseUrl, model: `${provider}-judge-model`, apiKeyEnv: FAKE_KEY_ENV }))));

    // Every pair of configurations per task: 4 tasks × 3 pairs of harnesses × 4 repeats.
    const all = await runLhbChild(['judge', '--pairwise', '--pairs', 'all', '--tier', 'process', '--judges', judgesFile, '--workspace', workspaceDir, '--json'], FAKE_KEYS);
    expect(all.status, `${all.stdout}\n${all.stderr}`).toBe(0);
    const first = JSON.parse(all.stdout) as { pairSource: string; pairs: number; skipped: { reason: string }[]; units: { ok: number; failed: number }; figures: { judges: JudgeFigures[] } };
    expect(first.pairSource).toBe('all');
    // The demo's arena bundles pair up too, and are left out at the process tier: they carry no trajectory.
    const judged = TASKS * 3 * REPEATS;
    expect(first.pairs - first.skipped.length).toBe(judged);
    for (const skipped of first.skipped) expect(skipped.reason).toMatch(/no trajectory/);
    expect(first.units).toMatchObject({ ok: judged * 3, failed: 0 });
    for (const [i, { provider }] of FAKE_SERVERS.entries()) {
      const figures = first.figures.judges.find((judge) => judge.judge === `${provider}-judge`)!;
      const p = FAVOUR_FIRST[i]!;
      // A flip is a Bernoulli(p) per pair: the observed rate is within three standard errors of p.
      const standardError = Math.sqrt((p * (1 - p)) / figures.pairs);
      expect(figures.pairs).toBe(judged);
      expect(Math.abs(figures.flipRate.estimate - p), `${provider}: flip rate ${figures.flipRate.estimate}, told ${p}`).toBeLessThanOrEqual(3 * standardError);
      expect(figures.flipRate.lo).not.toBeNull();
      expect(figures.flipRate.lo!).toBeLessThanOrEqual(figures.flipRate.estimate);
      expect(figures.flipRate.hi!).toBeGreaterThanOrEqual(figures.flipRate.estimate);
    }
    const rates = FAVOUR_FIRST.map((_, i) => first.figures.judges.find((judge) => judge.judge === `${FAKE_SERVERS[i]!.provider}-judge`)!.flipRate.estimate);
    expect(rates[0]!).toBeLessThan(rates[1]!);
    expect(rates[1]!).toBeLessThan(rates[2]!);

    // Flips are ties, in the store.
    const api = await openApi(workspaceDir);
    try {
      const { db } = api.context.workspace;
      const rows = db.prepare('SELECT first_pick, second_pick, verdict, flipped FROM pairwise_verdicts').all() as { first_pick: string; second_pick: string; verdict: string; flipped: number }[];
      expect(rows.filter((row) => row.flipped === 1).length).toBeGreaterThan(0);
      for (const row of rows.filter((row) => row.flipped === 1)) expect(row).toMatchObject({ verdict: 'tie' });
      for (const row of rows.filter((row) => row.first_pick === row.second_pick)) expect(row.verdict).toBe(row.first_pick);

      // A person votes in the arena for the run they prefer on its merits (the scripted judges' own preference).
      const annotator = await api.call('arena.createAnnotator', { name: 'Pat Voter', queueSeed: 'pairwise' });
      for (let i = 0; i < 60; i++) {
        const next = await api.call('arena.nextPair', { annotatorId: annotator.id });
        if (!next.item) break;
        const shown = db.prepare('SELECT run_a, run_b, shown_order FROM arena_presentations WHERE token = ?').get(next.item.token) as { run_a: string; run_b: string; shown_order: string };
        const [leftRun, rightRun] = shown.shown_order === 'a-left' ? [shown.run_a, shown.run_b] : [shown.run_b, shown.run_a];
        const [left, right] = await Promise.all([loadJudgingMaterial(api.context.workspace, leftRun, 'process'), loadJudgingMaterial(api.context.workspace, rightRun, 'process')]);
        const sides = left.ok && right.ok ? sidesOf(buildPairwisePrompt(left.material, right.material).turns[0]!.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')) : null;
        const choice = sides ? (preferredOf(sides.first, sides.second) === 'x' ? 'left' : 'right') : 'left';
        await api.call('arena.vote', { token: next.item.token, choice, ratingLeft: 3, ratingRight: 3, reason: '', timeOnItemMs: 9000 });
      }
    } finally {
      await api.close();
    }

    // By default, the pairs people voted on: judge and humans compared on the same pairs.
    const voted = await runLhbChild(['judge', '--pairwise', '--tier', 'process', '--judges', judgesFile, '--workspace', workspaceDir, '--json'], FAKE_KEYS);
    expect(voted.status, `${voted.stdout}\n${voted.stderr}`).toBe(0);
    const second = JSON.parse(voted.stdout) as { pairSource: string; figures: { judges: JudgeFigures[]; humans: { decided: number } } };
    expect(second.pairSource).toBe('voted');
    expect(second.figures.humans.decided).toBeGreaterThan(0);
    for (const [i, { provider }] of FAKE_SERVERS.entries()) {
      const figures = second.figures.judges.find((judge) => judge.judge === `${provider}-judge`)!;
      expect(figures.voted.votes).toBeGreaterThan(10);
      // A judge agrees with the person exactly when it did not flip (a flip is a tie; nobody voted a tie).
      const agreement = figures.voted.agreement;
      expect(agreement.lo).not.toBeNull();
      expect(agreement.estimate!).toBeGreaterThanOrEqual(agreement.lo!);
      expect(Math.abs(agreement.estimate! - (1 - FAVOUR_FIRST[i]!))).toBeLessThanOrEqual(3 * Math.sqrt((FAVOUR_FIRST[i]! * (1 - FAVOUR_FIRST[i]!)) / figures.voted.votes) + 0.05);
    }

    // Printed: the report's own section, agreement with the humans with its interval.
    const printed = await runLhbChild(['judge', '--pairwise', '--tier', 'process', '--judges', judgesFile, '--workspace', workspaceDir], FAKE_KEYS);
    expect(printed.status, printed.stderr).toBe(0);
    expect(printed.stdout).toContain('## Pairwise judging');
    expect(printed.stdout).toMatch(/Agreement with humans \| 95% CI \| κ with humans \(3-class\) \| 95% CI/);
    // Each judge's row: its flip rate and its agreement with the humans, each with its interval.
    const interval = '\\[[0-9.]+%, [0-9.]+%\\]';
    for (const { provider } of FAKE_SERVERS) expect(printed.stdout).toMatch(new RegExp(`\\| ${provider}-judge \\| process \\| \\d+ \\| [0-9.]+% \\| ${interval} \\|.*\\| \\d+ \\| [0-9.]+% \\| ${interval} \\|`));

    // No prompt a judge was sent carries a harness's fingerprint.
    const prompts = servers.flatMap((server) => server.requests.map((request) => `${request.prompt.system}\n${request.prompt.text}`));
    expect(prompts.length).toBeGreaterThanOrEqual(judged * 3 * 2);
    expect(prompts.flatMap((text) => fingerprintsIn(text).map((print) => `${print.kind} ${print.found}`))).toEqual([]);
    expect(prompts.every((text) => text.includes("### The agent's trajectory, condensed"))).toBe(true);
    expect(servers.flatMap((server) => server.rejected)).toEqual([]);
  }, 900_000);
});
