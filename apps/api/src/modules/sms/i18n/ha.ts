import type { SmsKey } from "./en";

/** The SMS texts in Hausa. */
export const ha: Record<SmsKey, string> = {
  receipt: "Hospipay: an karɓi kuɗin da ka biya na {amount}. Lamba {reference}. Rasiti: {link}",
  billLink: "Hospipay: asibiti ya aiko maka da lissafin kuɗi na {amount}. Duba ka biya a nan: {link}",
  verificationCode: "Lambar tabbatarwa ta Hospipay ita ce {code}. Za ta ƙare bayan minti {minutes}. Kada ka faɗa wa kowa.",
  refund:
    "Hospipay: an mayar da {amount} daga biyan kuɗi {reference} {destination, select, wallet {cikin walat ɗinka} other {ta hanyar da ka biya}}.",
  heldCredit:
    "Hospipay: an riƙe {amount} (lamba {reference}): ya wuce iyakar matakin walat ɗinka. Ka ɗaga matakin KYC ɗinka don ka karɓa.",
};
