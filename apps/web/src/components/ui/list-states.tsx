import type { ReactNode } from "react";
import { t, type MessageDescriptor } from "../../i18n";
import { Button } from "./button";
import { cn } from "./cn";

/** A list's loading, empty or count line, announced politely (role="status"). */
export function ListNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={cn("text-sm text-slate-600", className)}>
      {children}
    </p>
  );
}

/** A list that could not load: the error (role="alert") and a button that asks again. */
export function ListFailure({
  message,
  retryLabel,
  busy,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="space-y-3">
      <p className="text-sm font-medium text-red-700">{message}</p>
      <Button variant="secondary" busy={busy} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

/** The words of a pager, from its feature's catalog: its name, its buttons and "Page {page} of {pages}". */
export interface PagerMessages {
  pages: MessageDescriptor;
  previous: MessageDescriptor;
  next: MessageDescriptor;
  page: MessageDescriptor;
}

/** Previous / "Page x of y" / Next under a paged list; nothing when there is one page. */
export function Pager({
  messages: m,
  page,
  pages,
  onPage,
}: {
  messages: PagerMessages;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={t(m.pages)} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t(m.previous)}
      </Button>
      <span className="text-sm text-slate-600">{t(m.page, { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t(m.next)}
      </Button>
    </nav>
  );
}
