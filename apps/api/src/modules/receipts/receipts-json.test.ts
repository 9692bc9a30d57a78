import { API_PATHS, redeemReceiptResponseSchema, staffReceiptSchema, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call, grantDesk } from "../../test/test-app";

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let agent: User;
let lab: ServiceRecord;
let pharmacy: ServiceRecord;

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "100" });
  agent = await buildUser(h.t, { role: "AGENT", firstName: "Ngozi", lastName: "Eze" });
  const fixed = (await h.catalogue()).filter((s) => s.fixed_price === "yes" && Number(s.price) > 0 && Number(s.price) <= 10_000);
  lab = fixed.find((s) => s.department?.name)!;
  pharmacy = fixed.find((s) => s.department?.name && s.department.name !== lab.department!.name)!;
  await grantDesk(h.t, agent.id, { departments: [lab.department!.name, pharmacy.department!.name] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** The keys of an object schema, in its order. */
const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);
const itemSchema = staffReceiptSchema.shape.items.element;
const givenSchema = staffReceiptSchema.shape.given.element;

/**
 * A staff receipt answer is the contract's staffReceiptSchema exactly: valid, nothing beyond it (parsing
 * drops unknown keys), keys in the schema's order, and times as Date.toISOString() writes them.
 */
function expectStaffReceipt(json: unknown) {
  const parsed = staffReceiptSchema.parse(json);
  expect(parsed).toEqual(json);
  expect(Object.keys(json as object)).toEqual(keysOf(staffReceiptSchema));
  for (const item of parsed.items) expect(Object.keys(item)).toEqual(keysOf(itemSchema));
  for (const given of parsed.given) {
    expect(Object.keys(given)).toEqual(keysOf(givenSchema));
    expect(new Date(given.given_at).toISOString()).toBe(given.given_at);
  }
  if (parsed.paid_at !== null) expect(new Date(parsed.paid_at).toISOString()).toBe(parsed.paid_at);
  return parsed;
}

/** A guest Remita payment of these items, paid at Remita and settled by its callback; its reference. */
async function paidRemita(items: ReturnType<typeof itemFor>[]) {
  const started = await call(h.t, "POST", "/express/checkout/", guestCheckout(items, "remita"));
  expect(started.status, started.text).toBe(201);
  await h.control("/sandbox/remita/_control/pay", { rrr: started.json.rrr, outcome: "approve", notify: false });
  const reference = String(started.json.reference);
  await call(h.t, "GET", `/api/express/callback/top-up/remita/?transaction_id=${reference}&rrr=${String(started.json.rrr)}`);
  return reference;
}

/** A guest Remita part of a bill, settled; its reference. */
async function paidPart(token: string, amount: string) {
  const started = await call(h.t, "POST", API_PATHS.payBill(token), {
    amount,
    payer_name: "Chidi Okafor",
    payer_email: "chidi.okafor@example.ng",
    payer_phone: "08035556677",
    payment_method: "remita",
  });
  expect(started.status, started.text).toBe(201);
  await h.control("/sandbox/remita/_control/pay", { rrr: started.json.rrr, outcome: "approve", notify: false });
  await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(started.json.rrr)}`);
  return String(started.json.reference);
}

const receiptCodeOf = async (reference: string) =>
  String((await call(h.t, "GET", `/api/express/payments/${reference}/`)).json.receipt_code);
const staffView = async (code: string) => {
  const res = await call(h.t, "GET", API_PATHS.staffReceipt(code), undefined, agent.token);
  expect(res.status, res.text).toBe(200);
  return res.json;
};

describe("the staff receipt answer, written by the database", () => {
  it("is the contract's schema exactly for a payment, before and after givings", async () => {
    const code = await receiptCodeOf(await paidRemita([itemFor(lab, 3), itemFor(pharmacy, 1)]));
    const before = expectStaffReceipt(await staffView(code));
    expect(before).toMatchObject({ kind: "payment", status: "paid", redeemable: true, bill: null, notice: null, given: [] });
    expect(before.items.map((item) => item.department)).toEqual([lab.department!.name, pharmacy.department!.name]);
    const [labItem, pharmacyItem] = before.items;
    for (const [department, item, quantity] of [
      [lab.department!.name, labItem!, 2],
      [pharmacy.department!.name, pharmacyItem!, 1],
    ] as const) {
      const res = await call(
        h.t,
        "POST",
        API_PATHS.redeemReceipt(code),
        { department, items: [{ item_id: item.id, quantity }] },
        agent.token,
      );
      expect(res.status, res.text).toBe(200);
      const answer = redeemReceiptResponseSchema.parse(res.json);
      expect(answer).toEqual(res.json);
      expectStaffReceipt(res.json.receipt);
    }
    const after = expectStaffReceipt(await staffView(code));
    expect(after.items.map((item) => [item.given, item.remaining])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    expect(after.given.map((g) => [g.item_id, g.quantity, g.department, g.given_by.name])).toEqual([
      [labItem!.id, 2, lab.department!.name, "Ngozi Eze"],
      [pharmacyItem!.id, 1, pharmacy.department!.name, "Ngozi Eze"],
    ]);
  });

  it("is the contract's schema exactly for a bill's part payments (open and paid bill, a line of no department) and for the bill's own receipt", async () => {
    const raised = await call(
      h.t,
      "POST",
      API_PATHS.staffBills,
      {
        hospital_number: "FTH/RJ/00007",
        patient_name: "Amaka Obi",
        patient_phone: "08037778899",
        items: [
          { service_id: lab.id, quantity: 2 },
          { service_id: pharmacy.id, quantity: 1 },
        ],
      },
      agent.token,
    );
    expect(raised.status, raised.text).toBe(201);
    const bill = raised.json.bill as { token: string; total: string };
    const totalKobo = Math.round(Number(bill.total) * 100);
    const first = Math.floor(totalKobo / 2);
    const firstCode = await receiptCodeOf(await paidPart(bill.token, (first / 100).toFixed(2)));
    const partOfOpen = expectStaffReceipt(await staffView(firstCode));
    expect(partOfOpen).toMatchObject({
      kind: "payment",
      redeemable: false,
      bill: { token: bill.token, status: "open", receipt_code: null },
    });
    expect(partOfOpen.notice).toEqual(expect.any(String));
    // A part's one line is a payment, of no department.
    expect(partOfOpen.items).toEqual([expect.objectContaining({ department: null, quantity: 1, given: 0, remaining: 1 })]);
    await paidPart(bill.token, ((totalKobo - first) / 100).toFixed(2));
    const partOfPaid = expectStaffReceipt(await staffView(firstCode));
    const billCode = partOfPaid.bill!.receipt_code!;
    expect(partOfPaid.bill).toMatchObject({ token: bill.token, status: "paid" });
    const res = await call(
      h.t,
      "POST",
      API_PATHS.redeemReceipt(billCode),
      { department: lab.department!.name, items: [{ item_id: 1, quantity: 1 }] },
      agent.token,
    );
    expect(res.status, res.text).toBe(200);
    expect(redeemReceiptResponseSchema.parse(res.json)).toEqual(res.json);
    const own = expectStaffReceipt(await staffView(billCode));
    expect(own).toMatchObject({ kind: "bill", status: "paid", redeemable: true, reference: bill.token, notice: null });
    expect(own.bill).toEqual({ token: bill.token, status: "paid", receipt_code: billCode });
    expect(own.items.map((item) => [item.id, item.given, item.remaining])).toEqual([
      [1, 1, 1],
      [2, 0, 1],
    ]);
    expect(own.given.map((g) => [g.item_id, g.quantity])).toEqual([[1, 1]]);
  });
});
