import { DataTable } from '../ui/DataTable.tsx';
import type { TableView, TableViewCell } from './table-view.ts';
import { TableExports } from './TableExports.tsx';

/**
 * A report table: caption, column heads, a row head per row, and its export buttons. On screen an
 * interval sits under the figure it bounds, in that figure's cell ("59.2%" over "[48.3%, 69.6%]"),
 * so a table with an interval per figure keeps half its columns and fits beside the Jobs column;
 * its exports (CSV, Markdown) keep the interval in a column of its own.
 */
export function ReportTable({ table }: { table: TableView }) {
  const columns = screenColumns(table);
  return (
    <div className="analysis-table">
      {/* A wide table scrolls sideways; a keyboard user scrolls it once it has the focus. */}
      <div className="analysis-table__scroll" tabIndex={0} role="group" aria-label={`Table: ${table.caption} (scrolls sideways when wider than the screen)`}>
        <DataTable<TableViewCell[]>
          caption={table.caption}
          columns={columns.map(({ index, interval }) => ({
            head: table.columns[index]!.label,
            ...(interval !== undefined ? { headNote: table.columns[interval]!.label } : {}),
            headClassName: textClass(table, index),
            className: index === 0 ? undefined : textClass(table, index),
            cell: (row) =>
              index === 0 ? (
                row[0]?.text
              ) : (
                <>
                  {row[index] && <CellValue value={row[index]} />}
                  {interval !== undefined && row[interval] && (
                    <span className="analysis-table__ci">
                      <span className="visually-hidden">{`${table.columns[interval]!.label}: `}</span>
                      <CellValue value={row[interval]} />
                    </span>
                  )}
                </>
              ),
          }))}
          rows={table.rows}
          rowKey={(row, r) => `${r}:${row[0]?.text ?? ''}`}
        />
      </div>
      <TableExports table={table} />
    </div>
  );
}

/** Words wrap, aligned left; an interval shown in a column of its own may break between its bounds; other figures stay whole. */
function textClass(table: TableView, i: number): string | undefined {
  return table.columns[i]?.text ? 'analysis-table__text' : table.columns[i]?.csv ? 'analysis-table__interval' : undefined;
}

/** The columns the screen shows: each figure followed by its interval takes the interval into its cell. */
function screenColumns(table: TableView): { index: number; interval?: number }[] {
  const shown: { index: number; interval?: number }[] = [];
  table.columns.forEach((column, i) => {
    const previous = shown[shown.length - 1];
    const bounds = previous && previous.index === i - 1 && previous.index > 0 && previous.interval === undefined && !table.columns[i - 1]!.text && !table.columns[i - 1]!.csv;
    if (column.csv && bounds) previous.interval = i;
    else shown.push({ index: i });
  });
  return shown;
}

/** A value; the best is bold and says so (a tie as a tie) to screen readers; a missing one says why. */
export function CellValue({ value }: { value: TableViewCell }) {
  if (value.title !== undefined) {
    return (
      <span className="analysis-missing" title={value.title}>
        {value.text}
        <span className="visually-hidden"> ({value.title})</span>
      </span>
    );
  }
  if (value.best) {
    return (
      <strong className="analysis-best">
        {value.text}
        <span className="visually-hidden"> ({value.tied ? 'tied best' : 'best'})</span>
        <span aria-hidden="true" className="analysis-best__mark" title={value.tied ? 'Tied best' : undefined}>
          {value.tied ? '=★' : '★'}
        </span>
      </strong>
    );
  }
  return <>{value.text}</>;
}
