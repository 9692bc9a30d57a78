import { isRouteErrorResponse, useRouteError } from "react-router";

/**
 * Last resort when a screen throws or its code fails to load (e.g. an old tab after a deploy).
 * A plain anchor reloads the app instead of relying on the router that just failed.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <main className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">Please reload the page and try again.{detail ? ` (${detail})` : ""}</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800">
        Reload Hospipay
      </a>
    </main>
  );
}
