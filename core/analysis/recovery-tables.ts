import type { Recovery, RecoveryRate } from '../../schemas/analysis.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { column, formatTable, type CellEntry } from './format-table.ts';

const NO_ERRORS = 'No errors: nothing to recover from';

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

const RATE = column('rate', 'Recovery rate', 'rate', { missing: NO_ERRORS });
const CI = column('ci', '95% CI', 'rate', { interval: true, missing: NO_ERRORS });
const rateCells = (row: RecoveryRate): CellEntry[] => [row.rate, [row.lo, row.hi]];

/** Per error type: errors, recovered, the recovery rate and its interval, and the runs it rests on. */
export function recoveryTypeTable(recovery: Recovery): TableModel {
  return formatTable(
    {
      id: 'recovery-by-type',
      caption: 'Error recovery by error type: share of errors a later step recovered, 95% bootstrap interval over runs',
      columns: [column('type', 'Error type', 'text'), column('errors', 'Errors', 'count'), column('recovered', 'Recovered', 'count'), RATE, CI, column('runs', 'Runs', 'count')],
    },
    // Words on screen and in Markdown, the machine name in CSV.
    recovery.byType.map((row) => [{ value: row.type, text: ERROR_TYPE_NAMES[row.type] }, row.errors, row.recovered, ...rateCells(row), row.runs]),
  );
}

export function recoveryConfigurationTable(recovery: Recovery): TableModel {
  return formatTable(
    {
      id: 'recovery-by-configuration',
      caption: 'Error recovery by configuration: share of errors a later step recovered, 95% bootstrap interval over runs',
      columns: [column('configuration', 'Configuration', 'text'), column('runs', 'Runs', 'count'), column('errors', 'Errors', 'count'), column('recovered', 'Recovered', 'count'), RATE, CI],
    },
    recovery.byConfiguration.map((row) => [row.label, row.runs, row.errors, row.recovered, ...rateCells(row)]),
  );
}
