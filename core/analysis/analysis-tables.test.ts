import { describe, expect, it } from 'vitest';
import { AnalysisTablesSchema } from '../../schemas/analysis.ts';
import { EMPTY_FIGURES_FIXTURE, FIGURES_FIXTURE as report } from '../../schemas/analysis-figures.fixture.ts';
import { tableToMarkdown } from '../../schemas/table-markdown.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { ablationArmTable, ablationPairedTable, ablationScoreTable, ablationTableStems } from './ablation-tables.ts';
import { agreementMatrixTable, agreementRubricTable } from './agreement-tables.ts';
import { alignmentTable, alignmentWinRateTable } from './alignment-tables.ts';
import { analysisTables } from './analysis-tables.ts';
import { leaderboardTable, rubricTable } from './leaderboard-tables.ts';
import { eloTable, pairwiseTable, winMatrixTable, winRateTable } from './preference-tables.ts';
import { recoveryConfigurationTable, recoveryTypeTable } from './recovery-tables.ts';

const texts = (table: TableModel) => table.rows.map((row) => row.map((c) => c.text));
const output = report.leaderboards.find((b) => b.tier === 'output')!;

describe('leaderboard tables', () => {
  it('sort configurations by mean, best first, with the interval and n', () => {
    const table = leaderboardTable(output);
    expect(texts(table)).toEqual([
      ['claude-code · claude-sonnet-4.5 · skill v2', '3.61', '[3.33, 3.88]', '12'],
      ['codex-cli · gpt-5 · skill v2', '3.30', '[2.99, 3.59]', '12'],
      ['gemini-cli · gemini-2.5-pro · skill v1', '2.87', '[2.50, 3.22]', '11'],
    ]);
    // Each cell keeps its value at full precision beside the text.
    expect(table.rows[0]![2]!.value).toEqual([3.33, 3.88]);
    expect(table.columns.map((c) => [c.key, c.format])).toEqual([['configuration', 'text'], ['mean', 'score'], ['ci', 'score'], ['n', 'count']]);
  });

  it('mark the best configuration of each rubric, and only where it has a value', () => {
    const table = rubricTable(output);
    // Columns follow the leaderboard: claude (1), codex (2), gemini (3).
    expect(table.rows.map((row) => row.findIndex((c) => c.best))).toEqual([1, 2, 1]);
    expect(table.rows[2]![3]).toMatchObject({ text: '—', missing: 'Not scored on this rubric', value: null });
    expect(tableToMarkdown(table)).toContain('**3.66** (best)');
  });
});

describe('agreement tables', () => {
  it('list κ per rubric and version with its band', () => {
    expect(texts(agreementRubricTable(report.agreement))).toEqual([
      ['output.completeness', 'v2', '0.702', 'substantial', '0.0021', '3'],
      ['output.fidelity', 'v1', '0.441', 'moderate', '0.0113', '3'],
      ['content.polish', 'v1', '—', '—', '—', '1'],
    ]);
  });

  it('print the κ matrix in every cell', () => {
    expect(texts(agreementMatrixTable(report.agreement))[0]).toEqual(['claude-opus-4.1', '1.000', '0.712', '0.583']);
  });
});

