import { formatNaira, VERIFICATION_CODE_TTL_MINUTES, type Locale } from "@hospipay/contract";
import { createTranslator, type Catalogs } from "../../lib/i18n";
import { en, type SmsKey } from "./i18n/en";
import { ha } from "./i18n/ha";
import { ig } from "./i18n/ig";
import { pcm } from "./i18n/pcm";
import { yo } from "./i18n/yo";

/** Every language's SMS texts (checked by catalogProblems in sms-messages.test.ts). */
export const SMS_CATALOGS: Catalogs<SmsKey> = { en, ha, yo, ig, pcm };

const t = createTranslator(SMS_CATALOGS);

/** An amount as every SMS writes it: "NGN 1,500.00" (GSM characters only). */
export const smsAmount = (kobo: number) => `NGN ${formatNaira(kobo, { symbol: false })}`;

/** A receipt's short link: the public address and the code, which /r/{code} sends on to the verify page. */
export const receiptShortLink = (publicUrl: string, receiptCode: string) => `${publicUrl}/r/${receiptCode}`;

export const smsTexts = {
  receipt: (locale: Locale, v: { amountKobo: number; reference: string; link: string }) =>
    t(locale, "receipt", { amount: smsAmount(v.amountKobo), reference: v.reference, link: v.link }),
  billPartReceipt: (locale: Locale, v: { amountKobo: number; reference: string; link: string }) =>
    t(locale, "billPartReceipt", { amount: smsAmount(v.amountKobo), reference: v.reference, link: v.link }),
  billReceipt: (locale: Locale, v: { amountKobo: number; code: string; link: string }) =>
    t(locale, "billReceipt", { amount: smsAmount(v.amountKobo), code: v.code, link: v.link }),
  billLink: (locale: Locale, v: { amountKobo: number; link: string }) =>
    t(locale, "billLink", { amount: smsAmount(v.amountKobo), link: v.link }),
  verificationCode: (locale: Locale, code: string) =>
    t(locale, "verificationCode", { code, minutes: VERIFICATION_CODE_TTL_MINUTES }),
  refund: (locale: Locale, v: { amountKobo: number; reference: string; destination: "wallet" | "original_method" }) =>
    t(locale, "refund", { amount: smsAmount(v.amountKobo), reference: v.reference, destination: v.destination }),
  heldCredit: (locale: Locale, v: { amountKobo: number; reference: string }) =>
    t(locale, "heldCredit", { amount: smsAmount(v.amountKobo), reference: v.reference }),
};
