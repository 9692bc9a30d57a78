import { useId, type ReactNode } from "react";
import { Breakable } from "../../../components/ui/breakable";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { t, type MessageDescriptor } from "../../../i18n";
import { failureMessage } from "../utils/form-errors";
import { commonMessages as c } from "../messages";

/** What a queue reads of its list query (TanStack Query's result): a page of a list (`count`, `results`) or a whole list. */
export interface QueueQuery<T> {
  data: { count: number; results: readonly T[] } | readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A queue's texts. */
export interface QueueMessages {
  heading: MessageDescriptor;
  /** What the queue holds and what to do with it, under the heading. */
  intro?: MessageDescriptor;
  loading: MessageDescriptor;
  empty: MessageDescriptor;
  /** The table's scroll region's name. */
  tableLabel: MessageDescriptor;
  /** The table's caption; the heading when none. */
  tableCaption?: MessageDescriptor;
}

/**
 * A staff queue (payments paid short, refund and transfer approvals, transfers held over a KYC tier): a
 * section named by its heading, with how many wait beside it, and the list's loading, error (with "Try
 * again") and empty states before its table. The caller draws each row's cells and holds the dialogs the
 * row actions open (`children`).
 */
export function StaffQueue<T>({
  messages: m,
  countText = c.awaitingApproval,
  failed,
  query,
  columns,
  rowKey,
  renderCells,
  children,
}: {
  messages: QueueMessages;
  /** How many wait ({count}), said beside the heading when more than none. */
  countText?: MessageDescriptor;
  /** The failure's text when the server gives none. */
  failed: MessageDescriptor;
  query: QueueQuery<T>;
  columns: readonly MessageDescriptor[];
  rowKey: (item: T) => string | number;
  /** One row's `<td>` cells. */
  renderCells: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  const { data } = query;
  const page = data && ("results" in data ? data : { count: data.length, results: data });
  const items = page?.results;
  const count = page?.count;
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {t(m.heading)}
        </h2>
        {count !== undefined && count > 0 && <p className="text-sm text-slate-600">{t(countText, { count })}</p>}
      </div>
      {m.intro && <p className="mt-1 text-sm text-slate-600">{t(m.intro)}</p>}
      <div className="mt-4" aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(m.loading)}
          </p>
        ) : query.isError ? (
          <div className="space-y-3">
            <p className="text-sm font-medium text-red-700">{t(c.error, { message: failureMessage(query.error, t(failed)) })}</p>
            <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
              {t(c.tryAgain)}
            </Button>
          </div>
        ) : !items || items.length === 0 ? (
          <p className="text-sm text-slate-600">{t(m.empty)}</p>
        ) : (
          <DataTable
            label={t(m.tableLabel)}
            caption={t(m.tableCaption ?? m.heading)}
            columns={columns.map((column) => t(column))}
          >
            {items.map((item) => (
              <tr key={rowKey(item)}>{renderCells(item)}</tr>
            ))}
          </DataTable>
        )}
      </div>
      {children}
    </section>
  );
}

/** A queue's reference cell (an invoice's, a bank transfer's): monospace, breaking anywhere. */
export function ReferenceCell({ reference }: { reference: string }) {
  return (
    <td className={cn(cellClasses, "min-w-28 font-mono", breakAnywhere)}>
      <Breakable text={reference} />
    </td>
  );
}

/** A queue's customer cell: the name (or 'Unknown') over the e-mail. */
export function CustomerCell({ name, email }: { name: string | null | undefined; email: string }) {
  return (
    <td className={cn(cellClasses, "min-w-36", breakAnywhere)}>
      <span className="block">{name || t(c.unknown)}</span>
      <span className="block text-slate-600">
        <Breakable text={email} />
      </span>
    </td>
  );
}

/** One button of a queue row; its accessible name says which row it acts on. */
export interface QueueAction {
  text: string;
  /** The accessible name, e.g. "Approve refund HSP-…". */
  name: string;
  onClick: () => void;
  secondary?: boolean;
  busy?: boolean;
}

/** A queue row's action buttons, in their own cell. */
export function ActionsCell({ actions }: { actions: readonly QueueAction[] }) {
  return (
    <td className={cellClasses}>
      <QueueActions actions={actions} />
    </td>
  );
}

/** A queue row's action buttons, side by side, wrapping on a narrow screen. */
export function QueueActions({ actions }: { actions: readonly QueueAction[] }) {
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action.name}
          variant={action.secondary ? "secondary" : "primary"}
          className="whitespace-nowrap"
          aria-label={action.name}
          busy={action.busy}
          onClick={action.onClick}
        >
          {action.text}
        </Button>
      ))}
    </div>
  );
}
