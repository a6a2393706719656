import type { TableCell, TableModel } from './table-model.ts';
import { TableExports } from './TableExports.tsx';

/** A report table: caption, column heads, a row head per row, and its export buttons. */
export function DataTable({ table }: { table: TableModel }) {
  const captionId = `table-${table.id}`;
  return (
    <div className="analysis-table">
      <div className="analysis-table__scroll">
        <table aria-labelledby={captionId}>
          <caption id={captionId}>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column.label} scope="col" className={column.text ? 'analysis-table__text' : undefined}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={`${r}:${row[0]?.text ?? ''}`}>
                {row.map((c, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {c.text}
                    </th>
                  ) : (
                    <td key={i} className={table.columns[i]?.text ? 'analysis-table__text' : undefined}>
                      <CellValue value={c} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TableExports table={table} />
    </div>
  );
}

/** A value; the best is bold and says so to screen readers; a missing one says why. */
export function CellValue({ value }: { value: TableCell }) {
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
        <span className="visually-hidden"> (best)</span>
        <span aria-hidden="true" className="analysis-best__mark">
          ★
        </span>
      </strong>
    );
  }
  return <>{value.text}</>;
}
