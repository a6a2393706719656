import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalysisReportSchema, type AnalysisReport } from '../../schemas/analysis.ts';
import { tableToMarkdown } from '../../schemas/table-markdown.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { createAnnotator } from '../arena/annotators.ts';
import { sidesFor, winnerRunId, type VoteChoice } from '../arena/assign-sides.ts';
import { renderDatasetCard } from '../export/dataset-card.ts';
import { CollectionFacts } from '../export/collection-facts.ts';
import { cohensKappa } from '../stats/cohens-kappa.ts';
import { twoStageBootstrapInterval } from '../stats/two-stage-bootstrap.ts';
import { insertJudgment } from '../store/judgment-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { insertRubricSet } from '../store/rubric-set-repository.ts';
import { insertRun } from '../store/run-repository.ts';
import { upsertTask } from '../store/task-repository.ts';
import { insertPresentation, insertVote } from '../store/vote-repository.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { buildAnalysisReport } from './build-analysis-report.ts';
import { renderAnalysisMarkdown } from './report-markdown.ts';

// A study judged, as the method is, with an expert set at both scales and a generic set, with
// unequal weights: every leaderboard cell is checked against the weighted mean computed here by hand.

const OPTIONS = { resamples: 300, seed: 'hand', synthetic: 'exclude' as const };
const TASKS = ['t1', 't2', 't3', 't4'];
const CONFIGS = ['x', 'y'];
const REPEATS = [1, 2];
const JUDGES = ['J1', 'J2'];
const now = '2026-01-01T00:00:00.000Z';

interface SetSpec {
  name: string;
  scale: 3 | 5;
  /** Stored weights: deliberately not summing to 1 for the 3-point set, so normalising matters. */
  rubrics: [string, number][];
  tasks: string[];
}
const SETS: SetSpec[] = [
  { name: 'expert-figma', scale: 5, rubrics: [['layout', 0.5], ['fidelity', 0.3], ['responsive', 0.2]], tasks: TASKS },
  { name: 'expert-figma', scale: 3, rubrics: [['layout', 0.6], ['fidelity', 0.3], ['responsive', 0.1]], tasks: TASKS },
  // The generic baseline on two tasks only: no interval.
  { name: 'generic-output', scale: 5, rubrics: [['overall', 0.7], ['polish', 0.3]], tasks: ['t1', 't2'] },
];

const runId = (task: string, config: string, repeat: number) => `r-${task}-${config}-${repeat}`;
/** A judge's score of one rubric of one run, on the set's scale: varied, so no two weightings agree by chance. */
function scoreOf(set: SetSpec, task: string, config: string, repeat: number, rubric: number, judge: number): number {
  const t = TASKS.indexOf(task);
  const raw = (config === 'x' ? 3 : 1) + ((t * 7 + repeat * 3 + rubric * 5 + judge * 2 + set.name.length) % 3) - (rubric === 1 && config === 'y' ? 1 : 0);
  return set.scale === 5 ? Math.min(5, Math.max(1, raw)) : Math.min(2, Math.max(0, raw - 2));
}
/** J2 never scored `responsive` of r-t1-x-1 at 5 points (a failed rubric): its score of that run is left out. */
const skipped = (set: SetSpec, task: string, config: string, repeat: number, rubric: string, judge: string) =>
  set.name === 'expert-figma' && set.scale === 5 && task === 't1' && config === 'x' && repeat === 1 && rubric === 'responsive' && judge === 'J2';

let dir: string;
let workspace: Workspace;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-leaderboards-'));
  workspace = openWorkspace(dir);
});

