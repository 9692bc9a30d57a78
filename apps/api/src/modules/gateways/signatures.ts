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

/** How far a timestamped signature's `t` may be from now, either way (Paystack's sample uses 300 s). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * A webhook signature header in either form a gateway may send: the plain hex HMAC-SHA512 of the raw
 * body, or the timestamped `t=<unix seconds>,v1=<hex>` (also `v1=<key id>:<hex>`, several v1 allowed),
 * each v1 the HMAC-SHA512 of `<t>.` followed by the raw body; a timestamp further than
 * SIGNATURE_TOLERANCE_SECONDS from now fails, so a captured delivery cannot be replayed later.
 */
export function hmacSha512HeaderMatches(
  header: string | string[] | undefined,
  key: string,
  raw: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given) return false;
  if (/^[0-9a-f]+$/i.test(given.trim())) return signatureMatches(given.trim(), hmacSha512Hex(key, raw));
  let signedAt: number | null = null;
  const candidates: string[] = [];
  for (const part of given.split(",")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (name === "t") {
      if (signedAt !== null || !/^\d{1,12}$/.test(value)) return false;
      signedAt = Number(value);
    } else if (name === "v1") {
      candidates.push(value.slice(value.lastIndexOf(":") + 1));
    }
  }
  if (signedAt === null || candidates.length === 0 || Math.abs(nowSeconds - signedAt) > SIGNATURE_TOLERANCE_SECONDS) {
    return false;
  }
  const expected = hmacSha512Hex(key, Buffer.concat([Buffer.from(`${signedAt}.`), raw]));
  return candidates.some((candidate) => signatureMatches(candidate, expected));
}
