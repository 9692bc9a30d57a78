import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../ui/page-loader";
import { CustomerHeader } from "./customer-header";
import { SkipLink } from "./public-layout";

/** Signed-in customer pages: the account header, then the page. */
export function CustomerLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 print:bg-white">
      <SkipLink />
      <CustomerHeader />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
