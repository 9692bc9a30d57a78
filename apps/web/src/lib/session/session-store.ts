import { STORAGE_KEYS } from "@hospipay/contract";
import { useSyncExternalStore } from "react";
import { forgetPayerCaches } from "../payer-caches";
import { getToken } from "./token";
import { parseJson, readRaw, removeKey, writeRaw } from "../storage";
import { parseSessionUser, type SessionUser } from "./session-user";

/**
 * The browser session: the bearer token under `token` and the last known profile under `user`
 * (SPEC §3). localStorage is the source of truth, so a change in another tab, or a test clearing
 * storage, is never out of sync with what the screens read. The service worker's copies of the payer's
 * receipts (lib/payer-caches.ts) end with the session, and another account signing in starts without them.
 */

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

// Kept in a module without React, which the API client and the boot entry also use.
export { getToken } from "./token";

/** The last profile stored by login or by the guard's profile fetch. */
export function getStoredUser(): SessionUser | null {
  return parseSessionUser(parseJson(readRaw(STORAGE_KEYS.user)));
}

/** Stores a fresh profile (after login or a profile fetch). */
export function setStoredUser(user: SessionUser): void {
  writeRaw(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

/** Starts a session after login; the receipts kept for anyone else's session are deleted. */
export function startSession(token: string, user: SessionUser): void {
  if (getStoredUser()?.id !== user.id) void forgetPayerCaches();
  writeRaw(STORAGE_KEYS.token, token);
  writeRaw(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

/** Keeps a fresh token for this session (a password change revokes the old one). */
export function replaceToken(token: string): void {
  writeRaw(STORAGE_KEYS.token, token);
  notify();
}

/**
 * Ends the session locally, however it ends (logout, a token the server refused, Privacy Settings): token,
 * user and the session's copies of receipts are removed.
 */
export function clearSession(): void {
  void forgetPayerCaches();
  removeKey(STORAGE_KEYS.token);
  removeKey(STORAGE_KEYS.user);
  notify();
}

/** The current token, re-rendering when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
