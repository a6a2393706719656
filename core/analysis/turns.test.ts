import { describe, expect, it } from 'vitest';
import type { TableModel } from '../../schemas/table-model.ts';
import { useTaskWorkspace } from '../runs/study/task-workspace.fixture.ts';
import { join } from 'node:path';
import { addRevisionTurns, runRevisingStudy } from './multi-turn-workspace.fixture.ts';
import { renderAnalysisMarkdown } from './report-markdown.ts';

const texts = (table: TableModel) => table.rows.map((row) => row.map((cell) => cell.text));
const ASK = { resamples: 100, seed: 'turns' };

describe('the analysis of multi-turn runs, from the engine’s stored turns', { timeout: 120_000 }, () => {
  const ws = useTaskWorkspace('lhb-turns-analysis-');

  it('reports each turn, and how targeted each revision was, from the turns’ out/ snapshots', async () => {
    const folder = join(ws.dir, 'engine-task');
    addRevisionTurns(folder);
    await runRevisingStudy(ws.api, folder, 2);
    // A single-turn run of another study is not a multi-turn run.
    await ws.api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'one-turn', command: 'mkdir -p out/dist && echo hi > out/dist/index.html' }] });
    await ws.api.context.jobs.idle();

    const report = await ws.api.call('analysis.report', ASK);
    expect(report.turns.runs).toBe(2);
    const byTurn = texts(report.tables.turns.byTurn);
    expect(byTurn.map((row) => [row[1], row[2], row[3], row[7], row[8]])).toEqual([
      ['1', '2', '2', '0', '0'],
      ['2', '2', '2', '2', '2'],
      ['3', '2', '2', '0', '0'],
    ]);
    expect(byTurn.every((row) => /^\d+ (s|min)/.test(row[4]!))).toBe(true);

    // Turn 2 rewrote one line of a ten-line page (1 removed + 1 added) and kept the stylesheet;
    // turn 3 added a one-line file and kept everything.
    expect(texts(report.tables.turns.revisions).map((row) => row.slice(1))).toEqual([
      ['2', '2', '1.00', '2.00', '90.9%'],
      ['3', '2', '1.00', '1.00', '100.0%'],
    ]);
    const markdown = renderAnalysisMarkdown(report);
    expect(markdown).toContain('## Multi-turn runs');
    expect(markdown).toMatch(/\| command · scripted[^|]*\| 2 \| 2 \| 1\.00 \| 2\.00 \| 90\.9% \|/);
  });

  it('is empty, and says so nowhere, without multi-turn runs', async () => {
    await ws.api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model: 'one-turn', command: 'mkdir -p out/dist && echo hi > out/dist/index.html' }] });
    await ws.api.context.jobs.idle();
    const report = await ws.api.call('analysis.report', ASK);
    expect(report.turns).toEqual({ runs: 0, byTurn: [], revisions: [] });
    expect(renderAnalysisMarkdown(report)).not.toContain('Multi-turn');
  });
});
