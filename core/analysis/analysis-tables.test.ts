import { describe, expect, it } from 'vitest';
import { AnalysisTablesSchema } from '../../schemas/analysis.ts';
import { EMPTY_FIGURES_FIXTURE, FIGURES_FIXTURE as report } from '../../schemas/analysis-figures.fixture.ts';
import { tableToMarkdown } from '../../schemas/table-markdown.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { ablationArmTable, ablationPairedTable, ablationScoreTable, ablationTableStems } from './ablation-tables.ts';
import { agreementMatrixTable, agreementRubricTable } from './agreement-tables.ts';
import { alignmentJudgesTable, alignmentPairTable, alignmentWinRateTable } from './alignment-tables.ts';
import { leaderboardTable } from './leaderboard-tables.ts';
import { eloTable, pairwiseTable, winMatrixTable, winRateTable } from './preference-tables.ts';
import { recoveryConfigurationTable, recoveryTypeTable } from './recovery-tables.ts';
import { analysisTables } from './report-sections.ts';

const texts = (table: TableModel) => table.rows.map((row) => row.map((c) => c.text));
const output = report.leaderboards.find((b) => b.tier === 'output' && b.scale === 5)!;
const content = report.leaderboards.find((b) => b.tier === 'content')!;

describe('leaderboard tables', () => {
  it('list configurations best first: score, interval, tasks, runs, each judge, the cross-judge variance and each rubric', () => {
    const table = leaderboardTable(output);
    expect(table.id).toBe('leaderboard-output-figma-output-v2-5pt');
    expect(table.caption).toMatch(/^Output tier · figma-output v2 · 5-point scale \(1–5\): score S = Σ wᵢsᵢ/);
    expect(table.caption).toContain("Cross-judge variance: the population variance of the judges' scores of a run, averaged over the runs two or more judges scored.");
    expect(table.caption).toContain('2 judge scores of a run left out: that judge did not score every rubric of the set for that run.');
    expect(table.columns.map((c) => c.header)).toEqual([
      'Configuration', 'Rank', 'Score', '95% CI', 'Tasks', 'Runs', 'claude-opus-4.1', 'gpt-5', 'gemini-2.5-pro', 'Cross-judge variance',
      'layout (w 0.50)', 'visual-fidelity (w 0.30)', 'responsive (w 0.20)',
    ]);
    expect(texts(table)).toEqual([
      ['claude-code · claude-sonnet-4.5 · skill v2', '1', '3.61', '[3.33, 3.88]', '12', '24', '3.70', '3.55', '3.58', '0.0412', '3.80', '3.40', '3.41'],
      ['codex-cli · gpt-5 · skill v2', '1', '3.30', '[2.99, 3.59]', '12', '24', '3.41', '3.20', '3.29', '0.0655', '3.30', '3.50', '2.98'],
      ['gemini-cli · gemini-2.5-pro · skill v1', '2', '2.87', '[2.50, 3.22]', '11', '21', '2.90', '2.71', '—', '—', '2.70', '3.10', '—'],
    ]);
    // Each cell keeps its value at full precision beside the text; the best of each rubric is marked.
    expect(table.rows[0]![3]!.value).toEqual([3.33, 3.88]);
    // Claude's and Codex's intervals overlap: one rank. Claude's lower bound (3.33) is above Gemini's upper (3.22): Gemini ranks apart.
    expect(table.rows.map((row) => row[1]!.value)).toEqual([1, 1, 2]);
    expect(table.rows.map((row) => row.slice(10).map((c) => c.best === true))).toEqual([[true, false, true], [false, true, false], [false, false, false]]);
    expect(table.rows[2]![9]).toMatchObject({ text: '—', missing: 'No run of this configuration was scored by two judges or more' });
    expect(tableToMarkdown(table)).toContain('**3.80** (best)');
  });

  it('print "too few tasks for an interval" under three tasks, and mark a best printed alike by two configurations as a tie', () => {
    const table = leaderboardTable(content);
    expect(table.caption).toMatch(/^Content tier · judged before rubric sets were stored · 5-point scale \(1–5\):.* The set is not stored, so its rubrics weigh alike\.$/);
    expect(texts(table).map((row) => row[3])).toEqual(['too few tasks for an interval', 'too few tasks for an interval']);
    expect(table.rows[0]![3]).toMatchObject({ value: [null, null], missing: 'Scored on 2 tasks: an interval needs 3 or more' });
    // No interval, no rank: nothing says where the configuration stands.
    expect(table.rows[0]![1]).toMatchObject({ value: null, text: '—', missing: 'No rank: Scored on 2 tasks: an interval needs 3 or more' });
    // 3.500 and 3.501 both print 3.50: a tie, not a win by a digit no one sees.
    expect(table.rows.map((row) => [row[10]!.best, row[10]!.tied])).toEqual([[true, true], [true, true]]);
    expect(table.rows.map((row) => [row[11]!.best, row[11]!.tied])).toEqual([[true, undefined], [undefined, undefined]]);
    expect(tableToMarkdown(table)).toContain('| too few tasks for an interval |');
    expect(tableToMarkdown(table)).toContain('**3.50** (tied best)');
  });

  it('put a set’s 3- and 5-point tables in one section, after the other', () => {
    const sections = analysisTables(report).leaderboards;
    expect(sections.map((s) => [s.title, s.boards.map((b) => b.title)])).toEqual([
      ['Process tier · generic-process v1', ['5-point scale (1–5)']],
      ['Output tier · figma-output v2', ['3-point scale (0–2)', '5-point scale (1–5)']],
      ['Content tier · judged before rubric sets were stored', ['5-point scale (1–5)']],
    ]);
    expect(texts(sections[1]!.boards[0]!.table)[0]!.slice(0, 4)).toEqual(['claude-code · claude-sonnet-4.5 · skill v2', '1', '1.30', '[1.17, 1.44]']);
  });
});

