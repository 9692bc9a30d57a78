import { hmacSha512Hex } from "../lib/crypto";

/** Paystack's answer envelope. */
export const paystackOk = (message: string, data: unknown) => ({ status: true, message, data });
export const paystackFail = (message: string) => ({ status: false, message });

/** A refusal the routes turn into `{status: false, message}` with this HTTP status. */
export class PaystackFailure extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** `x-paystack-signature`: hex HMAC-SHA512 of the raw body keyed with the secret key. */
export const paystackSignature = (secretKey: string, rawBody: string | Buffer): string => hmacSha512Hex(secretKey, rawBody);

/** Characters Paystack accepts in a merchant reference. */
export const REFERENCE_RE = /^[A-Za-z0-9.=-]{1,100}$/;

export const PAYSTACK_CHANNELS = ["card", "bank", "ussd", "qr", "mobile_money", "bank_transfer", "eft", "apple_pay"] as const;

/** Smallest NGN charge Paystack accepts (₦50), in kobo. */
export const MIN_AMOUNT_KOBO = 5_000;

/** Paystack's local card fee in kobo: 1.5%, plus ₦100 from ₦2,500, capped at ₦2,000. */
export function paystackFeeKobo(amountKobo: number): number {
  const fee = Math.round(amountKobo * 0.015) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}
