import { randomBytes } from "node:crypto";
import { RECEIPT_CODE_ALPHABET, RECEIPT_CODE_LENGTH } from "@hospipay/contract";

/**
 * A new receipt code: 80 bits from the operating system's random source, as 16 Crockford base32
 * characters. Unguessable (a guess is right once in 2^80), typed in four groups of four. Collisions are
 * left to the table's unique index: at a million codes one is about 4 × 10^-13 likely, and it would fail
 * the settling transaction, which is then tried again like any other failed settlement.
 */
export function newReceiptCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let i = RECEIPT_CODE_LENGTH - 1; i >= 0; i -= 1) code += RECEIPT_CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}
