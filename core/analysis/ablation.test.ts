import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalysisReportSchema, type AblationGroup, type AnalysisReport } from '../../schemas/analysis.ts';
import { pairedBootstrapInterval } from '../stats/paired-bootstrap.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { seedAblationWorkspace } from './ablation-workspace.fixture.ts';
import { SCORES, seedTwoStudyAblation } from './two-study-ablation.fixture.ts';
import { buildAnalysisReport } from './build-analysis-report.ts';
import { renderAnalysisMarkdown } from './report-markdown.ts';

const OPTIONS = { resamples: 400, seed: 'ablation-test', synthetic: 'exclude' as const };
// scipy 1.17.1 binomtest(better, better + worse, 0.5).pvalue
const P_4_OF_4 = 0.125;
const P_3_OF_3 = 0.25;

let dir: string;
let workspace: Workspace;
let report: AnalysisReport;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-ablation-'));
  workspace = openWorkspace(join(dir, 'ws'));
  seedAblationWorkspace(workspace.db);
  report = AnalysisReportSchema.parse(buildAnalysisReport(workspace.db, OPTIONS));
});
afterEach(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

const group = (label: string): AblationGroup => {
  const found = report.ablation.groups.find((g) => g.label === label);
  if (!found) throw new Error(`no ablation group ${label}; have ${report.ablation.groups.map((g) => g.label).join(', ')}`);
  return found;
};
const arm = (g: AblationGroup, skill: string) => g.arms.find((a) => a.skill === skill)!;

describe('the skill ablation on a seeded workspace', () => {
  it('finds one group per (harness, model) whose runs differ only in skill version, with none as the reference', () => {
    expect(report.ablation.groups.map((g) => [g.label, g.reference, g.arms.map((a) => a.skill)])).toEqual([
      ['claude-code · claude-opus-4-5', 'none', ['none', 'v2']],
      ['codex · gpt-5.2', 'none', ['none', 'v2']],
    ]);
  });

  it('gives each arm its success and deployable-build rates, errors per run, recovery, cost and tokens', () => {
    const claude = group('claude-code · claude-opus-4-5');
    expect(arm(claude, 'none')).toMatchObject({
      runs: 5, succeeded: 4, succeededRate: 0.8, deployable: 1, deployableRate: 0.2, errorsPerRun: 2,
      recovery: { errors: 10, recovered: 5, rate: 0.5, runs: 5 }, costUsd: { mean: 0.5, runs: 5 }, tokensInput: { mean: 1000, runs: 5 }, tokensOutput: { mean: 100, runs: 5 },
    });
    expect(arm(claude, 'v2')).toMatchObject({
      runs: 6, succeeded: 6, succeededRate: 1, deployable: 5, deployableRate: 5 / 6, errorsPerRun: 1,
      recovery: { errors: 6, recovered: 6, rate: 1, runs: 6 }, costUsd: { mean: 0.3, runs: 6 }, tokensInput: { mean: 600, runs: 6 },
    });
    // Imported without trajectory or cost: counted runs, no error or cost figures; the cancelled run never counts.
    const codexNone = arm(group('codex · gpt-5.2'), 'none');
    expect(codexNone).toMatchObject({ runs: 4, succeeded: 4, deployable: 0, errorsPerRun: null, recovery: { errors: 0, rate: null, runs: 0 }, costUsd: { mean: null, runs: 0 } });
  });

  it('averages each run over its judges and rubrics and each arm over its runs, per tier and rubric, with an interval over tasks', () => {
    const claude = group('claude-code · claude-opus-4-5');
    const means = (skill: string) => arm(claude, skill).scores.map((s) => [s.tier, s.rubric, s.mean, s.n]);
    expect(means('none')).toEqual([['output', null, 2.8, 5], ['output', 'output.completeness', 3, 5], ['output', 'output.fidelity', 2.6, 5]]);
    const v2 = means('v2');
    expect(v2.map(([, rubric, , n]) => [rubric, n])).toEqual([[null, 6], ['output.completeness', 6], ['output.fidelity', 6]]);
    expect(v2[0]![2]).toBeCloseTo(23 / 6, 12);
    expect(v2[2]![2]).toBe(4);
    for (const score of arm(claude, 'v2').scores) expect(score.lo! <= score.mean! && score.mean! <= score.hi!).toBe(true);
    // Codex's runs were scored by two judges on fidelity alone: a run's rubric score is their mean, and
    // with no completeness score no judge scored the set's every rubric, so no run has a set score.
    const codexScores = arm(group('codex · gpt-5.2'), 'v2').scores;
    expect(codexScores.map((s) => s.rubric)).toEqual(['output.fidelity']);
    expect(codexScores[0]).toMatchObject({ rubric: 'output.fidelity', mean: 3.4, n: 5 });
  });

  it('pairs runs on (study, task, repeat), counts the unpaired ones apart, and gives the paired difference, its paired bootstrap interval and the sign test', () => {
    const [claude] = group('claude-code · claude-opus-4-5').comparisons;
    expect(claude).toMatchObject({ skill: 'v2', reference: 'none', pairs: 5, unpairedRuns: 1, costPairs: 5 });
    expect(claude!.costChange).toBeCloseTo(-0.4, 12);
    const byRubric = new Map(claude!.scores.map((s) => [s.rubric, s]));
    expect(byRubric.get(null)).toMatchObject({ tier: 'output', pairs: 5, better: 4, worse: 0, tied: 1 });
    expect(byRubric.get(null)!.signTestP).toBeCloseTo(P_4_OF_4, 12);
    expect(byRubric.get(null)!.meanDifference).toBeCloseTo(0.9, 12);
    // The interval is the paired bootstrap of the five differences (t1/0, t1/1, t2/0, t2/1, t3/0), with the report's seed.
    const interval = pairedBootstrapInterval([4, 3.5, 4.5, 3, 3.5], [3, 2.5, 3.5, 3, 2], { resamples: OPTIONS.resamples, seed: OPTIONS.seed });
    expect([byRubric.get(null)!.lo, byRubric.get(null)!.hi]).toEqual([interval.lo, interval.hi]);
    expect(byRubric.get('output.completeness')).toMatchObject({ pairs: 5, better: 3, worse: 0, tied: 2 });
    expect(byRubric.get('output.completeness')!.signTestP).toBeCloseTo(P_3_OF_3, 12);
    expect(byRubric.get('output.completeness')!.meanDifference).toBeCloseTo(0.6, 12);
    expect(byRubric.get('output.fidelity')).toMatchObject({ better: 4, tied: 1 });
    expect(byRubric.get('output.fidelity')!.meanDifference).toBeCloseTo(1.2, 12);
    expect(byRubric.get('output.fidelity')!.signTestP).toBeCloseTo(P_4_OF_4, 12);

    expect(claude!.pairList.map((pair) => [pair.study?.label ?? null, pair.task, pair.repeat, pair.run, pair.referenceRun])).toEqual([
      ['skill-ablation', 't1', 0, 'claude-v2-t1-0', 'claude-none-t1-0'],
      ['skill-ablation', 't1', 1, 'claude-v2-t1-1', 'claude-none-t1-1'],
      ['skill-ablation', 't2', 0, 'claude-v2-t2-0', 'claude-none-t2-0'],
      ['skill-ablation', 't2', 1, 'claude-v2-t2-1', 'claude-none-t2-1'],
      ['skill-ablation', 't3', 0, 'claude-v2-t3-0', 'claude-none-t3-0'],
    ]);
    expect(claude!.unpaired).toEqual([{ run: 'claude-v2-t3-1', skill: 'v2', study: { id: 'ablation-study', label: 'skill-ablation' }, task: 't3', repeat: 1, reason: 'no-counterpart' }]);

    // Imported runs no study executed, several per task and arm: nothing says which goes with which, so none pairs; counted in their arms and listed with why.
    const [codex] = group('codex · gpt-5.2').comparisons;
    expect(codex).toMatchObject({ pairs: 0, unpairedRuns: 9, costChange: null, costPairs: 0, pairList: [] });
    expect(codex!.unpaired.filter((run) => run.reason === 'not-from-a-study')).toHaveLength(9);
    expect(codex!.unpaired.find((run) => run.run === 'codex-none-t1-cancelled')).toMatchObject({ reason: 'cancelled', study: null, repeat: null });
    expect(codex!.scores[0]).toMatchObject({ rubric: 'output.fidelity', pairs: 0, meanDifference: null, better: 0, worse: 0, tied: 0 });
  });

  it('prints the section in Markdown with the screen’s tables and the note on unpaired runs', () => {
    const markdown = renderAnalysisMarkdown(report);
    expect(markdown).toContain('## Skill ablation');
    expect(markdown).toContain('### claude-code · claude-opus-4-5');
    expect(markdown).toContain('| none | 5 | 80.0% | 20.0% | 2.00 | 50.0% |');
    expect(markdown).toContain('| v2 − none | Output tier · judged before rubric sets were stored · 5-point scale (1–5) | Set score (weighted) | 5 | +0.90 |');
    expect(markdown).toContain('1 run of skill none or v2 has no counterpart in the other arm at the same study, task and repeat');
    // The pairs used, per study, and each run left unpaired with why.
    expect(markdown).toContain('| v2 − none | skill-ablation | 5 | 1 | 0 |');
    expect(markdown).toContain('| v2 − none | claude-v2-t3-1 | v2 | skill-ablation | t3 | 2 | no run of the other arm with this study, task and repeat |');
    expect(markdown).toContain('| v2 − none | Not from a study | 0 | 9 | 1 |');
    expect(markdown).toContain('| v2 − none | codex-none-t1-cancelled | none | — | t1 | — | cancelled: counted in no figure |');
    expect(markdown).toContain('| v2 − none | codex-v2-t2-1 | v2 | — | t2 | — | not from a study (imported), and its task has more than one such run in an arm: no repeat to pair them by |');
    // Codex reports no cost: its arms table has no cost column.
    const codexTable = report.tables.ablation.find((t) => t.title === 'codex · gpt-5.2')!.arms;
    expect(codexTable.columns.map((c) => c.key)).not.toContain('cost');
  });

  it('has no section when no (harness, model) ran two skill versions', () => {
    workspace.db.prepare("DELETE FROM runs WHERE json_extract(versions_json, '$.skill') = 'none'").run();
    expect(buildAnalysisReport(workspace.db, OPTIONS).ablation.groups).toEqual([]);
    expect(renderAnalysisMarkdown(buildAnalysisReport(workspace.db, OPTIONS))).not.toContain('## Skill ablation');
  });
});

describe('the skill ablation over two studies of the same configurations', () => {
  let twoDir: string;
  let two: Workspace;
  beforeEach(() => {
    twoDir = mkdtempSync(join(tmpdir(), 'lhb-ablation-two-'));
    two = openWorkspace(join(twoDir, 'ws'));
    seedTwoStudyAblation(two.db);
  });
  afterEach(() => {
    two.close();
    rmSync(twoDir, { recursive: true, force: true });
  });

  it('pairs runs only within one study, task and repeat of that study, and says why the others are unpaired', () => {
    const built = AnalysisReportSchema.parse(buildAnalysisReport(two.db, OPTIONS));
    const [comparison] = built.ablation.groups.find((g) => g.label === 'claude-code · claude-opus-4-5')!.comparisons;
    // Numbered in start order across the studies, first-pass's v2 repeat 1 met second-pass's none repeat 1.
    expect(comparison!.pairList.map((pair) => [pair.study?.label ?? null, pair.repeat, pair.run, pair.referenceRun])).toEqual([
      ['first-pass', 0, 'one-v2-0', 'one-none-0'],
      ['second-pass', 0, 'two-v2-0', 'two-none-0'],
      ['second-pass', 1, 'two-v2-1', 'two-none-1'],
      // The two imported runs are the only runs of t1 no study made, one per arm.
      [null, null, 'imported-v2', 'imported-none'],
    ]);
    expect(comparison!.unpaired.map((run) => [run.run, run.study?.label ?? null, run.reason])).toEqual([
      ['one-none-1', 'first-pass', 'cancelled'],
      ['one-v2-1', 'first-pass', 'counterpart-cancelled'],
    ]);
    expect(comparison).toMatchObject({ pairs: 4, unpairedRuns: 1 });
    // The paired difference is over those four pairs: (3 − 2) + (3 − 3) + (4 − 4) + (1 − 1), over 4. Numbering repeats in
    // start order across studies and imports paired first-pass's v2 repeat 1 with second-pass's none repeat 1, and
    // second-pass's v2 repeat 1 with the imported none run: (1 + 1 + 0 + 3) / 4 = +1.25.
    const pairs: [string, string][] = [['one-v2-0', 'one-none-0'], ['two-v2-0', 'two-none-0'], ['two-v2-1', 'two-none-1'], ['imported-v2', 'imported-none']];
    const score = comparison!.scores.find((s) => s.rubric === null)!;
    expect(score).toMatchObject({ pairs: 4, better: 1, worse: 0, tied: 3 });
    expect(score.meanDifference).toBeCloseTo(pairs.reduce((sum, [x, y]) => sum + SCORES[x]! - SCORES[y]!, 0) / 4, 12);
    expect(score.meanDifference).toBeCloseTo(0.25, 12);
    const interval = pairedBootstrapInterval(pairs.map(([x]) => SCORES[x]!), pairs.map(([, y]) => SCORES[y]!), { resamples: OPTIONS.resamples, seed: OPTIONS.seed });
    expect([score.lo, score.hi]).toEqual([interval.lo, interval.hi]);
    // The pairs table counts each study's pairs; the unpaired table says why, as every view prints it.
    const tables = built.tables.ablation[0]!;
    expect(tables.pairs.rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['v2 − none', 'first-pass', '1', '1', '1'],
      ['v2 − none', 'second-pass', '2', '0', '0'],
      ['v2 − none', 'Not from a study', '1', '0', '0'],
    ]);
    expect(tables.unpaired.rows.map((row) => row.at(-1)!.text)).toEqual(['cancelled: counted in no figure', "the other arm's run with this study, task and repeat was cancelled"]);
  });
});
