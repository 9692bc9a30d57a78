import type { MailKey } from "./en";

/** The e-mails' texts in Yoruba, with its tone marks and subdots (addressed with the polite "ẹ"). */
export const yo: Record<MailKey, string> = {
  hello: "Ẹ n lẹ́ o {name},",
  helloUnproven: "Ẹ n lẹ́ o,",
  "date.months": "Ṣẹ́rẹ́ Èrèlè Ẹrẹ̀nà Ìgbé Ẹ̀bibi Òkúdu Agẹmọ Ògún Owewe Ọ̀wàrà Bélú Ọ̀pẹ̀",
  "date.day": "{day} {month} {year}",
  "date.dateTime": "{date}, {time} WAT",

  "method.wallet": "Àpamọ́wọ́",
  "method.remita": "Remita",
  "method.monnify": "Monnify (owó tí a fi ránṣẹ́ láti báǹkì)",
  "method.paystack": "Paystack",
  "method.bank_transfer": "Owó tí a fi ránṣẹ́ láti báǹkì",
  "method.cash": "Owó ní ọwọ́",
  "method.pos": "POS (ẹ̀rọ káàdì)",

  "html.qrAlt": "Kóòdù QR ti {link}",

  "verification.subject": "Kóòdù ìjẹ́rìísí Hospipay yín: {code}",
  "verification.code": "Kóòdù ìjẹ́rìísí Hospipay yín ni {code}.",
  "verification.expiry": "Ó máa dópin lẹ́yìn ìṣẹ́jú {minutes}, ẹ̀ẹ̀kan ṣoṣo sì ni ẹ lè lò ó.",
  "verification.resend": "Ẹ lè béèrè fún kóòdù tuntun lẹ́yìn ìṣẹ́jú-àáyá {seconds}.",
  "verification.ignore": "Tí kì í bá ṣe ẹ̀yin ló ṣí àpamọ́wọ́ Hospipay, ẹ lè fojú fo ímeèlì yìí.",

  "reset.subject": "Ẹ tún ọ̀rọ̀ aṣínà Hospipay yín ṣe",
  "reset.intro": "Ẹnì kan béèrè pé kí a tún ọ̀rọ̀ aṣínà àpamọ́wọ́ Hospipay yín ṣe. Láti yan ọ̀rọ̀ aṣínà tuntun, ẹ ṣí:",
  "reset.expiry": "Ẹ̀ẹ̀kan ṣoṣo ni ìjápọ̀ náà ń ṣiṣẹ́, ó sì máa dópin lẹ́yìn ìṣẹ́jú {minutes}.",
  "reset.ignore": "Tí kì í bá ṣe ẹ̀yin ló béèrè, ẹ fojú fo ímeèlì yìí: ọ̀rọ̀ aṣínà yín kò ní yí padà.",

  "passwordChanged.subject": "A ti yí ọ̀rọ̀ aṣínà Hospipay yín padà",
  "passwordChanged.body": "A ṣẹ̀ṣẹ̀ yí ọ̀rọ̀ aṣínà àpamọ́wọ́ Hospipay yín padà, a sì ti mú gbogbo ẹ̀rọ mìíràn tí ẹ ti wọlé jáde.",
  "passwordChanged.notYou":
    "Tí kì í bá ṣe ẹ̀yin, ẹ tún ọ̀rọ̀ aṣínà yín ṣe lẹ́sẹ̀kẹsẹ̀ pẹ̀lú ìjápọ̀ ọ̀rọ̀ aṣínà tí ẹ gbàgbé lójú ìwé ìwọlé.",

  "receipt.subject": "Rìsíìtì Hospipay {reference}",
  "receipt.thanks": "Ẹ ṣé o. Ìsanwó yín sí ilé ìwòsàn ti yọrí sí rere.",
  "receipt.reference": "Nọ́mbà ìtọ́kasí: {reference}",
  "receipt.date": "Ọjọ́: {date}",
  "receipt.method": "Ọ̀nà ìsanwó: {method}",
  "receipt.rrr": "RRR: {rrr}",
  "receipt.items": "Àwọn ohun tí ẹ sanwó fún:",
  "receipt.subtotal": "Iye ṣáájú owó iṣẹ́: {amount}",
  "receipt.fee": "Owó iṣẹ́: {amount}",
  "receipt.total": "Àpapọ̀ tí ẹ san: {amount}",
  "receipt.view": "Ẹ wo rìsíìtì yìí tàbí kí ẹ tẹ̀ ẹ́ jáde: {link}",
  "receipt.code": "Kóòdù rìsíìtì: {code}",
  "receipt.codeCheckedAt": "Kóòdù rìsíìtì: {code} (à ń yẹ̀ ẹ́ wò ní {link})",
  "receipt.billPart":
    "Kóòdù rìsíìtì yìí jẹ́rìí sí ìsanwó rẹ fún owó ìtọ́jú náà. Kóòdù rìsíìtì ti owó ìtọ́jú náà fúnra rẹ̀ ni a fi ń pèsè àwọn nǹkan, a ó sì fi ránṣẹ́ sí aláìsàn nígbà tí a bá ti san owó ìtọ́jú náà tán pátápátá. Owó ìtọ́jú náà: {link}",
  "receipt.show": "Ẹ fi kóòdù yìí hàn ní ibi àyẹ̀wò, ilé oògùn tàbí wọ́ọ̀dù; à ń yẹ̀ ẹ́ wò ní: {link}",

  "billReceipt.subject": "A ti san owó ìtọ́jú {amount} tán pátápátá",
  "billReceipt.body": "A ti san owó ìtọ́jú tí ó jẹ́ {amount} fún {patient} (nọ́mbà ilé ìwòsàn {hospitalNumber}) tán pátápátá.",
  "billReceipt.services": "Àwọn iṣẹ́ tó wà nínú owó ìtọ́jú náà:",
  "billReceipt.show":
    "Ẹ fi kóòdù yìí, tàbí kóòdù QR rẹ̀, hàn ní ibi àyẹ̀wò, ilé oògùn tàbí wọ́ọ̀dù láti gba àwọn iṣẹ́ wọ̀nyí; à ń yẹ̀ ẹ́ wò ní: {link}",

  "walletFunded.subject": "A ti fi {amount} kún àpamọ́wọ́ Hospipay yín",
  "walletFunded.body": "A ti gba owó {reference} tí ẹ fi kún un, tí ó jẹ́ {amount}, a sì ti fi sínú àpamọ́wọ́ yín.",
  "wallet.balance": "Owó tó wà nínú àpamọ́wọ́ yín báyìí jẹ́ {amount}.",

  "transfer.subject": "A ti fi {amount} kún àpamọ́wọ́ Hospipay yín láti báǹkì",
  "transfer.body": "A ti gba {amount} tí a fi ránṣẹ́ láti báǹkì sínú àkáǹtì yín {account}, a sì ti fi sínú àpamọ́wọ́ yín.",
  "transfer.bodyFrom":
    "A ti gba {amount} tí {sender} fi ránṣẹ́ láti báǹkì sínú àkáǹtì yín {account}, a sì ti fi sínú àpamọ́wọ́ yín.",

  "held.subject": "A gba {amount} fún àpamọ́wọ́ Hospipay yín, ṣùgbọ́n a dá a dúró",
  "held.body":
    "A gba {amount} fún àpamọ́wọ́ yín (ìtọ́kasí {reference}). Àpamọ́wọ́ ìpele {tier} yín {cap, select, balance {kò lè mú ju {capAmount} lọ} other {kò lè gba ju {capAmount} lọ ní ẹ̀ẹ̀kan}}, nítorí náà a dá owó náà dúró fún yín: ó wà láìléwu, kò sọnù.",
  "held.action":
    "Láti gbà á, ẹ gbé ìpele KYC yín sókè: ẹ parí àwọn àlàyé ìdánimọ̀ yín ní Ètò Àkáǹtì → KYC, kí ẹ sì béèrè ìpele tó ga jù lọ́wọ́ ilé ìwòsàn. Nígbà tí ìpele yín bá gbà á, owó náà yóò wọ àpamọ́wọ́ yín fúnra rẹ̀.",

  "kyc.verifiedSubject": "A ti jẹ́rìísí àwọn àlàyé ìdánimọ̀ Hospipay yín",
  "kyc.verifiedBody": "A ti jẹ́rìísí àwọn àlàyé ìdánimọ̀ yín (KYC). Àkáǹtì yín ti wà ní ìpele {tier} báyìí.",
  "kyc.rejectedSubject": "Àwọn àlàyé ìdánimọ̀ Hospipay yín nílò àtúnṣe",
  "kyc.rejectedBody": "A kò lè jẹ́rìísí àwọn àlàyé ìdánimọ̀ yín (KYC) bí ẹ ṣe fi wọ́n ránṣẹ́:",
  "kyc.rejectedFix": "Ẹ jọ̀ọ́, ẹ ṣe àtúnṣe wọn ní Ètò Àkáǹtì → KYC, kí ẹ sì tún fi wọ́n ránṣẹ́.",

  "refund.subject": "A ti dá owó ìsanwó yín {reference} padà",
  "refund.body": "A ti dá owó ìsanwó yín {reference} tí ó jẹ́ {amount} padà.",
  "refund.reason": "Ìdí: {reason}",
  "refund.toWallet": "{amount} náà ti padà sínú àpamọ́wọ́ Hospipay yín, ẹ sì lè lò ó lẹ́sẹ̀kẹsẹ̀.",
  "refund.toMethod":
    "A ń dá {amount} náà padà sí ọ̀nà tí ẹ gbà sanwó ({method}); àwọn báǹkì sábà máa ń fi hàn láàárín ọjọ́ iṣẹ́ 5 sí 10.",

  "staffInvite.subject": "Àkáǹtì òṣìṣẹ́ Hospipay yín",
  "staffInvite.body": "A ti ṣí àkáǹtì òṣìṣẹ́ Hospipay ({role}) fún yín. Láti yan ọ̀rọ̀ aṣínà yín, ẹ ṣí:",
  "staffInvite.expiry":
    "Ẹ̀ẹ̀kan ṣoṣo ni ìjápọ̀ náà ń ṣiṣẹ́, ó sì máa dópin lẹ́yìn wákàtí {hours}. Lẹ́yìn ìyẹn, ẹ lo ìjápọ̀ ọ̀rọ̀ aṣínà tí ẹ gbàgbé lójú ìwé ìwọlé.",

  "billLink.subject": "Owó ìtọ́jú yín ní ilé ìwòsàn: {amount}",
  "billLink.body": "Ilé ìwòsàn ti gbé owó ìtọ́jú {amount} jáde fún yín (owó ìtọ́jú {token}).",
  "billLink.due": "Ẹ jọ̀ọ́, ẹ san án kí ó tó di {date}.",
  "billLink.share": "Ẹ̀yin, tàbí ẹnikẹ́ni tí ẹ bá fi ìjápọ̀ yìí ránṣẹ́ sí, lè rí i kí ẹ sì san án, lẹ́ẹ̀kan ṣoṣo tàbí díẹ̀díẹ̀:",
};
