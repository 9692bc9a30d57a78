import type { ReactNode } from "react";
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

/** Previous / "Page x of y" / Next under a paged list; nothing when there is one page. */
export function Pager({
  label,
  previousLabel,
  nextLabel,
  pageText,
  page,
  pages,
  onPage,
}: {
  label: string;
  previousLabel: string;
  nextLabel: string;
  pageText: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </Button>
      <span className="text-sm text-slate-600">{pageText}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </Button>
    </nav>
  );
}
