import { koboToDecimal, nairaToKobo } from "@hospipay/contract";

/** "1,600" or "₦1600" typed by hand → "1600.00"; anything else is left for the schema to refuse. */
export function normaliseAmount(text: string): string {
  const compact = text.replace(/[₦,\s]/g, "");
  const kobo = nairaToKobo(compact);
  return kobo === null ? compact : koboToDecimal(kobo);
}
