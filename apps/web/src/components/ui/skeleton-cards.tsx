import { t } from "../../i18n";
import { uiMessages } from "../messages";

/** How many placeholder cards a role guard shows while the profile loads (SPEC §4). */
export const SKELETON_CARD_COUNT = 6;

/** Six grey cards standing in for a page whose data is loading. */
export function SkeletonCards() {
  return (
    <div role="status" aria-busy="true" aria-label={t(uiMessages.loading)} className="mx-auto w-full max-w-6xl px-4 py-10">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
          <div
            key={index}
            data-testid="skeleton-card"
            aria-hidden="true"
            className="animate-pulse rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <div className="h-4 w-1/3 rounded bg-slate-200" />
            <div className="mt-4 h-7 w-2/3 rounded bg-slate-200" />
            <div className="mt-3 h-3 w-full rounded bg-slate-100" />
            <div className="mt-2 h-3 w-5/6 rounded bg-slate-100" />
          </div>
        ))}
      </div>
    </div>
  );
}
