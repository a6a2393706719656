import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisReport } from '../../schemas/analysis.ts';
import type { JudgmentView } from '../../schemas/judge.ts';
import { openApi } from '../api/open-api.ts';
import { FAKE_KEY_ENV, FAKE_KEYS, FAKE_SERVERS } from '../judge/providers/fake-judge-setup.fixture.ts';
import type { FakeProviderServer, FakeRequest } from '../model-apis/fake-model-api-server.fixture.ts';
import { rubricNamesOf } from '../judge/judging/judging-workspace.fixture.ts';
import { cohensKappa } from '../stats/cohens-kappa.ts';
import { LHB_NODE_ARGS, runLhbChild } from './lhb-child-process.fixture.ts';

// `lhb judge` end to end: three judges of three providers (local fake servers speaking each
// wire format) judge the demo's Figma runs at the output tier through the CLI, in a child process.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A judge's score for a rubric: from the run's first captured frame (so judges mostly agree), shifted per judge and rubric. */
function scriptedScore(request: FakeRequest, judgeShift: number, rubric: string): number {
  const frame = request.prompt.images[1]!.data; // [0] is the first ground truth, [1] the run's capture
  const base = createHash('sha256').update(frame).digest()[0]! % 3; // 0..2
  const rubricShift = createHash('sha256').update(rubric).digest()[0]! % 3; // 0..2
  return Math.min(5, Math.max(1, 1 + base + rubricShift + judgeShift - (rubricShift === 2 && judgeShift > 0 ? 1 : 0)));
}

