import { RESEND_WAIT_SECONDS, STORAGE_KEYS } from "@hospipay/contract";
import { readRaw, removeKey, writeRaw } from "../../../lib/storage";

/** The e-mail waiting for verification, kept under `identifier` (SPEC §4). */
export function readIdentifier(): string | null {
  const value = readRaw(STORAGE_KEYS.identifier);
  return value ? value : null;
}

export function storeIdentifier(email: string): void {
  writeRaw(STORAGE_KEYS.identifier, email);
}

export function removeIdentifier(): void {
  removeKey(STORAGE_KEYS.identifier);
}

/**
 * When this tab last caused a verification e-mail (registration or resend). The /verify screen uses
 * it to keep the resend button waiting for the rest of the 60 s, which the server enforces anyway.
 * Session storage: a new tab or a later visit starts with the button enabled.
 */
const SENT_AT_KEY = "verificationSentAt";

export function markCodeSent(now = Date.now()): void {
  try {
    sessionStorage.setItem(SENT_AT_KEY, String(now));
  } catch {
    // Without storage the countdown simply starts after the next resend.
  }
}

export function clearCodeSent(): void {
  try {
    sessionStorage.removeItem(SENT_AT_KEY);
  } catch {
    // See markCodeSent.
  }
}

/** The moment the resend button becomes available again, or null when it already is. */
export function resendAvailableAt(now = Date.now()): number | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(SENT_AT_KEY);
  } catch {
    return null;
  }
  const sentAt = Number(raw);
  if (!raw || !Number.isFinite(sentAt)) return null;
  const deadline = sentAt + RESEND_WAIT_SECONDS * 1000;
  return deadline > now && sentAt <= now ? deadline : null;
}
