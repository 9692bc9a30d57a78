import type { SmsKey } from "./en";

/** The SMS texts in Nigerian Pidgin. */
export const pcm: Record<SmsKey, string> = {
  receipt: "Hospipay: we don collect your payment of {amount}. Ref {reference}. Receipt: {link}",
  billPartReceipt:
    "Hospipay: we don collect {amount}, ref {reference}. Your receipt {link} show say you don pay your part; dem dey give the items with the bill code, wey dem go send to the patient once dem pay the bill finish.",
  billReceipt:
    "Hospipay: dem don pay the hospital bill of {amount} finish. Im receipt code na {code}. Show am for the lab, pharmacy or ward to collect the items: {link}",
  billLink: "Hospipay: hospital don send you bill of {amount}. Check am and pay for here: {link}",
  verificationCode: "Your Hospipay verification code na {code}. E go expire after {minutes} minutes. No show am to anybody.",
  refund:
    "Hospipay: we don return {amount} from payment {reference} {destination, select, wallet {enter your wallet} other {through the way you take pay}}.",
  heldCredit:
    "Hospipay: we hold {amount} (ref {reference}): e pass your wallet tier limit. Raise your KYC tier make e enter your wallet.",
};