afterEach(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Stores the study; `reversed` stores the judgments in the opposite order (as another workspace's import might). */
function seed(reversed = false): void {
  const db = workspace.db;
  const project = findCurrentProject(db)!;
  for (const spec of SETS) {
    const definition = { name: spec.name, version: 'v1', scale: spec.scale, tier: 'output', taskKinds: ['figma'], rubrics: spec.rubrics.map(([name, weight]) => ({ name, criterion: name, weight, anchors: {} })) };
    insertRubricSet(db, { id: `${spec.name}-${spec.scale}`, name: spec.name, version: 'v1', scale: spec.scale, tier: 'output', authored_by: spec.name === 'expert-figma' ? 'expert' : 'llm-generic', chapter_id: null, definition_json: JSON.stringify(definition), digest: `${spec.name}-${spec.scale}`, builtin: 0, created_at: now });
  }
  for (const task of TASKS) {
    upsertTask(db, { id: task, project_id: project.id, kind: 'figma', title: task, instruction: '', chapter_id: null, figma_file_key: null, created_at: now, updated_at: now }, []);
    for (const config of CONFIGS) {
      for (const repeat of REPEATS) {
        const id = runId(task, config, repeat);
        insertRun(db, { id, task_id: task, harness: `h${config}`, model: `m${config}`, versions_json: '{"skill":"v1"}', config_id: `cfg-${config}`, status: 'succeeded', started_at: now, finished_at: now, digest: id, source_dir: '/x', imported_at: now }, [], []);
      }
    }
  }
  const judgments = SETS.flatMap((spec) =>
    spec.tasks.flatMap((task) =>
      CONFIGS.flatMap((config) =>
        REPEATS.flatMap((repeat) =>
          spec.rubrics.flatMap(([rubric], i) =>
            JUDGES.flatMap((judge, j) =>
              skipped(spec, task, config, repeat, rubric, judge)
                ? []
                : [{ id: `${spec.name}-${spec.scale}-${runId(task, config, repeat)}-${rubric}-${judge}`, run_id: runId(task, config, repeat), judge, tier: 'output' as const, rubric, rubric_set: spec.name, rubric_version: 'v1', scale: spec.scale, score: scoreOf(spec, task, config, repeat, i, j), rationale: '', synthetic: 0 as const, created_at: now }],
            ),
          ),
        ),
      ),
    ),
  );
  for (const judgment of reversed ? judgments.reverse() : judgments) insertJudgment(db, judgment);
}

/** The method by hand: per run, each complete judge's Σ wᵢsᵢ (weights normalised), averaged over judges; then the mean over tasks of run means. */
function byHand(spec: SetSpec, config: string) {
  const total = spec.rubrics.reduce((sum, [, w]) => sum + w, 0);
  const judgeScore = (task: string, repeat: number, j: number): number | null => {
    if (spec.rubrics.some(([rubric]) => skipped(spec, task, config, repeat, rubric, JUDGES[j]!))) return null;
    return spec.rubrics.reduce((sum, [, w], i) => sum + (w / total) * scoreOf(spec, task, config, repeat, i, j), 0);
  };
  const meanOf = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const runScore = (task: string, repeat: number) => meanOf(JUDGES.map((_, j) => judgeScore(task, repeat, j)).filter((s): s is number => s !== null));
  const score = meanOf(spec.tasks.map((task) => meanOf(REPEATS.map((repeat) => runScore(task, repeat)))));
  const judges = JUDGES.map((_, j) => meanOf(spec.tasks.map((task) => meanOf(REPEATS.flatMap((repeat) => judgeScore(task, repeat, j) ?? [])))));
  const variances = spec.tasks.flatMap((task) =>
    REPEATS.flatMap((repeat) => {
      const scores = JUDGES.map((_, j) => judgeScore(task, repeat, j)).filter((s): s is number => s !== null);
      if (scores.length < 2) return [];
      const m = meanOf(scores);
      return [meanOf(scores.map((s) => (s - m) ** 2))];
    }),
  );
  const rubricMeans = spec.rubrics.map(([rubric], i) =>
    meanOf(spec.tasks.map((task) => meanOf(REPEATS.map((repeat) => meanOf(JUDGES.flatMap((judge, j) => (skipped(spec, task, config, repeat, rubric, judge) ? [] : [scoreOf(spec, task, config, repeat, i, j)]))))))),
  );
  const clusters = spec.tasks.map((task) => ({ id: task, units: REPEATS.map((repeat) => ({ id: runId(task, config, repeat), value: runScore(task, repeat) })) }));
  return { score, judges, variance: meanOf(variances), rubricMeans, clusters };
}

const boardTable = (report: AnalysisReport, name: string, scale: 3 | 5): TableModel => {
  const section = report.tables.leaderboards.find((s) => s.title === `Output tier · ${name} v1`)!;
  return section.boards.find((b) => b.scale === scale)!.table;
};
const rowOf = (table: TableModel, config: string) => table.rows.find((row) => row[0]!.text === `h${config} · m${config} · skill v1`)!.map((cell) => cell.text);

describe('the leaderboards on a hand-built store', () => {
  it('print, per set and scale, the weighted mean computed by hand from the stored judgments, to the printed digit', () => {
    seed();
    const report = AnalysisReportSchema.parse(buildAnalysisReport(workspace.db, OPTIONS));
    for (const spec of SETS) {
      const table = boardTable(report, spec.name, spec.scale);
      for (const config of CONFIGS) {
        const hand = byHand(spec, config);
        const row = rowOf(table, config);
        const tasks = spec.tasks.length;
        expect(row.slice(2, 3), `${spec.name} ${spec.scale} ${config}`).toEqual([hand.score.toFixed(2)]);
        expect(row.slice(4, 6)).toEqual([String(tasks), String(tasks * REPEATS.length)]);
        expect(row.slice(6, 8)).toEqual(hand.judges.map((s) => s.toFixed(2)));
        expect(row[8]).toBe(hand.variance.toFixed(4));
        expect(row.slice(9)).toEqual(hand.rubricMeans.map((s) => s.toFixed(2)));
        if (tasks >= 3) {
          // The interval: the two-stage bootstrap of exactly these run scores, tasks then runs.
          const interval = twoStageBootstrapInterval(hand.clusters, { resamples: OPTIONS.resamples, seed: OPTIONS.seed });
          expect(row[3]).toBe(`[${interval.lo!.toFixed(2)}, ${interval.hi!.toFixed(2)}]`);
        } else {
          expect(row[3]).toBe('too few tasks for an interval');
          expect(row[1]).toBe('—');
        }
      }
    }
    // The headers carry each rubric's normalised weight: the 3-point set's 0.6/0.3/0.1 of a stored total of 1.
    expect(boardTable(report, 'expert-figma', 3).columns.slice(9).map((c) => c.header)).toEqual(['layout (w 0.60)', 'fidelity (w 0.30)', 'responsive (w 0.10)']);
    expect(boardTable(report, 'expert-figma', 5).caption).toContain('1 judge score of a run left out: that judge did not score every rubric of the set for that run.');
  });

  it('keep expert and generic sets, and 3- and 5-point scales, in separate tables: never a pooled mean', () => {
    seed();
    const report = buildAnalysisReport(workspace.db, OPTIONS);
    expect(report.leaderboards.map((b) => [b.tier, b.rubricSet, b.version, b.scale])).toEqual([
      ['output', 'expert-figma', 'v1', 3],
      ['output', 'expert-figma', 'v1', 5],
      ['output', 'generic-output', 'v1', 5],
    ]);
    expect(report.tables.leaderboards.map((s) => [s.title, s.boards.map((b) => b.title)])).toEqual([
      ['Output tier · expert-figma v1', ['3-point scale (0–2)', '5-point scale (1–5)']],
      ['Output tier · generic-output v1', ['5-point scale (1–5)']],
    ]);
    // What the old leaderboard printed (every output judgment's plain mean) is none of these.
    const all = workspace.db.prepare("SELECT avg(score) AS mean FROM judgments WHERE tier = 'output'").get() as { mean: number };
    for (const board of report.leaderboards) for (const row of board.rows) expect(row.mean.toFixed(2)).not.toBe(all.mean.toFixed(2));
  });

  it('gives every figure to the bit whatever order the judgments were stored in', () => {
    seed();
    const first = buildAnalysisReport(workspace.db, OPTIONS);
    workspace.close();
    rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'lhb-leaderboards-'));
    workspace = openWorkspace(dir);
    seed(true);
    const second = buildAnalysisReport(workspace.db, OPTIONS);
    expect(second.leaderboards).toEqual(first.leaderboards);
    expect(second.alignment).toEqual(first.alignment);
  });
});

