import { staffSearchQuerySchema } from "@hospipay/contract";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { staffSearchMessages as m } from "../messages";

/** The search text checked as the API checks it: the trimmed text, or the field's message (in the current language). */
export function checkSearchText(text: string): { q: string; error?: undefined } | { q?: undefined; error: string } {
  const parsed = staffSearchQuerySchema.shape.q.safeParse(text);
  return parsed.success ? { q: parsed.data } : { error: specText(parsed.error.issues[0]?.message ?? t(m.enterSearch)) };
}

/** A page number from the address: a whole number from 1, else 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The staff area a screen sits in ("/agentdashboard" of "/agentdashboard/search"). */
export function staffArea(pathname: string): string {
  return pathname.replace(/\/search\/?$/, "");
}
