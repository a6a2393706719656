import { DataTable } from '../ui/DataTable.tsx';
import type { TableView, TableViewCell } from './table-view.ts';
import { TableExports } from './TableExports.tsx';

/** A report table: caption, column heads, a row head per row, and its export buttons. */
export function ReportTable({ table }: { table: TableView }) {
  // Words wrap; an interval ("[3.54, 4.16]") may break between its bounds; other figures stay whole.
  const textClass = (i: number) => (table.columns[i]?.text ? 'analysis-table__text' : table.columns[i]?.csv ? 'analysis-table__interval' : undefined);
  return (
    <div className="analysis-table">
      {/* A wide table scrolls sideways; a keyboard user scrolls it once it has the focus. */}
      <div className="analysis-table__scroll" tabIndex={0} role="group" aria-label={`Table: ${table.caption} (scrolls sideways when wider than the screen)`}>
        <DataTable<TableViewCell[]>
          caption={table.caption}
          columns={table.columns.map((column, i) => ({
            head: column.label,
            headClassName: textClass(i),
            className: i === 0 ? undefined : textClass(i),
            cell: (row) => (i === 0 ? row[0]?.text : row[i] && <CellValue value={row[i]} />),
          }))}
          rows={table.rows}
          rowKey={(row, r) => `${r}:${row[0]?.text ?? ''}`}
        />
      </div>
      <TableExports table={table} />
    </div>
  );
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
