import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../ui/page-loader";
import { PublicHeader } from "./public-header";
import { SiteFooter } from "./site-footer";

/** Public pages: header, the page, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 print:bg-white">
      <SkipLink />
      <PublicHeader />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

/** First focusable element: jumps past the header. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-teal-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 print:hidden"
    >
      Skip to content
    </a>
  );
}
