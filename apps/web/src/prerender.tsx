// Build-time only (prerender.ts runs it in Node after the client build): renders a public page as a
// guest sees it on first load, for the browser to show before its JavaScript arrives and then hydrate
// (main.tsx). The tree matches main.tsx's exactly, so that hydration finds the same markup.
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppProvider } from "./app/provider";
import { AppRoutes } from "./app/routes";

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
