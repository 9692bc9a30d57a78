import { t } from "../../i18n";
import { offlineMessages, useOffline } from "../../lib/offline";

/**
 * The notice at the top of every page while the browser is offline, a polite status. Its live region is
 * always there (empty and sizeless while online), so that a screen reader announces the notice when it
 * appears; it takes the status role only with its text, so that online pages keep exactly their own statuses.
 */
export function OfflineBanner() {
  const offline = useOffline();
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      role={offline ? "status" : undefined}
      className={offline ? "sticky top-0 z-40 border-b border-amber-300 bg-amber-50 px-4 py-2 print:hidden" : undefined}
    >
      {offline && <p className="mx-auto max-w-5xl text-center text-sm font-medium text-amber-950">{t(offlineMessages.banner)}</p>}
    </div>
  );
}
