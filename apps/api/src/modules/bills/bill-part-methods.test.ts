import { API_PATHS, MESSAGES, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, fundWallet, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

/** Issue 21: a signed-in customer pays a bill's part with Paystack or a direct bank transfer too; a guest may not. */

let h: PaymentsHarness;
let openPrice: ServiceRecord;
let agent: Awaited<ReturnType<typeof buildUser>>;
let admin: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "500", TRANSFER_EXCESS_TOLERANCE_NAIRA: "50" });
  openPrice = (await h.catalogue()).find((s) => s.fixed_price === "no")!;
  agent = await buildUser(h.t, { role: "AGENT", firstName: "Bisi", lastName: "Clerk" });
  admin = await buildUser(h.t, { role: "ADMIN" });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function raiseBill(naira: string) {
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    {
      hospital_number: "FTH/2026/M0001",
      patient_name: "Adaeze Nwosu",
      patient_phone: "08031112233",
      items: [{ service_id: openPrice.id, quantity: 1, price: naira, price_note: "Theatre deposit agreed with the surgeon" }],
    },
    agent.token,
  );
  expect(res.status, res.text).toBe(201);
  return res.json.bill as Record<string, unknown> & { token: string };
}

/** A signed-in customer whose wallet holds `naira`, funded through the ledger (clearing → wallet). */
async function fundedCustomer(naira: number) {
  const customer = await buildUser(h.t, { firstName: "Relative", lastName: "Payer" });
  await fundWallet(h.t, customer.id, naira * 100);
  return customer;
}

const part = (amount: string, method: string, name = "Chinedu Okafor") => ({
  amount,
  payer_name: name,
  payer_email: "chinedu@example.ng",
  payer_phone: "08035556677",
  payment_method: method,
});

const payPart = (token: string, body: unknown, userToken?: string) =>
  call(h.t, "POST", API_PATHS.payBill(token), body, userToken);

const staffBill = async (token: string) => (await call(h.t, "GET", API_PATHS.staffBill(token), undefined, agent.token)).json;

const balance = (code: string) => h.t.db.transaction((tx) => h.t.repositories.ledger.balance(tx, code));

const invoiceStatus = async (reference: string) =>
  (await h.t.db.query<{ status: string }>("SELECT status FROM invoices WHERE reference = $1", [reference])).rows[0]?.status;

async function waitFor(probe: () => Promise<boolean>, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const confirmTransfer = (reference: string, amount: string, transferReference: string, token = agent.token) =>
  call(
    h.t,
    "POST",
    API_PATHS.confirmTransfer(reference),
    { amount_received: amount, transfer_reference: transferReference },
    token,
  );

describe("a signed-in customer pays a part with Paystack", () => {
  it("opens Paystack's popup; the part counts once the server verified it (callback), and again through the signed webhook", async () => {
    const bill = await raiseBill("5000.00");
    const customer = await buildUser(h.t, { firstName: "Emeka", lastName: "Relative" });
    const depositsBefore = await balance("liability:bill_deposits");

    const first = await payPart(bill.token, part("2000.00", "paystack", "Emeka Relative"), customer.token);
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ status: "pending", payment_method: "paystack", amount: "2100.00", subtotal: "2000.00" });
    const gateway = first.json.gateway as { key: string; access_code: string; reference: string; script_url: string };
    expect(gateway).toMatchObject({ key: "paystack" });
    expect(gateway.access_code).toBeTruthy();
    expect(gateway.script_url).toBeTruthy();
    const reference = String(first.json.reference);

    // The popup's success alone counts for nothing: the bill changes only once the server asked Paystack.
    const early = await call(h.t, "GET", `/api/express/callback/top-up/paystack/?transaction_id=${reference}`);
    expect(early.json.transaction_status).not.toBe("SUCCESS");
    expect(await staffBill(bill.token)).toMatchObject({ paid: "0.00" });
    await h.control("/sandbox/paystack/_control/charge", { reference: gateway.reference, outcome: "success", notify: false });
    const verified = await call(h.t, "GET", `/api/express/callback/top-up/paystack/?transaction_id=${reference}`);
    expect(verified.json.transaction_status).toBe("SUCCESS");
    expect(await staffBill(bill.token)).toMatchObject({ status: "open", paid: "2000.00", left: "3000.00" });
    expect(await balance("liability:bill_deposits")).toBe(depositsBefore - 200_000);

    // The rest, settled by Paystack's signed webhook alone (the payer closed the tab).
    const rest = await payPart(bill.token, part("3000.00", "paystack", "Emeka Relative"), customer.token);
    expect(rest.status, rest.text).toBe(201);
    const restGateway = rest.json.gateway as { reference: string };
    await h.control("/sandbox/paystack/_control/charge", { reference: restGateway.reference, outcome: "success", notify: true });
    await waitFor(async () => (await invoiceStatus(String(rest.json.reference))) === "completed");
    const paid = await staffBill(bill.token);
    expect(paid).toMatchObject({ status: "paid", paid: "5000.00", left: "0.00" });
    expect(paid.parts).toEqual([
      expect.objectContaining({ reference, payment_method: "paystack", status: "completed", amount: "2000.00" }),
      expect.objectContaining({ reference: rest.json.reference, payment_method: "paystack", status: "completed" }),
    ]);
    expect(paid.receipt_code).toBeTruthy();
    expect(await balance("liability:bill_deposits")).toBe(depositsBefore);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });
});

