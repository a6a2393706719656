import type { ReactNode } from 'react';

export interface DataColumn<Row> {
  /** The column head's words (and the column's key). */
  head: string;
  /** The head is for screen readers only, e.g. over a column of buttons that name themselves. */
  headHidden?: boolean;
  headClassName?: string;
  /** A second, smaller line under the head's words, e.g. "95% CI" over a cell that carries its interval. */
  headNote?: string;
  /** A column the table sorts by: its head becomes a button, and says how the rows are sorted now. */
  sort?: { state: 'ascending' | 'descending' | 'none'; onSort(): void };
  /** The class of the column's body cells: one for all, or one per row. */
  className?: string | ((row: Row) => string | undefined);
  cell(row: Row): ReactNode;
}

export interface DataTableProps<Row> {
  /** The table's name, read first by a screen reader; tables found by role and name rely on it. */
  caption?: ReactNode;
  captionClassName?: string;
  /** The table's name when it shows no caption. */
  label?: string;
  className?: string;
  /** `false` leaves a column out, e.g. the Slurm job of a study that runs locally. */
  columns: readonly (DataColumn<Row> | false)[];
  rows: readonly Row[];
  rowKey(row: Row, index: number): string;
  rowClassName?(row: Row): string | undefined;
  /**
   * The first column names its row (`<th scope="row">`), so a screen reader says which row a cell
   * is in as the user moves down a column. Off for tables whose first column names nothing.
   */
  rowHeads?: boolean;
}

/**
 * A table with the markup assistive technology reads a table by: a caption (or label) naming it,
 * column heads scoped to their column and, by default, a head per row scoped to its row. Cells
 * hold anything (text, badges, buttons); the keyboard reaches whatever they hold.
 */
export function DataTable<Row>({ caption, captionClassName, label, className, columns, rows, rowKey, rowClassName, rowHeads = true }: DataTableProps<Row>) {
  const shown = columns.filter((column): column is DataColumn<Row> => column !== false);
  return (
    <table className={className} aria-label={label}>
      {caption !== undefined && <caption className={captionClassName}>{caption}</caption>}
      <thead>
        <tr>
          {shown.map((column) => (
            <th key={column.head} scope="col" className={column.headClassName} aria-sort={column.sort?.state}>
              {column.sort ? (
                <button type="button" className="data-table__sort" onClick={column.sort.onSort}>
                  {column.head}
                  <span aria-hidden="true">{column.sort.state === 'ascending' ? ' ▲' : column.sort.state === 'descending' ? ' ▼' : ''}</span>
                </button>
              ) : column.headHidden ? (
                <span className="visually-hidden">{column.head}</span>
              ) : (
                column.head
              )}
              {column.headNote !== undefined && <span className="data-table__head-note">{column.headNote}</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} className={rowClassName?.(row)}>
            {shown.map((column, c) => {
              const cellClass = typeof column.className === 'function' ? column.className(row) : column.className;
              return rowHeads && c === 0 ? (
                <th key={column.head} scope="row" className={cellClass}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.head} className={cellClass}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
