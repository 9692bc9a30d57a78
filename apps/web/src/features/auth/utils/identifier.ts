import { RESEND_WAIT_SECONDS, STORAGE_KEYS, type VerificationChannel } from "@hospipay/contract";
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
 * When the resend button becomes available again for an address, per address (a second registration
 * or a sign-in with another e-mail must not inherit the first one's wait). Set when this tab caused a
 * code (registration, resend) and when the server refused a resend with a wait. Session storage:
 * a reload of /verify keeps the countdown; a new tab or a later visit starts with the button enabled,
 * and the server's 429 then restarts it. Each channel (e-mail, SMS) has its own wait, as on the server.
 */
const AVAILABLE_AT_PREFIX = "resendAvailableAt:";
/** A stored wait longer than this is not believed (a clock changed, or the value was tampered with). */
const MAX_STORED_WAIT_MS = 60 * 60 * 1000;

function availableAtKey(email: string, channel: VerificationChannel): string {
  return AVAILABLE_AT_PREFIX + (channel === "sms" ? "sms:" : "") + email.trim().toLowerCase();
}

/** A code was just sent to `email`: the resend button waits the SPEC's 60 s from now. */
export function markCodeSent(email: string, now = Date.now(), channel: VerificationChannel = "email"): number {
  return markResendWait(email, RESEND_WAIT_SECONDS, now, channel);
}

/** The server asked to wait `seconds` before another code for `email`; returns the deadline. */
export function markResendWait(email: string, seconds: number, now = Date.now(), channel: VerificationChannel = "email"): number {
  const deadline = now + seconds * 1000;
  try {
    sessionStorage.setItem(availableAtKey(email, channel), String(deadline));
  } catch {
    // Without storage the countdown still runs for this page view.
  }
  return deadline;
}

export function clearCodeSent(email: string): void {
  try {
    sessionStorage.removeItem(availableAtKey(email, "email"));
    sessionStorage.removeItem(availableAtKey(email, "sms"));
  } catch {
    // See markResendWait.
  }
}

/** The moment the resend button for `email` becomes available again, or null when it already is. */
export function resendAvailableAt(email: string | null, now = Date.now(), channel: VerificationChannel = "email"): number | null {
  if (!email) return null;
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(availableAtKey(email, channel));
  } catch {
    return null;
  }
  const deadline = Number(raw);
  if (!raw || !Number.isFinite(deadline)) return null;
  return deadline > now && deadline - now <= MAX_STORED_WAIT_MS ? deadline : null;
}

/**
 * How long a refused resend asks to wait, in whole seconds: the Retry-After header, else the number
 * the server's detail names ("Please wait 42 seconds …", "… wait a minute …", "… 3 minutes …"),
 * else the SPEC's 60 s.
 */
export function resendWaitSeconds(retryAfterSeconds: number | undefined, detail: string | undefined): number {
  if (retryAfterSeconds !== undefined && retryAfterSeconds > 0) return retryAfterSeconds;
  const text = detail ?? "";
  const seconds = /(\d+)\s*seconds?/i.exec(text);
  if (seconds) return Math.max(1, Number(seconds[1]));
  const minutes = /(\d+)\s*minutes?/i.exec(text);
  if (minutes) return Math.max(1, Number(minutes[1])) * 60;
  return RESEND_WAIT_SECONDS;
}
