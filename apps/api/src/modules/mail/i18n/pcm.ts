import type { MailKey } from "./en";

/** The e-mails' texts in Nigerian Pidgin. */
export const pcm: Record<MailKey, string> = {
  hello: "How far {name},",
  helloUnproven: "How far,",
  "date.months": "Jén Fẹ́b Mach Épr Mee Jun Jul Ọ́gọ Sẹp Ọkt Nọv Dis",
  "date.day": "{day} {month} {year}",
  "date.dateTime": "{date}, {time} WAT",

  "method.wallet": "Wallet",
  "method.remita": "Remita",
  "method.monnify": "Monnify (bank transfer)",
  "method.paystack": "Paystack",
  "method.bank_transfer": "Bank transfer",
  "method.cash": "Cash",
  "method.pos": "POS (card machine)",

  "html.qrAlt": "QR code for {link}",

  "verification.subject": "Your Hospipay verification code na {code}",
  "verification.code": "Your Hospipay verification code na {code}.",
  "verification.expiry": "E go expire after {minutes} minutes, and you fit use am only one time.",
  "verification.resend": "You fit ask for new code after {seconds} seconds.",
  "verification.ignore": "If no be you open Hospipay wallet, just ignore this e-mail.",

  "reset.subject": "Change your Hospipay password",
  "reset.intro": "Somebody ask make we reset the password of your Hospipay wallet. To choose new password, open:",
  "reset.expiry": "The link go work only one time, and e go expire after {minutes} minutes.",
  "reset.ignore": "If no be you ask for am, ignore this e-mail: your password go stay as e dey.",

  "passwordChanged.subject": "Dem don change your Hospipay password",
  "passwordChanged.body":
    "Dem just change the password of your Hospipay wallet, and every other device wey sign in don comot from the account.",
  "passwordChanged.notYou":
    "If no be you do am, reset your password sharp sharp with the forgot password link for the sign-in page.",

  "receipt.subject": "Your Hospipay receipt {reference}",
  "receipt.thanks": "Thank you. Your payment to the hospital don go well.",
  "receipt.reference": "Reference: {reference}",
  "receipt.date": "Date: {date}",
  "receipt.method": "How you pay: {method}",
  "receipt.rrr": "RRR: {rrr}",
  "receipt.items": "Wetin you pay for:",
  "receipt.subtotal": "Subtotal: {amount}",
  "receipt.fee": "Charge fee: {amount}",
  "receipt.total": "Total wey you pay: {amount}",
  "receipt.view": "See or print this receipt: {link}",
  "receipt.code": "Receipt code: {code}",
  "receipt.codeCheckedAt": "Receipt code: {code} (dem dey check am for {link})",
  "receipt.billPart":
    "This receipt code show say you don pay your part of the hospital bill. Dem dey give the items with the bill im own receipt code, wey dem go send to the patient once dem pay the whole bill finish. The bill: {link}",
  "receipt.show": "Show this code for the lab, pharmacy or ward; dem dey check am for: {link}",

  "billReceipt.subject": "Dem don pay hospital bill of {amount} finish",
  "billReceipt.body": "Dem don pay the hospital bill of {amount} for {patient} (hospital number {hospitalNumber}) finish.",
  "billReceipt.services": "Services wey dey the bill:",
  "billReceipt.show":
    "Show this code, or im QR code, for the lab, pharmacy or ward to collect these services; dem dey check am for: {link}",

  "walletFunded.subject": "{amount} don enter your Hospipay wallet",
  "walletFunded.body": "We don receive your top-up {reference} of {amount} and we don add am to your wallet.",
  "wallet.balance": "Your wallet balance now na {amount}.",

  "transfer.subject": "{amount} don enter your Hospipay wallet by bank transfer",
  "transfer.body": "Bank transfer of {amount} enter your account {account}, and we don add am to your wallet.",
  "transfer.bodyFrom": "Bank transfer of {amount} from {sender} enter your account {account}, and we don add am to your wallet.",

  "held.subject": "{amount} don land for your Hospipay wallet, but we hold am",
  "held.body":
    "We don receive {amount} for your wallet (reference {reference}). Your tier {tier} wallet {cap, select, balance {fit hold only {capAmount}} other {fit take only {capAmount} for one time}}, so we dey hold the money for you: e safe, e no loss.",
  "held.action":
    "To collect am, raise your KYC tier: complete your identity details for Account Settings → KYC and ask the hospital make dem give you higher tier. Once your tier allow am, the money go enter your wallet by itself.",

  "kyc.verifiedSubject": "We don verify your Hospipay identity details",
  "kyc.verifiedBody": "We don verify your identity details (KYC). Your account dey tier {tier} now.",
  "kyc.rejectedSubject": "Your Hospipay identity details need correction",
  "kyc.rejectedBody": "We no fit verify your identity details (KYC) as you send dem:",
  "kyc.rejectedFix": "Abeg correct dem for Account Settings → KYC and send dem again.",

  "refund.subject": "We don refund your payment {reference}",
  "refund.body": "We don refund your payment {reference} of {amount}.",
  "refund.reason": "Reason: {reason}",
  "refund.toWallet": "The {amount} don return to your Hospipay wallet and you fit use am now now.",
  "refund.toMethod":
    "The {amount} go return through the way wey you take pay ({method}); banks dey usually show am within 5 to 10 working days.",

  "staffInvite.subject": "Your Hospipay staff account don ready",
  "staffInvite.body": "We don create Hospipay staff account ({role}) for you. To choose your password, open:",
  "staffInvite.expiry":
    "The link go work only one time, and e go expire after {hours} hours. After that one, use the forgot password link for the sign-in page.",

  "billLink.subject": "Your hospital bill of {amount} don land",
  "billLink.body": "The hospital don raise bill of {amount} for you (bill {token}).",
  "billLink.due": "Abeg pay am before {date}.",
  "billLink.share": "You, or anybody wey you share this link with, fit see am and pay am, one time or small small:",
};