describe('the alignment per tier, set and scale', () => {
  /** Votes between x and y on each task's first repeats: x wins on t1 and t2, y on t3, a tie on t4. */
  const VOTES: [string, VoteChoice][] = [['t1', 'left'], ['t2', 'left'], ['t3', 'right'], ['t4', 'tie']];

  function seedVotes(): void {
    const annotator = createAnnotator({ db: workspace.db }, 'Expert').id;
    VOTES.forEach(([task, choice], i) => {
      const pair = { runA: runId(task, 'x', 1), runB: runId(task, 'y', 1) };
      const sides = sidesFor(pair, 'a-left');
      const id = `v${i}`;
      const createdAt = `2026-01-02T00:00:0${i}.000Z`;
      insertPresentation(workspace.db, { id: `p-${id}`, token: `token-${id}`, annotator_id: annotator, task_id: task, run_a: pair.runA, run_b: pair.runB, shown_order: 'a-left', created_at: createdAt });
      insertVote(workspace.db, { id, presentation_id: `p-${id}`, annotator_id: annotator, task_id: task, run_a: pair.runA, run_b: pair.runB, shown_order: 'a-left', left_run: sides.left, right_run: sides.right, choice, winner_run: winnerRunId(pair, 'a-left', choice), rating_left: 3, rating_right: 3, reason: '', time_on_item_ms: 5000, synthetic: 0, fast_vote_floor_ms: null, created_at: createdAt, retracted_at: null });
    });
  }

  it('compares the votes with each set’s run scores, and prints it per tier and set in the Markdown report and the dataset card', () => {
    seed();
    seedVotes();
    const report = AnalysisReportSchema.parse(buildAnalysisReport(workspace.db, OPTIONS));
    expect(report.alignment.groups.map((g) => [g.rubricSet, g.scale])).toEqual([['expert-figma', 3], ['expert-figma', 5], ['generic-output', 5]]);
    for (const spec of SETS) {
      const group = report.alignment.groups.find((g) => g.rubricSet === spec.name && g.scale === spec.scale)!;
      // By hand: each voted pair's run scores (the leaderboard's), the higher wins.
      const voted = VOTES.filter(([task]) => spec.tasks.includes(task));
      const scoreOfRun = (task: string, config: string) => {
        const hand = byHand(spec, config);
        return hand.clusters.find((c) => c.id === task)!.units.find((u) => u.id === runId(task, config, 1))!.value;
      };
      const human = voted.map(([, choice]) => (choice === 'left' ? 'a' : choice === 'right' ? 'b' : 'tie'));
      const judged = voted.map(([task]) => {
        const [a, b] = [scoreOfRun(task, 'x'), scoreOfRun(task, 'y')];
        return a > b ? 'a' : b > a ? 'b' : 'tie';
      });
      const agreement = human.filter((h, i) => h === judged[i]).length / voted.length;
      expect(group.together.n).toBe(voted.length);
      expect(group.together.agreement).toBe(agreement);
      expect(group.together.kappa).toBe(cohensKappa(human, judged, { labels: ['a', 'b', 'tie'] }).kappa);
      expect(group.pairs).toEqual([{ a: 'cfg-x', aLabel: 'hx · mx · skill v1', b: 'cfg-y', bLabel: 'hy · my · skill v1', n: voted.length, agreement, kappa: group.together.kappa, kappaLo: null, kappaHi: null }]);
      expect(group.judges.map((j) => j.judge)).toEqual(JUDGES);
    }

    const markdown = renderAnalysisMarkdown(report);
    const card = renderDatasetCard({ projectName: 'Hand', license: { id: 'mit' }, format: 'jsonl', subsets: ['preferences', 'judgments'], files: [], pseudonymised: false, includesSynthetic: false, facts: new CollectionFacts(), analysis: report });
    for (const group of report.tables.alignment) {
      for (const table of [group.judges, group.winRates, group.pairs]) {
        expect(markdown, table.id).toContain(tableToMarkdown(table));
        expect(card, table.id).toContain(tableToMarkdown(table));
      }
    }
    expect(markdown).toContain('### Output tier · expert-figma v1 · 3-point scale (0–2)');
    expect(card).toContain('#### Output tier · generic-output v1 · 5-point scale (1–5)');
    for (const section of report.tables.leaderboards) for (const board of section.boards) expect(card).toContain(tableToMarkdown(board.table));
  });
});
