import { describe, expect, it } from 'vitest';
import { REPORT_FIXTURE as report } from '../analysis-report.fixture.ts';
import type { BarChartModel, ReportBlock } from '../report-section.ts';
import { barChart } from './bar-chart.ts';
import { drawChart } from './draw-chart.ts';
import type { SvgNode } from './svg-node.ts';

const all = (node: SvgNode | string, tag: string): SvgNode[] =>
  typeof node === 'string' ? [] : [...(node.tag === tag ? [node] : []), ...(node.children ?? []).flatMap((c) => all(c, tag))];

const blocks = (list: readonly ReportBlock[]): ReportBlock[] => list.flatMap((block) => [block, ...('blocks' in block ? blocks(block.blocks) : [])]);
const charts = blocks(report.sections.flatMap((section) => section.blocks)).flatMap((block) => (block.kind === 'chart' ? [block] : []));
/** The recovery section's bar chart with this file name, as the report sends it. */
const recoveryChart = (fileName: string) => charts.find((block) => block.fileName === fileName)!.chart as BarChartModel;

describe('charts the report sends as data', () => {
  it('are drawn by kind, each named by its title, a heatmap’s legend printed as its scale says', () => {
    const drawn = charts.map((block) => drawChart(block.chart));
    expect(drawn.map((chart, i) => String(chart.attrs['aria-label']).startsWith(charts[i]!.chart.title))).toEqual(charts.map(() => true));
    expect(drawn).toHaveLength(9);
    const texts = (node: SvgNode | string): string[] => (typeof node === 'string' ? [node] : (node.children ?? []).flatMap(texts));
    const heatmap = (fileName: string) => texts(drawChart(charts.find((block) => block.fileName === fileName)!.chart));
    expect(heatmap('agreement-matrix')).toEqual(expect.arrayContaining(['-1.0', '0.0', '1.0']));
    expect(heatmap('win-fractions')).toEqual(expect.arrayContaining(['0%', '50%', '100%']));
  });
});

describe('the recovery bar chart', () => {
  const chart = barChart(recoveryChart('recovery-by-type'));

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
  });

  it('says "no data" for a configuration without errors instead of a zero bar', () => {
    // A row without errors comes with no value (core/analysis/report-charts.test.ts).
    const quiet = { ...recoveryChart('recovery-by-configuration'), bars: [{ label: 'quiet', value: null, lo: null, hi: null, text: '—', detail: '0 of 0 errors recovered' }] };
    const drawn = barChart(quiet);
    expect(all(drawn, 'rect')).toHaveLength(1);
    expect(JSON.stringify(drawn)).toContain('no data');
  });
});
