/** Small readers for untyped JSON bodies: each simulator answers bad input in its party's own words. */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The trimmed string at `key`, or undefined when absent, blank or not a string. */
export function readText(record: JsonRecord, key: string): string | undefined {
  const value = record[key];
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** A boolean at `key`, or `fallback` when absent; undefined when present but not a boolean. */
export function readBoolean(record: JsonRecord, key: string, fallback: boolean): boolean | undefined {
  const value = record[key];
  if (value === undefined) return fallback;
  return typeof value === "boolean" ? value : undefined;
}

/** A whole number in [min, max] at `key`, or `fallback` when absent; undefined when invalid. */
export function readCount(record: JsonRecord, key: string, fallback: number, min = 1, max = 50): number | undefined {
  const value = record[key];
  if (value === undefined) return fallback;
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** The first value of a query parameter that may repeat. */
export function firstQueryValue(value: unknown): string | undefined {
  if (Array.isArray(value)) return firstQueryValue(value[0]);
  return typeof value === "string" ? value : undefined;
}

/**
 * A whole-number query parameter (a page, a page size): `fallback` when absent, lowered to `max` when above
 * it; null when not a whole number of at least `min`.
 */
export function readQueryInteger(value: unknown, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number | null {
  const text = firstQueryValue(value);
  if (text === undefined || text === "") return fallback;
  if (!/^\d{1,15}$/.test(text)) return null;
  const number = Number(text);
  return number < min ? null : Math.min(number, max);
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );
}
