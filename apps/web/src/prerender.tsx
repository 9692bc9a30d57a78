// Build-time only (prerender.ts runs it in Node after the client build): renders a public page as a
// guest sees it on first load, for the browser to show before its JavaScript arrives and then hydrate
// (main.tsx). The tree matches main.tsx's exactly, so that hydration finds the same markup.
import { StrictMode, type JSX } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppProvider } from "./app/provider";
import { AppRoutes } from "./app/routes";
import { StaffDashboardFrame } from "./features/staff/components/staff-dashboard-screen";

/** The HTML of `url`'s screen for a guest, every lazy screen resolved. Throws when a screen failed to render. */
export async function render(url: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    // Every screen inline: React would otherwise move a large one after the shell and swap it in with an
    // inline script, which the Content-Security-Policy forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new Error(`prerendering ${url} failed: ${String(errors[0])}`, { cause: errors[0] });
  if (/<script|<template/.test(html)) throw new Error(`prerendering ${url} produced an inline script, which the CSP would block`);
  return html;
}

/** The signed-in pages whose frame is prerendered (lib/prerendered-shell.ts), with what each shows. */
const FRAMES: Record<string, () => JSX.Element> = {
  "/agentdashboard": () => <StaffDashboardFrame variant="agent" />,
  "/admindashboard": () => <StaffDashboardFrame variant="admin" />,
  "/superdashboard": () => <StaffDashboardFrame variant="admin" />,
};

/** The HTML of a signed-in page's frame before its profile has arrived; throws for a page that has none. */
export async function renderShell(url: string): Promise<string> {
  const frame = FRAMES[url];
  if (!frame) throw new Error(`prerendering ${url}: no signed-in frame is known for it`);
  const { prelude } = await prerender(
    <AppProvider>
      <StaticRouter location={url}>{frame()}</StaticRouter>
    </AppProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (/<script|<template/.test(html))
    throw new Error(`prerendering ${url}'s frame produced an inline script, which the CSP would block`);
  return html;
}
