import type { SmsKey } from "./en";

/** The SMS texts in Igbo. */
export const ig: Record<SmsKey, string> = {
  receipt: "Hospipay: anatala ụgwọ {amount} ị kwụrụ. Nọmba ntụaka {reference}. Akwụkwọ nnata: {link}",
  billPartReceipt:
    "Hospipay: anatala {amount}, nọmba ntụaka {reference}. Akwụkwọ nnata gị {link} na-egosi akụkụ ị kwụrụ; a na-enye ihe dabere na koodu ụgwọ ahụ, nke a ga-ezitere onye ọrịa ozugbo a kwụchara ya niile.",
  billReceipt:
    "Hospipay: a kwụchaala ụgwọ ụlọ ọgwụ nke {amount} niile. Koodu akwụkwọ nnata ya bụ {code}. Gosi ya na ụlọ nyocha, ebe a na-ere ọgwụ ma ọ bụ waadị iji nata ihe ndị ahụ: {link}",
  billLink: "Hospipay: ụlọ ọgwụ ezitela gị akwụkwọ ụgwọ nke {amount}. Lee ya ma kwụọ ya ebe a: {link}",
  verificationCode: "Koodu nkwenye Hospipay gị bụ {code}. Ọ ga-agwụ mgbe nkeji {minutes} gachara. Egosila onye ọ bụla ya.",
  refund:
    "Hospipay: eweghachiela {amount} site na ịkwụ ụgwọ {reference} {destination, select, wallet {n'ime akpa ego gị} other {n'ụzọ i si kwụọ ụgwọ}}.",
  heldCredit: "Hospipay: ejidere {amount} (ntụaka {reference}): ọ gafere oke ọkwa akpa ego gị. Welie ọkwa KYC gị iji nata ya.",
};
