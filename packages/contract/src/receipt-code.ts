/**
 * Receipt codes (beyond SPEC): 16 Crockford base32 characters, 80 random bits, shown in four groups of
 * four (`7K3M-Q9XD-2HPA-W4RT`) and read back however a person types them: in either case, with or
 * without dashes or spaces, with I and L read as 1 and O as 0 (Crockford's rule for look-alikes).
 */

/** Crockford's base32 alphabet: no I, L, O or U. */
export const RECEIPT_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Characters of a receipt code: 16 × 5 = 80 random bits. */
export const RECEIPT_CODE_LENGTH = 16;

/**
 * Refusal of a code that cannot be one (wrong length, a character outside the alphabet). Kept here, away
 * from the zod schemas, so that the web's verify page checks a typed code without downloading zod.
 */
export const INVALID_RECEIPT_CODE = "Enter the 16-character receipt code.";

/** A typed or scanned code as stored (16 characters of the alphabet), or null when it cannot be one. */
export function normalizeReceiptCode(text: string): string | null {
  const plain = text.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (plain.length !== RECEIPT_CODE_LENGTH) return null;
  for (const char of plain) if (!RECEIPT_CODE_ALPHABET.includes(char)) return null;
  return plain;
}

/** "7K3M-Q9XD-2HPA-W4RT": a stored code as people read and type it. */
export function formatReceiptCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** Where a receipt code is checked: the verify page, with the code filled in (the QR code's content). */
export const verifyReceiptUrl = (publicUrl: string, code: string) =>
  `${publicUrl}/verify-receipt?code=${encodeURIComponent(formatReceiptCode(code))}`;
