import type { SmsKey } from "./en";

/** The SMS texts in Yoruba. */
export const yo: Record<SmsKey, string> = {
  receipt: "Hospipay: a ti gba owó {amount} tí o san. Nọ́mbà ìtọ́kasí {reference}. Ìwé ẹ̀rí ìsanwó: {link}",
  billPartReceipt:
    "Hospipay: a ti gba {amount}, nọ́mbà ìtọ́kasí {reference}. Ìwé ẹ̀rí rẹ {link} jẹ́rìí sí apá tí o san; kóòdù owó ìtọ́jú náà ni a fi ń pèsè nǹkan, a ó fi ránṣẹ́ sí aláìsàn nígbà tí a bá san án tán.",
  billReceipt:
    "Hospipay: a ti san owó ìtọ́jú {amount} tán pátápátá. Kóòdù rìsíìtì rẹ̀ ni {code}. Fi hàn ní ibi àyẹ̀wò, ilé oògùn tàbí wọ́ọ̀dù láti gba àwọn nǹkan náà: {link}",
  billLink: "Hospipay: ilé ìwòsàn ti fi ìwé owó {amount} ránṣẹ́ sí ọ. Wò ó kí o sì san án níbí: {link}",
  verificationCode: "Kóòdù ìjẹ́rìísí Hospipay rẹ ni {code}. Yóò parí lẹ́yìn ìṣẹ́jú {minutes}. Má ṣe fi han ẹnikẹ́ni.",
  refund:
    "Hospipay: a ti dá {amount} padà láti inú ìsanwó {reference} {destination, select, wallet {sínú àpamọ́wọ́ rẹ} other {ní ọ̀nà tí o gbà san án}}.",
  heldCredit:
    "Hospipay: a dá {amount} dúró (ìtọ́kasí {reference}): ó ju ààlà ìpele àpamọ́wọ́ rẹ lọ. Gbé ìpele KYC rẹ sókè láti gbà á.",
};
