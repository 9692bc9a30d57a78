import { formatWatDateTime, LOCALES, PAYMENT_METHOD_KEYS, paymentMethodName } from "@hospipay/contract";
import { describe, expect, it } from "vitest";
import { catalogProblems } from "../../lib/i18n";
import { calendarDayIn, MAIL_CATALOGS, paymentMethodNameIn, watDateTimeIn } from "./i18n";
import { richParts } from "./mail-qr";
import {
  billLinkMail,
  billReceiptMail,
  kycDecisionMail,
  passwordChangedMail,
  passwordResetMail,
  paymentReceiptMail,
  refundMail,
  reservedTransferMail,
  staffInviteMail,
  verificationCodeMail,
  walletFundedMail,
} from "./mail-templates";

const RECEIPT = {
  to: "ade@example.ng",
  customerName: "Adébáyọ̀ Ọlá",
  reference: "HSP-20261125-AB12",
  paidAt: new Date("2026-11-25T23:30:00Z"),
  method: "remita",
  rrr: "280467351235",
  items: [{ name: "Consultation", qty: 2, unit: "₦5,000.00", lineTotal: "₦10,000.00" }],
  subtotal: "₦10,000.00",
  fee: "₦100.00",
  total: "₦10,100.00",
  receiptUrl: "http://hospipay.test/payment-success?reference=HSP-20261125-AB12",
  receipt: { code: "7K3M-Q9XD-2HPA-W4RT", verifyUrl: "http://hospipay.test/verify-receipt?code=7K3MQ9XD2HPAW4RT" },
};
const BILL = {
  token: "AbCdEfGhIjKlMnOpQrStUv",
  hospitalNumber: "FTH/2026/04411",
  patientName: "Amaka Obi",
  totalKobo: 1_100_000,
  lines: [{ name: "Full blood count (FBC)", qty: 1, department: "Laboratory Services (Pathology)" }],
  code: "7K3M-Q9XD-2HPA-W4RT",
  verifyUrl: "http://hospipay.test/verify-receipt?code=7K3MQ9XD2HPAW4RT",
};
const LINK = "http://hospipay.test/reset-password?token=t0k3n";

describe("the e-mail catalogs", () => {
  it("have every key in every language, each parsing with English's placeholders", () => {
    expect(catalogProblems(MAIL_CATALOGS)).toEqual([]);
  });

  it("name twelve months in every language", () => {
    for (const locale of LOCALES) expect(MAIL_CATALOGS[locale]["date.months"].split(" ")).toHaveLength(12);
  });

  it("write English times and method names exactly as every screen does", () => {
    for (const iso of ["2026-11-25T23:30:00Z", "2026-01-01T00:00:00Z", "2026-06-15T12:05:59Z", "2026-12-31T22:59:00Z"])
      expect(watDateTimeIn("en", new Date(iso))).toBe(formatWatDateTime(iso));
    for (const key of [...PAYMENT_METHOD_KEYS, "cash", null]) expect(paymentMethodNameIn("en", key)).toBe(paymentMethodName(key));
  });

  it("write times on the WAT clock with the language's month names", () => {
    expect(watDateTimeIn("yo", new Date("2026-11-25T23:30:00Z"))).toBe("26 Bélú 2026, 00:30 WAT");
    expect(watDateTimeIn("ha", new Date("2026-11-25T23:30:00Z"))).toBe("26 Nuw 2026, 00:30 WAT");
    expect(watDateTimeIn("ig", new Date("2026-08-01T09:00:00Z"))).toBe("01 Ọgọ 2026, 10:00 WAT");
    // Pidgin's own month names (CLDR's, as the web app's catalog has them), not English ones.
    expect(watDateTimeIn("pcm", new Date("2026-04-14T09:30:00Z"))).toBe("14 Épr 2026, 10:30 WAT");
    expect(calendarDayIn("yo", "2026-12-01")).toBe("01 Ọ̀pẹ̀ 2026");
    expect(calendarDayIn("yo", "soon")).toBe("soon");
  });
});

