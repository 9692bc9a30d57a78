import { API_PATHS, koboToDecimal, nairaToKobo, normalizeReceiptCode, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call } from "../../test/test-app";

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let agent: User;
let lab: ServiceRecord;
let pharmacy: ServiceRecord;
let phoneSequence = 0;

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "100" });
  agent = await buildUser(h.t, { role: "AGENT" });
  const fixed = (await h.catalogue()).filter(
    (s) => s.fixed_price === "yes" && Number(s.price) > 0 && Number(s.price) <= 10_000 && s.department?.name,
  );
  lab = fixed[0]!;
  pharmacy = fixed.find((s) => s.department!.name !== lab.department!.name)!;
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A Nigerian mobile no other test of this file uses: local form and E.164. */
function freshPhone(): { local: string; e164: string } {
  phoneSequence += 1;
  const digits = `806${String(Date.now() % 10_000).padStart(4, "0")}${String(phoneSequence).padStart(3, "0")}`;
  return { local: `0${digits}`, e164: `+234${digits}` };
}

const textsTo = async (e164: string) =>
  (await h.t.db.query<{ body: string }>(`SELECT body FROM sms_outbox WHERE to_number = $1 ORDER BY id`, [e164])).rows.map(
    (row) => row.body,
  );

/** A bill for Kelechi Amadi (lab × 2, pharmacy × 1), raised by the agent. */
async function raiseBill(patient: { phone: string; email?: string; locale?: string }) {
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    {
      hospital_number: "FTH/BC/00077",
      patient_name: "Kelechi Amadi",
      patient_phone: patient.phone,
      ...(patient.email ? { patient_email: patient.email } : {}),
      ...(patient.locale ? { locale: patient.locale } : {}),
      items: [
        { service_id: lab.id, quantity: 2 },
        { service_id: pharmacy.id, quantity: 1 },
      ],
    },
    agent.token,
  );
  expect(res.status, res.text).toBe(201);
  return res.json.bill as { token: string; total: string };
}

