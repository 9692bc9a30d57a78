import type { MailKey } from "./en";

/**
 * The e-mails' texts in Igbo, with its dotted vowels. Elisions are written with the typographic apostrophe
 * (n’ime): in ICU MessageFormat a straight one before a placeholder would quote it.
 */
export const ig: Record<MailKey, string> = {
  hello: "Ndewo {name},",
  helloUnproven: "Ndewo,",
  "date.months": "Jen Feb Maa Epr Mee Jun Jul Ọgọ Sep Ọkt Nov Dis",
  "date.day": "{day} {month} {year}",
  "date.dateTime": "{date}, {time} WAT",

  "method.wallet": "Akpa ego",
  "method.remita": "Remita",
  "method.monnify": "Monnify (nnyefe ego n’ụlọ akụ)",
  "method.paystack": "Paystack",
  "method.bank_transfer": "Nnyefe ego n’ụlọ akụ",
  "method.cash": "Ego aka",
  "method.pos": "POS (igwe kaadị)",

  "html.qrAlt": "Koodu QR nke {link}",

  "verification.subject": "Koodu nkwenye Hospipay gị: {code}",
  "verification.code": "Koodu nkwenye Hospipay gị bụ {code}.",
  "verification.expiry": "Ọ ga-agwụ n’ime nkeji {minutes}, ọ bụkwa naanị otu ugboro ka i nwere ike iji ya.",
  "verification.resend": "I nwere ike ịrịọ koodu ọhụrụ mgbe sekọnd {seconds} gachara.",
  "verification.ignore": "Ọ bụrụ na ọ bụghị gị mepere akpa ego Hospipay, i nwere ike ileghara ozi-e a anya.",

  "reset.subject": "Tọgharịa okwuntughe Hospipay gị",
  "reset.intro": "Mmadụ rịọrọ ka a tọgharịa okwuntughe nke akpa ego Hospipay gị. Iji họrọ okwuntughe ọhụrụ, mepee:",
  "reset.expiry": "Njikọ a na-arụ ọrụ naanị otu ugboro, ọ ga-agwụkwa n’ime nkeji {minutes}.",
  "reset.ignore": "Ọ bụrụ na ọ bụghị gị rịọrọ nke a, leghara ozi-e a anya: okwuntughe gị ga-anọgide otu ọ dị.",

  "passwordChanged.subject": "Agbanweela okwuntughe Hospipay gị",
  "passwordChanged.body":
    "A ka gbanwere okwuntughe nke akpa ego Hospipay gị, e wepụkwara ngwaọrụ ọ bụla ọzọ nke banyere n’akaụntụ gị.",
  "passwordChanged.notYou":
    "Ọ bụrụ na ọ bụghị gị mere nke a, tọgharịa okwuntughe gị ozugbo site na njikọ echefuru m okwuntughe dị na peeji ịbanye.",

  "receipt.subject": "Akwụkwọ nnata Hospipay {reference}",
  "receipt.thanks": "Daalụ. Ịkwụ ụgwọ gị nye ụlọ ọgwụ gara nke ọma.",
  "receipt.reference": "Ntụaka: {reference}",
  "receipt.date": "Ụbọchị: {date}",
  "receipt.method": "Ụzọ ịkwụ ụgwọ: {method}",
  "receipt.rrr": "RRR: {rrr}",
  "receipt.items": "Ihe ndị a kwụrụ ụgwọ ha:",
  "receipt.subtotal": "Mkpokọta tupu ụgwọ ọrụ: {amount}",
  "receipt.fee": "Ụgwọ ọrụ: {amount}",
  "receipt.total": "Mkpokọta a kwụrụ: {amount}",
  "receipt.view": "Lee ma ọ bụ bipụta akwụkwọ nnata a: {link}",
  "receipt.code": "Koodu akwụkwọ nnata: {code}",
  "receipt.codeCheckedAt": "Koodu akwụkwọ nnata: {code} (a na-enyocha ya na {link})",
  "receipt.billPart":
    "Koodu akwụkwọ nnata a na-egosi ịkwụ ụgwọ gị maka ụgwọ ụlọ ọgwụ ahụ. A na-enye ihe dabere na koodu akwụkwọ nnata nke ụgwọ ahụ n’onwe ya, nke a ga-ezitere onye ọrịa ozugbo a kwụchara ụgwọ ahụ niile. Ụgwọ ahụ: {link}",
  "receipt.show": "Gosi koodu a na ụlọ nyocha, ebe a na-ere ọgwụ ma ọ bụ waadị; a na-enyocha ya na: {link}",

  "billReceipt.subject": "A kwụchaala ụgwọ ụlọ ọgwụ nke {amount} niile",
  "billReceipt.body": "A kwụchaala ụgwọ ụlọ ọgwụ nke {amount} maka {patient} (nọmba ụlọ ọgwụ {hospitalNumber}) niile.",
  "billReceipt.services": "Ọrụ ndị dị n’ụgwọ ahụ:",
  "billReceipt.show":
    "Gosi koodu a, ma ọ bụ koodu QR ya, na ụlọ nyocha, ebe a na-ere ọgwụ ma ọ bụ waadị iji nata ọrụ ndị a; a na-enyocha ya na: {link}",

  "walletFunded.subject": "Etinyela {amount} n’akpa ego Hospipay gị",
  "walletFunded.body": "Anatala ego {reference} nke {amount} i tinyere, e tinyekwala ya n’akpa ego gị.",
  "wallet.balance": "Ego dị n’akpa ego gị ugbu a bụ {amount}.",

  "transfer.subject": "Etinyela {amount} n’akpa ego Hospipay gị site na nnyefe ego n’ụlọ akụ",
  "transfer.body": "Anatala nnyefe ego nke {amount} n’akaụntụ gị {account}, e tinyekwala ya n’akpa ego gị.",
  "transfer.bodyFrom":
    "Anatala nnyefe ego nke {amount} site n’aka {sender} n’akaụntụ gị {account}, e tinyekwala ya n’akpa ego gị.",

  "held.subject": "Anatala {amount} maka akpa ego Hospipay gị, mana ejidere ya",
  "held.body":
    "Anyị natara {amount} maka akpa ego gị (ntụaka {reference}). Akpa ego ọkwa {tier} gị {cap, select, balance {nwere ike ijide naanị {capAmount}} other {na-anabata naanị {capAmount} n’otu oge}}, ya mere ejidere gị ego ahụ: ọ dị mma, o fughị efu.",
  "held.action":
    "Iji nata ya, welie ọkwa KYC gị: mezue nkọwa njirimara gị na Ntọala Akaụntụ → KYC ma rịọ ụlọ ọgwụ ka o nye gị ọkwa dị elu. Ozugbo ọkwa gị kwere, ego ahụ ga-abanye n’akpa ego gị n’onwe ya.",

  "kyc.verifiedSubject": "Enyochaala nkọwa njirimara Hospipay gị",
  "kyc.verifiedBody": "Enyochaala nkọwa njirimara gị (KYC). Akaụntụ gị nọ ugbu a n’ọkwa {tier}.",
  "kyc.rejectedSubject": "Nkọwa njirimara Hospipay gị chọrọ mmezi",
  "kyc.rejectedBody": "Anyị enweghị ike inyocha nkọwa njirimara gị (KYC) dịka i zitere ha:",
  "kyc.rejectedFix": "Biko mezie ha na Ntọala Akaụntụ → KYC, ma zigharịa ha ọzọ.",

  "refund.subject": "E weghachiela ego ịkwụ ụgwọ gị {reference}",
  "refund.body": "E weghachiela ego ịkwụ ụgwọ gị {reference} nke {amount}.",
  "refund.reason": "Ihe kpatara ya: {reason}",
  "refund.toWallet": "{amount} ahụ alaghachila n’akpa ego Hospipay gị, i nwekwara ike iji ya ozugbo.",
  "refund.toMethod":
    "A na-eweghachi {amount} ahụ site n’ụzọ i si kwụọ ụgwọ ({method}); ụlọ akụ na-egosikarị ya n’ime ụbọchị ọrụ 5 ruo 10.",

  "staffInvite.subject": "Akaụntụ onye ọrụ Hospipay gị",
  "staffInvite.body": "E mepụtara akaụntụ onye ọrụ Hospipay ({role}) maka gị. Iji họrọ okwuntughe gị, mepee:",
  "staffInvite.expiry":
    "Njikọ a na-arụ ọrụ naanị otu ugboro, ọ ga-agwụkwa n’ime awa {hours}. Mgbe nke ahụ gasịrị, jiri njikọ echefuru m okwuntughe dị na peeji ịbanye.",

  "billLink.subject": "Ụgwọ ụlọ ọgwụ gị nke {amount}",
  "billLink.body": "Ụlọ ọgwụ ezitela gị ụgwọ nke {amount} (ụgwọ {token}).",
  "billLink.due": "Biko kwụọ ya tupu {date}.",
  "billLink.share": "Gị, ma ọ bụ onye ọ bụla i kesara njikọ a, nwere ike ịhụ ya ma kwụọ ya, n’otu mgbe ma ọ bụ n’akụkụ n’akụkụ:",
};