describe('preference tables', () => {
  it('rank Elo with one decimal and its interval', () => {
    expect(texts(eloTable(report))).toEqual([
      ['claude-code · claude-sonnet-4.5 · skill v2', '1061.4', '[1032.1, 1093.8]'],
      ['codex-cli · gpt-5 · skill v2', '1012.8', '[983.4, 1041.1]'],
      ['gemini-cli · gemini-2.5-pro · skill v1', '925.8', '[889.0, 958.6]'],
    ]);
  });

  it('print "not enough data" instead of an Elo interval a configuration has too few comparisons for, or whose estimate sits on its edge', () => {
    const [claude, codex, gemini] = report.preference.elo;
    const tiny = {
      ...report,
      preference: {
        ...report.preference,
        elo: [
          { ...claude!, comparisons: 40 },
          // The case: three comparisons, the estimate on its own upper bound.
          { ...codex!, rating: 1669.5, lo: 1000, hi: 1669.5, comparisons: 3 },
          { ...gemini!, rating: 958.6, comparisons: 25 },
        ],
      },
    };
    const table = eloTable(tiny);
    expect(texts(table)).toEqual([
      [codex!.label, '1669.5', 'not enough data (n = 3; at least 10 needed)'],
      [claude!.label, '1061.4', '[1032.1, 1093.8]'],
      [gemini!.label, '958.6', 'not enough data (n = 25; the resamples put the estimate on the edge of its interval)'],
    ]);
    // No numbers are kept for the withheld interval: CSV and the chart's whiskers leave it out too.
    expect(table.rows[0]![2]!.value).toEqual([null, null]);
    expect(tableToMarkdown(table)).toContain('| not enough data (n = 3; at least 10 needed) |');
  });

  it('name configurations by label in the pairwise tests and the win matrix', () => {
    expect(texts(pairwiseTable(report))[1]).toEqual(['claude-code · claude-sonnet-4.5 · skill v2', 'gemini-cli · gemini-2.5-pro · skill v1', '< 0.0001', '0.701']);
    const matrix = winMatrixTable(report);
    expect(matrix.rows[0]![1]).toMatchObject({ text: '—', missing: 'A configuration never plays itself' });
    expect(matrix.rows[0]![2]!.text).toBe('64.2%');
  });

  it('show win rates with and without ties', () => {
    expect(texts(winRateTable(report))[0]).toEqual(['claude-code · claude-sonnet-4.5 · skill v2', '72.9%', '77.4%', '10.8%']);
  });
});

describe('alignment tables', () => {
  it('summarise each judge and compare win rates side by side', () => {
    expect(texts(alignmentTable(report.alignment))[0]).toEqual(['claude-opus-4.1', '154', '71.4%', '0.552', '10.6%', '16.2%']);
    const side = alignmentWinRateTable(report.alignment.judges[2]!);
    expect(side.id).toBe('win-rates-human-vs-gemini-2.5-pro');
    expect(texts(side)[2]).toEqual(['gemini-cli · gemini-2.5-pro · skill v1', '23.8%', '—', '—']);
    expect(texts(alignmentWinRateTable(report.alignment.judges[0]!))[0]![3]).toBe('-2.8 pp');
  });
});

describe('the error recovery tables', () => {
  it('list each error type in words, its machine name kept as the value, with counts, rate and interval', () => {
    const table = recoveryTypeTable(report.recovery);
    expect(texts(table)).toEqual([
      ['Build', '22', '18', '81.8%', '[65.0%, 95.0%]', '15'],
      ['Not found', '17', '14', '82.4%', '[60.0%, 100.0%]', '12'],
      ['Test', '13', '7', '53.8%', '[30.0%, 78.0%]', '9'],
      ['Network', '12', '6', '50.0%', '[25.0%, 75.0%]', '8'],
    ]);
    expect(table.rows.map((row) => row[0]!.value)).toEqual(['build', 'not-found', 'test', 'network']);
    expect(tableToMarkdown(table)).toContain('| Not found | 17 | 14 | 82.4% | [60.0%, 100.0%] | 12 |');
  });

  it('list each configuration, and mark a rate without errors as missing rather than 0%', () => {
    const table = recoveryConfigurationTable(report.recovery);
    expect(texts(table)[0]).toEqual(['gemini-cli · gemini-2.5-pro · skill v1', '12', '28', '17', '60.7%', '[43.0%, 77.0%]']);
    const none = recoveryConfigurationTable({ ...report.recovery, byConfiguration: [{ config: 'c', label: 'quiet', runs: 2, errors: 0, recovered: 0, rate: null, lo: null, hi: null }] });
    expect(none.rows[0]![4]).toMatchObject({ text: '—', missing: 'No errors: nothing to recover from' });
  });
});

