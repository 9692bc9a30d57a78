/**
 * The e-mails' texts in English, the source catalog: it names the keys the other languages translate, and
 * its messages print the e-mails exactly as they read before there were other languages. ICU MessageFormat:
 * names, amounts, references, codes, links and dates are placeholders, filled by mail-templates.ts.
 */
export const en = {
  hello: "Hello {name},",
  helloUnproven: "Hello,",
  "date.months": "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec",
  "date.day": "{day} {month} {year}",
  "date.dateTime": "{date}, {time} WAT",

  "method.wallet": "Wallet",
  "method.remita": "Remita",
  "method.monnify": "Monnify (bank transfer)",
  "method.paystack": "Paystack",
  "method.bank_transfer": "Bank transfer",
  "method.cash": "Cash",
  "method.pos": "POS (card terminal)",

  "html.qrAlt": "QR code of {link}",

  "verification.subject": "Your Hospipay verification code: {code}",
  "verification.code": "Your Hospipay verification code is {code}.",
  "verification.expiry": "It expires in {minutes} minutes and can be used once.",
  "verification.resend": "You can ask for a new code after {seconds} seconds.",
  "verification.ignore": "If you did not create a Hospipay wallet, you can ignore this e-mail.",

  "reset.subject": "Reset your Hospipay password",
  "reset.intro": "Someone asked to reset the password of your Hospipay wallet. To choose a new password, open:",
  "reset.expiry": "The link works once and expires in {minutes} minutes.",
  "reset.ignore": "If you did not ask for this, ignore this e-mail: your password stays as it is.",

  "passwordChanged.subject": "Your Hospipay password was changed",
  "passwordChanged.body":
    "The password of your Hospipay wallet was just changed, and every other signed-in device was signed out.",
  "passwordChanged.notYou": "If this was not you, reset your password at once with 'Forgot password?' on the sign-in page.",

  "receipt.subject": "Hospipay receipt {reference}",
  "receipt.thanks": "Thank you. Your payment to the hospital was successful.",
  "receipt.reference": "Reference: {reference}",
  "receipt.date": "Date: {date}",
  "receipt.method": "Payment method: {method}",
  "receipt.rrr": "RRR: {rrr}",
  "receipt.items": "Items:",
  "receipt.subtotal": "Subtotal: {amount}",
  "receipt.fee": "Charge fee: {amount}",
  "receipt.total": "Total paid: {amount}",
  "receipt.view": "View or print this receipt: {link}",
  "receipt.code": "Receipt code: {code}",
  "receipt.codeCheckedAt": "Receipt code: {code} (checked at {link})",
  "receipt.billPart":
    "This receipt code proves your payment towards the hospital bill. Items are given against the bill's own receipt code, which is sent to the patient once the bill is paid in full. The bill: {link}",
  "receipt.show": "Show this code at the lab, pharmacy or ward; it is checked at: {link}",

  "billReceipt.subject": "Hospital bill of {amount} is paid in full",
  "billReceipt.body": "The hospital bill of {amount} for {patient} (hospital number {hospitalNumber}) is paid in full.",
  "billReceipt.services": "Services on the bill:",
  "billReceipt.show":
    "Show this code, or its QR code, at the lab, pharmacy or ward to receive these services; it is checked at: {link}",

  "walletFunded.subject": "Your Hospipay wallet was funded with {amount}",
  "walletFunded.body": "Your top-up {reference} of {amount} was received and added to your wallet.",
  "wallet.balance": "Your wallet balance is now {amount}.",

  "transfer.subject": "Your Hospipay wallet was funded with {amount} by bank transfer",
  "transfer.body": "A bank transfer of {amount} into your account {account} was received and added to your wallet.",
  "transfer.bodyFrom":
    "A bank transfer of {amount} from {sender} into your account {account} was received and added to your wallet.",

  "held.subject": "{amount} received for your Hospipay wallet is on hold",
  "held.body":
    "We received {amount} for your wallet (reference {reference}). Your tier {tier} wallet {cap, select, balance {may hold at most {capAmount}} other {accepts at most {capAmount} in one credit}}, so the money is held for you: it is safe, not lost.",
  "held.action":
    "To receive it, raise your KYC tier: complete your identity details under Account Settings → KYC and ask the hospital for a higher tier. Once your tier allows it, the money goes to your wallet by itself.",

  "kyc.verifiedSubject": "Your Hospipay identity details are verified",
  "kyc.verifiedBody": "Your identity details (KYC) were verified. Your account is now at tier {tier}.",
  "kyc.rejectedSubject": "Your Hospipay identity details need correcting",
  "kyc.rejectedBody": "We could not verify your identity details (KYC) as submitted:",
  "kyc.rejectedFix": "Please correct them under Account Settings → KYC and submit again.",

  "refund.subject": "Your payment {reference} was refunded",
  "refund.body": "Your payment {reference} of {amount} was refunded.",
  "refund.reason": "Reason: {reason}",
  "refund.toWallet": "The {amount} is back in your Hospipay wallet and can be used at once.",
  "refund.toMethod":
    "The {amount} is returned through the way you paid ({method}); banks usually show it within 5 to 10 working days.",

  "staffInvite.subject": "Your Hospipay staff account",
  "staffInvite.body": "A Hospipay staff account ({role}) was created for you. To choose your password, open:",
  "staffInvite.expiry":
    'The link works once and expires in {hours} hours. After that, use "Forgot password" on the sign-in page.',

  "billLink.subject": "Your hospital bill of {amount}",
  "billLink.body": "The hospital raised a bill of {amount} for you (bill {token}).",
  "billLink.due": "Please pay it by {date}.",
  "billLink.share": "You, or anyone you share this link with, can see it and pay it, in one payment or in parts:",
};

/** The key of an e-mail text. */
export type MailKey = keyof typeof en;
