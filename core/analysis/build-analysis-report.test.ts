import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalysisReportSchema, fastVotesNote } from '../../schemas/analysis.ts';
import { createAnnotator } from '../arena/annotators.ts';
import { sidesFor, winnerRunId, type ShownOrder, type VoteChoice } from '../arena/assign-sides.ts';
import { ensureSyntheticAnnotator } from '../arena/synthetic-votes.ts';
import { recordJudgment } from '../judge/record-judgment.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { insertRun } from '../store/run-repository.ts';
import { upsertTask } from '../store/task-repository.ts';
import { insertPresentation, insertVote } from '../store/vote-repository.ts';
import { binomialTest } from '../stats/binomial-test.ts';
import { fitBradleyTerry } from '../stats/bradley-terry.ts';
import { cohensH } from '../stats/cohens-h.ts';
import { cohensKappa } from '../stats/cohens-kappa.ts';
import { kruskalWallis } from '../stats/kruskal-wallis.ts';
import { landisKochBand, meanPairwiseKappa } from '../stats/mean-pairwise-kappa.ts';
import type { PairwiseComparison } from '../stats/pairwise-comparison.ts';
import { passRates } from '../stats/pass-rates.ts';
import { majorityCycles } from '../stats/transitivity.ts';
import { winRates } from '../stats/win-rates.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { buildAnalysisReport } from './build-analysis-report.ts';

let dir: string;
let workspace: Workspace;
const OPTIONS = { resamples: 200, seed: 'test-seed', synthetic: 'include' as const };
const CONFIGS = ['x', 'y', 'z'] as const;
const JUDGES = ['J1', 'J2', 'J3'] as const;
/** Latent quality of each configuration's runs, so scores and outcomes are not all alike. */
const BASE: Record<string, number> = { x: 4, y: 3, z: 2 };
/** (tier, rubric, version) items every run gets. */
const ITEMS = [
  ['process', 'p1', 'v1'],
  ['output', 'o1', 'v1'],
  ['output', 'o2', 'v2'],
] as const;

const run = (task: number, config: string) => `r-t${task}-${config}`;
const clamp = (score: number) => Math.min(5, Math.max(1, score));
/** J_j's score of item i of run (task, config); J3 never scored t2-z's o2, to exercise pairwise items. */
const scoreOf = (task: number, c: number, i: number, j: number) => clamp(BASE[CONFIGS[c]!]! + j - 1 + (((task + c + i + j) % 3) - 1));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-analysis-'));
  workspace = openWorkspace(dir);
  seedStudy();
});

