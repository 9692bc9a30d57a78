import type { ReactNode } from "react";
import { cn } from "./cn";
import { ScrollRegion } from "./scroll-region";

/**
 * Padding of a data table's body cell. Cells wrap their text (long e-mails and references anywhere),
 * and headings between their words, so that a table fits a 1366 px screen; only short figures (dates,
 * amounts) stay on one line.
 */
export const cellClasses = "px-3 py-2 align-top";

/** A cell's text that may break anywhere: e-mails, references and other unspaced strings. */
export const breakAnywhere = "wrap-anywhere";

/**
 * The one data table of the staff screens: a caption for screen readers, a header row, and the body rows
 * given as children, inside a labelled scroll region. On a desktop every column fits (cells wrap); on a
 * phone the region scrolls sideways and says so (see ScrollRegion), rather than widening the page.
 */
export function DataTable({
  label,
  caption,
  columns,
  children,
  className,
  bodyClassName,
}: {
  /** Accessible name of the scroll region; distinct from the section's heading. */
  label: string;
  caption: string;
  columns: readonly string[];
  /** The body's `<tr>` rows. */
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}) {
  return (
    <ScrollRegion label={label} className={className}>
      <table className="w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 align-bottom">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn("divide-y divide-slate-200", bodyClassName)}>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
