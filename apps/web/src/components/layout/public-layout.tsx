import { Suspense, type ReactNode } from "react";
import { Outlet } from "react-router";
import { useHydrated } from "../../lib/hydration";
import { t } from "../../i18n";
import { layoutMessages as m } from "../messages";
import { PageLoader } from "../ui/page-loader";
import { PublicHeader } from "./public-header";
import { SiteFooter } from "./site-footer";

/** Public pages: header, the page, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 print:bg-white">
      <SkipLink />
      <HydrationGate>
        <PublicHeader />
        <main id="main" className="flex-1">
          <Suspense fallback={<PageLoader />}>
            {/* The screen is hydrated on its own, once its lazy code has arrived: it needs a gate of its own. */}
            <HydrationGate>
              <Outlet />
            </HydrationGate>
          </Suspense>
        </main>
        <SiteFooter />
      </HydrationGate>
    </div>
  );
}

/**
 * A page prerendered at build time shows before its code runs: its buttons and fields stay disabled
 * until the code has taken them over, so that no click or typing is lost. The fieldset adds no box and
 * no group.
 */
function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} role="none" className="contents">
      {children}
    </fieldset>
  );
}

/** First focusable element: jumps past the header. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-teal-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 print:hidden"
    >
      {t(m.skipToContent)}
    </a>
  );
}
