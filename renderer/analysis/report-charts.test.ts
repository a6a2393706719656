import { describe, expect, it } from 'vitest';
import { REPORT_FIXTURE as report } from '../../schemas/analysis-report.fixture.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { barChart } from './bar-chart.ts';
import { agreementHeatmap, eloChart, leaderboardChart, recoveryConfigurationChart, recoveryTypeChart, winMatrixHeatmap } from './report-charts.ts';
import type { SvgNode } from './svg-node.ts';

const { tables } = report;
const all = (node: SvgNode | string, tag: string): SvgNode[] =>
  typeof node === 'string' ? [] : [...(node.tag === tag ? [node] : []), ...(node.children ?? []).flatMap((c) => all(c, tag))];

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

describe('the recovery bar chart', () => {
  const chart = barChart(recoveryTypeChart(tables.recovery.byType));

  it('draws a bar per type as long as its rate on a fixed 0–100% axis, with its interval as a whisker', () => {
    expect(chart.attrs['aria-label']).toBe('Recovery rate by error type, with 95% CI');
    const bars = all(chart, 'rect').slice(1);
    expect(bars).toHaveLength(4);
    const widths = bars.map((bar) => Number(bar.attrs.width));
    // 81.8% and 82.4% bars nearly equal, 50% the shortest; a full bar would span the plot.
    expect(widths[1]! / widths[0]!).toBeCloseTo((14 / 17) / (18 / 22), 6);
    expect(widths[3]! / widths[0]!).toBeCloseTo(0.5 / (18 / 22), 6);
    const whiskers = all(chart, 'line').filter((line) => line.attrs.y1 === line.attrs.y2 && line.attrs.stroke !== '#dcdfe4');
    expect(whiskers).toHaveLength(4);
    const left = Number(bars[0]!.attrs.x);
    const full = widths[0]! / (18 / 22);
    expect(Number(whiskers[0]!.attrs.x1)).toBeCloseTo(left + 0.65 * full, 6);
    expect(Number(whiskers[0]!.attrs.x2)).toBeCloseTo(left + 0.95 * full, 6);
    expect(recoveryTypeChart(tables.recovery.byType).bars[0]).toMatchObject({ label: 'Build', text: '81.8%', detail: '18 of 22 errors recovered' });
  });

  it('says "no data" for a configuration without errors instead of a zero bar', () => {
    const quiet: TableModel = {
      ...tables.recovery.byConfiguration,
      rows: [[{ value: 'quiet', text: 'quiet' }, { value: 2, text: '2' }, { value: 0, text: '0' }, { value: 0, text: '0' }, { value: null, text: '—', missing: 'No errors' }, { value: [null, null], text: '—', missing: 'No errors' }]],
    };
    const drawn = barChart(recoveryConfigurationChart(quiet));
    expect(all(drawn, 'rect')).toHaveLength(1);
    expect(JSON.stringify(drawn)).toContain('no data');
  });
});