describe('lhb judge', () => {
  it('three judges of three providers judge the demo Figma runs; lhb analyze reports κ and alignment from them without the synthetic ones; a second run asks nothing', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'lhb-judge-cli-'));
    cleanups.push(() => rmSync(workspace, { recursive: true, force: true }));
    const servers: FakeProviderServer[] = [];
    const judges = [];
    for (const [i, { provider, start }] of FAKE_SERVERS.entries()) {
      const server = await start({
        respond: (request) => ({
          type: 'text',
          text: JSON.stringify({
            rubric_scores: rubricNamesOf(request.prompt.text).map((name) => {
              const score = scriptedScore(request, i === 2 ? 1 : 0, name);
              return { rubric_name: name, score, matched_level: String(score), thinking_process: `${provider} saw the ${name.toLowerCase()} of frame 1.` };
            }),
          }),
          usage: { input: 5000, output: 400 },
        }),
      });
      servers.push(server);
      cleanups.push(() => server.close());
      judges.push({ name: `${provider}-judge`, provider, baseUrl: server.baseUrl, model: `${provider}-model`, apiKeyEnv: FAKE_KEY_ENV, maxConcurrency: 2, pricePerMillion: { input: 1, output: 4 } });
    }
    const judgesFile = join(workspace, '..', `${workspace.split('/').at(-1)}-judges.json`);
    writeFileSync(judgesFile, JSON.stringify(judges));
    cleanups.push(() => rmSync(judgesFile, { force: true }));
    const env = { LHB_WORKSPACE: workspace, ...FAKE_KEYS };

    // One real vote per pair the arena offers (the Figma pairs among them), cast through the API.
    const api = await openApi(workspace);
    try {
      // The Figma bundles stand in for the user's own: this test is about judging them, and the demo's are left out of
      // every figure by default (demo-records-kept-out.test.ts), so they are unmarked as the demo's here.
      api.context.workspace.db.prepare("UPDATE runs SET demo = 0 WHERE task_id = 'demo-figma-pricing' AND synthetic = 0").run();
      const annotator = await api.call('arena.createAnnotator', { name: 'Ada' });
      for (let i = 0; i < 10; i++) {
        const next = await api.call('arena.nextPair', { annotatorId: annotator.id });
        if (!next.item) break;
        await api.call('arena.vote', { token: next.item.token, choice: i % 3 === 0 ? 'left' : i % 3 === 1 ? 'right' : 'tie', ratingLeft: 3, ratingRight: 4, timeOnItemMs: 5000 });
      }
    } finally {
      await api.close();
    }

    const first = await runLhbChild(['judge', '--judges', judgesFile, '--tier', 'output', '--json'], env);
    expect(first.status, first.stderr).toBe(0);
    const summary = JSON.parse(first.stdout) as { state: string; runs: number; rubricSets: string[]; units: Record<string, number>; judgments: { ok: number; failed: number }; costUsd: number };
    expect(summary.state).toBe('succeeded');
    expect(summary.rubricSets).toEqual(['figma-output@v1']);
    expect(summary.runs).toBe(3);
    expect(summary.units).toMatchObject({ total: 9, ok: 9, failed: 0, cached: 0 });
    expect(summary.judgments.ok).toBe(9 * 8);
    expect(summary.costUsd).toBeCloseTo(9 * (5000 * 1 + 400 * 4) / 1e6, 10);
    const requestsAfterFirst = servers.map((server) => server.requestCount);
    expect(requestsAfterFirst).toEqual([3, 3, 3]);
    // Output tier: each request showed three ground-truth frames beside three captures.
    expect(servers.every((server) => server.requests.every((request) => request.prompt.images.length === 6))).toBe(true);

    const listed = spawnSync(process.execPath, [...LHB_NODE_ARGS, 'judge', 'list', '--json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, ...env } });
    expect(listed.status, listed.stderr).toBe(0);
    const real = (JSON.parse(listed.stdout) as JudgmentView[]).filter((j) => !j.synthetic);
    expect(real).toHaveLength(72);
    expect(real.every((j) => j.status === 'ok' && j.rubricSet === 'figma-output' && j.scale === 5 && j.evidence.includes('frame 1') && j.judgeModel?.endsWith('-model'))).toBe(true);

    const analyzed = spawnSync(process.execPath, [...LHB_NODE_ARGS, 'analyze', '--json', '--resamples', '100'], { encoding: 'utf8', env: { ...process.env, ...env } });
    expect(analyzed.status, analyzed.stderr).toBe(0);
    const report = JSON.parse(analyzed.stdout) as AnalysisReport;
    expect(report.study.synthetic.included).toBe(false);
    expect(report.study.judges).toEqual(['anthropic-judge', 'gemini-judge', 'openai-judge']);
    expect(report.study.judgments).toBe(72);

    // The mean pairwise quadratic κ, recomputed here from the listed judgments.
    const names = report.study.judges;
    const scoreOf = (judge: string) => new Map(real.filter((j) => j.judge === judge).map((j) => [`${j.runId}|${j.rubric}`, j.score!]));
    const kappas: number[] = [];
    for (let a = 0; a < names.length; a++) {
      for (let b = a + 1; b < names.length; b++) {
        const [x, y] = [scoreOf(names[a]!), scoreOf(names[b]!)];
        const keys = [...x.keys()];
        const kappa = cohensKappa(keys.map((k) => x.get(k)!), keys.map((k) => y.get(k)!), { weights: 'quadratic', labels: [1, 2, 3, 4, 5] }).kappa;
        if (kappa !== null) kappas.push(kappa);
      }
    }
    expect(kappas).toHaveLength(3);
    expect(report.agreement.overall.meanKappa).toBeCloseTo(kappas.reduce((s, k) => s + k, 0) / kappas.length, 12);
    // Judge–human alignment from these judgments, for the one set judged (figma-output v1 at 5 points): every judge lines up with the Figma votes.
    expect(report.alignment.groups.map((g) => [g.tier, g.rubricSet, g.version, g.scale])).toEqual([['output', 'figma-output', 'v1', 5]]);
    const [group] = report.alignment.groups;
    expect(group!.judges.map((j) => j.judge)).toEqual(names);
    expect([group!.together, ...group!.judges].every((j) => j.n === 3 && j.agreement !== null && j.kappa !== null)).toBe(true);

    const second = await runLhbChild(['judge', '--judges', judgesFile, '--tier', 'output', '--json'], env);
    expect(second.status, second.stderr).toBe(0);
    expect((JSON.parse(second.stdout) as { units: Record<string, number> }).units).toMatchObject({ total: 9, cached: 9, asked: 0 });
    expect(servers.map((server) => server.requestCount)).toEqual(requestsAfterFirst);
  }, 180_000);

  it('refuses a judges file that is not valid, or a key variable that is not set, before asking anything (exit 2)', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'lhb-judge-cli-'));
    cleanups.push(() => rmSync(workspace, { recursive: true, force: true }));
    const bad = join(workspace, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ name: 'x', provider: 'mistral', baseUrl: 'http://127.0.0.1:9', model: 'm' }]));
    const refused = await runLhbChild(['judge', '--judges', bad, '--workspace', join(workspace, 'ws')]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/0\.provider: .*"openai"\|"anthropic"\|"gemini"/);

    const noKey = join(workspace, 'nokey.json');
    writeFileSync(noKey, JSON.stringify([{ name: 'x', provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKeyEnv: 'LHB_TEST_UNSET_KEY' }]));
    const unset = await runLhbChild(['judge', '--judges', noKey, '--workspace', join(workspace, 'ws')], { LHB_TEST_UNSET_KEY: '' });
    expect(unset.status).toBe(2);
    expect(unset.stderr).toMatch(/LHB_TEST_UNSET_KEY is not set or is empty.*Nothing was judged/);

    const good = join(workspace, 'good.json');
    writeFileSync(good, JSON.stringify([{ name: 'x', provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKeyEnv: 'LHB_TEST_SET_KEY' }]));
    const badTurn = await runLhbChild(['judge', '--judges', good, '--turn', 'last', '--workspace', join(workspace, 'ws')], { LHB_TEST_SET_KEY: 'k' });
    expect(badTurn.status).toBe(2);
    expect(badTurn.stderr).toContain("--turn is a turn's number, from 1 to 50 (not last); without it each run's last turn is judged.");
    // Past the last turn a job may be asked for: refused in the flag's words, before the API is asked.
    const farTurn = await runLhbChild(['judge', '--judges', good, '--turn', '51', '--workspace', join(workspace, 'ws')], { LHB_TEST_SET_KEY: 'k' });
    expect(farTurn.status).toBe(2);
    expect(farTurn.stderr).toContain("--turn is a turn's number, from 1 to 50 (not 51)");
  }, 120_000);
});