describe("a signed-in customer pays a part by direct bank transfer", () => {
  it("is pending with the hospital's account until staff confirm it; then it counts against the bill", async () => {
    const bill = await raiseBill("3000.00");
    const customer = await buildUser(h.t, { firstName: "Ifeoma", lastName: "Relative" });
    const clearingBefore = await balance("clearing:bank_transfer");

    const started = await payPart(bill.token, part("1000.00", "bank_transfer", "Ifeoma Relative"), customer.token);
    expect(started.status, started.text).toBe(201);
    expect(started.json).toMatchObject({
      status: "pending",
      payment_method: "bank_transfer",
      amount: "1100.00",
      rrr: null,
      message: "Transfer the total to the hospital's account; staff confirm it within 24-48 hours.",
      gateway: { key: "bank_transfer" },
    });
    expect((started.json.gateway as { bank_account: { account_number: string } }).bank_account.account_number).toBeTruthy();
    const reference = String(started.json.reference);
    const pending = await staffBill(bill.token);
    expect(pending).toMatchObject({ paid: "0.00" });
    expect(pending.parts).toEqual([
      expect.objectContaining({ reference, payment_method: "bank_transfer", status: "pending", in_review: false }),
    ]);
    // The payer's receipt page reads it as any pending payment.
    expect((await call(h.t, "GET", API_PATHS.payment(reference))).json.status).toBe("pending");

    const confirmed = await confirmTransfer(reference, "1100.00", "FBN-BILL-T1");
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json).toMatchObject({ confirmed: true, invoice: { status: "completed" } });
    expect(await staffBill(bill.token)).toMatchObject({ status: "open", paid: "1000.00", left: "2000.00" });
    expect(await balance("clearing:bank_transfer")).toBe(clearingBefore + 110_000);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("a transfer confirmed after the bill was paid in full never overpays it: held in review, refunded out of suspense", async () => {
    const bill = await raiseBill("1000.00");
    const late = await buildUser(h.t, { firstName: "Late", lastName: "Payer" });
    const started = await payPart(bill.token, part("1000.00", "bank_transfer", "Late Payer"), late.token);
    expect(started.status, started.text).toBe(201);
    const reference = String(started.json.reference);
    // Another relative pays the whole bill from the wallet meanwhile.
    const relative = await fundedCustomer(2000);
    expect((await payPart(bill.token, part("1000.00", "wallet"), relative.token)).status).toBe(201);
    const suspenseBefore = await balance("suspense:underpayments");
    const depositsBefore = await balance("liability:bill_deposits");
    const revenueBefore = await balance("revenue:hospital");

    // The money is in the hospital's account: staff record it, and it is held for a refund, not counted.
    const confirmed = await confirmTransfer(reference, "1100.00", "FBN-BILL-LATE-1");
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json).toMatchObject({
      detail: MESSAGES.bills.partUnfit,
      confirmed: false,
      invoice: { reference, status: "pending" },
    });
    const after = await staffBill(bill.token);
    expect(after).toMatchObject({ status: "paid", paid: "1000.00", left: "0.00" });
    expect(after.parts).toContainEqual(expect.objectContaining({ reference, status: "pending", in_review: true }));
    expect(await balance("suspense:underpayments")).toBe(suspenseBefore - 110_000);
    expect(await balance("liability:bill_deposits")).toBe(depositsBefore);
    expect(await balance("revenue:hospital")).toBe(revenueBefore);
    const queue = await call(h.t, "GET", API_PATHS.paymentReviews, undefined, admin.token);
    expect(queue.json.results).toContainEqual(
      expect.objectContaining({ reference, amount_received: "1100.00", amount_due: "1100.00" }),
    );
    // Pressed again: recorded once.
    const again = await confirmTransfer(reference, "1100.00", "FBN-BILL-LATE-1");
    expect(again.json).toMatchObject({ confirmed: false, detail: "This transfer was already confirmed." });
    // It cannot be settled into the bill; it is refunded, out of suspense back through the bank.
    const settle = await call(
      h.t,
      "POST",
      API_PATHS.settleReview(reference),
      { balance_received: "1.00", transfer_reference: "FBN-BILL-LATE-2" },
      admin.token,
    );
    expect(settle.status).toBe(409);
    const refund = await call(h.t, "POST", API_PATHS.refundInvoice(reference), { reason: "Bill already paid" }, admin.token);
    expect(refund.status, refund.text).toBe(200);
    expect(refund.json.refund).toMatchObject({ status: "completed", amount: "1100.00" });
    expect(await balance("suspense:underpayments")).toBe(suspenseBefore);
    expect((await staffBill(bill.token)).paid).toBe("1000.00");
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("an agent's confirmation awaiting approval, approved after the bill was paid, is held in review too", async () => {
    const bill = await raiseBill("1000.00");
    const payer = await buildUser(h.t, { firstName: "Waiting", lastName: "Payer" });
    const started = await payPart(bill.token, part("1000.00", "bank_transfer", "Waiting Payer"), payer.token);
    const reference = String(started.json.reference);
    // 200 naira above the amount due, over the agent's tolerance of 50: it waits for an admin.
    const asked = await confirmTransfer(reference, "1300.00", "FBN-BILL-WAIT-1");
    expect(asked.status, asked.text).toBe(202);
    const relative = await fundedCustomer(2000);
    expect((await payPart(bill.token, part("1000.00", "wallet"), relative.token)).status).toBe(201);
    const suspenseBefore = await balance("suspense:underpayments");

    const id = (asked.json.confirmation as { id: number }).id;
    const approved = await call(
      h.t,
      "POST",
      API_PATHS.approveTransferConfirmation(id),
      { note: "Seen in the bank" },
      admin.token,
    );
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ detail: MESSAGES.bills.partUnfit, invoice: { status: "pending" } });
    expect(await staffBill(bill.token)).toMatchObject({ status: "paid", paid: "1000.00" });
    expect(await balance("suspense:underpayments")).toBe(suspenseBefore - 130_000);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });
});

describe("a guest may not pay a part with Paystack or a bank transfer", () => {
  it("answers 400 with guest checkout's refusal on payment_method, and writes nothing", async () => {
    const bill = await raiseBill("2000.00");
    const count = async () => Number((await h.t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM invoices")).rows[0]!.n);
    const before = await count();
    for (const method of ["paystack", "bank_transfer"]) {
      const refused = await payPart(bill.token, part("1000.00", method));
      expect(refused.status, method).toBe(400);
      const { detail: _detail, code: _code, ...fields } = refused.json;
      expect(fields, method).toEqual({ payment_method: [MESSAGES.bills.guestMethod] });
    }
    // The same words as guest checkout's refusal.
    expect(MESSAGES.bills.guestMethod).toBe("This payment method needs an account. Choose Remita or Monnify.");
    expect(await count()).toBe(before);
    expect(await staffBill(bill.token)).toMatchObject({ paid: "0.00", parts: [] });
  });
});
