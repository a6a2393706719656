import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisReport } from '../../../schemas/analysis.ts';
import { CANNOT_TELL } from '../../../schemas/judging.ts';
import { openApi } from '../../api/open-api.ts';
import { runLhbChild } from '../../cli/lhb-child-process.fixture.ts';
import type { FakeProviderServer, FakeRequest } from '../../model-apis/fake-model-api-server.fixture.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../../runs/harnesses/test-harness-tools.fixture.ts';
import { listRuns } from '../../store/run-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { FAKE_KEY_ENV, FAKE_KEYS, FAKE_SERVERS } from '../providers/fake-judge-setup.fixture.ts';
import { harnessChoiceLabel } from './guess-harness-prompt.ts';
import { fingerprintsIn } from './harness-fingerprints.ts';
import { loadJudgingMaterial } from './load-judging-material.ts';

// The guess-harness control on the demo: `lhb runs start --demo` runs the three harness CLIs on the
// demo's Figma and chapter tasks (six runs, two per harness), then `lhb judge --control
// guess-harness` shows three judges (one per provider wire format) each run's blinded trajectory
// and asks which harness made it. The judges are scripted servers:
// - the truthful one is told the answer (the test knows each run's trajectory and harness): it
//   names the right harness every time, so the report must say the blinding leaks for it;
// - the chance one names the right harness on one run in three (one harness's two runs), as often as chance would
//   (a judge drawing at random would, on six runs, land 5 or 6 right one time in 56 and be flagged
//   rightly; fixing the count keeps the test from failing by luck), so it must not be flagged;
// - the vague one first answers prose with no JSON (the repair request follows), then "cannot tell".
const HARNESSES = ['claude-code', 'codex', 'gemini-cli'] as const;
const JUDGES = ['truthful', 'chance', 'vague'] as const;

let dir: string;
let workspaceDir: string;
const servers: FakeProviderServer[] = [];
/** The first evidence part (the condensed trajectory) each run's prompt carries, with its harness. */
const truth: { evidence: string; harness: string }[] = [];

const sectionOf = (text: string, heading: string, next: string) => text.slice(text.indexOf(heading), text.indexOf(next));
const choicesIn = (text: string) => [...sectionOf(text, '## Question', '## Your reply').matchAll(/^- (.+)$/gm)].map((match) => match[1]!.trim());

/**
 * The harness that made the run a prompt shows. The demo plays one script on both tasks, so a
 * harness's two runs read alike, word for word; the three harnesses' runs differ (each CLI's tools
 * make other steps), which is what lets a judge that is told tell them apart.
 */
function harnessOf(text: string): string {
  const shown = sectionOf(text, '## Evidence', '## Question');
  const harnesses = new Set(truth.filter((run) => shown.includes(run.evidence)).map((run) => run.harness));
  if (harnesses.size !== 1) throw new Error(`A prompt carries the trajectories of ${harnesses.size} harnesses' runs, not one: ${shown.slice(0, 2000)}`);
  return [...harnesses][0]!;
}

const answer = (harness: string, reasoning: string) => ({ type: 'text' as const, text: JSON.stringify({ harness, reasoning }), usage: { input: 800, output: 40 } });

const RESPONDERS: Record<(typeof JUDGES)[number], (request: FakeRequest) => ReturnType<typeof answer>> = {
  truthful: (request) => answer(harnessChoiceLabel(harnessOf(request.prompt.text)), 'I was told.'),
  chance: (request) => {
    const harness = harnessOf(request.prompt.text);
    const right = harnessChoiceLabel(harness);
    const wrong = choicesIn(request.prompt.text).find((name) => name !== right && name !== CANNOT_TELL)!;
    // Right about one harness of the three (its two runs), wrong about the others: 2 of 6.
    return answer(harness === HARNESSES[0] ? right : wrong, 'A guess.');
  },
  vague: (request) =>
    request.prompt.text.includes('Your reply could not be used') ? answer(CANNOT_TELL, 'Nothing in the trajectory names its harness.') : { type: 'text', text: 'It is hard to say which harness this was.', usage: { input: 800, output: 10 } },
};

beforeAll(async () => {
  for (const id of HARNESSES) await ensureTestHarness(HARNESS_ADAPTERS[id]);
  dir = mkdtempSync(join(tmpdir(), 'lhb-guess-harness-'));
  workspaceDir = join(dir, 'ws');
  await (await openApi(workspaceDir)).close();
  for (const [i, { start }] of FAKE_SERVERS.entries()) servers.push(await start({ respond: RESPONDERS[JUDGES[i]!] }));
}, 900_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string) => {
  const workspace = openWorkspace(workspaceDir, { access: 'read' });
  try {
    return (workspace.db.prepare(sql).get() as { n: number }).n;
  } finally {
    workspace.close();
  }
};

