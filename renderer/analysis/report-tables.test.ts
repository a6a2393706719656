import { describe, expect, it } from 'vitest';
import { agreementHeatmap, agreementMatrixTable, agreementRubricTable } from './agreement-tables.ts';
import { alignmentTable, alignmentWinRateTable } from './alignment-tables.ts';
import { leaderboardChart, leaderboardTable, rubricTable } from './leaderboard-tables.ts';
import { eloChart, eloTable, pairwiseTable, winMatrixHeatmap, winMatrixTable, winRateTable } from './preference-tables.ts';
import { REPORT_FIXTURE as report } from './report.fixture.ts';
import { tableToCsv, tableToMarkdown } from './table-export.ts';

const texts = (rows: { text: string }[][]) => rows.map((row) => row.map((c) => c.text));
const output = report.leaderboards.find((b) => b.tier === 'output')!;

describe('leaderboard tables', () => {
  it('sorts configurations by mean, best first, with the interval and n', () => {
    const table = leaderboardTable(output);
    expect(texts(table.rows)).toEqual([
      ['claude-code · claude-sonnet-4.5 · skill v2', '3.61', '[3.33, 3.88]', '12'],
      ['codex-cli · gpt-5 · skill v2', '3.30', '[2.99, 3.59]', '12'],
      ['gemini-cli · gemini-2.5-pro · skill v1', '2.87', '[2.50, 3.22]', '11'],
    ]);
    expect(tableToCsv(table).split('\r\n')[0]).toBe('Configuration,Mean,ci_lo,ci_hi,n');
    expect(leaderboardChart(output).points.map((p) => p.label)).toEqual(table.rows.map((r) => r[0]!.text));
  });

  it('marks the best configuration of each rubric, and only where it has a value', () => {
    const table = rubricTable(output);
    const best = table.rows.map((row) => row.findIndex((c) => c.best));
    // Columns follow the leaderboard: claude (1), codex (2), gemini (3).
    expect(best).toEqual([1, 2, 1]);
    expect(table.rows[2]![3]).toMatchObject({ text: '—', title: 'Not scored on this rubric' });
    expect(tableToMarkdown(table)).toContain('**3.66** (best)');
  });
});

describe('agreement tables', () => {
  it('lists κ per rubric and version with its band', () => {
    expect(texts(agreementRubricTable(report.agreement).rows)).toEqual([
      ['output.completeness', 'v2', '0.702', 'substantial', '0.0021', '3'],
      ['output.fidelity', 'v1', '0.441', 'moderate', '0.0113', '3'],
      ['content.polish', 'v1', '—', '—', '—', '1'],
    ]);
  });

  it('prints the κ matrix in every cell', () => {
    expect(texts(agreementMatrixTable(report.agreement).rows)[0]).toEqual(['claude-opus-4.1', '1.000', '0.712', '0.583']);
    const heatmap = agreementHeatmap(report.agreement);
    expect(heatmap.cells[1]![2]).toEqual({ value: 0.628, text: '0.628' });
  });
});

describe('preference tables', () => {
  it('ranks Elo with one decimal and its interval', () => {
    expect(texts(eloTable(report).rows)).toEqual([
      ['claude-code · claude-sonnet-4.5 · skill v2', '1061.4', '[1032.1, 1093.8]'],
      ['codex-cli · gpt-5 · skill v2', '1012.8', '[983.4, 1041.1]'],
      ['gemini-cli · gemini-2.5-pro · skill v1', '925.8', '[889.0, 958.6]'],
    ]);
    expect(eloChart(report).points[0]).toMatchObject({ mean: 1061.37, lo: 1032.07, hi: 1093.8 });
  });

  it('names configurations by label in the pairwise tests and the win matrix', () => {
    expect(texts(pairwiseTable(report).rows)[1]).toEqual(['claude-code · claude-sonnet-4.5 · skill v2', 'gemini-cli · gemini-2.5-pro · skill v1', '< 0.0001', '0.701']);
    const matrix = winMatrixTable(report);
    expect(matrix.rows[0]![1]).toMatchObject({ text: '—', title: 'A configuration never plays itself' });
    expect(matrix.rows[0]![2]!.text).toBe('64.2%');
    expect(winMatrixHeatmap(report).rowLabels[2]).toBe('gemini-cli · gemini-2.5-pro · skill v1');
  });

  it('shows win rates with and without ties', () => {
    expect(texts(winRateTable(report).rows)[0]).toEqual(['claude-code · claude-sonnet-4.5 · skill v2', '72.9%', '77.4%', '10.8%']);
  });
});

describe('alignment tables', () => {
  it('summarises each judge and compares win rates side by side', () => {
    expect(texts(alignmentTable(report.alignment).rows)[0]).toEqual(['claude-opus-4.1', '154', '71.4%', '0.552', '10.6%', '16.2%']);
    const side = alignmentWinRateTable(report.alignment.judges[2]!);
    expect(side.id).toBe('win-rates-human-vs-gemini-2.5-pro');
    expect(texts(side.rows)[2]).toEqual(['gemini-cli · gemini-2.5-pro · skill v1', '23.8%', '—', '—']);
    expect(texts(alignmentWinRateTable(report.alignment.judges[0]!).rows)[0]![3]).toBe('-2.8 pp');
  });
});
