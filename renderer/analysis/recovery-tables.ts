import type { Recovery, RecoveryRate } from '../../schemas/analysis.ts';
import type { BarChartSpec } from './bar-chart.ts';
import { formatCount, formatInterval, formatRate } from './format-number.ts';
import type { Reading } from './report-readings.ts';
import { cell, columns, type TableModel } from './table-model.ts';

const NO_ERRORS = 'No errors: nothing to recover from';
const CI = { label: '95% CI', csv: ['ci_lo', 'ci_hi'] };

/** Words for the error types extract-errors.ts assigns. */
export const ERROR_TYPE_NAMES: Record<Recovery['byType'][number]['type'], string> = {
  tool: 'Tool call',
  build: 'Build',
  'syntax-type': 'Syntax / type',
  runtime: 'Runtime',
  config: 'Configuration',
  network: 'Network',
  test: 'Test',
  permission: 'Permission',
  'not-found': 'Not found',
  timeout: 'Time-out',
  verifier: 'Verifier',
};

const rateCells = (row: RecoveryRate) => [
  cell(formatRate(row.rate, NO_ERRORS), row.rate),
  cell(formatInterval(formatRate(row.lo, NO_ERRORS), formatRate(row.hi, NO_ERRORS)), [row.lo, row.hi]),
];

export function recoveryTypeTable(recovery: Recovery): TableModel {
  return {
    id: 'recovery-by-type',
    caption: 'Error recovery by error type: share of errors a later step recovered, 95% bootstrap interval over runs',
    columns: columns('Error type', 'Errors', 'Recovered', 'Recovery rate', CI, 'Runs'),
    rows: recovery.byType.map((row) => [
      cell(ERROR_TYPE_NAMES[row.type], row.type),
      cell(formatCount(row.errors), row.errors),
      cell(formatCount(row.recovered), row.recovered),
      ...rateCells(row),
      cell(formatCount(row.runs), row.runs),
    ]),
  };
}

export function recoveryConfigurationTable(recovery: Recovery): TableModel {
  return {
    id: 'recovery-by-configuration',
    caption: 'Error recovery by configuration: share of errors a later step recovered, 95% bootstrap interval over runs',
    columns: columns('Configuration', 'Runs', 'Errors', 'Recovered', 'Recovery rate', CI),
    rows: recovery.byConfiguration.map((row) => [
      cell(row.label),
      cell(formatCount(row.runs), row.runs),
      cell(formatCount(row.errors), row.errors),
      cell(formatCount(row.recovered), row.recovered),
      ...rateCells(row),
    ]),
  };
}

const bar = (label: string, row: RecoveryRate) => ({
  label,
  value: row.rate,
  lo: row.lo,
  hi: row.hi,
  text: formatRate(row.rate).text,
  detail: `${formatCount(row.recovered)} of ${formatCount(row.errors)} errors recovered`,
});

export function recoveryTypeChart(recovery: Recovery): BarChartSpec {
  return { title: 'Recovery rate by error type, with 95% CI', axisLabel: 'Errors recovered', bars: recovery.byType.map((row) => bar(ERROR_TYPE_NAMES[row.type], row)) };
}

export function recoveryConfigurationChart(recovery: Recovery): BarChartSpec {
  return { title: 'Recovery rate by configuration, with 95% CI', axisLabel: 'Errors recovered', bars: recovery.byConfiguration.map((row) => bar(row.label, row)) };
}

/** The headline, as the method's authors state theirs ("70.3% of errors recovered"). */
export function readRecovery(recovery: Recovery): Reading {
  const { overall } = recovery;
  const runs = `${formatCount(recovery.runs)} run${recovery.runs === 1 ? '' : 's'} with a trajectory${recovery.importedRuns > 0 ? ` (${formatCount(recovery.importedRuns)} imported)` : ''}`;
  if (overall.errors === 0 || overall.rate === null) return { figures: `No errors in ${runs}.`, verdict: 'Recovery is measured once a run fails at something: a tool call, a build or a test.' };
  const interval = formatInterval(formatRate(overall.lo), formatRate(overall.hi)).text;
  return {
    figures: `${formatRate(overall.rate).text} of errors recovered: ${formatCount(overall.recovered)} of ${formatCount(overall.errors)}, 95% CI ${interval}, over ${runs}.`,
    verdict: 'An error counts as recovered when a later step succeeded at the same thing: the same command, file, build or test.',
  };
}
