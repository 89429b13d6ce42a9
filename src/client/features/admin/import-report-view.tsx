import type { ReactNode } from "react";
import { formatCount } from "../../../shared/format";
import type { ImportReport } from "../../../shared/schemas/listing-import";

// A dry run's (or a refused import's) answer: how many rows and errors, the errors by line, and the
// first listings as they would be written once there are none.

export function ImportReportView({ report }: { report: ImportReport }) {
  const { rowCount, errors, errorTotal, preview } = report;
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm font-medium text-slate-900">
        {formatCount(rowCount)} {rowCount === 1 ? "row" : "rows"},{" "}
        {errorTotal === 0
          ? "no errors: ready to import."
          : `${formatCount(errorTotal)} ${errorTotal === 1 ? "error" : "errors"} to fix first.`}
      </p>
      {errors.length > 0 && (
        <Table caption="Errors" head={["Line", "Column", "Problem"]}>
          {errors.map((e) => (
            <tr key={`${e.line}-${e.column}-${e.message}`} className="border-t border-slate-200 align-top">
              <td className="px-2 py-1 tabular-nums">{e.line}</td>
              <td className="px-2 py-1">{e.column ?? "—"}</td>
              <td className="px-2 py-1">{e.message}</td>
            </tr>
          ))}
          {errorTotal > errors.length && (
            <tr className="border-t border-slate-200">
              <td colSpan={3} className="px-2 py-1 text-slate-600">
                …and {formatCount(errorTotal - errors.length)} more
              </td>
            </tr>
          )}
        </Table>
      )}
      {errorTotal === 0 && preview.length > 0 && (
        <Table
          caption={`First ${preview.length} of ${formatCount(rowCount)} listings`}
          head={["Line", "Title", "Vertical", "Payout", "Status", "Buyer"]}
        >
          {preview.map((row) => (
            <tr key={row.line} className="border-t border-slate-200 align-top">
              <td className="px-2 py-1 tabular-nums">{row.line}</td>
              <td className="px-2 py-1">{row.title}</td>
              <td className="px-2 py-1">{row.vertical}</td>
              <td className="px-2 py-1 tabular-nums">${row.payout}</td>
              <td className="px-2 py-1">{row.status}</td>
              <td className="px-2 py-1">{row.buyer}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="max-h-64 overflow-auto rounded border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="bg-slate-50 px-2 py-1 text-left font-medium text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-1">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
