import type { ReactNode } from "react";
import { cn } from "./ui/cn";

/** One column of a receipt's lines: its heading and what each line shows in it. */
export interface ReceiptLineColumn<T> {
  header: string;
  cell: (line: T) => ReactNode;
  /** A text column (a department): start-aligned. Figures (quantities, amounts) are end-aligned, in tabular digits. */
  text?: boolean;
}

/** A column's padding: none outside the table's edges, so the lines line up with the text around them. */
function padding(index: number, count: number): string {
  if (index === 0) return "py-2 pr-2";
  return index === count - 1 ? "py-2 pl-2" : "px-2 py-2";
}

/**
 * The items of a payment, a receipt or a found transaction as one table: a caption for screen readers,
 * the service's name first (breaking anywhere), then the caller's columns; the last column, a line's
 * total or what is left of it, stands out. The caller frames it (an overflow box or a ScrollRegion).
 */
export function ReceiptLines<T>({
  caption,
  columns,
  lines,
  lineKey,
  className,
  rowClassName,
}: {
  caption: string;
  /** The service's column first. */
  columns: readonly ReceiptLineColumn<T>[];
  lines: readonly T[];
  lineKey: (line: T, index: number) => string | number;
  className?: string;
  rowClassName?: string;
}) {
  const count = columns.length;
  return (
    <table className={cn("w-full text-left text-sm", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
        <tr>
          {columns.map((column, index) => (
            <th
              key={index}
              scope="col"
              className={cn(padding(index, count), index > 0 && !column.text && "text-right", "font-medium")}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line, row) => (
          <tr key={lineKey(line, row)} className={cn("border-b border-slate-100", rowClassName)}>
            {columns.map((column, index) => (
              <td
                key={index}
                className={cn(
                  padding(index, count),
                  index === 0
                    ? "wrap-anywhere text-slate-900"
                    : column.text
                      ? "text-slate-700"
                      : cn("text-right tabular-nums", index === count - 1 && "font-medium"),
                )}
              >
                {column.cell(line)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
