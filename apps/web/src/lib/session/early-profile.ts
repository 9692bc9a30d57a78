import { API_PATHS } from "@hospipay/contract";
import { apiRequest } from "../api-client";
import { getToken } from "./token";

const early = new Map<string, Promise<unknown>>();

/**
 * Starts a bearer GET of `path` for a signed-in visitor before the app's code has arrived (boot.ts, which
 * the build puts on the guarded pages only), so that the screen's first request of it is already under
 * way, or answered, when the app renders. Nothing without a session.
 */
export function startEarlyRequest(path: string): void {
  if (getToken() === null || early.has(path)) return;
  const request = apiRequest(path, { auth: true });
  // Nobody may take it (the page may be left first): its failure must not be reported as unhandled.
  request.catch(() => undefined);
  early.set(path, request);
}

/** The early answer of `path`, once: later requests are made afresh. */
export function takeEarlyRequest(path: string): Promise<unknown> | undefined {
  const taken = early.get(path);
  early.delete(path);
  return taken;
}

/** GET /auth/profile/, which every guard needs first, started early (startEarlyRequest). */
export function startEarlyProfile(): void {
  startEarlyRequest(API_PATHS.profile);
}

/** The early profile answer, once. */
export function takeEarlyProfile(): Promise<unknown> | undefined {
  return takeEarlyRequest(API_PATHS.profile);
}

/** Drops the early requests nobody took (a new page: the tests' setup between tests). */
export function forgetEarlyRequests(): void {
  early.clear();
}