describe('the guess-harness control on the demo', () => {
  it('flags the judge that tells harnesses apart, not the one at chance, from prompts that carry no fingerprint', async () => {
    const env = { LHB_TOOLS_DIR: TEST_TOOLS_DIR };
    for (const task of ['demo-figma-pricing', 'demo-chapter-trend']) {
      const ran = await runLhbChild(['runs', 'start', '--demo', '--task', task, '--workspace', workspaceDir, '--json'], env);
      expect(ran.status, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    }
    // What the truthful judge is told: each run's trajectory as a judge reads it, and its harness.
    // Read as the CLI reads it: with the same tools folder, whose path the blinding replaces.
    const toolsBefore = process.env.LHB_TOOLS_DIR;
    process.env.LHB_TOOLS_DIR = TEST_TOOLS_DIR;
    const workspace = openWorkspace(workspaceDir, { access: 'read' });
    try {
      const runs = listRuns(workspace.db, findCurrentProject(workspace.db)!.id).filter((run) => run.synthetic === 0 && HARNESSES.includes(run.harness as (typeof HARNESSES)[number]));
      for (const run of runs.sort((a, b) => (a.id < b.id ? -1 : 1))) {
        const material = await loadJudgingMaterial(workspace, run.id, 'process');
        if (!material.ok) continue;
        const first = material.material.evidence[0]!;
        if (first.type === 'text') truth.push({ evidence: first.text, harness: run.harness });
      }
    } finally {
      workspace.close();
      if (toolsBefore === undefined) delete process.env.LHB_TOOLS_DIR;
      else process.env.LHB_TOOLS_DIR = toolsBefore;
    }
    expect(truth.map((run) => run.harness).sort()).toEqual([...HARNESSES, ...HARNESSES].sort());

    const judgesFile = join(dir, 'judges.json');
    writeFileSync(judgesFile, JSON.stringify(FAKE_SERVERS.map(({ provider }, i) => ({ name: `${JUDGES[i]}-judge`, provider, baseUrl: servers[i]!.baseUrl, model: `${provider}-judge-model`, apiKeyEnv: FAKE_KEY_ENV }))));
    const judge = async (...extra: string[]) => runLhbChild(['judge', '--judges', judgesFile, '--control', 'guess-harness', ...extra, '--workspace', workspaceDir], { ...env, ...FAKE_KEYS });

    // The trajectory is the process tier's material, and nothing is scored: other tiers and rubric flags are refused, nothing asked.
    const wrongTier = await judge('--tier', 'output');
    expect(wrongTier.status).toBe(2);
    expect(wrongTier.stderr).toContain('--control guess-harness shows each judge a run');
    const withRubrics = await judge('--scale', '3');
    expect(withRubrics.status).toBe(2);
    expect(servers.every((server) => server.requests.length === 0)).toBe(true);

    const judgmentsBefore = count('SELECT count(*) AS n FROM judgments');
    const asked = await judge('--json');
    expect(asked.status, `${asked.stdout}\n${asked.stderr}`).toBe(0);
    const summary = JSON.parse(asked.stdout) as { control: string; runs: number; units: { ok: number; failed: number }; requests: number };
    expect(summary, asked.stdout).toMatchObject({ control: 'guess-harness', runs: 6, units: { ok: 18, failed: 0 } });
    // The vague judge needed a repair request per run.
    expect(summary.requests).toBe(6 * 3 + 6);

    const prompts = servers.flatMap((server) => server.requests).map((request) => request.prompt.text);
    for (const text of prompts) {
      // Each prompt offers the three harnesses and "cannot tell", and nothing before the question names one or carries a harness's fingerprint.
      expect(choicesIn(text).sort()).toEqual([...HARNESSES.map(harnessChoiceLabel), CANNOT_TELL].sort());
      expect(fingerprintsIn(text)).toEqual([]);
      const shown = text.slice(0, text.indexOf('## Question')).toLowerCase();
      for (const id of HARNESSES) for (const name of [id, HARNESS_ADAPTERS[id].displayName, ...HARNESS_ADAPTERS[id].aliases]) expect(shown, `${name} in a guess prompt`).not.toContain(name.toLowerCase());
    }
    // The order is shuffled per run, not one for all (six runs in one order: 1 chance in 7776).
    expect(new Set(prompts.map((text) => choicesIn(text).join(', '))).size).toBeGreaterThan(1);

    // Stored apart from the scores.
    expect(count('SELECT count(*) AS n FROM judgments')).toBe(judgmentsBefore);
    expect(count("SELECT count(*) AS n FROM harness_guesses WHERE status = 'ok'")).toBe(18);

    const analysed = await runLhbChild(['analyze', '--json', '--exclude-synthetic', '--workspace', workspaceDir], env);
    expect(analysed.status, analysed.stderr).toBe(0);
    const report = JSON.parse(analysed.stdout) as AnalysisReport;
    const rows = new Map(report.controls.harnessGuesses.map((row) => [row.judge, row]));
    expect([...rows.keys()].sort()).toEqual(['chance-judge', 'truthful-judge', 'vague-judge']);
    for (const row of rows.values()) expect(row).toMatchObject({ runs: 6, harnesses: 3, chanceBasis: 'uniform' });
    for (const row of rows.values()) expect(row.chance).toBeCloseTo(1 / 3, 12);
    expect(rows.get('truthful-judge')).toMatchObject({ correct: 6, cannotTell: 0, accuracy: 1, leaks: true });
    // SciPy: binomtest(6, 6, 1/3).proportion_ci('wilson').low, and binomtest(k, 6, 1/3, alternative='greater').pvalue.
    expect(rows.get('truthful-judge')!.lo).toBeCloseTo(0.6096657120978346, 12);
    expect(rows.get('truthful-judge')!.pValue).toBeCloseTo(0.0013717421124828527, 12);
    expect(rows.get('chance-judge')).toMatchObject({ correct: 2, cannotTell: 0, leaks: false });
    expect(rows.get('chance-judge')!.pValue).toBeCloseTo(0.6488340192043893, 12);
    expect(rows.get('vague-judge')).toMatchObject({ correct: 0, cannotTell: 6, leaks: false, pValue: 1 });

    // The Markdown report names the leaking judge, and only it.
    const md = await runLhbChild(['analyze', '--md', '--exclude-synthetic', '--workspace', workspaceDir], env);
    expect(md.status, md.stderr).toBe(0);
    expect(md.stdout).toContain('## Controls: what the scores measure');
    const headline = md.stdout.split('\n').find((line) => line.includes('The blinding leaks'))!;
    expect(headline).toContain('truthful-judge (6 of 6 right');
    expect(headline).not.toContain('chance-judge');
    expect(md.stdout).toContain('leaks: this judge tells harnesses apart');

    // Asking again asks nothing: every answer is reused.
    const before = servers.reduce((n, server) => n + server.requests.length, 0);
    const again = await judge('--json');
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ units: { cached: 18 }, requests: 0 });
    expect(servers.reduce((n, server) => n + server.requests.length, 0)).toBe(before);
    // Without --json it says what it stored, then the report's Controls section.
    const plain = await judge();
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.stdout).toContain('Guess-harness control: each judge was asked which harness made each run');
    expect(plain.stdout).toContain('18 of 18 harness guesses stored (18 from the cache, 0 failed)');
    expect(plain.stdout).toContain('## Controls: what the scores measure');
    expect(plain.stdout).toContain('The blinding leaks: truthful-judge (6 of 6 right');
  }, 900_000);

  it('keeps a refused asking with what it cost, asks it again next time, and counts both in the cost', async () => {
    let refusing = true;
    const server = await FAKE_SERVERS[0]!.start({ respond: (request) => (refusing ? { type: 'refusal' } : RESPONDERS.truthful(request)) });
    servers.push(server);
    const judgesFile = join(dir, 'refusing-judge.json');
    writeFileSync(judgesFile, JSON.stringify([{ name: 'refusing-judge', provider: FAKE_SERVERS[0]!.provider, baseUrl: server.baseUrl, model: 'refusing-model', apiKeyEnv: FAKE_KEY_ENV, pricePerMillion: { input: 1, output: 2 } }]));
    const judge = async () => {
      const judged = await runLhbChild(['judge', '--judges', judgesFile, '--control', 'guess-harness', '--json', '--workspace', workspaceDir], { LHB_TOOLS_DIR: TEST_TOOLS_DIR, ...FAKE_KEYS });
      expect(judged.status, `${judged.stdout}\n${judged.stderr}`).toBe(0);
      return JSON.parse(judged.stdout) as { units: { ok: number; failed: number; cached: number } };
    };
    expect((await judge()).units).toMatchObject({ ok: 0, failed: 6 });
    refusing = false;
    // A refusal is no answer: nothing is reused, every run is asked again.
    expect((await judge()).units).toMatchObject({ ok: 6, failed: 0, cached: 0 });
    expect(count("SELECT count(*) AS n FROM harness_guesses WHERE judge = 'refusing-judge' AND status = 'failed'")).toBe(6);
    expect(count("SELECT count(*) AS n FROM harness_guesses WHERE judge = 'refusing-judge' AND status = 'ok'")).toBe(6);

    const api = await openApi(workspaceDir);
    try {
      const cost = await api.call('runs.cost', {});
      const refusingCost = cost.byJudge.find((entry) => entry.judge === 'refusing-judge')!;
      expect(refusingCost.items).toBe(12);
      expect(refusingCost.tokens.input).toBe(6 * 800 + count("SELECT coalesce(sum(tokens_input), 0) AS n FROM harness_guesses WHERE judge = 'refusing-judge' AND status = 'failed'"));
      // And the report reads the newest answer of each run: the ok one.
      const report = await api.call('analysis.report', { excludeSynthetic: true });
      expect(report.controls.harnessGuesses.find((row) => row.judge === 'refusing-judge')).toMatchObject({ runs: 6, correct: 6, leaks: true });
    } finally {
      await api.close();
    }
  }, 900_000);
});
