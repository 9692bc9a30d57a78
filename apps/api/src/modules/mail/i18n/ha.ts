import type { MailKey } from "./en";

/** The e-mails' texts in Hausa (addressed with the polite plural "ku"). */
export const ha: Record<MailKey, string> = {
  hello: "Sannu {name},",
  helloUnproven: "Sannu,",
  "date.months": "Jan Fab Mar Afi May Yun Yul Agu Sat Okt Nuw Dis",
  "date.day": "{day} {month} {year}",
  "date.dateTime": "{date}, {time} WAT",

  "method.wallet": "Walat",
  "method.remita": "Remita",
  "method.monnify": "Monnify (tura kuɗi ta banki)",
  "method.paystack": "Paystack",
  "method.bank_transfer": "Tura kuɗi ta banki",
  "method.cash": "Kuɗin hannu",
  "method.pos": "POS (na'urar kati)",

  "html.qrAlt": "Lambar QR ta {link}",

  "verification.subject": "Lambar tabbatarwa ta Hospipay: {code}",
  "verification.code": "Lambar tabbatarwarku ta Hospipay ita ce {code}.",
  "verification.expiry": "Za ta ƙare bayan minti {minutes}, kuma sau ɗaya kawai za a iya amfani da ita.",
  "verification.resend": "Kuna iya neman sabuwar lamba bayan daƙiƙa {seconds}.",
  "verification.ignore": "Idan ba ku ne kuka buɗe walat na Hospipay ba, kuna iya yin watsi da wannan imel.",

  "reset.subject": "Sake saita kalmar sirrinku ta Hospipay",
  "reset.intro": "Wani ya nemi a sake saita kalmar sirrin walat ɗinku na Hospipay. Don zaɓar sabuwar kalmar sirri, ku buɗe:",
  "reset.expiry": "Mahaɗin yana aiki sau ɗaya kawai, kuma zai ƙare bayan minti {minutes}.",
  "reset.ignore": "Idan ba ku ne kuka nema ba, ku yi watsi da wannan imel: kalmar sirrinku za ta kasance yadda take.",

  "passwordChanged.subject": "An canza kalmar sirrinku ta Hospipay",
  "passwordChanged.body":
    "Yanzu aka canza kalmar sirrin walat ɗinku na Hospipay, kuma an fitar da duk sauran na'urorin da ke cikin asusun.",
  "passwordChanged.notYou":
    "Idan ba ku ne kuka yi haka ba, ku sake saita kalmar sirrinku nan take ta hanyar mahaɗin manta kalmar sirri a shafin shiga.",

  "receipt.subject": "Rasidin Hospipay {reference}",
  "receipt.thanks": "Mun gode. Biyan kuɗinku ga asibiti ya yi nasara.",
  "receipt.reference": "Lambar shaida: {reference}",
  "receipt.date": "Kwanan wata: {date}",
  "receipt.method": "Hanyar biya: {method}",
  "receipt.rrr": "RRR: {rrr}",
  "receipt.items": "Abubuwan da aka biya:",
  "receipt.subtotal": "Jimilla kafin caji: {amount}",
  "receipt.fee": "Kuɗin caji: {amount}",
  "receipt.total": "Jimillar da aka biya: {amount}",
  "receipt.view": "Duba ko buga wannan rasidin: {link}",
  "receipt.code": "Lambar rasidi: {code}",
  "receipt.codeCheckedAt": "Lambar rasidi: {code} (ana tantance ta a {link})",
  "receipt.billPart":
    "Wannan lambar rasiti shaida ce ta biyan da ka yi na lissafin asibitin. Ana ba da kayayyaki ne bisa lambar rasitin lissafin da kansa, wadda za a aika wa majiyyaci da zarar an biya lissafin gaba ɗaya. Lissafin: {link}",
  "receipt.show": "Ku nuna wannan lambar a ɗakin gwaje-gwaje, kantin magani ko sashen kwanciya; ana tantance ta a: {link}",

  "billReceipt.subject": "An biya lissafin asibiti na {amount} gaba ɗaya",
  "billReceipt.body": "An biya lissafin asibiti na {amount} na {patient} (lambar asibiti {hospitalNumber}) gaba ɗaya.",
  "billReceipt.services": "Ayyukan da ke cikin lissafin:",
  "billReceipt.show":
    "Ku nuna wannan lambar, ko lambar QR ɗinta, a ɗakin gwaje-gwaje, kantin magani ko sashen kwanciya don karɓar waɗannan ayyuka; ana tantance ta a: {link}",

  "walletFunded.subject": "An saka {amount} a walat ɗinku na Hospipay",
  "walletFunded.body": "An karɓi kuɗin da kuka saka {reference} na {amount}, kuma an ƙara shi a walat ɗinku.",
  "wallet.balance": "Yanzu kuɗin da ke walat ɗinku ya kai {amount}.",

  "transfer.subject": "An saka {amount} a walat ɗinku na Hospipay ta hanyar tura kuɗi a banki",
  "transfer.body": "An karɓi kuɗin da aka tura ta banki, {amount}, zuwa asusunku {account}, kuma an ƙara shi a walat ɗinku.",
  "transfer.bodyFrom":
    "An karɓi kuɗin da aka tura ta banki, {amount}, daga {sender} zuwa asusunku {account}, kuma an ƙara shi a walat ɗinku.",

  "held.subject": "An karɓi {amount} don walat ɗinku na Hospipay, amma an riƙe shi",
  "held.body":
    "Mun karɓi {amount} don walat ɗinku (lamba {reference}). Walat ɗinku na mataki na {tier} {cap, select, balance {ba zai iya riƙe fiye da {capAmount} ba} other {ba zai karɓi fiye da {capAmount} a lokaci ɗaya ba}}, don haka an riƙe muku kuɗin: suna nan lafiya, ba su ɓace ba.",
  "held.action":
    "Don ku karɓe su, ku ɗaga matakin KYC ɗinku: ku kammala bayanan shaidarku a Saitunan Asusu → KYC, ku nemi asibiti ya ba ku mataki mafi girma. Da zarar matakinku ya ba da dama, kuɗin za su shiga walat ɗinku da kansu.",

  "kyc.verifiedSubject": "An tabbatar da bayanan shaidarku na Hospipay",
  "kyc.verifiedBody": "An tabbatar da bayanan shaidarku (KYC). Yanzu asusunku yana mataki na {tier}.",
  "kyc.rejectedSubject": "Bayanan shaidarku na Hospipay suna buƙatar gyara",
  "kyc.rejectedBody": "Ba mu iya tabbatar da bayanan shaidarku (KYC) kamar yadda aka aiko su ba:",
  "kyc.rejectedFix": "Don Allah ku gyara su a Saitunan Asusu → KYC, sannan ku sake aikawa.",

  "refund.subject": "An mayar muku da kuɗin biyanku {reference}",
  "refund.body": "An mayar muku da kuɗin biyanku {reference} na {amount}.",
  "refund.reason": "Dalili: {reason}",
  "refund.toWallet": "Kuɗin nan {amount} ya koma walat ɗinku na Hospipay, kuma kuna iya amfani da shi nan take.",
  "refund.toMethod":
    "Za a mayar da {amount} ta hanyar da kuka biya ({method}); yawanci bankuna kan nuna shi cikin kwanakin aiki 5 zuwa 10.",

  "staffInvite.subject": "Asusunku na ma'aikaci a Hospipay",
  "staffInvite.body": "An buɗe muku asusun ma'aikaci na Hospipay ({role}). Don zaɓar kalmar sirrinku, ku buɗe:",
  "staffInvite.expiry":
    "Mahaɗin yana aiki sau ɗaya kawai, kuma zai ƙare bayan awa {hours}. Bayan haka, ku yi amfani da mahaɗin manta kalmar sirri a shafin shiga.",

  "billLink.subject": "Lissafin asibitinku na {amount}",
  "billLink.body": "Asibiti ya fitar muku da lissafin kuɗi na {amount} (lissafi {token}).",
  "billLink.due": "Don Allah ku biya shi kafin {date}.",
  "billLink.share": "Ku, ko duk wanda kuka tura wa wannan mahaɗin, kuna iya ganinsa ku biya shi, a lokaci ɗaya ko kashi-kashi:",
};
