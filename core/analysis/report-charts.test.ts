import { describe, expect, it } from 'vitest';
import { REPORT_FIXTURE as report } from '../../schemas/analysis-report.fixture.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { agreementHeatmap, eloChart, leaderboardChart, recoveryConfigurationChart, recoveryTypeChart, winMatrixHeatmap } from './report-charts.ts';

const { tables } = report;

describe('charts drawn from the report’s tables', () => {
  it('put the leaderboard’s and Elo’s rows in the table’s order, with its values and text', () => {
    const output = tables.leaderboards.find((s) => s.tier === 'output')!;
    const five = output.boards.find((b) => b.scale === 5)!;
    const chart = leaderboardChart(output, five);
    expect(chart.title).toBe('Output tier · figma-output v2, 5-point scale (1–5): score with 95% CI');
    expect(chart.axisLabel).toBe('Score (1–5)');
    expect(chart.points.map((p) => p.label)).toEqual(five.table.rows.map((r) => r[0]!.text));
    expect(chart.points[0]).toMatchObject({ mean: 3.61, lo: 3.33, hi: 3.88, text: '3.61 [3.33, 3.88]' });
    // The 3-point table is drawn on its own 0–2 axis, never beside 1–5 scores on one.
    expect(leaderboardChart(output, output.boards.find((b) => b.scale === 3)!).axisLabel).toBe('Score (0–2)');
    // Without an interval, a dot and the table's words, no whisker.
    const content = tables.leaderboards.find((s) => s.tier === 'content')!;
    expect(leaderboardChart(content, content.boards[0]!).points[0]).toMatchObject({ mean: 3.48, lo: null, hi: null, text: '3.48 too few tasks for an interval' });
    expect(eloChart(tables.preference.elo).points[0]).toMatchObject({ mean: 1061.37, lo: 1032.07, hi: 1093.8, text: '1061.4 [1032.1, 1093.8]' });
  });

  it('colour the κ and win matrices by the same values the tables print', () => {
    expect(agreementHeatmap(tables.agreement.matrix).cells[1]![2]).toEqual({ value: 0.628, text: '0.628' });
    const wins = winMatrixHeatmap(tables.preference.winMatrix);
    expect(wins.rowLabels[2]).toBe('gemini-cli · gemini-2.5-pro · skill v1');
    expect(wins.columnLabels).toEqual(wins.rowLabels);
    expect(wins.cells[0]![0]).toEqual({ value: null, text: '—' });
  });
});


describe('the recovery bar charts', () => {
  it('give a bar per row with its rate, interval, the table’s text and how many errors it rests on', () => {
    const chart = recoveryTypeChart(tables.recovery.byType);
    expect(chart).toMatchObject({ kind: 'bar', title: 'Recovery rate by error type, with 95% CI', axisLabel: 'Errors recovered' });
    expect(chart.bars).toHaveLength(4);
    expect(chart.bars[0]).toMatchObject({ label: 'Build', value: 18 / 22, lo: 0.65, hi: 0.95, text: '81.8%', detail: '18 of 22 errors recovered' });
  });

  it('give a configuration without errors no value, so the chart says "no data" instead of a zero bar', () => {
    const quiet: TableModel = {
      ...tables.recovery.byConfiguration,
      rows: [[{ value: 'quiet', text: 'quiet' }, { value: 2, text: '2' }, { value: 0, text: '0' }, { value: 0, text: '0' }, { value: null, text: '—', missing: 'No errors' }, { value: [null, null], text: '—', missing: 'No errors' }]],
    };
    expect(recoveryConfigurationChart(quiet).bars).toEqual([{ label: 'quiet', value: null, lo: null, hi: null, text: '—', detail: '0 of 0 errors recovered' }]);
  });
});
