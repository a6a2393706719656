import type { Turns } from '../../schemas/analysis.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { column, formatTable } from './format-table.ts';

const NOT_REPORTED = 'No run reports it for this turn';
const NOT_MEASURED = "No run of this turn has both its own and the turn before's out/ snapshot stored";

/** Per configuration and turn: runs that reached it, successes, mean duration and tokens, errors and how many were recovered. */
export function turnTable(turns: Turns): TableModel {
  return formatTable(
    {
      id: 'turns-by-turn',
      caption: 'Multi-turn runs by turn: runs that reached each turn, how many succeeded, mean duration and tokens, and the errors its steps made',
      columns: [
        column('configuration', 'Configuration', 'text'),
        column('turn', 'Turn', 'count'),
        column('runs', 'Runs', 'count'),
        column('succeeded', 'Succeeded', 'count'),
        column('duration', 'Mean duration', 'duration', { missing: NOT_REPORTED }),
        column('tokensIn', 'Tokens in / run', 'count', { missing: NOT_REPORTED }),
        column('tokensOut', 'Tokens out / run', 'count', { missing: NOT_REPORTED }),
        column('errors', 'Errors', 'count'),
        column('recovered', 'Recovered', 'count'),
      ],
    },
    turns.byTurn.map((row) => [row.label, row.turn, row.runs, row.succeeded, row.durationMs.mean, row.tokensInput.mean, row.tokensOutput.mean, row.errors, row.recovered]),
  );
}

/** Per configuration and revision turn: how targeted the revision was (files and lines changed, share of the turn before's output untouched). */
export function revisionTable(turns: Turns): TableModel {
  return formatTable(
    {
      id: 'turns-revisions',
      caption: "Revision turns: files and lines (added + removed) changed in out/ against the turn before, and the share of the turn before's output (by size) left untouched; means over runs",
      columns: [
        column('configuration', 'Configuration', 'text'),
        column('turn', 'Turn', 'count'),
        column('runs', 'Runs measured', 'count'),
        column('files', 'Files changed', 'per-run', { missing: NOT_MEASURED }),
        column('lines', 'Lines changed', 'per-run', { missing: NOT_MEASURED }),
        column('untouched', 'Untouched', 'rate'),
      ],
    },
    turns.revisions.map((row) => [row.label, row.turn, row.runs, row.filesChanged.mean, row.linesChanged.mean, { value: row.untouchedShare.mean, missing: row.runs === 0 ? NOT_MEASURED : 'The turn before left no output to keep' }]),
  );
}
