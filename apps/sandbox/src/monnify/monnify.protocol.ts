import { randomInt } from "node:crypto";
import { hmacSha512Hex } from "../lib/crypto";

/** Monnify's answer envelope. */
export interface MonnifyEnvelope {
  requestSuccessful: boolean;
  responseMessage: string;
  responseCode: string;
  responseBody?: unknown;
}

export const monnifyOk = (responseBody: unknown, responseMessage = "success"): MonnifyEnvelope => ({
  requestSuccessful: true,
  responseMessage,
  responseCode: "0",
  responseBody,
});

export const monnifyFail = (responseMessage: string, responseCode = "99"): MonnifyEnvelope => ({
  requestSuccessful: false,
  responseMessage,
  responseCode,
});

/** A refusal the routes turn into an enveloped answer with this HTTP status. */
export class MonnifyFailure extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly responseCode = "99",
  ) {
    super(message);
  }
}

/** `monnify-signature`: hex HMAC-SHA512 of the raw body keyed with the client secret. */
export const monnifySignature = (secretKey: string, rawBody: string | Buffer): string => hmacSha512Hex(secretKey, rawBody);

/** Reads `Basic base64(apiKey:secretKey)`; null when malformed. */
export function parseBasicAuthorization(header: string | undefined): { apiKey: string; secretKey: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon > 0 ? { apiKey: decoded.slice(0, colon), secretKey: decoded.slice(colon + 1) } : null;
}

/** Banks Monnify opens accounts at; the first is the default for dynamic accounts. */
export const MONNIFY_BANKS = [
  { bankCode: "035", bankName: "Wema bank", prefix: "5" },
  { bankCode: "232", bankName: "Sterling bank", prefix: "8" },
  { bankCode: "50515", bankName: "Moniepoint Microfinance Bank", prefix: "6" },
] as const;

export type MonnifyBank = (typeof MONNIFY_BANKS)[number];

export const findBank = (bankCode: string): MonnifyBank | undefined => MONNIFY_BANKS.find((bank) => bank.bankCode === bankCode);

const NUBAN_WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/**
 * A 10-digit NUBAN: a 9-digit serial and the CBN check digit computed over the 6-digit institution
 * code ("000" + a bank's 3-digit code, "9" + a microfinance bank's 5-digit code) and the serial.
 */
export function nubanAccountNumber(bankCode: string, serial: string): string {
  const institution = bankCode.length === 3 ? `000${bankCode}` : `9${bankCode}`;
  const digits = `${institution}${serial}`;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (NUBAN_WEIGHTS[index] ?? 0), 0);
  return `${serial}${(10 - (sum % 10)) % 10}`;
}

/** A fresh account number at `bank` (not checked for uniqueness here). */
export function randomAccountNumber(bank: MonnifyBank): string {
  const serial = `${bank.prefix}${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
  return nubanAccountNumber(bank.bankCode, serial);
}

/** Naira number as Monnify prints amounts in JSON. */
export const koboToMonnifyAmount = (kobo: number): number => kobo / 100;

/**
 * Monnify's collection fee in kobo, which this simulator charges for every payment method alike: 1.5% of
 * the amount, rounded half up to the kobo, capped at ₦2,000.
 */
export function monnifyFeeKobo(amountKobo: number): number {
  return Math.min(Math.floor((amountKobo * 15 + 500) / 1000), 200_000);
}

/** The hospital's bank account Monnify pays settlements into. */
export const SETTLEMENT_DESTINATION = {
  accountNumber: "0123456789",
  accountName: "Hospipay Teaching Hospital",
  bankCode: "058",
  bankName: "GTBank",
} as const;

/** A page of a list in Monnify's `responseBody` (pages from 0). */
export interface MonnifyPage<Item> {
  content: Item[];
  totalElements: number;
  totalPages: number;
  size: number;
  number: number;
}

/** Page `number` (from 0) of `items`, `size` a page. */
export function monnifyPage<Item>(items: readonly Item[], number: number, size: number): MonnifyPage<Item> {
  return {
    content: items.slice(number * size, (number + 1) * size),
    totalElements: items.length,
    totalPages: Math.ceil(items.length / size),
    size,
    number,
  };
}

export const MONNIFY_PAYMENT_METHODS = ["CARD", "ACCOUNT_TRANSFER", "USSD", "PHONE_NUMBER", "DIRECT_DEBIT"] as const;
