import { describe, expect, it } from 'vitest';
import { REPORT_FIXTURE as report } from '../../schemas/analysis-report.fixture.ts';
import { tableView } from './table-view.ts';
import { tableToCsv, tableToMarkdown } from './table-export.ts';

// The screen's view of the report's tables (built by core/analysis; see schemas/analysis-report.fixture.ts):
// what ReportTable prints, exports as CSV and copies as Markdown.
const texts = (rows: { text: string }[][]) => rows.map((row) => row.map((c) => c.text));
const output = report.tables.leaderboards.find((s) => s.tier === 'output')!.boards.find((b) => b.scale === 5)!.table;
const content = report.tables.leaderboards.find((s) => s.tier === 'content')!.boards[0]!.table;

describe('leaderboard tables on screen', () => {
  it('show configurations by score, best first, with their rank by the intervals, the interval, tasks and runs; CSV splits the interval', () => {
    const table = tableView(output);
    expect(texts(table.rows).map((row) => row.slice(0, 6))).toEqual([
      ['claude-code · claude-sonnet-4.5 · skill v2', '1', '3.61', '[3.33, 3.88]', '12', '24'],
      ['codex-cli · gpt-5 · skill v2', '1', '3.30', '[2.99, 3.59]', '12', '24'],
      ['gemini-cli · gemini-2.5-pro · skill v1', '2', '2.87', '[2.50, 3.22]', '11', '21'],
    ]);
    const csv = tableToCsv(table).split('\r\n');
    expect(csv[0]).toBe('Configuration,Rank,Score,ci_lo,ci_hi,Tasks,Runs,claude-opus-4.1,gpt-5,gemini-2.5-pro,Cross-judge variance,layout (w 0.50),visual-fidelity (w 0.30),responsive (w 0.20)');
    expect(csv[1]).toBe('claude-code · claude-sonnet-4.5 · skill v2,1,3.61,3.33,3.88,12,24,3.7,3.55,3.58,0.0412,3.8,3.4,3.41');
  });

  it('mark the best configuration of each rubric, a tie as a tie, and say why a value or an interval is missing', () => {
    const table = tableView(output);
    expect(table.rows.map((row) => row.slice(10).map((c) => c.best === true))).toEqual([[true, false, true], [false, true, false], [false, false, false]]);
    expect(table.rows[2]![12]).toMatchObject({ text: '—', title: 'Not scored on this rubric' });
    expect(tableToMarkdown(table)).toContain('**3.80** (best)');
    const few = tableView(content);
    expect(few.rows[0]![3]).toMatchObject({ text: 'too few tasks for an interval', title: 'Scored on 2 tasks: an interval needs 3 or more' });
    expect(few.rows[0]![1]).toMatchObject({ text: '—', title: 'No rank: Scored on 2 tasks: an interval needs 3 or more' });
    expect(few.rows.map((row) => row[10])).toEqual([expect.objectContaining({ best: true, tied: true }), expect.objectContaining({ best: true, tied: true })]);
    expect(tableToMarkdown(few)).toContain('**3.50** (tied best)');
    expect(tableToCsv(few).split('\r\n')[1]).toContain(',,3.48,,,2,4,');
  });
});

describe('agreement, preference and alignment tables on screen', () => {
  it('print the model’s text in every cell, words left-aligned', () => {
    const rubrics = tableView(report.tables.agreement.byRubric);
    expect(texts(rubrics.rows)[0]).toEqual(['output.completeness', 'v2', '0.702', '[0.611, 0.780]', 'substantial', '0.0021', '3']);
    expect(rubrics.columns.filter((c) => c.text).map((c) => c.label)).toEqual(['Version', 'Band']);
    expect(texts(tableView(report.tables.agreement.matrix).rows)[0]).toEqual(['claude-opus-4.1', '1.000', '0.712', '0.583']);
    expect(texts(tableView(report.tables.preference.elo).rows)[0]).toEqual(['claude-code · claude-sonnet-4.5 · skill v2', '1', '1061.4', '[1032.1, 1093.8]']);
    expect(tableView(report.tables.preference.winMatrix).rows[0]![1]).toMatchObject({ text: '—', title: 'A configuration never plays itself' });
    const alignment = report.tables.alignment.find((group) => group.tier === 'output')!;
    expect(texts(tableView(alignment.judges).rows)[1]).toEqual(['claude-opus-4.1', '154', '71.4%', '0.552', '[0.440, 0.650]', '10.6%', '16.2%']);
    expect(texts(tableView(alignment.winRates).rows)[0]![6]).toBe('-1.8 pp');
    expect(texts(tableView(alignment.pairs).rows)[2]).toEqual(['codex-cli · gpt-5 · skill v2', 'gemini-cli · gemini-2.5-pro · skill v1', '42', '71.4%', '—', '—']);
  });
});

describe('the error recovery tables on screen', () => {
  it('show error types in words and export their machine names to CSV', () => {
    const table = tableView(report.tables.recovery.byType);
    expect(texts(table.rows)[1]).toEqual(['Not found', '17', '14', '82.4%', '[60.0%, 100.0%]', '12']);
    const csv = tableToCsv(table).split('\r\n');
    expect(csv[0]).toBe('Error type,Errors,Recovered,Recovery rate,ci_lo,ci_hi,Runs');
    expect(csv[1]).toBe(`build,22,18,${18 / 22},0.65,0.95,15`);
    expect(tableToMarkdown(table)).toContain('| Not found | 17 | 14 | 82.4% | [60.0%, 100.0%] | 12 |');
  });

  it('mark a rate without errors as missing rather than 0%, an empty CSV field', () => {
    const table = tableView(report.tables.recovery.byConfiguration);
    expect(texts(table.rows)[0]).toEqual(['gemini-cli · gemini-2.5-pro · skill v1', '12', '28', '17', '60.7%', '[43.0%, 77.0%]']);
    const none = tableView({ ...report.tables.recovery.byConfiguration, rows: [[{ value: 'quiet', text: 'quiet' }, { value: 2, text: '2' }, { value: 0, text: '0' }, { value: 0, text: '0' }, { value: null, text: '—', missing: 'No errors: nothing to recover from' }, { value: [null, null], text: '—', missing: 'No errors: nothing to recover from' }]] });
    expect(none.rows[0]![4]).toMatchObject({ text: '—', title: 'No errors: nothing to recover from' });
    expect(tableToCsv(none).split('\r\n')[1]).toBe('quiet,2,0,0,,,');
  });
});
