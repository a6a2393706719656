import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisReportSchema } from '../../schemas/analysis.ts';
import { openApi } from '../api/open-api.ts';
import { recordOwnRun, voteUntilOwnPair } from '../demo/user-study-in-demo.fixture.ts';
import { seedAblationWorkspace } from '../analysis/ablation-workspace.fixture.ts';
import { SCORES, seedTwoStudyAblation, STUDY_RUNS, TWO_STUDIES, VOTES } from '../analysis/two-study-ablation.fixture.ts';
import { seedWorkspace } from './seeded-workspace.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', timeout: 120_000 });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-analyze-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('lhb analyze', () => {
  it('--json prints the same report as analysis.report for the same seed and resamples', async () => {
    const workspace = join(dir, 'workspace');
    const result = lhb(['analyze', '--json', '--resamples', '300', '--seed', 's1', '-w', workspace]);
    expect(result.status).toBe(0);
    // Nothing real exists yet, so the demo study counts; stderr says so, and why.
    expect(result.stderr).toMatch(/includes the demo's 300 votes and 1008 judgments .*no run, vote or judgment of its own yet/);
    const report = AnalysisReportSchema.parse(JSON.parse(result.stdout));
    expect(report.study).toMatchObject({ includesSynthetic: true, synthetic: { included: true, reason: 'only-synthetic' }, seed: 's1', resamples: 300, votes: 300 });
    expect(report.preference.elo.length).toBeGreaterThanOrEqual(3);
    const api = await openApi(workspace);
    try {
      const viaRpc = AnalysisReportSchema.parse(await api.call('analysis.report', { resamples: 300, seed: 's1' }));
      expect({ ...viaRpc, generatedAt: '' }).toEqual({ ...report, generatedAt: '' });
    } finally {
      await api.close();
    }

    const md = join(dir, 'report.md');
    const written = lhb(['analyze', '--md', '--out', md, '-w', workspace]);
    expect(written.status).toBe(0);
    expect(written.stdout).toBe('');
    expect(written.stderr).toContain('includes synthetic data');
    const text = readFileSync(md, 'utf8');
    expect(text).toContain('Includes synthetic data');
    for (const heading of ['## Leaderboards', '## Inter-judge agreement', '## Human preference', '## Human–judge alignment']) expect(text).toContain(heading);
    expect(text).toContain('| claude-code · claude-sonnet-4-5 · skill v2 · synthetic |');

    const excluded = lhb(['analyze', '--json', '--exclude-synthetic', '-w', workspace]);
    expect(excluded.stderr).toBe('');
    expect(JSON.parse(excluded.stdout)).toMatchObject({ study: { includesSynthetic: false, votes: 0, synthetic: { included: false, reason: 'requested' } } });
  }, 180_000);

  it("leaves the demo's records out once a person has voted on runs of their own, and adds them back with --include-synthetic, saying so", async () => {
    const workspace = join(dir, 'voted');
    const api = await openApi(workspace);
    let demoVotes: number;
    try {
      const at = '2026-01-05T09:00:00.000Z';
      for (const [id, harness, model] of [['own-a', 'codex', 'gpt-5-codex'], ['own-b', 'gemini-cli', 'gemini-2.5-pro']] as const) {
        recordOwnRun(api, { id, task: 'own-task', harness, model, versions: { skill: 'v1' }, at, sourceDir: join(dir, id) });
      }
      const annotator = await api.call('arena.createAnnotator', { name: 'Reviewer' });
      ({ demoVotes } = await voteUntilOwnPair(api, annotator.id, new Set(['own-a', 'own-b']), { choice: 'right' }));
    } finally {
      await api.close();
    }
    const real = lhb(['analyze', '--json', '--resamples', '100', '-w', workspace]);
    expect(real.status).toBe(0);
    expect(real.stderr).toBe('');
    expect(JSON.parse(real.stdout)).toMatchObject({ study: { votes: 1, includesSynthetic: false, synthetic: { included: false, reason: 'real-data-present', votes: 300 + demoVotes } } });

    const md = lhb(['analyze', '--resamples', '100', '-w', workspace]);
    expect(md.stdout).toContain(`Synthetic data left out because this workspace has runs, votes or judgments of its own: the demo's ${300 + demoVotes} votes`);
    expect(md.stdout).not.toContain('Includes synthetic data');

    const both = lhb(['analyze', '--json', '--resamples', '100', '--include-synthetic', '-w', workspace]);
    expect(both.status).toBe(0);
    expect(both.stderr).toMatch(new RegExp(`includes the demo's ${300 + demoVotes} votes .*as --include-synthetic asked`));
    expect(JSON.parse(both.stdout)).toMatchObject({ study: { votes: 301 + demoVotes, includesSynthetic: true, synthetic: { included: true, reason: 'requested' } } });

    const forced = lhb(['analyze', '--json', '--resamples', '100', '--exclude-synthetic', '-w', workspace]);
    expect(JSON.parse(forced.stdout)).toMatchObject({ study: { votes: 1, synthetic: { included: false, reason: 'requested' } } });

    const conflicting = lhb(['analyze', '--include-synthetic', '--exclude-synthetic', '-w', workspace]);
    expect(conflicting.status).not.toBe(0);
    expect(conflicting.stderr).toContain('choose one of --include-synthetic and --exclude-synthetic');
  }, 180_000);

  it('--json holds the paired skill ablation for each harness whose runs differ only in skill version, and --md prints it', async () => {
    const workspace = join(dir, 'ablation');
    await seedWorkspace(workspace, seedAblationWorkspace);
    const result = lhb(['analyze', '--json', '--resamples', '200', '--seed', 'abl', '-w', workspace]);
    expect(result.status).toBe(0);
    const { ablation, tables } = AnalysisReportSchema.parse(JSON.parse(result.stdout));
    // The demo study's synthetic claude-code v1/v2 runs are left out: real judgments exist.
    expect(ablation.groups.map((group) => [group.harness, group.model, group.arms.map((arm) => [arm.skill, arm.runs])])).toEqual([
      ['claude-code', 'claude-opus-4-5', [['none', 5], ['v2', 6]]],
      ['codex', 'gpt-5.2', [['none', 4], ['v2', 5]]],
    ]);
    const [claude, codex] = ablation.groups;
    expect(claude!.comparisons[0]).toMatchObject({ skill: 'v2', reference: 'none', pairs: 5, unpairedRuns: 1 });
    expect(claude!.comparisons[0]!.scores[0]!.meanDifference).toBeCloseTo(0.9, 12);
    // No study executed codex's runs: none pairs, and each is listed as not from a study.
    expect(codex!.comparisons[0]).toMatchObject({ pairs: 0, unpairedRuns: 9, costChange: null });
    expect(tables.ablation.map((group) => group.paired.id)).toEqual(['ablation-claude-code-claude-opus-4-5-paired', 'ablation-codex-gpt-5-2-paired']);

    const md = lhb(['analyze', '--md', '--resamples', '200', '--seed', 'abl', '-w', workspace]);
    expect(md.stdout).toContain('## Skill ablation');
    expect(md.stdout).toContain('### codex · gpt-5.2');
    expect(md.stdout).toContain('| v2 − none | Output tier · judged before rubric sets were stored · 5-point scale (1–5) | Set score (weighted) | 5 | +0.90 |');
    expect(md.stdout).toContain('| v2 − none | Not from a study | 0 | 9 | 1 |');
  }, 180_000);

  it('--study counts only the chosen studies\' runs, and the votes and judgments touching only them, and names the scope', async () => {
    const workspace = join(dir, 'two-studies');
    await seedWorkspace(workspace, seedTwoStudyAblation);
    const analyze = (...args: string[]) => lhb(['analyze', '--resamples', '100', ...args, '-w', workspace]);
    const json = (...args: string[]) => {
      const result = analyze('--json', ...args);
      expect(result.status, result.stderr).toBe(0);
      return AnalysisReportSchema.parse(JSON.parse(result.stdout));
    };
    const judged = (ids: readonly string[]) => ids.filter((id) => SCORES[id] !== undefined).length;

    const all = json();
    expect(all.study).toMatchObject({ scope: null, judgments: Object.keys(SCORES).length, votes: VOTES.length });

    // first-pass alone: its three judged runs (its cancelled run was never judged) and the one vote between two of its runs.
    const one = json('--study', TWO_STUDIES.one.id);
    expect(one.study).toMatchObject({ scope: [{ id: TWO_STUDIES.one.id, label: TWO_STUDIES.one.name }], judgments: judged(STUDY_RUNS.one), votes: 1 });
    expect(one.study.judgments).toBe(3);
    const [pairs] = one.ablation.groups[0]!.comparisons;
    expect(pairs!.pairList.map((pair) => pair.run)).toEqual(['one-v2-0']);

    // Both studies, one named by the start of its id, given twice: every study run, the votes within and across them, not the imported run's.
    const both = json('--study', 'study-tw', '--study', TWO_STUDIES.one.id, TWO_STUDIES.one.id);
    expect(both.study.scope).toEqual([{ id: TWO_STUDIES.one.id, label: 'first-pass' }, { id: TWO_STUDIES.two.id, label: 'second-pass' }]);
    expect(both.study).toMatchObject({ judgments: judged([...STUDY_RUNS.one, ...STUDY_RUNS.two]), votes: 3 });

    const md = analyze('--study', TWO_STUDIES.two.id);
    expect(md.stdout).toContain('**Study: second-pass.**');
    expect(analyze().stdout).toContain('**All studies and imported runs.**');

    const unknown = analyze('--study', 'no-such-study');
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain('No study "no-such-study" in this workspace');
    expect(unknown.stderr).toContain('lhb runs status');
  }, 240_000);

  it('refuses resamples out of range with a message naming the range', () => {
    const result = lhb(['analyze', '--resamples', '5', '-w', join(dir, 'unused')]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('100 to 20000');
  });
});
