/**
 * Safe wrappers around localStorage: private browsing, quota errors and corrupt JSON never break a screen.
 */

/** Reads a raw string, or null when absent or storage is unavailable. */
export function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a raw string; failures (quota, disabled storage) are ignored. */
export function writeRaw(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage is a convenience; the in-memory state still works for this page view.
  }
}

/** Removes a key; failures are ignored. */
export function removeKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // See writeRaw.
  }
}

/** Parses JSON, returning undefined for null or invalid text. */
export function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
