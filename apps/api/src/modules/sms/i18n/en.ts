/**
 * The SMS texts in English, the source catalog: it names the keys. Short, and within one 160-character GSM
 * page with the longest amounts, references and links (sms.test.ts), but for the two of a bill's codes,
 * which state what each code is for within two pages (306 characters). Amounts are written "NGN …":
 * the naira sign is not a GSM character, and one would make the whole message UCS-2 (70 a page).
 */
export const en = {
  receipt: "Hospipay: your payment of {amount} is received. Ref {reference}. Receipt: {link}",
  billPartReceipt:
    "Hospipay: we received {amount}, ref {reference}. Your receipt {link} proves your part payment; items are given against the bill's code, sent to the patient once it is paid in full.",
  billReceipt:
    "Hospipay: the hospital bill of {amount} is paid in full. Its receipt code is {code}. Show it at the lab, pharmacy or ward to receive the items: {link}",
  billLink: "Hospipay: the hospital sent you a bill of {amount}. See and pay it here: {link}",
  verificationCode: "Your Hospipay verification code is {code}. It expires in {minutes} minutes. Never share it.",
  refund:
    "Hospipay: {amount} from payment {reference} has been refunded {destination, select, wallet {to your wallet} other {the way you paid}}.",
  heldCredit:
    "Hospipay: {amount} (ref {reference}) is held: it is over your wallet's tier limit. Raise your KYC tier to receive it.",
};

export type SmsKey = keyof typeof en;
