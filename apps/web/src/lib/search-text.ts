import { staffSearchQuerySchema } from "@hospipay/contract";
import { specText } from "./messages";

/**
 * A staff search's text checked as the API checks it (`staffSearchQuerySchema`): the trimmed text, or the
 * field's message in the current language (`fallback` when the schema gives none).
 */
export function checkSearchText(
  text: string,
  fallback: string,
): { q: string; error?: undefined } | { q?: undefined; error: string } {
  const parsed = staffSearchQuerySchema.shape.q.safeParse(text);
  return parsed.success ? { q: parsed.data } : { error: specText(parsed.error.issues[0]?.message ?? fallback) };
}

/** A page number from the address: a whole number from 1, else 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}
