import { Fragment, type ReactNode } from "react";
import { cn } from "../../lib/cn";

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Classes of the table cell (wrapping, font), beyond the padding every cell has. */
  className?: string;
  /** Classes of the card's value; a card is narrow, so it usually wraps where the table would not. */
  cardClassName?: string;
  /** False where the card already shows the value in its title line. */
  inCard?: boolean;
}

/**
 * A list of rows as a table from the md breakpoint up and as one stacked card per row below it, where
 * the columns would not fit. Both carry the same accessible name (the table's caption, the list's
 * label); only one is displayed at a time, so assistive technology meets one of them.
 */
export function ResponsiveTable<T>({
  caption,
  rows,
  rowKey,
  rowHeader,
  columns,
  cardTitle,
  action,
}: {
  caption: string;
  rows: T[];
  rowKey: (row: T) => string;
  /** The column that names the row: its header cell in the table. */
  rowHeader: Pick<Column<T>, "label" | "cell" | "className">;
  columns: Column<T>[];
  /** What names the row at the top of its card. */
  cardTitle: (row: T) => ReactNode;
  /** The row's button, in the last column and at the foot of its card. */
  action: (row: T) => ReactNode;
}) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              {[rowHeader, ...columns].map((column) => (
                <th key={column.label} scope="col" className="py-2 pr-4 font-medium">
                  {column.label}
                </th>
              ))}
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-slate-100 last:border-b-0">
                <th scope="row" className={cn("py-3 pr-4 text-left", rowHeader.className)}>
                  {rowHeader.cell(row)}
                </th>
                {columns.map((column) => (
                  <td key={column.label} className={cn("py-3 pr-4", column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
                <td className="py-3 text-right">{action(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
            {cardTitle(row)}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {columns
                .filter((column) => column.inCard !== false)
                .map((column) => (
                  <Fragment key={column.label}>
                    <dt className="text-slate-600">{column.label}</dt>
                    <dd className={column.cardClassName}>{column.cell(row)}</dd>
                  </Fragment>
                ))}
            </dl>
            {action(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