describe('agreement tables', () => {
  it('list κ per rubric and version with its band', () => {
    expect(texts(agreementRubricTable(report.agreement))).toEqual([
      ['output.completeness', 'v2', '0.702', '[0.611, 0.780]', 'substantial', '0.0021', '3'],
      ['output.fidelity', 'v1', '0.441', '[0.313, 0.556]', 'moderate', '0.0113', '3'],
      ['content.polish', 'v1', '—', '—', '—', '—', '1'],
    ]);
  });

  it('print the κ matrix in every cell', () => {
    expect(texts(agreementMatrixTable(report.agreement))[0]).toEqual(['claude-opus-4.1', '1.000', '0.712', '0.583']);
  });
});

describe('preference tables', () => {
  it('rank Elo with one decimal and its interval', () => {
    expect(texts(eloTable(report))).toEqual([
      ['claude-code · claude-sonnet-4.5 · skill v2', '1', '1061.4', '[1032.1, 1093.8]'],
      ['codex-cli · gpt-5 · skill v2', '1', '1012.8', '[983.4, 1041.1]'],
      ['gemini-cli · gemini-2.5-pro · skill v1', '3', '925.8', '[889.0, 958.6]'],
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
      [codex!.label, '—', '1669.5', 'not enough data (n = 3; at least 10 needed)'],
      [claude!.label, '1', '1061.4', '[1032.1, 1093.8]'],
      [gemini!.label, '—', '958.6', 'not enough data (n = 25; the resamples put the estimate on the edge of its interval)'],
    ]);
    // No numbers are kept for the withheld interval: CSV and the chart's whiskers leave it out too, and it ranks nothing.
    expect(table.rows[0]![3]!.value).toEqual([null, null]);
    expect(table.rows[0]![1]).toMatchObject({ value: null, missing: 'No rank: its interval is withheld, not enough data (n = 3; at least 10 needed)' });
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
  const group = report.alignment.groups.find((g) => g.tier === 'output')!;

  it('summarise the judges together and each judge, per tier, set and scale', () => {
    const table = alignmentJudgesTable(group);
    expect(table.caption).toMatch(/^Human–judge alignment, Output tier · figma-output v2 · 5-point scale \(1–5\):/);
    expect(texts(table).slice(0, 2)).toEqual([
      ['Judges (mean score)', '154', '74.0%', '0.587', '[0.475, 0.685]', '10.6%', '12.3%'],
      ['claude-opus-4.1', '154', '71.4%', '0.552', '[0.440, 0.650]', '10.6%', '16.2%'],
    ]);
  });

  it('compare win rates per configuration, people against the judges together and each judge', () => {
    const table = alignmentWinRateTable(group);
    expect(table.columns.map((c) => c.header)).toEqual([
      'Configuration', 'Votes', 'Human win rate', '95% CI', 'Judges’ win rate', '95% CI', 'Difference (judges − human)', '95% CI',
      'claude-opus-4.1 − human', '95% CI', 'gpt-5 − human', '95% CI', 'gemini-2.5-pro − human', '95% CI',
    ]);
    expect(texts(table)[0]).toEqual([
      'claude-code · claude-sonnet-4.5 · skill v2', '120', '72.9%', '[64.8%, 80.6%]', '71.1%', '[62.7%, 79.0%]', '-1.8 pp', '[-7.0 pp, +3.1 pp]',
      '-2.8 pp', '[-8.0 pp, +2.1 pp]', '-5.8 pp', '[-11.0 pp, -0.9 pp]', '-8.8 pp', '[-14.0 pp, -3.9 pp]',
    ]);
    // Each judge against people on that judge's own votes; a judge with no scored pair for the configuration says so.
    expect(texts(table)[2]!.slice(8)).toEqual(['+2.1 pp', '[-3.1 pp, +7.0 pp]', '+2.1 pp', '[-3.1 pp, +7.0 pp]', '—', '—']);
  });

  it('give each pair of configurations its n, agreement and 3-class κ', () => {
    expect(texts(alignmentPairTable(group))).toEqual([
      ['claude-code · claude-sonnet-4.5 · skill v2', 'codex-cli · gpt-5 · skill v2', '60', '68.3%', '0.471', '[0.290, 0.631]'],
      ['claude-code · claude-sonnet-4.5 · skill v2', 'gemini-cli · gemini-2.5-pro · skill v1', '52', '82.7%', '0.653', '[0.482, 0.801]'],
      ['codex-cli · gpt-5 · skill v2', 'gemini-cli · gemini-2.5-pro · skill v1', '42', '71.4%', '—', '—'],
    ]);
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

  it('list each tier, rubric set and rubric per arm, and the paired differences signed, with the sign test', () => {
    expect(texts(ablationScoreTable(claude, 'ablation-claude')).slice(0, 2)).toEqual([
      ['Output tier · figma-output v2 · 5-point scale (1–5)', 'Set score (weighted)', 'none', '3.12', '[2.81, 3.41]', '12'],
      ['Output tier · figma-output v2 · 5-point scale (1–5)', 'Set score (weighted)', 'v2', '3.61', '[3.30, 3.90]', '12'],
    ]);
    const paired = ablationPairedTable(claude, 'ablation-claude');
    expect(texts(paired)).toEqual([
      ['v2 − none', 'Output tier · figma-output v2 · 5-point scale (1–5)', 'Set score (weighted)', '12', '+0.49', '[+0.27, +0.73]', '10', '1', '1', '0.0117'],
      ['v2 − none', 'Output tier · figma-output v2 · 5-point scale (1–5)', 'output.completeness', '12', '+0.65', '[+0.43, +0.89]', '9', '2', '1', '0.0654'],
    ]);
    expect(paired.rows[0]![1]!.value).toBe('Output tier · figma-output v2 · 5-point scale (1–5)');
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
