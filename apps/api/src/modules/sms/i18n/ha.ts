import type { SmsKey } from "./en";

/** The SMS texts in Hausa. */
export const ha: Record<SmsKey, string> = {
  receipt: "Hospipay: an karɓi kuɗin da ka biya na {amount}. Lamba {reference}. Rasiti: {link}",
  billPartReceipt:
    "Hospipay: an karɓi {amount}, lamba {reference}. Rasitinka {link} shaida ce ta ɓangaren da ka biya; ana ba da kayayyaki ne bisa lambar lissafin, wadda za a aika wa majiyyaci da zarar an biya shi gaba ɗaya.",
  billReceipt:
    "Hospipay: an biya lissafin asibiti na {amount} gaba ɗaya. Lambar rasitinsa ita ce {code}. Ka nuna ta a ɗakin gwaje-gwaje, kantin magani ko sashen kwanciya don karɓar kayayyakin: {link}",
  billLink: "Hospipay: asibiti ya aiko maka da lissafin kuɗi na {amount}. Duba ka biya a nan: {link}",
  verificationCode: "Lambar tabbatarwa ta Hospipay ita ce {code}. Za ta ƙare bayan minti {minutes}. Kada ka faɗa wa kowa.",
  refund:
    "Hospipay: an mayar da {amount} daga biyan kuɗi {reference} {destination, select, wallet {cikin walat ɗinka} other {ta hanyar da ka biya}}.",
  heldCredit:
    "Hospipay: an riƙe {amount} (lamba {reference}): ya wuce iyakar matakin walat ɗinka. Ka ɗaga matakin KYC ɗinka don ka karɓa.",
};
