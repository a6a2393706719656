import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAnalysisReport } from '../../analysis/build-analysis-report.ts';
import { renderAnalysisMarkdown } from '../../analysis/report-markdown.ts';
import { exportDataset } from '../../export/export-dataset.ts';
import { countJudgments, insertJudgment } from '../../store/judgment-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { openRubricLibrary } from '../rubrics/rubric-library.ts';
import { compareRubricSets } from './compare-rubric-sets.ts';
import { importJudgments } from './import-judgments.ts';
import { listJudgmentViews } from './judgment-views.ts';
import { twoKindsWorkspace, type TwoKindsWorkspace } from './two-kinds-workspace.fixture.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const STAMP = '2026-02-01T00:00:00.000Z';

/**
 * A workspace as judging left it before rubric sets declared their task kinds: the shipped v1
 * sets stored without kinds, the Figma runs judged right (figma-process) and wrong
 * (programmatic-content, at the content tier), and a programmatic run judged with figma-process.
 */
function judgedBeforeKinds(): TwoKindsWorkspace {
  const ws = twoKindsWorkspace();
  cleanups.push(() => ws.close());
  const { db } = ws.workspace;
  openRubricLibrary(db); // stores the shipped sets
  db.prepare("UPDATE rubric_sets SET definition_json = json_remove(definition_json, '$.taskKinds') WHERE builtin = 1 AND name <> 'programmatic-process'").run();
  const library = openRubricLibrary(db);
  let n = 0;
  const judge = (runId: string, setName: string, judgeName: string, score: number) => {
    const set = library.require(setName, 'v1', 5).set;
    for (const rubric of set.rubrics) {
      insertJudgment(db, { id: `j-${++n}`, run_id: runId, judge: judgeName, tier: set.tier, rubric: rubric.name, rubric_set: set.name, rubric_version: 'v1', scale: 5, score, rationale: '', synthetic: 0, created_at: STAMP });
    }
  };
  for (const [judgeName, score] of [['judge-a', 4], ['judge-b', 3]] as const) {
    judge('figma-run-1', 'figma-process', judgeName, score);
    judge('figma-run-2', 'figma-process', judgeName, score - 1);
    judge('content-run-1', 'figma-process', judgeName, 5); // wrong kind: 4 rubrics
    judge('figma-run-1', 'programmatic-content', judgeName, 2); // wrong kind: 5 rubrics
  }
  return ws;
}

describe('judgments made with a set for another task kind', () => {
  it('a workspace that stored the shipped v1 sets before kinds existed reads them with their files\' kinds, unchanged', () => {
    const ws = judgedBeforeKinds();
    const library = openRubricLibrary(ws.workspace.db);
    expect(library.warnings()).toEqual([]);
    const stored = library.require('figma-process', 'v1', 5);
    expect(stored.set.taskKinds).toEqual(['figma']);
    expect(stored.taskKindsDeclared).toBe(false);
    expect(library.require('programmatic-content', 'v1', 3).set.taskKinds).toEqual(['programmatic']);
    expect(library.list().find((set) => set.name === 'programmatic-process' && set.scale === 5)).toMatchObject({ tier: 'process', taskKinds: ['programmatic'], taskKindsDeclared: true });
  });

  it('stay stored and are marked with why', () => {
    const ws = judgedBeforeKinds();
    const views = listJudgmentViews(ws.workspace.db);
    expect(countJudgments(ws.workspace.db)).toBe(2 * (4 + 4 + 4 + 5));
    const marked = views.filter((view) => view.leftOut !== null);
    expect(marked).toHaveLength(2 * (4 + 5));
    expect(new Set(marked.map((view) => `${view.runId} ${view.rubricSet}`))).toEqual(new Set(['content-run-1 figma-process', 'figma-run-1 programmatic-content']));
    expect(marked.find((view) => view.runId === 'content-run-1')!.leftOut).toBe('made with figma-process@v1, a rubric set for figma tasks, on a run of a programmatic task');
  });

  it('are left out of the analysis, which says how many', () => {
    const ws = judgedBeforeKinds();
    const report = buildAnalysisReport(ws.workspace.db, { resamples: 50, seed: 'x' });
    expect(report.study.judgments).toBe(2 * (4 + 4));
    expect(report.study.judgmentsLeftOut).toBe(2 * (4 + 5));
    const itemsPerTier = report.agreement.perRubric.map((row) => row.rubric);
    expect(itemsPerTier).not.toContain('Pedagogical effectiveness');
    expect(renderAnalysisMarkdown(report)).toContain('> 18 stored judgments were made with a rubric set for another task kind than the run\'s and are left out of every figure');
  });

  it('are left out of the rubric set comparison, which says how many', () => {
    const ws = judgedBeforeKinds();
    const comparison = compareRubricSets(ws.workspace.db, 'process');
    expect(comparison.leftOut).toBe(2 * 4);
    const figma = comparison.kinds.find((group) => group.taskKind === 'figma')!;
    expect(figma.sets.map((set) => set.rubricSet)).toEqual(['figma-process']);
    expect(figma.sets[0]!.runs).toBe(2);
    expect(comparison.kinds.find((group) => group.taskKind === 'programmatic')).toBeUndefined();
  });

  it('are left out of the dataset export, whose card says how many and why', async () => {
    const ws = judgedBeforeKinds();
    const out = join(mkdtempSync(join(tmpdir(), 'lhb-kind-export-')), 'dataset');
    cleanups.push(() => rmSync(join(out, '..'), { recursive: true, force: true }));
    const project = findCurrentProject(ws.workspace.db)!;
    const result = await exportDataset(
      { workspace: ws.workspace, project: { id: project.id, name: project.name } },
      { outDir: out, format: 'jsonl', subsets: ['judgments'], pseudonymise: false, includeSynthetic: false, license: 'mit' },
      { signal: new AbortController().signal, report: () => undefined },
    );
    const rows = readFileSync(join(out, 'data', 'judgments', 'train-00000-of-00001.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { run_id: string; rubric_set: string });
    expect(rows).toHaveLength(2 * (4 + 4));
    expect(rows.every((row) => row.rubric_set === 'figma-process' && row.run_id.startsWith('figma-run'))).toBe(true);
    expect(result.rows).toEqual([{ subset: 'judgments', rows: 16 }]);
    expect(result.card).toContain('18 judgments made with a rubric set for another task kind are left out');
  });

  it('`lhb judge import` refuses a line whose set is for another kind than its run\'s task', () => {
    const ws = judgedBeforeKinds();
    const library = openRubricLibrary(ws.workspace.db);
    const set = library.require('figma-process', 'v1', 5).set;
    const reply = { rubric_scores: set.rubrics.map((rubric) => ({ rubric_name: rubric.name, score: 3, matched_level: '3', thinking_process: 'seen' })) };
    const lines = [
      JSON.stringify({ runId: 'content-run-1', judge: 'elsewhere', rubricSet: 'figma-process@v1', reply }),
      JSON.stringify({ runId: 'figma-run-1', judge: 'elsewhere', rubricSet: 'figma-process@v1', reply }),
    ].join('\n');
    const result = importJudgments(ws.workspace.db, library, lines);
    expect(result.errors).toEqual([{ line: 1, error: 'figma-process@v1 is a rubric set for figma tasks, and run content-run-1 is of a programmatic task; nothing of this line was stored. Judge it with a set for programmatic tasks.' }]);
    expect(result.imported).toBe(1);
  });
});