describe('the skill ablation tables', () => {
  const [claude, gemini] = report.ablation.groups as [(typeof report.ablation.groups)[number], (typeof report.ablation.groups)[number]];

  it('give each arm its runs, rates, errors, recovery, cost against the reference and tokens', () => {
    const table = ablationArmTable(claude, 'ablation-claude');
    expect(table.columns.map((c) => c.header)).toEqual(['Skill', 'Runs', 'Succeeded', 'Deployable build', 'Errors / run', 'Recovery rate', 'Recovery 95% CI', 'Cost / run', 'Cost vs none', 'Tokens in / run', 'Tokens out / run']);
    expect(texts(table)).toEqual([
      ['none', '13', '76.9%', '61.5%', '2.25', '63.0%', '[45.0%, 80.0%]', '$1.84', '—', '412,300', '21,878'],
      ['v2', '12', '91.7%', '91.7%', '1.25', '80.0%', '[60.0%, 95.0%]', '$1.07', '-42.0%', '265,010', '15,402'],
    ]);
    expect(table.rows[0]![8]).toMatchObject({ missing: 'The reference arm' });
  });

  it('leave cost and tokens out where no arm reports them, and say why errors are missing', () => {
    const table = ablationArmTable(gemini, 'ablation-gemini');
    expect(table.columns.map((c) => c.key)).toEqual(['skill', 'runs', 'succeeded', 'deployable', 'errorsPerRun', 'recovery', 'recoveryCi']);
    expect(table.rows[0]![4]).toMatchObject({ text: '—', missing: 'No run of this arm has a stored trajectory' });
  });

  it('list each tier and rubric per arm, and the paired differences signed, with the sign test', () => {
    expect(texts(ablationScoreTable(claude, 'ablation-claude')).slice(0, 2)).toEqual([
      ['Output', 'All rubrics', 'none', '3.12', '[2.81, 3.41]', '12'],
      ['Output', 'All rubrics', 'v2', '3.61', '[3.30, 3.90]', '12'],
    ]);
    const paired = ablationPairedTable(claude, 'ablation-claude');
    expect(texts(paired)).toEqual([
      ['v2 − none', 'Output', 'All rubrics', '12', '+0.49', '[+0.27, +0.73]', '10', '1', '1', '0.0117'],
      ['v2 − none', 'Output', 'output.completeness', '12', '+0.65', '[+0.43, +0.89]', '9', '2', '1', '0.0654'],
    ]);
    expect(paired.rows[0]![1]!.value).toBe('output');
  });

  it('name each group’s tables after it, uniquely', () => {
    expect(ablationTableStems([claude, gemini, claude])).toEqual(['ablation-claude-code-claude-sonnet-4-5', 'ablation-gemini-cli-gemini-2-5-pro', 'ablation-claude-code-claude-sonnet-4-5-2']);
    expect(analysisTables(report).ablation.map((group) => [group.title, group.arms.id])).toEqual([
      ['claude-code · claude-sonnet-4.5', 'ablation-claude-code-claude-sonnet-4-5-arms'],
      ['gemini-cli · gemini-2.5-pro', 'ablation-gemini-cli-gemini-2-5-pro-arms'],
    ]);
  });
});

describe('the report fixture’s tables', () => {
  it('are the tables core/analysis builds from its figures (the renderer’s tests read them from this file)', async () => {
    const tables = { report: analysisTables(report), empty: analysisTables(EMPTY_FIGURES_FIXTURE) };
    for (const value of Object.values(tables)) AnalysisTablesSchema.parse(value);
    // `npx vitest run core/analysis/analysis-tables.test.ts -u` rewrites it after a table changes; review the diff.
    await expect(`${JSON.stringify(tables, null, 2)}\n`).toMatchFileSnapshot('../../schemas/analysis-tables.fixture.json');
  });
});
