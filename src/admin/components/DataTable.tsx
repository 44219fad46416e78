import type { ReactNode } from 'react';
import { TableFrame } from './TableFrame.tsx';

/** A column of a DataTable: its header and what each row shows in it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell that names the row (`<th scope="row">`), which screen readers announce with each cell. */
  rowHeader?: boolean;
  className?: string;
}

interface DataTableProps<T> {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
}

/** The admin's tables: a header row from the columns, then one row per item, in a TableFrame. */
export function DataTable<T>({ caption, columns, rows, rowKey }: DataTableProps<T>) {
  return (
    <TableFrame caption={caption}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th key={column.header} scope="row" className={column.className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
