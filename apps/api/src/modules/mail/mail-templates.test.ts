import { describe, expect, it } from "vitest";
import {
  billLinkMail,
  billReceiptMail,
  kycDecisionMail,
  MAIL_NAME_MAX,
  nameInMail,
  passwordChangedMail,
  passwordResetMail,
  paymentReceiptMail,
  refundMail,
  staffInviteMail,
  verificationCodeMail,
  walletFundedMail,
} from "./mail-templates";

const SPAM = "Win now visit http://evil.example and claim";

const BILL_RECEIPT = {
  token: "AbCdEfGhIjKlMnOpQrStUv",
  hospitalNumber: "FTH/2026/04411",
  patientName: "Amaka Obi",
  totalKobo: 1_100_000,
  lines: [
    { name: "Full blood count (FBC)", qty: 1, department: "Laboratory Services (Pathology)" },
    { name: "Bandage", qty: 2, department: null },
  ],
  code: "7K3M-Q9XD-2HPA-W4RT",
  verifyUrl: "http://hospipay.test/verify-receipt?code=7K3MQ9XD2HPAW4RT",
};

describe("nameInMail", () => {
  it("prints ordinary names as typed", () => {
    for (const name of ["Ada", "Chukwuemeka Okafor", "St. John", "Mary-Jane O'Neil", "Ngozi (Mrs.) Eze", "Ọlá Adébáyọ̀"])
      expect(nameInMail(name)).toBe(name);
  });

  it("defangs what mail clients turn into links: schemes, www., dotted hosts, addresses", () => {
    expect(nameInMail("visit www.evil.com")).toBe("visit www[.]evil[.]com");
    expect(nameInMail("HTTPS://EVIL.COM/x")).toBe("HTTPS[:]//EVIL[.]COM/x");
    expect(nameInMail("go to evil。com or evil．com")).toBe("go to evil[.]com or evil[.]com");
    expect(nameInMail("write win@evil.com")).toBe("write win[@]evil[.]com");
    expect(nameInMail("mailto:x")).toBe("mailto[:]x");
    expect(nameInMail("10.0.0.1")).toBe("10[.]0[.]0[.]1");
  });

  it("drops invisible characters that would hide a dot, and keeps the name on one line", () => {
    expect(nameInMail("evil\u200B.com")).toBe("evil[.]com");
    expect(nameInMail("evil.\uFEFFcom")).toBe("evil[.]com");
    expect(nameInMail("\u202Emoc.live")).toBe("moc[.]live");
    expect(nameInMail("Bob\r\n\r\nYour account is locked\tcall us")).toBe("Bob Your account is locked call us");
  });

  it("bounds the name to MAIL_NAME_MAX characters, ending a longer one in an ellipsis", () => {
    const bounded = nameInMail(SPAM);
    expect(bounded).toBe("Win now visit http[:]//evil[.]example a…");
    expect(Array.from(bounded)).toHaveLength(MAIL_NAME_MAX);
    // Characters, not UTF-16 units: no emoji is cut in half.
    const emoji = nameInMail("😀".repeat(60));
    expect(Array.from(emoji)).toHaveLength(MAIL_NAME_MAX);
    expect(emoji).toBe(`${"😀".repeat(MAIL_NAME_MAX - 1)}…`);
    expect(nameInMail("a".repeat(MAIL_NAME_MAX))).toBe("a".repeat(MAIL_NAME_MAX));
  });
});

describe("every template that greets a person", () => {
  const greeting = `Hello ${nameInMail(SPAM)},`;
  const firstLine = (text: string) => text.split("\n")[0];

  it("prints the name through nameInMail", () => {
    const texts = [
      passwordChangedMail("a@example.ng", SPAM).text,
      paymentReceiptMail({
        to: "a@example.ng",
        customerName: SPAM,
        reference: "HSP-1",
        paidAt: new Date(),
        method: "remita",
        items: [],
        subtotal: "₦1.00",
        fee: "₦100.00",
        total: "₦101.00",
        receiptUrl: "http://hospipay.test/payment-success?reference=HSP-1",
      }).text,
      walletFundedMail("a@example.ng", SPAM, "HSP-2", 100, 100).text,
      kycDecisionMail("a@example.ng", SPAM, { verified: true, tierLevel: 2, reason: null }).text,
      kycDecisionMail("a@example.ng", SPAM, { verified: false, tierLevel: null, reason: "Blurred" }).text,
      refundMail("a@example.ng", SPAM, {
        reference: "HSP-3",
        amountKobo: 100,
        reason: "x",
        destination: "wallet",
        method: "wallet",
      }).text,
      staffInviteMail("a@example.ng", SPAM, "AGENT", "http://hospipay.test/reset-password?token=t", 48).text,
      billLinkMail("a@example.ng", SPAM, { token: "T", totalKobo: 100, dueDate: null, link: "http://hospipay.test/pay/T" }).text,
      billReceiptMail("a@example.ng", SPAM, { ...BILL_RECEIPT, patientName: "Ada" }).text,
    ];
    for (const text of texts) expect(firstLine(text)).toBe(greeting);
  });

  it("prints no name in mail to an address nobody has proven (registration code, password reset)", () => {
    expect(firstLine(verificationCodeMail("a@example.ng", "123456").text)).toBe("Hello,");
    expect(firstLine(passwordResetMail("a@example.ng", "http://hospipay.test/reset-password?token=t").text)).toBe("Hello,");
  });
});

