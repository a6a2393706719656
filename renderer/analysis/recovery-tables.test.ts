import { describe, expect, it } from 'vitest';
import { barChart } from './bar-chart.ts';
import { readRecovery, recoveryConfigurationChart, recoveryConfigurationTable, recoveryTypeChart, recoveryTypeTable } from './recovery-tables.ts';
import { EMPTY_REPORT_FIXTURE, REPORT_FIXTURE } from './report.fixture.ts';
import type { SvgNode } from './svg-node.ts';
import { tableToCsv, tableToMarkdown } from './table-export.ts';

const recovery = REPORT_FIXTURE.recovery;
const all = (node: SvgNode | string, tag: string): SvgNode[] =>
  typeof node === 'string' ? [] : [...(node.tag === tag ? [node] : []), ...(node.children ?? []).flatMap((c) => all(c, tag))];

describe('the error recovery tables', () => {
  it('list each error type with counts, its rate and interval, in words on screen and machine names in CSV', () => {
    const table = recoveryTypeTable(recovery);
    expect(table.rows.map((row) => row.map((c) => c.text))).toEqual([
      ['Build', '22', '18', '81.8%', '[65.0%, 95.0%]', '15'],
      ['Not found', '17', '14', '82.4%', '[60.0%, 100.0%]', '12'],
      ['Test', '13', '7', '53.8%', '[30.0%, 78.0%]', '9'],
      ['Network', '12', '6', '50.0%', '[25.0%, 75.0%]', '8'],
    ]);
    const csv = tableToCsv(table).split('\r\n');
    expect(csv[0]).toBe('Error type,Errors,Recovered,Recovery rate,ci_lo,ci_hi,Runs');
    expect(csv[1]).toBe(`build,22,18,${18 / 22},0.65,0.95,15`);
    expect(tableToMarkdown(table)).toContain('| Not found | 17 | 14 | 82.4% | [60.0%, 100.0%] | 12 |');
  });

  it('list each configuration, and mark a rate without errors as missing rather than 0%', () => {
    const table = recoveryConfigurationTable(recovery);
    expect(table.rows.map((row) => row.map((c) => c.text))[0]).toEqual(['gemini-cli · gemini-2.5-pro · skill v1', '12', '28', '17', '60.7%', '[43.0%, 77.0%]']);
    const none = recoveryConfigurationTable({ ...recovery, byConfiguration: [{ config: 'c', label: 'quiet', runs: 2, errors: 0, recovered: 0, rate: null, lo: null, hi: null }] });
    expect(none.rows[0]![4]).toMatchObject({ text: '—', title: 'No errors: nothing to recover from' });
    expect(tableToCsv(none).split('\r\n')[1]).toBe('quiet,2,0,0,,,');
  });

  it('read the headline like the method authors state theirs', () => {
    expect(readRecovery(recovery).figures).toBe('70.3% of errors recovered: 45 of 64, 95% CI [59.4%, 80.0%], over 36 runs with a trajectory (12 imported).');
    expect(readRecovery({ ...EMPTY_REPORT_FIXTURE.recovery, runs: 1 }).figures).toBe('No errors in 1 run with a trajectory.');
  });
});

describe('the recovery bar chart', () => {
  const chart = barChart(recoveryTypeChart(recovery));

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
    const spec = recoveryConfigurationChart({ ...recovery, byConfiguration: [{ config: 'c', label: 'quiet', runs: 2, errors: 0, recovered: 0, rate: null, lo: null, hi: null }] });
    const quiet = barChart(spec);
    expect(all(quiet, 'rect')).toHaveLength(1);
    expect(JSON.stringify(quiet)).toContain('no data');
  });
});
