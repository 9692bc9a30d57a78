import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";

/** Lowercase hex SHA-512 of a UTF-8 string (Remita's request hashes). */
export function sha512Hex(text: string): string {
  return createHash("sha512").update(text, "utf8").digest("hex");
}

/** Lowercase hex HMAC-SHA512 of the exact bytes sent (Monnify and Paystack webhook signatures). */
export function hmacSha512Hex(key: string, body: string | Buffer): string {
  return createHmac("sha512", key).update(body).digest("hex");
}

/** Constant-time comparison of two secrets given as strings. */
export function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `length` random decimal digits, never starting with 0. */
export function randomDigits(length: number): string {
  let digits = String(randomInt(1, 10));
  while (digits.length < length) digits += String(randomInt(0, 10));
  return digits;
}

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";

/** `length` random lowercase letters and digits (Paystack-style references and access codes). */
export function randomAlphanumeric(length: number): string {
  let text = "";
  while (text.length < length) text += ALPHANUMERIC[randomInt(0, ALPHANUMERIC.length)];
  return text;
}

/** Draws values until one is not yet taken, so generated references never collide. */
export function uniqueValue(generate: () => string, taken: (value: string) => boolean): string {
  for (;;) {
    const value = generate();
    if (!taken(value)) return value;
  }
}