/** A guest Remita part, paid and settled by its callback; the part's reference. */
async function payGuestPart(token: string, amount: string, payer: { name: string; email: string; phone: string }) {
  const started = await call(h.t, "POST", API_PATHS.payBill(token), {
    amount,
    payer_name: payer.name,
    payer_email: payer.email,
    payer_phone: payer.phone,
    payment_method: "remita",
  });
  expect(started.status, started.text).toBe(201);
  await h.control("/sandbox/remita/_control/pay", { rrr: started.json.rrr, outcome: "approve", notify: false });
  const settled = await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(started.json.rrr)}`);
  expect(settled.status).toBeLessThan(400);
  return String(started.json.reference);
}

/** A bill paid in full in two parts by two relatives: its token, its code and the parts' references. */
async function paidBill(patient: { phone: string; email?: string }) {
  const bill = await raiseBill(patient);
  const totalKobo = nairaToKobo(bill.total)!;
  const first = Math.floor(totalKobo / 2);
  const ngozi = { name: "Ngozi Amadi", email: "ngozi.amadi@example.ng", phone: freshPhone().local };
  const emeka = { name: "Emeka Amadi", email: "emeka.amadi@example.ng", phone: freshPhone().local };
  const parts = [
    await payGuestPart(bill.token, koboToDecimal(first), ngozi),
    await payGuestPart(bill.token, koboToDecimal(totalKobo - first), emeka),
  ];
  const staff = await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token);
  expect(staff.json.status).toBe("paid");
  const code = String(staff.json.receipt_code);
  return { token: bill.token, code, compact: normalizeReceiptCode(code)!, parts, payers: [ngozi, emeka] };
}

describe("a bill's redeemable code", () => {
  it("is never shown to a holder of the pay link: the page says the bill is paid and where the code was sent, masked", async () => {
    const phone = freshPhone();
    const bill = await paidBill({ phone: phone.local, email: "kelechi.amadi@example.ng" });
    const res = await call(h.t, "GET", API_PATHS.publicBill(bill.token));
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("paid");
    expect(res.json).not.toHaveProperty("receipt_code");
    expect(res.text).not.toContain(bill.code);
    expect(res.text).not.toContain(bill.compact);
    expect(res.json.code_sent_to).toEqual({ phone: `•••••••${phone.local.slice(-4)}`, email: "k•••@example.ng" });
    expect(res.text).not.toContain(phone.local);
    expect(res.text).not.toContain("kelechi.amadi");
    // Staff still see it.
    const staff = await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token);
    expect(staff.json.receipt_code).toBe(bill.code);
  });

  it("says nothing was sent while the bill is open", async () => {
    const bill = await raiseBill({ phone: freshPhone().local });
    const res = await call(h.t, "GET", API_PATHS.publicBill(bill.token));
    expect(res.json.code_sent_to).toBeNull();
  });

  it("goes to the patient's e-mail and phone only, never to the payers", async () => {
    const phone = freshPhone();
    const bill = await paidBill({ phone: phone.local, email: "kelechi.amadi@example.ng" });
    const mails = await h.t.mailbox();
    const withCode = mails.filter((mail) => mail.text.includes(bill.code) || mail.text.includes(bill.compact));
    expect(withCode.map((mail) => mail.to)).toEqual(["kelechi.amadi@example.ng"]);
    for (const payer of bill.payers) {
      for (const text of await textsTo(`+234${payer.phone.slice(1)}`)) {
        expect(text).not.toContain(bill.code);
        expect(text).not.toContain(bill.compact);
      }
    }
    const patientTexts = (await textsTo(phone.e164)).filter((text) => text.includes(bill.code));
    expect(patientTexts).toHaveLength(1);
  });
});

describe("one rule for the codes of a bill and its parts", () => {
  it("gives the SMS-only patient the bill's code by SMS, saying it is what items are given against", async () => {
    const phone = freshPhone();
    const bill = await paidBill({ phone: phone.local });
    const texts = await textsTo(phone.e164);
    const paidText = texts.find((text) => text.includes(bill.code));
    expect(paidText, texts.join("\n")).toBeDefined();
    expect(paidText).toMatch(/paid in full/);
    expect(paidText).toMatch(/lab, pharmacy or ward/);
    expect(paidText).toContain(`/r/${bill.compact}`);
  });

  it("tells each part's payer, by e-mail and SMS, that their code proves the payment and items are given against the bill's code sent to the patient", async () => {
    const bill = await paidBill({ phone: freshPhone().local, email: "kelechi.amadi@example.ng" });
    const mails = await h.t.mailbox();
    const rule =
      "Items are given against the bill's own receipt code, which is sent to the patient once the bill is paid in full.";
    for (const [index, reference] of bill.parts.entries()) {
      const receipt = mails.find((mail) => mail.subject === `Hospipay receipt ${reference}`)!;
      expect(receipt.text).toContain("This receipt code proves your payment towards the hospital bill.");
      expect(receipt.text).toContain(rule);
      expect(receipt.text).not.toMatch(/Show this code/);
      const texts = await textsTo(`+234${bill.payers[index]!.phone.slice(1)}`);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(/proves your part payment/);
      expect(texts[0]).toMatch(/items are given against the bill's code, sent to the patient once it is paid in full/);
    }
  });
});

describe("a bill part's name", () => {
  it("names the bill's lines and the patient's first name, never the bill's token, in receipts, subjects and the staff table", async () => {
    const bill = await paidBill({ phone: freshPhone().local, email: "kelechi.amadi@example.ng" });
    const expected = `Bill for Kelechi: ${lab.name} × 2, ${pharmacy.name}`;
    const receipt = await call(h.t, "GET", `/api/express/payments/${bill.parts[0]}/`);
    expect(receipt.json.items).toEqual([expect.objectContaining({ service_name: expected })]);
    expect(receipt.text).not.toContain(bill.token);
    // Every mail of the bill but the link's own (to the patient, whose link carries the token).
    const mails = (await h.t.mailbox()).filter(
      (mail) =>
        [...bill.payers.map((payer) => payer.email), "kelechi.amadi@example.ng"].includes(mail.to) &&
        mail.qr !== `http://hospipay.test/pay/${bill.token}`,
    );
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails) {
      expect(mail.subject).not.toContain(bill.token);
      expect(mail.text.replace(`/pay/${bill.token}`, "")).not.toContain(bill.token);
    }
    expect(mails.find((mail) => mail.subject === `Hospipay receipt ${bill.parts[0]}`)!.text).toContain(`  ${expected} × 1 @`);
    const { rows } = await h.t.db.query<{ transaction_description: string }>(
      `SELECT transaction_description FROM invoices WHERE reference = ANY($1)`,
      [bill.parts],
    );
    expect(rows.map((row) => row.transaction_description)).toEqual([expected, expected]);
  });
});

describe("a bill's language", () => {
  it("is told to whoever opens its page", async () => {
    const bill = await raiseBill({ phone: freshPhone().local, locale: "yo" });
    const res = await call(h.t, "GET", API_PATHS.publicBill(bill.token));
    expect(res.json.locale).toBe("yo");
  });
});
