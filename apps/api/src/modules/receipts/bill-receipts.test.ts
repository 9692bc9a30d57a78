import {
  API_PATHS,
  formatNaira,
  formatReceiptCode,
  normalizeReceiptCode,
  RECEIPT_CODE_ALPHABET,
  verifyReceiptUrl,
  type ServiceRecord,
} from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call, grantDesk } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let agent: User;
let labAgent: User;
let admin: User;
let superAdmin: User;
let lab: ServiceRecord;
let pharmacy: ServiceRecord;

const CODE = new RegExp(`^[${RECEIPT_CODE_ALPHABET}]{4}(-[${RECEIPT_CODE_ALPHABET}]{4}){3}$`);

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "100", REFUND_APPROVAL_THRESHOLD_NAIRA: "100000" });
  agent = await buildUser(h.t, { role: "AGENT", firstName: "Bisi", lastName: "Clerk" });
  labAgent = await buildUser(h.t, { role: "AGENT", firstName: "Ada", lastName: "Obi" });
  admin = await buildUser(h.t, { role: "ADMIN" });
  superAdmin = await buildUser(h.t, { role: "SUPERADMIN" });
  const fixed = (await h.catalogue()).filter(
    (s) => s.fixed_price === "yes" && Number(s.price) > 0 && Number(s.price) <= 10_000 && s.department?.name,
  );
  lab = fixed[0]!;
  pharmacy = fixed.find((s) => s.department!.name !== lab.department!.name)!;
  // Both give items at the desk, in both departments (a member gives only their departments' items).
  for (const member of [agent, labAgent])
    await grantDesk(h.t, member.id, { departments: [lab.department!.name, pharmacy.department!.name] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A two-department bill (lab × 2, pharmacy × 1) raised by the agent. */
async function raiseBill(patientEmail?: string) {
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    {
      hospital_number: "FTH/BR/00042",
      patient_name: "Kelechi Amadi",
      patient_phone: "08037778899",
      ...(patientEmail ? { patient_email: patientEmail } : {}),
      items: [
        { service_id: lab.id, quantity: 2 },
        { service_id: pharmacy.id, quantity: 1 },
      ],
    },
    agent.token,
  );
  expect(res.status, res.text).toBe(201);
  return res.json.bill as { token: string; total: string; receipt_code: string | null };
}

/** A guest Remita part of `amount`, paid at Remita and settled by its callback; the part's reference. */
async function payGuestPart(token: string, amount: string, name: string, email = "relative@example.ng") {
  const started = await call(h.t, "POST", API_PATHS.payBill(token), {
    amount,
    payer_name: name,
    payer_email: email,
    payer_phone: "08035556677",
    payment_method: "remita",
  });
  expect(started.status, started.text).toBe(201);
  await h.control("/sandbox/remita/_control/pay", { rrr: started.json.rrr, outcome: "approve", notify: false });
  const settled = await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(started.json.rrr)}`);
  expect(settled.status).toBeLessThan(400);
  return String(started.json.reference);
}

/** A bill paid in full in two parts by two relatives: the bill, its receipt code and its parts' references. */
async function paidBill() {
  const bill = await raiseBill();
  const totalKobo = Math.round(Number(bill.total) * 100);
  const first = Math.floor(totalKobo / 2);
  const parts = [
    await payGuestPart(bill.token, (first / 100).toFixed(2), "Ngozi Amadi"),
    await payGuestPart(bill.token, ((totalKobo - first) / 100).toFixed(2), "Emeka Amadi"),
  ];
  const staff = await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token);
  expect(staff.json.status).toBe("paid");
  return { token: bill.token, total: bill.total, code: String(staff.json.receipt_code), parts };
}

const partCode = async (reference: string) =>
  String((await call(h.t, "GET", `/api/express/payments/${reference}/`)).json.receipt_code);
const staffView = (code: string) => call(h.t, "GET", API_PATHS.staffReceipt(code), undefined, agent.token);
const redeem = (code: string, body: unknown, token = labAgent.token) =>
  call(h.t, "POST", API_PATHS.redeemReceipt(code), body, token);
const labLine = (quantity = 2) => ({ department: lab.department!.name, items: [{ item_id: 1, quantity }] });

describe("a bill's own receipt code", () => {
  it("is written when the part that pays the bill in full settles, and shown on the bill's staff answers, never on its public one", async () => {
    const bill = await raiseBill();
    expect(bill.receipt_code).toBeNull();
    const totalKobo = Math.round(Number(bill.total) * 100);
    await payGuestPart(bill.token, (Math.floor(totalKobo / 2) / 100).toFixed(2), "Ngozi Amadi");
    const open = await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token);
    expect(open.json).toMatchObject({ status: "open", receipt_code: null });
    await payGuestPart(bill.token, ((totalKobo - Math.floor(totalKobo / 2)) / 100).toFixed(2), "Emeka Amadi");
    const paid = await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token);
    expect(paid.json.status).toBe("paid");
    expect(paid.json.receipt_code).toMatch(CODE);
    const publicView = await call(h.t, "GET", API_PATHS.publicBill(bill.token));
    expect(publicView.json).not.toHaveProperty("receipt_code");
    expect(publicView.text).not.toContain(String(paid.json.receipt_code));
    const list = await call(h.t, "GET", `${API_PATHS.staffBills}?q=${bill.token}`, undefined, agent.token);
    expect((list.json.results as Array<{ receipt_code: string }>)[0]!.receipt_code).toBe(paid.json.receipt_code);
    // One code for the bill, one for each part, all different.
    const { rows } = await h.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM receipt_codes rc JOIN bills b ON b.id = rc.bill_id WHERE b.token = $1`,
      [bill.token],
    );
    expect(rows[0]!.n).toBe(1);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("is e-mailed with its QR code, once paid in full, to the patient only, never to the payer whose part completed it", async () => {
    const bill = await raiseBill("kelechi.amadi@example.ng");
    const totalKobo = Math.round(Number(bill.total) * 100);
    const first = Math.floor(totalKobo / 2);
    const firstRef = await payGuestPart(bill.token, (first / 100).toFixed(2), "Ngozi Amadi", "ngozi.amadi@example.ng");
    await payGuestPart(bill.token, ((totalKobo - first) / 100).toFixed(2), "Emeka Amadi", "emeka.amadi@example.ng");
    const code = String((await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json.receipt_code);
    const mails = await h.t.mailbox();
    const paidInFull = mails.filter((mail) => mail.subject === `Hospital bill of ${formatNaira(totalKobo)} is paid in full`);
    expect(paidInFull.map((mail) => mail.to)).toEqual(["kelechi.amadi@example.ng"]);
    expect(mails.filter((mail) => mail.text.includes(code)).map((mail) => mail.to)).toEqual(["kelechi.amadi@example.ng"]);
    for (const mail of paidInFull) {
      expect(mail.text).toContain(`Receipt code: ${code}`);
      expect(mail.text).toContain(`  ${lab.name} × 2 (${lab.department!.name})`);
      expect(mail.qr).toBe(verifyReceiptUrl("http://hospipay.test", normalizeReceiptCode(code)!));
      expect(mail.qr).toContain(encodeURIComponent(formatReceiptCode(normalizeReceiptCode(code)!)));
    }
    // The first payer's own receipt: the part's code, and where the bill's code will be.
    const firstReceipt = mails.find((mail) => mail.subject === `Hospipay receipt ${firstRef}`)!;
    expect(firstReceipt.to).toBe("ngozi.amadi@example.ng");
    expect(firstReceipt.text).toContain("This receipt code proves your payment towards the hospital bill.");
    expect(firstReceipt.qr).toMatch(/^http:\/\/hospipay\.test\/verify-receipt\?code=/);
  });

  it("is written for a bill a wallet part pays in full, in the wallet payment's transaction", async () => {
    const bill = await raiseBill();
    const customer = await buildUser(h.t, { firstName: "Wallet", lastName: "Relative" });
    const kobo = Math.round(Number(bill.total) * 100) + 10_000;
    const { wallets, ledger } = h.t.repositories;
    await h.t.db.transaction(async (tx) => {
      const wallet = await wallets.ensure(customer.id, tx);
      await wallets.credit(tx, wallet.id, kobo);
      await ledger.post(tx, {
        kind: "test_funding",
        invoiceId: null,
        description: "test wallet funding",
        postings: [
          { accountCode: "clearing:remita", amountKobo: kobo },
          { accountCode: wallet.accountCode, amountKobo: -kobo },
        ],
      });
    });
    const paid = await call(
      h.t,
      "POST",
      API_PATHS.payBill(bill.token),
      {
        amount: bill.total,
        payer_name: "Wallet Relative",
        payer_email: "wallet.relative@example.ng",
        payer_phone: "08030001111",
        payment_method: "wallet",
      },
      customer.token,
    );
    expect(paid.status, paid.text).toBe(201);
    const view = await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token);
    expect(view.json).toMatchObject({ status: "paid", receipt_code: expect.stringMatching(CODE) });
    const receipt = await staffView(String(view.json.receipt_code));
    expect(receipt.json).toMatchObject({ kind: "bill", status: "paid", redeemable: true });
  });

  it("checks publicly as paid, with the bill's total and the date paid, and nothing personal", async () => {
    const bill = await paidBill();
    const res = await call(h.t, "GET", API_PATHS.receipt(bill.code));
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["amount", "code", "paid_at", "status"]);
    expect(res.json).toMatchObject({ code: bill.code, status: "paid", amount: bill.total });
    expect(Date.parse(String(res.json.paid_at))).not.toBeNaN();
    expect(res.text).not.toContain("Amadi");
    expect(res.text).not.toContain("FTH/BR");
  });

  it("shows staff the bill's lines with departments, the patient, and nothing given yet", async () => {
    const bill = await paidBill();
    const res = await staffView(bill.code);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      code: bill.code,
      kind: "bill",
      status: "paid",
      redeemable: true,
      reference: bill.token,
      payer_name: "Kelechi Amadi",
      hospital_number: "FTH/BR/00042",
      amount: bill.total,
      bill: { token: bill.token, status: "paid", receipt_code: bill.code },
      notice: null,
      given: [],
    });
    expect(res.json.items).toEqual([
      { id: 1, service_name: lab.name, department: lab.department!.name, quantity: 2, given: 0, remaining: 2 },
      { id: 2, service_name: pharmacy.name, department: pharmacy.department!.name, quantity: 1, given: 0, remaining: 1 },
    ]);
  });

  it("gives the bill's lines once per department, audited; a second giving names who gave it and when", async () => {
    const bill = await paidBill();
    const given = await redeem(bill.code, labLine());
    expect(given.status, given.text).toBe(200);
    expect(given.json.receipt).toMatchObject({
      items: [expect.objectContaining({ id: 1, given: 2, remaining: 0 }), expect.objectContaining({ id: 2, given: 0 })],
      given: [expect.objectContaining({ item_id: 1, quantity: 2, given_by: { id: labAgent.id, name: "Ada Obi" } })],
    });
    const again = await redeem(bill.code, labLine(1), agent.token);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("already_given");
    expect(again.json.detail).toMatch(/already given by Ada Obi on \d{2} \w{3} \d{4}, \d{2}:\d{2} WAT\.$/);
    // Another department's line is refused to the lab, and given by the pharmacy.
    const wrong = await redeem(bill.code, { department: lab.department!.name, items: [{ item_id: 2, quantity: 1 }] });
    expect(wrong.status).toBe(409);
    expect(wrong.json.code).toBe("other_department");
    const pharmacyGives = await redeem(bill.code, {
      department: pharmacy.department!.name,
      items: [{ item_id: 2, quantity: 1 }],
    });
    expect(pharmacyGives.status).toBe(200);
    expect(pharmacyGives.json.receipt).toMatchObject({ redeemable: false });
    const unknown = await redeem(bill.code, { department: lab.department!.name, items: [{ item_id: 9, quantity: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json["items.0.item_id"]).toEqual(["This item is not on this receipt."]);
    const audit = await call(h.t, "GET", `${API_PATHS.auditLog}?action=receipt.redeemed`, undefined, superAdmin.token);
    expect(JSON.stringify(audit.json)).toContain(`of bill ${bill.token}`);
  });

  it("gives a line once when 20 staff give it at the same moment", async () => {
    const bill = await paidBill();
    const giver = await buildUser(h.t, { role: "AGENT", firstName: "Ngozi", lastName: "Eze" });
    await grantDesk(h.t, giver.id, { departments: [lab.department!.name] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(bill.code, labLine(), giver.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.json.detail).toMatch(/already given by Ngozi Eze on /);
    }
    const { rows } = await h.t.db.query<{ total: number }>(
      `SELECT sum(r.quantity)::int AS total FROM receipt_redemptions r JOIN bills b ON b.id = r.bill_id
       WHERE b.token = $1 AND r.bill_item_position = 1`,
      [bill.token],
    );
    expect(rows[0]!.total).toBe(2);
  });

  it("is refused once a part of the bill was refunded; a part's refund after a giving waits for a super admin", async () => {
    const bill = await paidBill();
    expect((await redeem(bill.code, labLine(1))).status).toBe(200);
    const asked = await call(h.t, "POST", API_PATHS.refundInvoice(bill.parts[0]!), { reason: "Overcharged" }, admin.token);
    expect(asked.status, asked.text).toBe(202);
    expect(asked.json).toMatchObject({ refund: { status: "awaiting_approval" } });
    const approved = await call(
      h.t,
      "POST",
      API_PATHS.approveRefund((asked.json.refund as { id: number }).id),
      { note: "Checked with the lab" },
      superAdmin.token,
    );
    expect(approved.status, approved.text).toBe(200);
    expect((await staffView(bill.code)).json).toMatchObject({ status: "refunded", redeemable: false });
    const res = await redeem(bill.code, labLine(1));
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: "not_redeemable",
      detail: "A part of this bill was refunded: nothing more can be given against it.",
    });
    expect((await call(h.t, "GET", API_PATHS.receipt(bill.code))).json.status).toBe("refunded");
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });
  it("stays paid and redeemable when a part that settled after the bill was full (held in review, never counted) is refunded", async () => {
    const bill = await raiseBill();
    // A relative starts a part for the whole bill at Remita and pays it only after two others paid the bill.
    const late = await call(h.t, "POST", API_PATHS.payBill(bill.token), {
      amount: bill.total,
      payer_name: "Late Amadi",
      payer_email: "late.amadi@example.ng",
      payer_phone: "08035556600",
      payment_method: "remita",
    });
    expect(late.status, late.text).toBe(201);
    const totalKobo = Math.round(Number(bill.total) * 100);
    const first = Math.floor(totalKobo / 2);
    const counted = [
      await payGuestPart(bill.token, (first / 100).toFixed(2), "Ngozi Amadi"),
      await payGuestPart(bill.token, ((totalKobo - first) / 100).toFixed(2), "Emeka Amadi"),
    ];
    const code = String((await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json.receipt_code);
    await h.control("/sandbox/remita/_control/pay", { rrr: late.json.rrr, outcome: "approve", notify: false });
    await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(late.json.rrr)}`);
    const staffBill = await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token);
    expect(staffBill.json.parts).toContainEqual(
      expect.objectContaining({ reference: late.json.reference, status: "pending", in_review: true }),
    );
    const refund = await call(
      h.t,
      "POST",
      API_PATHS.refundInvoice(String(late.json.reference)),
      { reason: "Bill already paid" },
      admin.token,
    );
    expect(refund.status, refund.text).toBe(200);
    expect(refund.json.invoice).toMatchObject({ status: "refunded" });

    // The bill is still fully paid by the parts that counted: its receipt is paid, and the point of care gives.
    expect((await staffView(code)).json).toMatchObject({ kind: "bill", status: "paid", redeemable: true, notice: null });
    expect((await call(h.t, "GET", API_PATHS.receipt(code))).json).toMatchObject({ status: "paid", amount: bill.total });
    const given = await redeem(code, labLine(1));
    expect(given.status, given.text).toBe(200);

    // A part that counted, refunded, still marks the receipt refunded.
    const asked = await call(h.t, "POST", API_PATHS.refundInvoice(counted[0]!), { reason: "Overcharged" }, superAdmin.token);
    expect(asked.status, asked.text).toBe(200);
    expect((await staffView(code)).json).toMatchObject({ status: "refunded", redeemable: false });
    expect((await call(h.t, "GET", API_PATHS.receipt(code))).json.status).toBe("refunded");
    expect((await redeem(code, labLine(1))).json.code).toBe("not_redeemable");
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });
});

describe("a part payment's receipt", () => {
  it("keeps its own code, says it is a part of the bill and where items are given, and gives nothing", async () => {
    const bill = await paidBill();
    const code = await partCode(bill.parts[0]!);
    expect(code).toMatch(CODE);
    expect(code).not.toBe(bill.code);
    const view = await staffView(code);
    expect(view.json).toMatchObject({
      kind: "payment",
      status: "paid",
      redeemable: false,
      bill: { token: bill.token, status: "paid", receipt_code: bill.code },
      notice: `This is a part payment of bill ${bill.token}: give items against the bill's receipt ${bill.code}.`,
    });
    const itemId = (view.json.items as Array<{ id: number }>)[0]!.id;
    const res = await redeem(code, { department: lab.department!.name, items: [{ item_id: itemId, quantity: 1 }] });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "part_of_bill", detail: view.json.notice });
    expect((await call(h.t, "GET", API_PATHS.receipt(code))).json).toMatchObject({ status: "paid" });
  });

  it("of a bill not paid in full, or cancelled, gives nothing either", async () => {
    const bill = await raiseBill();
    const reference = await payGuestPart(bill.token, "100.00", "Ngozi Amadi");
    const code = await partCode(reference);
    const view = await staffView(code);
    expect(view.json).toMatchObject({
      redeemable: false,
      bill: { token: bill.token, status: "open", receipt_code: null },
      notice: `This is a part payment of bill ${bill.token}, not yet paid in full: items are given against the bill's receipt once the bill is paid.`,
    });
    const cancelled = await call(h.t, "POST", API_PATHS.cancelBill(bill.token), { reason: "Patient transferred" }, admin.token);
    expect(cancelled.status, cancelled.text).toBe(200);
    const after = await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token);
    expect(after.json).toMatchObject({ status: "cancelled", receipt_code: null });
    const res = await redeem(code, { department: "Laboratory", items: [{ item_id: 1, quantity: 1 }] });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("part_of_bill");
  });
});
