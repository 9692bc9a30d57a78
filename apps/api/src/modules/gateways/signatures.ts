import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** Lower-case hex SHA-512 (Remita's request hashes). */
export const sha512Hex = (text: string) => createHash("sha512").update(text).digest("hex");

/** Lower-case hex HMAC-SHA512 over raw bytes (Monnify and Paystack webhooks). */
export const hmacSha512Hex = (key: string, raw: Buffer) => createHmac("sha512", key).update(raw).digest("hex");

/** Constant-time check of a hex signature header against the expected one. */
export function signatureMatches(header: string | string[] | undefined, expectedHex: string): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(given.toLowerCase(), "hex");
  const b = Buffer.from(expectedHex, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
