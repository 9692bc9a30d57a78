import { API_PATHS } from "@hospipay/contract";
import { apiRequest } from "../api-client";
import { getToken } from "./token";

let early: Promise<unknown> | undefined;

/**
 * Starts GET /auth/profile/ for a signed-in visitor before the app's code has arrived (boot.ts, which
 * the build puts on the guarded pages only), so that the guard's profile request is already under way
 * when the app renders. Nothing without a session.
 */
export function startEarlyProfile(): void {
  if (getToken() === null) return;
  early = apiRequest(API_PATHS.profile, { auth: true });
  // Nobody may take it (the page may be left first): its failure must not be reported as unhandled.
  early.catch(() => undefined);
}

/** The early profile answer, once: later requests are made afresh. */
export function takeEarlyProfile(): Promise<unknown> | undefined {
  const taken = early;
  early = undefined;
  return taken;
}