/** Each template in Yoruba and in one other language: the subject translated, every placeholder filled. */
describe("e-mails in the recipient's language", () => {
  const filled = (text: string) => expect(text).not.toMatch(/[{}]/);

  it("verification code (Yoruba, Hausa)", () => {
    const yo = verificationCodeMail("a@example.ng", "482913", "yo");
    expect(yo.subject).toBe("Kóòdù ìjẹ́rìísí Hospipay yín: 482913");
    expect(yo.text).toContain("Kóòdù ìjẹ́rìísí Hospipay yín ni 482913.");
    expect(yo.text.split("\n")[0]).toBe("Ẹ n lẹ́ o,");
    expect(yo.locale).toBe("yo");
    const ha = verificationCodeMail("a@example.ng", "482913", "ha");
    expect(ha.subject).toBe("Lambar tabbatarwa ta Hospipay: 482913");
    expect(ha.text).toMatch(/bayan minti \d+/);
    for (const mail of [yo, ha]) filled(mail.text);
  });

  it("password reset (Yoruba, Igbo)", () => {
    const yo = passwordResetMail("a@example.ng", LINK, "yo");
    expect(yo.subject).toBe("Ẹ tún ọ̀rọ̀ aṣínà Hospipay yín ṣe");
    expect(yo.text.split("\n")).toContain(LINK);
    expect(yo.text).toMatch(/lẹ́yìn ìṣẹ́jú \d+\./);
    const ig = passwordResetMail("a@example.ng", LINK, "ig");
    expect(ig.subject).toBe("Tọgharịa okwuntughe Hospipay gị");
    expect(ig.text).toMatch(/n’ime nkeji \d+\./);
    for (const mail of [yo, ig]) filled(mail.text);
  });

  it("password changed (Yoruba, Pidgin)", () => {
    const yo = passwordChangedMail("a@example.ng", "Túndé", "yo");
    expect(yo.subject).toBe("A ti yí ọ̀rọ̀ aṣínà Hospipay yín padà");
    expect(yo.text.split("\n")[0]).toBe("Ẹ n lẹ́ o Túndé,");
    const pcm = passwordChangedMail("a@example.ng", "Túndé", "pcm");
    expect(pcm.subject).toBe("Dem don change your Hospipay password");
    expect(pcm.text.split("\n")[0]).toBe("How far Túndé,");
  });

  it("payment receipt (Yoruba, Hausa): the date, the method, the amounts and the code", () => {
    const yo = paymentReceiptMail(RECEIPT, "yo");
    expect(yo.subject).toBe("Rìsíìtì Hospipay HSP-20261125-AB12");
    expect(yo.text.split("\n")).toEqual([
      "Ẹ n lẹ́ o Adébáyọ̀ Ọlá,",
      "",
      "Ẹ ṣé o. Ìsanwó yín sí ilé ìwòsàn ti yọrí sí rere.",
      "",
      "Nọ́mbà ìtọ́kasí: HSP-20261125-AB12",
      "Ọjọ́: 26 Bélú 2026, 00:30 WAT",
      "Ọ̀nà ìsanwó: Remita",
      "RRR: 2804-6735-1235",
      "",
      "Àwọn ohun tí ẹ sanwó fún:",
      "  Consultation × 2 @ ₦5,000.00 = ₦10,000.00",
      "",
      "Iye ṣáájú owó iṣẹ́: ₦10,000.00",
      "Owó iṣẹ́: ₦100.00",
      "Àpapọ̀ tí ẹ san: ₦10,100.00",
      "",
      `Ẹ wo rìsíìtì yìí tàbí kí ẹ tẹ̀ ẹ́ jáde: ${RECEIPT.receiptUrl}`,
      "",
      "Kóòdù rìsíìtì: 7K3M-Q9XD-2HPA-W4RT",
      `Ẹ fi kóòdù yìí hàn ní ibi àyẹ̀wò, ilé oògùn tàbí wọ́ọ̀dù; à ń yẹ̀ ẹ́ wò ní: ${RECEIPT.receipt.verifyUrl}`,
    ]);
    expect(yo.qr).toBe(RECEIPT.receipt.verifyUrl);
    const ha = paymentReceiptMail({ ...RECEIPT, method: "wallet", rrr: null }, "ha");
    expect(ha.subject).toBe("Rasidin Hospipay HSP-20261125-AB12");
    expect(ha.text).toContain("Kwanan wata: 26 Nuw 2026, 00:30 WAT");
    expect(ha.text).toContain("Hanyar biya: Walat");
    expect(ha.text).toContain("Jimillar da aka biya: ₦10,100.00");
    for (const mail of [yo, ha]) filled(mail.text);
  });

  it("payment receipt of a bill's part (Yoruba, Igbo)", () => {
    const part = { ...RECEIPT, billPart: { link: "http://hospipay.test/pay/AbCd" } };
    const yo = paymentReceiptMail(part, "yo");
    expect(yo.text).toContain(`Kóòdù rìsíìtì: 7K3M-Q9XD-2HPA-W4RT (à ń yẹ̀ ẹ́ wò ní ${RECEIPT.receipt.verifyUrl})`);
    expect(yo.text).toContain("Kóòdù rìsíìtì yìí jẹ́rìí sí ìsanwó rẹ fún owó ìtọ́jú náà.");
    expect(yo.text).toContain(": http://hospipay.test/pay/AbCd");
    const ig = paymentReceiptMail(part, "ig");
    expect(ig.subject).toBe("Akwụkwọ nnata Hospipay HSP-20261125-AB12");
    expect(ig.text).toContain("Koodu akwụkwọ nnata a na-egosi ịkwụ ụgwọ gị maka ụgwọ ụlọ ọgwụ ahụ.");
    for (const mail of [yo, ig]) filled(mail.text);
  });

  it("bill paid in full (Yoruba, Igbo)", () => {
    const yo = billReceiptMail("a@example.ng", "Chidi", BILL, "yo");
    expect(yo.subject).toBe("A ti san owó ìtọ́jú ₦11,000.00 tán pátápátá");
    expect(yo.text).toContain(
      "A ti san owó ìtọ́jú tí ó jẹ́ ₦11,000.00 fún Amaka Obi (nọ́mbà ilé ìwòsàn FTH/2026/04411) tán pátápátá.",
    );
    expect(yo.text).toContain("  Full blood count (FBC) × 1 (Laboratory Services (Pathology))");
    expect(yo.text).toContain("Kóòdù rìsíìtì: 7K3M-Q9XD-2HPA-W4RT");
    expect(yo.qr).toBe(BILL.verifyUrl);
    const ig = billReceiptMail("a@example.ng", "Chidi", BILL, "ig");
    expect(ig.subject).toBe("A kwụchaala ụgwọ ụlọ ọgwụ nke ₦11,000.00 niile");
    expect(ig.text).toContain("nọmba ụlọ ọgwụ FTH/2026/04411");
    for (const mail of [yo, ig]) filled(mail.text);
  });

  it("wallet funded (Yoruba, Pidgin)", () => {
    const yo = walletFundedMail("a@example.ng", "Ada", "HSP-9", 500_000, 1_250_050, "yo");
    expect(yo.subject).toBe("A ti fi ₦5,000.00 kún àpamọ́wọ́ Hospipay yín");
    expect(yo.text).toContain("A ti gba owó HSP-9 tí ẹ fi kún un, tí ó jẹ́ ₦5,000.00");
    expect(yo.text).toContain("Owó tó wà nínú àpamọ́wọ́ yín báyìí jẹ́ ₦12,500.50.");
    const pcm = walletFundedMail("a@example.ng", "Ada", "HSP-9", 500_000, 1_250_050, "pcm");
    expect(pcm.subject).toBe("₦5,000.00 don enter your Hospipay wallet");
    expect(pcm.text).toContain("Your wallet balance now na ₦12,500.50.");
  });

  it("reserved-account transfer (Yoruba, Hausa), with and without the sender", () => {
    const transfer = {
      reference: "MNFY-1",
      amountKobo: 250_000,
      balanceKobo: 300_000,
      senderName: "Bola Ade",
      accountNumber: "5000012345",
    };
    const yo = reservedTransferMail("a@example.ng", "Ada", transfer, "yo");
    expect(yo.subject).toBe("A ti fi ₦2,500.00 kún àpamọ́wọ́ Hospipay yín láti báǹkì");
    expect(yo.text).toContain("A ti gba ₦2,500.00 tí Bola Ade fi ránṣẹ́ láti báǹkì sínú àkáǹtì yín 5000012345");
    expect(yo.text).toContain("Nọ́mbà ìtọ́kasí: MNFY-1");
    const ha = reservedTransferMail("a@example.ng", "Ada", { ...transfer, senderName: null }, "ha");
    expect(ha.subject).toBe("An saka ₦2,500.00 a walat ɗinku na Hospipay ta hanyar tura kuɗi a banki");
    expect(ha.text).toContain("zuwa asusunku 5000012345");
    expect(ha.text).not.toContain("daga");
    for (const mail of [yo, ha]) filled(mail.text);
  });

  it("KYC decision (Yoruba, Hausa), verified and refused", () => {
    const verified = kycDecisionMail("a@example.ng", "Ada", { verified: true, tierLevel: 2, reason: null }, "yo");
    expect(verified.subject).toBe("A ti jẹ́rìísí àwọn àlàyé ìdánimọ̀ Hospipay yín");
    expect(verified.text).toContain("ní ìpele 2 báyìí");
    const refused = kycDecisionMail(
      "a@example.ng",
      "Ada",
      { verified: false, tierLevel: null, reason: "The photo is blurred" },
      "yo",
    );
    expect(refused.subject).toBe("Àwọn àlàyé ìdánimọ̀ Hospipay yín nílò àtúnṣe");
    expect(refused.text.split("\n")).toContain("The photo is blurred");
    const ha = kycDecisionMail("a@example.ng", "Ada", { verified: true, tierLevel: 3, reason: null }, "ha");
    expect(ha.subject).toBe("An tabbatar da bayanan shaidarku na Hospipay");
    expect(ha.text).toContain("mataki na 3");
  });

  it("refund (Yoruba, Igbo), to the wallet and to the way paid", () => {
    const refund = {
      reference: "HSP-3",
      amountKobo: 150_000,
      reason: "Duplicate payment",
      destination: "wallet" as const,
      method: "wallet",
    };
    const yo = refundMail("a@example.ng", "Ada", refund, "yo");
    expect(yo.subject).toBe("A ti dá owó ìsanwó yín HSP-3 padà");
    expect(yo.text).toContain("Ìdí: Duplicate payment");
    expect(yo.text).toContain("₦1,500.00 náà ti padà sínú àpamọ́wọ́ Hospipay yín");
    const ig = refundMail("a@example.ng", "Ada", { ...refund, destination: "original_method", method: "paystack" }, "ig");
    expect(ig.subject).toBe("E weghachiela ego ịkwụ ụgwọ gị HSP-3");
    expect(ig.text).toContain("(Paystack)");
    expect(ig.text).toContain("₦1,500.00");
    for (const mail of [yo, ig]) filled(mail.text);
  });

  it("staff invitation (Yoruba, Hausa)", () => {
    const yo = staffInviteMail("a@example.ng", "Ada", "AGENT", LINK, 48, "yo");
    expect(yo.subject).toBe("Àkáǹtì òṣìṣẹ́ Hospipay yín");
    expect(yo.text).toContain("A ti ṣí àkáǹtì òṣìṣẹ́ Hospipay (AGENT) fún yín.");
    expect(yo.text).toContain("lẹ́yìn wákàtí 48.");
    expect(yo.text.split("\n")).toContain(LINK);
    const ha = staffInviteMail("a@example.ng", "Ada", "AGENT", LINK, 48, "ha");
    expect(ha.subject).toBe("Asusunku na ma'aikaci a Hospipay");
    expect(ha.text).toContain("bayan awa 48.");
  });

  it("bill link (Yoruba, Pidgin), with the due date in the language", () => {
    const bill = { token: "T0k", totalKobo: 2_500_000, dueDate: "2026-12-01", link: "http://hospipay.test/pay/T0k" };
    const yo = billLinkMail("a@example.ng", "Ada", bill, "yo");
    expect(yo.subject).toBe("Owó ìtọ́jú yín ní ilé ìwòsàn: ₦25,000.00");
    expect(yo.text).toContain("Ilé ìwòsàn ti gbé owó ìtọ́jú ₦25,000.00 jáde fún yín (owó ìtọ́jú T0k).");
    expect(yo.text).toContain("Ẹ jọ̀ọ́, ẹ san án kí ó tó di 01 Ọ̀pẹ̀ 2026.");
    expect(yo.qr).toBe(bill.link);
    const pcm = billLinkMail("a@example.ng", "Ada", { ...bill, dueDate: null }, "pcm");
    expect(pcm.subject).toBe("Your hospital bill of ₦25,000.00 don land");
    expect(pcm.text).not.toContain("Abeg pay am before");
    expect(billLinkMail("a@example.ng", "Ada", bill).text).toContain("Please pay it by 2026-12-01.");
  });

  it("keeps every template in English when no language is given", () => {
    expect(verificationCodeMail("a@example.ng", "1").locale).toBe("en");
    expect(billLinkMail("a@example.ng", "A", { token: "T", totalKobo: 1, dueDate: null, link: "x" }).subject).toBe(
      "Your hospital bill of ₦0.01",
    );
  });
});

describe("the HTML part of a message with a QR code", () => {
  it("declares the message's language and writes the picture's text in it", async () => {
    const { html } = await richParts(paymentReceiptMail(RECEIPT, "yo"));
    expect(html).toContain('<html lang="yo">');
    expect(html).toContain(`alt="Kóòdù QR ti ${RECEIPT.receipt.verifyUrl}"`);
    expect(html).toContain("Ẹ n lẹ́ o Adébáyọ̀ Ọlá,");
    const english = await richParts(paymentReceiptMail(RECEIPT));
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain(`alt="QR code of ${RECEIPT.receipt.verifyUrl}"`);
  });
});