afterEach(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

let clock = 0;
const at = () => new Date(Date.UTC(2025, 0, 1, 0, 0, clock++)).toISOString();

function seedStudy(): void {
  const db = workspace.db;
  const project = findCurrentProject(db)!;
  const now = at();
  for (const task of [1, 2]) {
    upsertTask(db, { id: `t${task}`, project_id: project.id, kind: 'figma', title: `Task ${task}`, instruction: '', chapter_id: null, figma_file_key: null, created_at: now, updated_at: now }, []);
    for (const config of CONFIGS) {
      insertRun(
        db,
        { id: run(task, config), task_id: `t${task}`, harness: `h${config}`, model: `m${config}`, versions_json: '{"skill":"v1"}', config_id: `cfg-${config}`, status: 'succeeded', started_at: now, finished_at: now, digest: run(task, config), source_dir: '/x', imported_at: now },
        [],
        [],
      );
    }
  }
  for (const task of [1, 2]) {
    CONFIGS.forEach((config, c) => {
      ITEMS.forEach(([tier, rubric, version], i) => {
        JUDGES.forEach((judge, j) => {
          if (judge === 'J3' && task === 2 && config === 'z' && rubric === 'o2') return;
          recordJudgment(db, { runId: run(task, config), judge, tier, rubric, rubricVersion: version, score: scoreOf(task, c, i, j), createdAt: at() });
        });
      });
    });
  }
  // A synthetic judge, left out with excludeSynthetic.
  recordJudgment(db, { runId: run(1, 'x'), judge: 'J-synthetic', tier: 'content', rubric: 'c1', rubricVersion: 'v1', score: 1, synthetic: true, createdAt: at() });
}

function addVote(annotatorId: string, task: number, a: string, b: string, shownOrder: ShownOrder, choice: VoteChoice, ratingLeft: number, ratingRight: number, options: { synthetic?: boolean; retracted?: boolean; timeMs?: number; fastVoteFloorMs?: number } = {}): void {
  const pair = { runA: run(task, a), runB: run(task, b) };
  const sides = sidesFor(pair, shownOrder);
  const id = `v${clock}`;
  const createdAt = at();
  insertPresentation(workspace.db, { id: `p-${id}`, token: `token-${id}`, annotator_id: annotatorId, task_id: `t${task}`, run_a: pair.runA, run_b: pair.runB, shown_order: shownOrder, created_at: createdAt });
  insertVote(workspace.db, {
    id,
    presentation_id: `p-${id}`,
    annotator_id: annotatorId,
    task_id: `t${task}`,
    run_a: pair.runA,
    run_b: pair.runB,
    shown_order: shownOrder,
    left_run: sides.left,
    right_run: sides.right,
    choice,
    winner_run: winnerRunId(pair, shownOrder, choice),
    rating_left: ratingLeft,
    rating_right: ratingRight,
    reason: '',
    time_on_item_ms: options.timeMs ?? 1000,
    synthetic: options.synthetic ? 1 : 0,
    fast_vote_floor_ms: options.fastVoteFloorMs ?? null,
    created_at: createdAt,
    retracted_at: options.retracted ? at() : null,
  });
}

function seedVotes(): void {
  const human = createAnnotator({ db: workspace.db }, 'Human').id;
  const synthetic = ensureSyntheticAnnotator(workspace.db, 'Synthetic', 'seed', at());
  addVote(human, 1, 'x', 'y', 'a-left', 'left', 5, 3); // x beats y
  addVote(human, 1, 'x', 'z', 'b-left', 'right', 2, 4); // x (right) beats z
  addVote(human, 1, 'y', 'z', 'a-left', 'tie', 3, 3);
  addVote(human, 2, 'x', 'y', 'b-left', 'left', 4, 3); // y (left) beats x
  addVote(human, 2, 'y', 'z', 'a-left', 'both-bad', 2, 1); // counted as a tie
  addVote(human, 2, 'x', 'z', 'a-left', 'left', 5, 2, { retracted: true }); // never counts
  addVote(human, 2, 'x', 'z', 'a-left', 'right', 3, 4); // z beats x
  addVote(synthetic, 1, 'x', 'y', 'b-left', 'right', 2, 4, { synthetic: true }); // x (right) beats y
  addVote(synthetic, 2, 'y', 'z', 'a-left', 'left', 4, 2, { synthetic: true }); // y beats z
}

const cfg = (c: string) => `cfg-${c}`;
const label = (c: string) => `h${c} · m${c} · skill v1`;

describe('buildAnalysisReport on a hand-built store', () => {
  it('gives exactly what core/stats gives on the same arrays', () => {
    seedVotes();
    const report = AnalysisReportSchema.parse(buildAnalysisReport(workspace.db, OPTIONS));
    expect(report.study).toMatchObject({ tasks: 2, annotators: 2, votes: 8, judgments: 54 - 1 + 1, includesSynthetic: true, seed: 'test-seed', resamples: 200 });
    expect(report.study.configurations).toEqual(CONFIGS.map((c) => ({ id: cfg(c), label: label(c) })));

    // Leaderboards: one per tier and set (these judgments predate stored sets: one per tier, rubrics weighing alike);
    // a run's score the mean over judges, a configuration's the mean over tasks; two tasks give no interval.
    const process = report.leaderboards.find((board) => board.tier === 'process')!;
    expect(process).toMatchObject({ rubricSet: '', version: '', scale: 5, weights: 'equal', rubrics: [{ rubric: 'p1', weight: 1 }], judges: ['J1', 'J2', 'J3'], incompleteScores: 0 });
    for (const [c, config] of CONFIGS.entries()) {
      const perTask = [1, 2].map((task) => JUDGES.reduce((sum, _, j) => sum + scoreOf(task, c, 0, j), 0) / 3);
      const row = process.rows.find((r) => r.config === cfg(config))!;
      expect(row).toMatchObject({ label: label(config), lo: null, hi: null, tasks: 2, runs: 2 });
      expect(row.mean).toBeCloseTo((perTask[0]! + perTask[1]!) / 2, 12);
      expect(row.judges).toEqual(JUDGES.map((_, j) => (scoreOf(1, c, 0, j) + scoreOf(2, c, 0, j)) / 2));
    }
    expect(process.rows.map((row) => row.config)).toEqual(['cfg-x', 'cfg-y', 'cfg-z']);
    const output = report.leaderboards.find((board) => board.tier === 'output')!;
    // J3 never scored t2-z's o2: its output score of that run is left out (counted), the other judges' kept.
    expect(output.incompleteScores).toBe(1);
    expect(output.rubrics).toEqual([{ rubric: 'o1', weight: 0.5 }, { rubric: 'o2', weight: 0.5 }]);
    const zRow = output.rows.find((r) => r.config === 'cfg-z')!;
    const runZ = (task: number, judges: number) => JUDGES.slice(0, judges).reduce((sum, _, j) => sum + (scoreOf(task, 2, 1, j) + scoreOf(task, 2, 2, j)) / 2, 0) / judges;
    expect(zRow.mean).toBeCloseTo((runZ(1, 3) + runZ(2, 2)) / 2, 12);
    // Its o2 mean: t2-z's o2 has two scores (J3 skipped it), its task mean over those two.
    const zO2 = [[1, 3], [2, 2]].map(([task, judges]) => JUDGES.slice(0, judges).reduce((sum, _, j) => sum + scoreOf(task!, 2, 2, j), 0) / judges!);
    expect(zRow.rubrics[1]).toBeCloseTo((zO2[0]! + zO2[1]!) / 2, 12);
    expect(report.tables.leaderboards.find((s) => s.tier === 'output')!.boards[0]!.table.rows.every((row) => row[3]!.text === 'too few tasks for an interval' && row[1]!.text === '—')).toBe(true);

    // Agreement: quadratic κ on the items both judges scored, labels 1..5.
    const itemScores = (judge: number, skipMissing: boolean) =>
      [1, 2].flatMap((task) => CONFIGS.flatMap((config, c) => ITEMS.flatMap((item, i) => (skipMissing && task === 2 && config === 'z' && item[1] === 'o2' ? [] : [scoreOf(task, c, i, judge)]))));
    const k12 = cohensKappa(itemScores(0, false), itemScores(1, false), { weights: 'quadratic', labels: [1, 2, 3, 4, 5] }).kappa;
    const k13 = cohensKappa(itemScores(0, true), itemScores(2, true), { weights: 'quadratic', labels: [1, 2, 3, 4, 5] }).kappa;
    const k23 = cohensKappa(itemScores(1, true), itemScores(2, true), { weights: 'quadratic', labels: [1, 2, 3, 4, 5] }).kappa;
    expect(report.agreement.judges).toEqual(['J-synthetic', 'J1', 'J2', 'J3']);
    expect(report.agreement.matrix[1]).toEqual([null, 1, k12, k13]);
    expect(report.agreement.matrix[3]).toEqual([null, k13, k23, 1]);
    const complete = meanPairwiseKappa([0, 1, 2].map((j) => itemScores(j, true)), { weights: 'quadratic', labels: [1, 2, 3, 4, 5] });
    expect(report.agreement.overall.meanKappa).toBeCloseTo((k12! + k13! + k23!) / 3, 12);
    expect(report.agreement.overall.band).toBe(landisKochBand(report.agreement.overall.meanKappa!));
    // The synthetic judge shares no item: its variance input is the complete items of all four, of which there are none.
    expect(report.agreement.overall.variance).toBeNull();
    const p1 = report.agreement.perRubric.find((r) => r.rubric === 'p1')!;
    const p1Stats = meanPairwiseKappa([0, 1, 2].map((j) => [1, 2].flatMap((task) => CONFIGS.map((_, c) => scoreOf(task, c, 0, j)))), { weights: 'quadratic', labels: [1, 2, 3, 4, 5] });
    expect(p1).toMatchObject({ version: 'v1', meanKappa: p1Stats.meanKappa, band: p1Stats.band, variance: p1Stats.judgeMeanVariance });
    expect(p1.pairs.map((pair) => pair.n)).toEqual([6, 6, 6]);
    expect(complete.pairs.length).toBe(3);

    // Preference: live votes only, both-bad as a tie, configurations compared in run_a/run_b terms.
    const comparisons: PairwiseComparison[] = [
      { a: 'cfg-x', b: 'cfg-y', winner: 'a' },
      { a: 'cfg-x', b: 'cfg-z', winner: 'a' },
      { a: 'cfg-y', b: 'cfg-z', winner: 'tie' },
      { a: 'cfg-x', b: 'cfg-y', winner: 'b' },
      { a: 'cfg-y', b: 'cfg-z', winner: 'tie' },
      { a: 'cfg-x', b: 'cfg-z', winner: 'b' },
      { a: 'cfg-x', b: 'cfg-y', winner: 'a' },
      { a: 'cfg-y', b: 'cfg-z', winner: 'a' },
    ];
    const bt = fitBradleyTerry(comparisons, { bootstrap: 200, seed: 'test-seed' });
    const pref = report.preference;
    expect(pref.votes).toBe(8);
    for (const row of pref.elo) expect(row).toEqual({ config: row.config, label: label(row.config.slice(4)), rating: bt.ratings[row.config], lo: bt.ci![row.config]![0], hi: bt.ci![row.config]![1], comparisons: comparisons.filter((c) => c.a === row.config || c.b === row.config).length });
    expect(pref.elo.map((row) => row.rating)).toEqual([...pref.elo.map((row) => row.rating)].sort((p, q) => q - p));
    const rates = winRates(comparisons);
    for (const pair of pref.pairwise) {
      expect(pair.pValue).toBe(bt.pValues[pair.a]![pair.b]);
      expect(pair.cohensH).toBe(cohensH(rates.systems[pair.a]!.winRate, rates.systems[pair.b]!.winRate));
    }
    expect(pref.pairwise).toHaveLength(3);
    const xy = pref.winMatrix.cells[pref.winMatrix.configs.indexOf('cfg-x')]![pref.winMatrix.configs.indexOf('cfg-y')];
    expect(xy).toBe(2 / 3);
    expect(pref.positionBias).toEqual({ left: 3, decided: 6, leftRate: 0.5, pValue: binomialTest(3, 6, 0.5) });
    expect(pref.cycles).toEqual(majorityCycles(comparisons));
    const kw = kruskalWallis([[5, 4, 4], [4, 4], [4]]);
    expect(pref.winnerQuality.byConfig.map((row) => [row.config, row.mean, row.n])).toEqual([['cfg-x', 13 / 3, 3], ['cfg-y', 4, 2], ['cfg-z', 4, 1]]);
    expect(pref.winnerQuality.kruskal).toEqual({ h: kw.h, pValue: kw.pvalue });
    const pass = passRates([
      { task: 't1', configuration: 'cfg-x', rating: 5 }, { task: 't1', configuration: 'cfg-y', rating: 3 },
      { task: 't1', configuration: 'cfg-z', rating: 2 }, { task: 't1', configuration: 'cfg-x', rating: 4 },
      { task: 't1', configuration: 'cfg-y', rating: 3 }, { task: 't1', configuration: 'cfg-z', rating: 3 },
      { task: 't2', configuration: 'cfg-y', rating: 4 }, { task: 't2', configuration: 'cfg-x', rating: 3 },
      { task: 't2', configuration: 'cfg-y', rating: 2 }, { task: 't2', configuration: 'cfg-z', rating: 1 },
      { task: 't2', configuration: 'cfg-x', rating: 3 }, { task: 't2', configuration: 'cfg-z', rating: 4 },
      { task: 't1', configuration: 'cfg-y', rating: 2 }, { task: 't1', configuration: 'cfg-x', rating: 4 },
      { task: 't2', configuration: 'cfg-y', rating: 4 }, { task: 't2', configuration: 'cfg-z', rating: 2 },
    ]);
    expect(pref.passRates.map((row) => [row.config, row.rate, row.n])).toEqual(CONFIGS.map((c) => [cfg(c), pass.byConfiguration[cfg(c)]!.passRate, pass.byConfiguration[cfg(c)]!.ratings]));
    expect(pref.discriminatingShare).toBe(pass.discriminatingShare);
    for (const row of pref.winRates) expect(row).toMatchObject({ withTies: rates.systems[row.config]!.winRate, withoutTies: rates.systems[row.config]!.winRateExcludingTies, tieRate: rates.systems[row.config]!.tieRate });

    // Alignment, per tier and set: on each voted pair, the run with the higher output score (mean of o1 and o2) wins; equal is a tie.
    const outputGroup = report.alignment.groups.find((g) => g.tier === 'output')!;
    const pairs: [number, string, string][] = [[1, 'x', 'y'], [1, 'x', 'z'], [1, 'y', 'z'], [2, 'x', 'y'], [2, 'y', 'z'], [2, 'x', 'z'], [1, 'x', 'y'], [2, 'y', 'z']];
    for (const [j, judge] of JUDGES.entries()) {
      const scoreOfRun = (task: number, config: string) => {
        const c = CONFIGS.indexOf(config as (typeof CONFIGS)[number]);
        return judge === 'J3' && task === 2 && config === 'z' ? null : (scoreOf(task, c, 1, j) + scoreOf(task, c, 2, j)) / 2;
      };
      const kept = pairs.map((pair, i) => [pair, i] as const).filter(([[task, a, b]]) => scoreOfRun(task, a) !== null && scoreOfRun(task, b) !== null);
      const human = kept.map(([, i]) => comparisons[i]!);
      const judged: PairwiseComparison[] = kept.map(([[task, a, b]]) => {
        const [sa, sb] = [scoreOfRun(task, a)!, scoreOfRun(task, b)!];
        return { a: cfg(a), b: cfg(b), winner: sa > sb ? 'a' : sa < sb ? 'b' : 'tie' };
      });
      const row = outputGroup.judges.find((r) => r.judge === judge)!;
      expect(row, judge).toMatchObject({
        n: judge === 'J3' ? 5 : 8,
        agreement: judged.filter((c, i) => c.winner === human[i]!.winner).length / kept.length,
        kappa: cohensKappa(human.map((c) => c.winner), judged.map((c) => c.winner), { labels: ['a', 'b', 'tie'] }).kappa,
        humanTieRate: winRates(human).tieRate,
        judgeTieRate: winRates(judged).tieRate,
      });
      expect(row.winRates.map((r) => [r.config, r.human, r.judge])).toEqual(CONFIGS.map((c) => [cfg(c), winRates(human).systems[cfg(c)]!.winRate, winRates(judged).systems[cfg(c)]!.winRate]));
    }
    // The judges together score every run (t2-z by J1 and J2), so all 8 votes count.
    expect(outputGroup.together.n).toBe(8);
    expect(outputGroup.pairs.map((pair) => [pair.a, pair.b, pair.n])).toEqual([['cfg-x', 'cfg-y', 3], ['cfg-x', 'cfg-z', 2], ['cfg-y', 'cfg-z', 3]]);
    // The synthetic judge scored only r-t1-x, in the content tier, so no vote has both its runs scored.
    const content = report.alignment.groups.find((g) => g.tier === 'content')!;
    expect(content.judges).toEqual([{ judge: 'J-synthetic', n: 0, agreement: null, kappa: null, kappaLo: null, kappaHi: null, humanTieRate: null, judgeTieRate: null, winRates: [] }]);
  });

  it('leaves synthetic votes and judgments out when asked, and the same seed gives the same numbers', () => {
    seedVotes();
    const report = buildAnalysisReport(workspace.db, { ...OPTIONS, synthetic: 'exclude' });
    expect(report.study).toMatchObject({
      votes: 6,
      judgments: 53,
      annotators: 1,
      includesSynthetic: false,
      synthetic: { included: false, reason: 'requested', votes: 2, judgments: 1 },
      judges: ['J1', 'J2', 'J3'],
    });
    expect(report.preference.votes).toBe(6);
    // Real votes and judgments exist, so the default leaves the synthetic ones out too.
    const byDefault = buildAnalysisReport(workspace.db, { resamples: 200, seed: 'test-seed' });
    expect(byDefault.study.synthetic).toEqual({ included: false, reason: 'real-data-present', votes: 2, judgments: 1 });
    expect({ ...byDefault, generatedAt: '', study: { ...byDefault.study, synthetic: null } }).toEqual({ ...report, generatedAt: '', study: { ...report.study, synthetic: null } });
    const again = buildAnalysisReport(workspace.db, { ...OPTIONS, synthetic: 'exclude' });
    expect({ ...again, generatedAt: '' }).toEqual({ ...report, generatedAt: '' });
    const otherSeed = buildAnalysisReport(workspace.db, { ...OPTIONS, synthetic: 'exclude', seed: 'other' });
    expect(otherSeed.preference.elo.map((row) => row.rating)).toEqual(report.preference.elo.map((row) => row.rating));
    expect(otherSeed.preference.elo.map((row) => row.lo)).not.toEqual(report.preference.elo.map((row) => row.lo));
  });

  it('counts one vote per annotator and pair, their first live one, unless asked to count repeats, and says how many repeats it left out', () => {
    seedVotes();
    const stuffer = createAnnotator({ db: workspace.db }, 'Stuffer').id;
    addVote(stuffer, 1, 'y', 'z', 'a-left', 'right', 1, 5, { retracted: true }); // undone: never counts
    addVote(stuffer, 1, 'y', 'z', 'a-left', 'left', 4, 2); // y beats z: the vote that counts
    const honest = buildAnalysisReport(workspace.db, OPTIONS);
    // The same link asked for the pair again and again: z wins every time, in either order shown.
    for (let i = 0; i < 5; i++) addVote(stuffer, 1, 'y', 'z', i % 2 ? 'a-left' : 'b-left', i % 2 ? 'right' : 'left', 1, 5);
    const marks = workspace.db.prepare('SELECT is_repeat FROM votes WHERE annotator_id = ? ORDER BY created_at').all(stuffer) as { is_repeat: number }[];
    expect(marks.map((row) => row.is_repeat)).toEqual([0, 0, 1, 1, 1, 1, 1]);

    const byDefault = buildAnalysisReport(workspace.db, OPTIONS);
    expect(byDefault.study).toMatchObject({ votes: 9, annotators: 3, repeatVotes: { counted: false, votes: 5 } });
    expect(honest.study.repeatVotes).toEqual({ counted: false, votes: 0 });
    expect({ ...byDefault.preference }).toEqual({ ...honest.preference });
    expect(byDefault.tables.preference).toEqual(honest.tables.preference);

    const all = buildAnalysisReport(workspace.db, { ...OPTIONS, countRepeats: true });
    expect(all.study).toMatchObject({ votes: 14, repeatVotes: { counted: true, votes: 5 } });
    expect(all.preference.votes).toBe(14);
    expect(all.preference.winMatrix).not.toEqual(byDefault.preference.winMatrix);
  });

  it('counts fast votes by default and says how many were flagged; asked, it leaves them out', () => {
    seedVotes();
    const honest = buildAnalysisReport(workspace.db, OPTIONS);
    expect(honest.study.fastVotes).toEqual({ excluded: false, votes: 0 });
    const hasty = createAnnotator({ db: workspace.db }, 'Hasty').id;
    // Two votes under the 3 s floor, one above it: all three are kept and, by default, counted.
    addVote(hasty, 1, 'y', 'z', 'a-left', 'right', 1, 5, { timeMs: 400, fastVoteFloorMs: 3000 });
    addVote(hasty, 2, 'x', 'y', 'a-left', 'right', 1, 5, { timeMs: 2999, fastVoteFloorMs: 3000 });
    addVote(hasty, 2, 'y', 'z', 'a-left', 'right', 1, 5, { timeMs: 3000, fastVoteFloorMs: 3000 });
    const byDefault = buildAnalysisReport(workspace.db, OPTIONS);
    expect(byDefault.study).toMatchObject({ votes: 11, fastVotes: { excluded: false, votes: 2 } });
    expect(byDefault.preference.votes).toBe(11);
    expect(fastVotesNote(byDefault.study)).toBe('2 fast votes (cast sooner after their pair was shown than the fast-vote floor) are counted; leave them out with --exclude-fast-votes (excludeFastVotes).');

    const careful = buildAnalysisReport(workspace.db, { ...OPTIONS, excludeFastVotes: true });
    expect(careful.study).toMatchObject({ votes: 9, annotators: 3, fastVotes: { excluded: true, votes: 2 } });
    expect(careful.preference.votes).toBe(9);
    expect(careful.preference.winMatrix).not.toEqual(byDefault.preference.winMatrix);
    expect(fastVotesNote(careful.study)).toMatch(/^2 fast votes .* are left out, as asked; by default they are counted\.$/);
  });

  it('reports a study without votes as empty panels, not an error', () => {
    const report = AnalysisReportSchema.parse(buildAnalysisReport(workspace.db, OPTIONS));
    expect(report.preference).toMatchObject({ votes: 0, elo: [], positionBias: { decided: 0, leftRate: null } });
    expect(report.alignment.groups.every((group) => group.together.n === 0 && group.judges.every((judge) => judge.n === 0))).toBe(true);
    // Only the synthetic judge scored the content tier, and only one run: one task, so no interval.
    expect(report.leaderboards.find((board) => board.tier === 'content')!.rows).toEqual([{ config: 'cfg-x', label: label('x'), mean: 1, lo: null, hi: null, tasks: 1, runs: 1, judges: [1], crossJudgeVariance: null, rubrics: [1] }]);
    expect(report.tables.leaderboards.find((s) => s.tier === 'content')!.boards[0]!.table.rows[0]![3]!.text).toBe('too few tasks for an interval');
  });
});