describe("times, method names and RRRs in the payment mails", () => {
  const receipt = (overrides: Partial<Parameters<typeof paymentReceiptMail>[0]> = {}) =>
    paymentReceiptMail({
      to: "a@example.ng",
      customerName: "Ada",
      reference: "HSP-1",
      paidAt: new Date("2026-11-25T23:30:00Z"),
      method: "remita",
      rrr: "280467351235",
      items: [{ name: "Consultation", qty: 1, unit: "₦1.00", lineTotal: "₦1.00" }],
      subtotal: "₦1.00",
      fee: "₦100.00",
      total: "₦101.00",
      receiptUrl: "http://hospipay.test/payment-success?reference=HSP-1",
      ...overrides,
    }).text.split("\n");

  it("dates a receipt in West Africa Time, on the WAT day, labelled WAT", () => {
    expect(receipt()).toContain("Date: 26 Nov 2026, 00:30 WAT");
  });

  it("names the method and groups the RRR as Remita prints it; no RRR line without one", () => {
    expect(receipt()).toContain("Payment method: Remita");
    expect(receipt()).toContain("RRR: 2804-6735-1235");
    const wallet = receipt({ method: "wallet", rrr: null });
    expect(wallet).toContain("Payment method: Wallet");
    expect(wallet.some((line) => line.startsWith("RRR"))).toBe(false);
    expect(receipt({ method: "bank_transfer", rrr: null })).toContain("Payment method: Bank transfer");
  });

  it("names the method a refund returns through", () => {
    const text = refundMail("a@example.ng", "Ada", {
      reference: "HSP-3",
      amountKobo: 100,
      reason: "x",
      destination: "original_method",
      method: "paystack",
    }).text;
    expect(text).toContain("returned through the way you paid (Paystack);");
  });
});

describe("QR codes in mail", () => {
  const receipt = (overrides: Partial<Parameters<typeof paymentReceiptMail>[0]> = {}) =>
    paymentReceiptMail({
      to: "a@example.ng",
      customerName: "Ada",
      reference: "HSP-1",
      paidAt: new Date("2026-11-25T10:00:00Z"),
      method: "wallet",
      items: [{ name: "Consultation", qty: 1, unit: "₦1.00", lineTotal: "₦1.00" }],
      subtotal: "₦1.00",
      fee: "₦100.00",
      total: "₦101.00",
      receiptUrl: "http://hospipay.test/payment-success?reference=HSP-1",
      ...overrides,
    });
  const code = { code: "7K3M-Q9XD-2HPA-W4RT", verifyUrl: "http://hospipay.test/verify-receipt?code=7K3MQ9XD2HPAW4RT" };

  it("puts a receipt's verify link in its QR code, and none on a receipt without a code", () => {
    const mail = receipt({ receipt: code });
    expect(mail.qr).toBe(code.verifyUrl);
    expect(mail.text).toContain("Receipt code: 7K3M-Q9XD-2HPA-W4RT");
    expect(mail.text).toContain(`Show this code at the lab, pharmacy or ward; it is checked at: ${code.verifyUrl}`);
    expect(receipt().qr).toBeNull();
  });

  it("tells a bill part's payer that the code proves the payment and items are given against the bill's code, sent to the patient", () => {
    const text = receipt({ receipt: code, billPart: { link: "http://hospipay.test/pay/AbCd" } }).text;
    expect(text).toContain(`Receipt code: 7K3M-Q9XD-2HPA-W4RT (checked at ${code.verifyUrl})`);
    expect(text).toContain(
      "This receipt code proves your payment towards the hospital bill. Items are given against the bill's own receipt code, which is sent to the patient once the bill is paid in full. The bill: http://hospipay.test/pay/AbCd",
    );
    expect(text).not.toContain("Show this code at the lab");
  });

  it("puts a bill's payment link in the bill's QR code", () => {
    const mail = billLinkMail("a@example.ng", "Ada", {
      token: "T",
      totalKobo: 100,
      dueDate: null,
      link: "http://hospipay.test/pay/T",
    });
    expect(mail.qr).toBe("http://hospipay.test/pay/T");
  });

  it("sends a bill paid in full with its lines, its receipt code and the code's QR", () => {
    const mail = billReceiptMail("payer@example.ng", "Chidi Obi", BILL_RECEIPT);
    expect(mail).toMatchObject({ to: "payer@example.ng", subject: "Hospital bill of ₦11,000.00 is paid in full" });
    expect(mail.qr).toBe(BILL_RECEIPT.verifyUrl);
    expect(mail.text.split("\n")).toEqual([
      "Hello Chidi Obi,",
      "",
      "The hospital bill of ₦11,000.00 for Amaka Obi (hospital number FTH/2026/04411) is paid in full.",
      "",
      "Services on the bill:",
      "  Full blood count (FBC) × 1 (Laboratory Services (Pathology))",
      "  Bandage × 2",
      "",
      "Receipt code: 7K3M-Q9XD-2HPA-W4RT",
      `Show this code, or its QR code, at the lab, pharmacy or ward to receive these services; it is checked at: ${BILL_RECEIPT.verifyUrl}`,
    ]);
  });
});
