// Build-time only (build-pages.ts runs it in Node after the client build): renders a public page as a
// guest sees it on first load, for the browser to show before its JavaScript arrives and then hydrate
// (main.tsx; the tree matches main.tsx's exactly, so that hydration finds the same markup), and a staff
// page's frame, which a member's browser shows until the page replaces it (lib/prerendered-shell.ts).
import { isValidElement, StrictMode, type ReactElement } from "react";
import { prerender } from "react-dom/static";
import { matchRoutes, StaticRouter } from "react-router";
import { AppProvider } from "./app/provider";
import { FrameContent } from "./components/layout/frame-content";
import { createQueryClient } from "./app/query-client";
import { AppRoutes, routes } from "./app/routes";
import { profileQueryKey } from "./lib/session/get-profile";
import type { SessionUser } from "./lib/session/session-user";

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

/** The staff areas, by the start of their pages' addresses, and the role each is for. */
const STAFF_AREAS: ReadonlyArray<readonly [string, string]> = [
  ["/agentdashboard", "AGENT"],
  ["/admindashboard", "ADMIN"],
  ["/superdashboard", "SUPERADMIN"],
];

/** The profile a staff page's frame is rendered with: the area's role, and nothing of any person. */
function frameUser(role: string): SessionUser {
  return {
    id: 0,
    username: "",
    first_name: "",
    last_name: "",
    email: "",
    phone_number: "",
    role,
    wallet_balance: "0.00",
    wallet_id: 0,
    last_transactions: [],
    kyc: {
      hospital_number: "",
      next_of_kin_name: "",
      next_of_kin_phone: "",
      next_of_kin_address: "",
      account_type: "INDIVIDUAL",
    },
  };
}

/**
 * The HTML of a staff page's frame (lib/prerendered-shell.ts): its own screen, rendered for the area's role
 * before the page's content shows (the staff shell renders that after its first pass, which is all a
 * prerender does): the header with the area's navigation, and the heading; with `content`, the screen's
 * content too, as it is before any answer (components/layout/frame-content.ts). A frame is shown on any later
 * day: a content frame is rendered a second time with the clock a year and a day on, and must come out the
 * same (a screen whose first view holds today's date, the day book's, cannot have one). Throws for a page
 * outside the staff areas or without a screen.
 */
export async function renderShell(url: string, content = false): Promise<string> {
  const role = STAFF_AREAS.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`))?.[1];
  if (!role) throw new Error(`prerendering ${url}: only a staff page has a signed-in frame`);
  const screen = matchRoutes(routes, url)?.at(-1)?.route.element;
  if (!isValidElement(screen)) throw new Error(`prerendering ${url}: no screen is routed there`);
  const type = screen.type as { preload?: () => Promise<void> };
  await type.preload?.();
  const html = await renderFrame(url, role, screen, content);
  if (/<script|<template/.test(html))
    throw new Error(`prerendering ${url}'s frame produced an inline script, which the CSP would block`);
  if (!/<h1[ >]/.test(html)) throw new Error(`prerendering ${url}'s frame produced no heading`);
  if (content && (await withClockMoved(LATER_MS, () => renderFrame(url, role, screen, content))) !== html)
    throw new Error(
      `prerendering ${url}'s frame: its content depends on the day it is built (a date?); give it a frame without content`,
    );
  return html;
}

/** A year and a day, in milliseconds. */
const LATER_MS = 366 * 24 * 60 * 60 * 1000;

async function renderFrame(url: string, role: string, screen: ReactElement, content: boolean): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(profileQueryKey, frameUser(role));
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <AppProvider queryClient={queryClient}>
      <FrameContent value={content}>
        <StaticRouter location={url}>{screen}</StaticRouter>
      </FrameContent>
    </AppProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new Error(`prerendering ${url}'s frame failed: ${String(errors[0])}`, { cause: errors[0] });
  return html;
}

/** Runs `render` with the clock (`Date.now()`, `new Date()`) `offsetMs` later. Build-time only. */
async function withClockMoved<T>(offsetMs: number, render: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  class MovedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now() {
      return RealDate.now() + offsetMs;
    }
  }
  globalThis.Date = MovedDate as DateConstructor;
  try {
    return await render();
  } finally {
    globalThis.Date = RealDate;
  }
}
