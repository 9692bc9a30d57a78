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

/** Key id Paystack puts before each timestamped signature (`v1=<kid>:<hex>`). */
export const PAYSTACK_SIGNATURE_KID = "sk1";

/**
 * The timestamped form of `x-paystack-signature`: `t=<unix seconds>,v1=<kid>:<hex>`, the hex being
 * HMAC-SHA512 of `<t>.` followed by the raw body, keyed with the secret key.
 */
export function paystackTimestampedSignature(secretKey: string, rawBody: string | Buffer, signedAt: number): string {
  const signed = Buffer.concat([Buffer.from(`${signedAt}.`), Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody)]);
  return `t=${signedAt},v1=${PAYSTACK_SIGNATURE_KID}:${hmacSha512Hex(secretKey, signed)}`;
}

/** Characters Paystack accepts in a merchant reference. */
export const REFERENCE_RE = /^[A-Za-z0-9.=-]{1,100}$/;

export const PAYSTACK_CHANNELS = ["card", "bank", "ussd", "qr", "mobile_money", "bank_transfer", "eft", "apple_pay"] as const;

/** Smallest NGN charge Paystack accepts (₦50), in kobo. */
export const MIN_AMOUNT_KOBO = 5_000;

/**
 * Paystack Nigeria's local fee in kobo: 1.5% of the amount (rounded half up to the kobo) plus ₦100, the
 * ₦100 waived under ₦2,500, the whole capped at ₦2,000.
 */
export function paystackFeeKobo(amountKobo: number): number {
  const percent = Math.floor((amountKobo * 15 + 500) / 1000);
  const flat = amountKobo < 250_000 ? 0 : 10_000;
  return Math.min(percent + flat, 200_000);
}

/** The integration (merchant account) id every settlement of this simulator names. */
export const PAYSTACK_INTEGRATION_ID = 463_433;

/** `meta` of Paystack's paged lists. */
export interface PaystackPageMeta {
  total: number;
  skipped: number;
  perPage: number;
  page: number;
  pageCount: number;
}

/** A paged list in Paystack's envelope. */
export interface PaystackPage<Item> {
  status: true;
  message: string;
  data: Item[];
  meta: PaystackPageMeta;
}

/** Page `page` (from 1) of `items`, `perPage` a page. */
export function paystackPage<Item>(message: string, items: readonly Item[], page: number, perPage: number): PaystackPage<Item> {
  const skipped = (page - 1) * perPage;
  return {
    status: true,
    message,
    data: items.slice(skipped, skipped + perPage),
    meta: { total: items.length, skipped, perPage, page, pageCount: Math.ceil(items.length / perPage) },
  };
}
