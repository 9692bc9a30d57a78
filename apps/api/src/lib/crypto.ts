import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A uniformly random string of decimal digits (verification codes). */
export function randomDigits(length: number): string {
  let out = "";
  for (let i = 0; i < length; i += 1) out += String(randomInt(0, 10));
  return out;
}

/** A URL-safe random token of the given number of bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Keyed hash for short secrets (codes, reset tokens) so the database never holds them in clear. */
export function keyedHash(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("hex");
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
