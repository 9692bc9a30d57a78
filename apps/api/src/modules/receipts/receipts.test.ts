import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_PATHS, RECEIPT_CODE_ALPHABET, STAFF_DESK_MESSAGES, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "../../db/database";
import { migrate, MIGRATIONS_DIR } from "../../db/migrate";
import { guestCheckout, itemFor } from "../../test/payments-harness";
import { createStaffOperationsHarness, type StaffOperationsHarness } from "../../test/staff-operations-harness";
import { buildUser, call, grantDesk, createServerDatabase, createTestApp, TEST_DB } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";
import { newReceiptCode } from "../../lib/receipt-code";
import { receiptStatus } from "./receipts.service";

type User = Awaited<ReturnType<typeof buildUser>>;

let h: StaffOperationsHarness;
let agent: User;
let labAgent: User;
let admin: User;
let superAdmin: User;
let lab: ServiceRecord;
let pharmacy: ServiceRecord;
let transfers = 0;
let customer: User;

const CODE = new RegExp(`^[${RECEIPT_CODE_ALPHABET}]{4}(-[${RECEIPT_CODE_ALPHABET}]{4}){3}$`);
const PAYER = {
  name: "Ifeoma Nwachukwu-Receipts",
  email: "ifeoma.receipts@example.ng",
  phone: "08091234567",
  hospital_number: "FTH/RC/00991",
};

beforeAll(async () => {
  // Refunds above ₦100,000 by an ADMIN wait for a super admin: the payments here are all below it.
  h = await createStaffOperationsHarness({ REFUND_APPROVAL_THRESHOLD_NAIRA: "100000" });
  agent = await buildUser(h.t, { role: "AGENT", firstName: "Tunde", lastName: "Bello" });
  labAgent = await buildUser(h.t, { role: "AGENT", firstName: "Ada", lastName: "Obi" });
  admin = await buildUser(h.t, { role: "ADMIN" });
  superAdmin = await buildUser(h.t, { role: "SUPERADMIN" });
  customer = await buildUser(h.t);
  const all = await h.catalogue();
  const fixed = all.filter((s) => s.fixed_price === "yes" && Number(s.price) > 0 && s.department?.name);
  lab = fixed[0]!;
  pharmacy = fixed.find((s) => s.department!.name !== lab.department!.name)!;
  // Both give items at the desk, in both departments (a member gives only their departments' items).
  for (const member of [agent, labAgent])
    await grantDesk(h.t, member.id, { departments: [lab.department!.name, pharmacy.department!.name] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A bank-transfer payment of two departments' items (lab × 3, pharmacy × 1), confirmed by an agent. */
async function paidReceipt(): Promise<{ reference: string; code: string; total: string }> {
  const checkout = await call(
    h.t,
    "POST",
    "/express/checkout/",
    guestCheckout([itemFor(lab, 3), itemFor(pharmacy, 1)], "bank_transfer", PAYER),
    customer.token,
  );
  if (checkout.status !== 201) throw new Error(`checkout answered ${checkout.status}: ${checkout.text}`);
  const reference = String(checkout.json.reference);
  const total = String(checkout.json.amount);
  transfers += 1;
  const confirmed = await call(
    h.t,
    "POST",
    `/api/staff/invoices/${reference}/confirm-transfer/`,
    { amount_received: total, transfer_reference: `RC-${transfers}-${reference}` },
    agent.token,
  );
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}: ${confirmed.text}`);
  const view = await call(h.t, "GET", `/api/express/payments/${reference}/`);
  return { reference, code: String(view.json.receipt_code), total };
}

const codeRow = async (reference: string) =>
  (
    await h.t.db.query<{ code: string }>(
      `SELECT rc.code FROM receipt_codes rc JOIN invoices i ON i.id = rc.invoice_id WHERE i.reference = $1`,
      [reference],
    )
  ).rows[0]?.code ?? null;

const staffView = (code: string, token = agent.token) => call(h.t, "GET", `/api/staff/receipts/${code}/`, undefined, token);
const redeem = (code: string, body: unknown, token = labAgent.token) =>
  call(h.t, "POST", `/api/staff/receipts/${code}/redeem/`, body, token);
const itemsOf = async (code: string) =>
  (await staffView(code)).json.items as Array<{ id: number; service_name: string; department: string; quantity: number }>;

describe("receipt codes", () => {
  it("are 16 characters of Crockford's base32 (80 bits), from the OS's and the database's random sources, all different", async () => {
    const codes = Array.from({ length: 2000 }, () => newReceiptCode());
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${RECEIPT_CODE_ALPHABET}]{16}$`));
    expect(new Set(codes).size).toBe(codes.length);
    // Every symbol turns up in every position: no position is fixed or biased to a few symbols.
    for (let position = 0; position < 16; position += 1) expect(new Set(codes.map((c) => c[position])).size).toBe(32);
    const { rows } = await h.t.db.query<{ code: string }>(`SELECT random_receipt_code() AS code FROM generate_series(1, 500)`);
    for (const { code } of rows) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(new Set(rows.map((r) => r.code)).size).toBe(500);
  });

  it("exist for every completed payment (bank transfer, gateway, wallet) and for no pending one; the payer's receipt shows it", async () => {
    // A confirmed bank transfer (settlement's settleLocked).
    const transfer = await paidReceipt();
    expect(transfer.code).toMatch(CODE);
    expect(await codeRow(transfer.reference)).toBe(transfer.code.replaceAll("-", ""));
    // A guest Remita payment, pending, then settled by the gateway's verified answer.
    const remita = await call(h.t, "POST", "/express/checkout/", guestCheckout([itemFor(lab, 1)], "remita", PAYER));
    expect(remita.status).toBe(201);
    const remitaRef = String(remita.json.reference);
    expect(await codeRow(remitaRef)).toBeNull();
    const pending = await call(h.t, "GET", `/api/express/payments/${remitaRef}/`);
    expect(pending.json).toMatchObject({ status: "pending", receipt_code: null });
    await h.control("/sandbox/remita/_control/pay", { rrr: remita.json.rrr, outcome: "approve", notify: false });
    await call(h.t, "GET", `/api/express/callback/top-up/remita/?transaction_id=${remitaRef}&rrr=${String(remita.json.rrr)}`);
    const paid = await call(h.t, "GET", `/api/express/payments/${remitaRef}/`);
    expect(paid.json.status).toBe("completed");
    expect(paid.json.receipt_code).toMatch(CODE);
    expect(await codeRow(remitaRef)).toBe(String(paid.json.receipt_code).replaceAll("-", ""));
    // A pending bank transfer has none.
    const unconfirmed = await h.bankTransferInvoice("500.00");
    expect(await codeRow(unconfirmed.reference)).toBeNull();
    // Every completed or refunded payment has exactly one; nothing else has any.
    const { rows } = await h.t.db.query<{ status: string; codes: number }>(
      `SELECT i.status, count(rc.code)::int AS codes FROM invoices i LEFT JOIN receipt_codes rc ON rc.invoice_id = i.id
       WHERE i.purpose = 'checkout' GROUP BY i.status, (rc.code IS NULL)`,
    );
    for (const row of rows) {
      if (row.status === "completed" || row.status === "refunded") expect(row.codes, row.status).toBeGreaterThan(0);
      else expect(row.codes, row.status).toBe(0);
    }
    const { rows: missing } = await h.t.db.query(
      `SELECT i.id FROM invoices i WHERE i.purpose = 'checkout' AND i.status IN ('completed', 'refunded') AND NOT EXISTS (SELECT 1 FROM receipt_codes rc WHERE rc.invoice_id = i.id)`,
    );
    expect(missing).toEqual([]);
    // The public look-up shows it beside each completed payment.
    const lookup = await call(h.t, "GET", `/api/express/fetch-transactions/?email=${PAYER.email}&digit=${PAYER.phone.slice(-6)}`);
    const found = lookup.json.results as Array<{ reference: string; receipt_code: string | null }>;
    expect(found.find((r) => r.reference === transfer.reference)?.receipt_code).toBe(transfer.code);
    expect(found.find((r) => r.reference === unconfirmed.reference)).toBeUndefined();
    // The receipt e-mail carries the code and the link to check it.
    const mails = (await h.t.mailbox()).filter(
      (m) => m.to === PAYER.email && m.subject === `Hospipay receipt ${transfer.reference}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Receipt code: ${transfer.code}`);
    expect(mails[0]!.text).toContain(`http://hospipay.test/verify-receipt?code=${transfer.code}`);
  });

  it("exist for a wallet payment, written in its transaction", async () => {
    const customer = await buildUser(h.t);
    const walletId = Number((await call(h.t, "GET", "/auth/profile/", undefined, customer.token)).json.wallet_id);
    const topUp = await call(h.t, "POST", "/express/top-up/", { amount: "20000", payment_method: "remita" }, customer.token);
    const rrr = (topUp.json.rrr_response as { RRR: string }).RRR;
    await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
    await call(h.t, "GET", `/api/express/callback/top-up/remita/?transaction_id=${String(topUp.json.reference)}&rrr=${rrr}`);
    // A top-up is no hospital payment: it has no receipt to give items against.
    expect(await codeRow(String(topUp.json.reference))).toBeNull();
    const paid = await call(
      h.t,
      "POST",
      "/express/checkout/",
      {
        items: [itemFor(lab, 1)],
        customer_meta: {
          first_name: "Wale",
          last_name: "Wallet",
          email: "wale.wallet@example.ng",
          phone_number: "08033334444",
          hospital_number: "FTH/W/1",
          transaction_description: "Lab",
        },
        payment_method: "wallet",
        wallet_id: walletId,
        charge_fee: "100.00",
      },
      customer.token,
    );
    expect(paid.status).toBe(201);
    const reference = String(paid.json.reference);
    const view = await call(h.t, "GET", `/api/express/payments/${reference}/`);
    expect(view.json.receipt_code).toMatch(CODE);
    const mail = (await h.t.mailbox()).find((m) => m.subject === `Hospipay receipt ${reference}`);
    expect(mail?.text).toContain(`Receipt code: ${String(view.json.receipt_code)}`);
  });
});

describe("GET /api/receipts/{code}/ (public)", () => {
  it("says paid, the amount and the date, and nothing about the payer or the items", async () => {
    const receipt = await paidReceipt();
    const res = await call(h.t, "GET", `/api/receipts/${receipt.code}/`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["amount", "code", "paid_at", "status"]);
    expect(res.json).toMatchObject({ code: receipt.code, status: "paid", amount: receipt.total });
    expect(Number.isNaN(Date.parse(String(res.json.paid_at)))).toBe(false);
    for (const secret of [
      PAYER.name,
      PAYER.email,
      PAYER.phone,
      PAYER.phone.slice(-6),
      PAYER.hospital_number,
      receipt.reference,
      lab.name,
    ])
      expect(res.text, secret).not.toContain(secret);
    // Typed however a person types it: lower case, spaces, O for 0, I or L for 1.
    const typed = receipt.code.toLowerCase().replaceAll("-", " ").replaceAll("0", "o").replaceAll("1", "l");
    expect((await call(h.t, "GET", `/api/receipts/${encodeURIComponent(typed)}/`)).json.code).toBe(receipt.code);
  });

  it("answers 404 for a code nobody has and 400 for what cannot be a code", async () => {
    const res = await call(h.t, "GET", "/api/receipts/0000-0000-0000-0000/");
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ detail: "No receipt has this code.", code: "not_found" });
    for (const bad of ["ABC", "UUUU-UUUU-UUUU-UUUU", "0000-0000-0000-00000", "%25%25", "x".repeat(41)]) {
      const refused = await call(h.t, "GET", `/api/receipts/${bad}/`);
      expect(refused.status, bad).toBe(400);
      expect(refused.json.code, bad).toBe("invalid");
      expect(refused.json.receipt_code, bad).toEqual(["Enter the 16-character receipt code."]);
    }
  });

  it("says refunded for a refunded payment", async () => {
    const receipt = await paidReceipt();
    expect(
      (await call(h.t, "POST", `/api/staff/invoices/${receipt.reference}/refund/`, { reason: "Duplicate" }, admin.token)).status,
    ).toBe(200);
    const res = await call(h.t, "GET", `/api/receipts/${receipt.code}/`);
    expect(res.json).toMatchObject({ status: "refunded", amount: receipt.total });
    // The payer's own receipt page no longer offers a code to redeem.
    expect((await call(h.t, "GET", `/api/express/payments/${receipt.reference}/`)).json.receipt_code).toBeNull();
  });
});

describe("the public check's rate limit", () => {
  it("refuses a client's guesses past the look-up's budget, found or not, with Retry-After", async () => {
    const t = await createTestApp({ LOOKUP_RATE_LIMIT_MAX: "3" });
    try {
      const answers = [];
      for (let i = 0; i < 5; i += 1) answers.push(await call(t, "GET", `/api/receipts/${newReceiptCode()}/`));
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 429, 429]);
      expect(answers[3]!.json.code).toBe("throttled");
      expect(Number(answers[3]!.headers["retry-after"])).toBeGreaterThan(0);
      // Another client address has its own budget.
      const other = await t.app.inject({ method: "GET", url: `/api/receipts/${newReceiptCode()}/`, remoteAddress: "10.9.8.7" });
      expect(other.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe("GET /api/staff/receipts/{code}/", () => {
  it("shows the status, reference, payer, items with departments, and nothing given yet", async () => {
    const receipt = await paidReceipt();
    const res = await staffView(receipt.code);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      code: receipt.code,
      status: "paid",
      redeemable: true,
      reference: receipt.reference,
      payer_name: PAYER.name,
      hospital_number: PAYER.hospital_number,
      amount: receipt.total,
      items: [
        { service_name: lab.name, department: lab.department!.name, quantity: 3, given: 0, remaining: 3 },
        { service_name: pharmacy.name, department: pharmacy.department!.name, quantity: 1, given: 0, remaining: 1 },
      ],
      given: [],
    });
    expect((await staffView("0000-0000-0000-0000")).status).toBe(404);
  });
});

describe("POST /api/staff/receipts/{code}/redeem/", () => {
  it("gives items once per department, audited; a second giving is refused naming who gave it and when", async () => {
    const receipt = await paidReceipt();
    const [labItem, pharmacyItem] = await itemsOf(receipt.code);
    const first = await redeem(receipt.code, {
      department: lab.department!.name,
      items: [{ item_id: labItem!.id, quantity: 2 }],
    });
    expect(first.status).toBe(200);
    expect(first.json.detail).toBe("Items marked as given.");
    const after = first.json.receipt as {
      items: Array<{ given: number; remaining: number }>;
      given: Array<Record<string, unknown>>;
    };
    expect(after.items[0]).toMatchObject({ given: 2, remaining: 1 });
    expect(after.given).toEqual([
      expect.objectContaining({
        item_id: labItem!.id,
        service_name: lab.name,
        quantity: 2,
        department: lab.department!.name,
        given_by: { id: labAgent.id, name: "Ada Obi" },
      }),
    ]);
    // The last one, by a department typed in another case.
    const rest = await redeem(
      receipt.code,
      { department: ` ${lab.department!.name.toUpperCase()} `, items: [{ item_id: labItem!.id, quantity: 1 }] },
      agent.token,
    );
    expect(rest.status).toBe(200);
    const again = await redeem(receipt.code, {
      department: lab.department!.name,
      items: [{ item_id: labItem!.id, quantity: 1 }],
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("already_given");
    expect(again.json.detail).toMatch(
      new RegExp(
        `^${lab.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: already given by Tunde Bello on \\d{2} \\w{3} \\d{4}, \\d{2}:\\d{2} WAT\\.$`,
      ),
    );
    // Asking for more than is left of an item given in part names the giver and what is left.
    const receipt2 = await paidReceipt();
    const [lab2] = await itemsOf(receipt2.code);
    expect(
      (await redeem(receipt2.code, { department: lab.department!.name, items: [{ item_id: lab2!.id, quantity: 1 }] })).status,
    ).toBe(200);
    const over = await redeem(receipt2.code, { department: lab.department!.name, items: [{ item_id: lab2!.id, quantity: 3 }] });
    expect(over.status).toBe(409);
    expect(over.json.detail).toMatch(/already given by Ada Obi on .* WAT \(2 left\)\.$/);
    // An item of another department is refused, and nothing of the request is given (all or none).
    const mixed = await redeem(receipt.code, {
      department: lab.department!.name,
      items: [{ item_id: pharmacyItem!.id, quantity: 1 }],
    });
    expect(mixed.status).toBe(409);
    expect(mixed.json).toMatchObject({
      code: "other_department",
      detail: `${pharmacy.name} is given by ${pharmacy.department!.name}.`,
    });
    const view = await staffView(receipt.code);
    expect((view.json.items as Array<{ given: number }>)[1]!.given).toBe(0);
    expect((view.json.given as unknown[]).length).toBe(2);
    expect(view.json.redeemable).toBe(true);
    const pharmacyGiven = await redeem(receipt.code, {
      department: pharmacy.department!.name,
      items: [{ item_id: pharmacyItem!.id, quantity: 1 }],
    });
    expect(pharmacyGiven.status).toBe(200);
    expect((pharmacyGiven.json.receipt as { redeemable: boolean }).redeemable).toBe(false);
    // Each giving is in the audit log, on the payment.
    const audit = await h.auditFor(receipt.reference);
    expect(audit.filter((a) => a.action === "receipt.redeemed").map((a) => a.actor_id)).toEqual([
      labAgent.id,
      agent.id,
      labAgent.id,
    ]);
    expect(audit.at(-1)!.details).toMatchObject({
      receipt_code: receipt.code,
      department: pharmacy.department!.name,
      items: [{ item_id: pharmacyItem!.id, service_name: pharmacy.name, quantity: 1 }],
    });
  });

  it("gives a department's items only to its members, and nothing to a member without the right to give", async () => {
    const receipt = await paidReceipt();
    const [labItem, pharmacyItem] = await itemsOf(receipt.code);
    const scientist = await buildUser(h.t, { role: "AGENT", firstName: "Bola", lastName: "Ade" });
    await grantDesk(h.t, scientist.id, { departments: [lab.department!.name] });
    const cashier = await buildUser(h.t, { role: "AGENT" });
    await grantDesk(h.t, cashier.id, { departments: [lab.department!.name, pharmacy.department!.name], givesItems: false });
    const unset = await buildUser(h.t, { role: "ADMIN" });
    const given = async () =>
      (
        await h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM receipt_redemptions WHERE invoice_id = $1`, [
          (await h.t.db.query<{ id: number }>(`SELECT id FROM invoices WHERE reference = $1`, [receipt.reference])).rows[0]!.id,
        ])
      ).rows[0]!.n;

    // The lab member may not give as Pharmacy, nor give a pharmacy item as the lab.
    const asPharmacy = await redeem(
      receipt.code,
      { department: pharmacy.department!.name, items: [{ item_id: pharmacyItem!.id, quantity: 1 }] },
      scientist.token,
    );
    expect(asPharmacy.status).toBe(403);
    expect(asPharmacy.json).toMatchObject({
      code: "not_member",
      detail: STAFF_DESK_MESSAGES.notMember(pharmacy.department!.name),
    });
    const pharmacyAsLab = await redeem(
      receipt.code,
      { department: lab.department!.name, items: [{ item_id: pharmacyItem!.id, quantity: 1 }] },
      scientist.token,
    );
    expect(pharmacyAsLab.status).toBe(409);
    expect(pharmacyAsLab.json.code).toBe("other_department");
    // A member without the right to give items, and one whose desk was never set, give nothing.
    for (const token of [cashier.token, unset.token]) {
      const refused = await redeem(
        receipt.code,
        { department: lab.department!.name, items: [{ item_id: labItem!.id, quantity: 1 }] },
        token,
      );
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ code: "gives_no_items", detail: STAFF_DESK_MESSAGES.givesNoItems });
    }
    expect(await given()).toBe(0);

    // The lab's own member gives the lab's item, in any case and spacing of its name.
    const labGiven = await redeem(
      receipt.code,
      { department: ` ${lab.department!.name.toUpperCase()} `, items: [{ item_id: labItem!.id, quantity: 3 }] },
      scientist.token,
    );
    expect(labGiven.status).toBe(200);
    expect(await given()).toBe(1);
  });

  it("refuses an item not on the receipt and more than an item ever had as field errors, giving nothing", async () => {
    const receipt = await paidReceipt();
    const other = await paidReceipt();
    const [otherLab] = await itemsOf(other.code);
    const [labItem] = await itemsOf(receipt.code);
    const foreign = await redeem(receipt.code, {
      department: lab.department!.name,
      items: [{ item_id: otherLab!.id, quantity: 1 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json["items.0.item_id"]).toEqual(["This item is not on this receipt."]);
    const tooMany = await redeem(receipt.code, {
      department: lab.department!.name,
      items: [{ item_id: labItem!.id, quantity: 4 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json["items.0.quantity"]).toEqual(["Only 3 can be given."]);
    expect((await staffView(receipt.code)).json.given).toEqual([]);
  });

  it("gives an item once when 20 staff give it at the same moment; the others are told who gave it and when", async () => {
    const receipt = await paidReceipt();
    const [labItem] = await itemsOf(receipt.code);
    const giver = await buildUser(h.t, { role: "AGENT", firstName: "Ngozi", lastName: "Eze" });
    await grantDesk(h.t, giver.id, { departments: [lab.department!.name] });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        redeem(receipt.code, { department: lab.department!.name, items: [{ item_id: labItem!.id, quantity: 3 }] }, giver.token),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.json.detail).toMatch(/already given by Ngozi Eze on \d{2} \w{3} \d{4}, \d{2}:\d{2} WAT\.$/);
    }
    const { rows } = await h.t.db.query<{ total: number }>(
      `SELECT sum(quantity)::int AS total FROM receipt_redemptions WHERE invoice_item_id = $1`,
      [labItem!.id],
    );
    expect(rows[0]!.total).toBe(3);
  });

  it("never gives against a refunded payment", async () => {
    const receipt = await paidReceipt();
    const [labItem] = await itemsOf(receipt.code);
    expect(
      (await call(h.t, "POST", `/api/staff/invoices/${receipt.reference}/refund/`, { reason: "Cancelled visit" }, admin.token))
        .status,
    ).toBe(200);
    const view = await staffView(receipt.code);
    expect(view.json).toMatchObject({ status: "refunded", redeemable: false });
    const res = await redeem(receipt.code, { department: lab.department!.name, items: [{ item_id: labItem!.id, quantity: 1 }] });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: "not_redeemable",
      detail: "This payment was refunded: nothing can be given against it.",
    });
    expect((await staffView(receipt.code)).json.given).toEqual([]);
  });

  it("reads a payment's state as the point of care names it", () => {
    expect(receiptStatus({ status: "completed", failureReason: null })).toBe("paid");
    expect(receiptStatus({ status: "refunded", failureReason: "refunded: x" })).toBe("refunded");
    expect(receiptStatus({ status: "failed", failureReason: "cancelled" })).toBe("cancelled");
    expect(receiptStatus({ status: "failed", failureReason: "expired" })).toBe("not_paid");
    expect(receiptStatus({ status: "pending", failureReason: null })).toBe("not_paid");
  });
});

describe("bad input to the staff routes", () => {
  it("refuses bodies that are not a department and a list of (item, quantity) with field errors, writing nothing", async () => {
    const receipt = await paidReceipt();
    const [labItem] = await itemsOf(receipt.code);
    const department = lab.department!.name;
    const line = { item_id: labItem!.id, quantity: 1 };
    const written = async () =>
      (
        await h.t.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM receipt_redemptions)::int + (SELECT count(*) FROM audit_log WHERE action = 'receipt.redeemed')::int AS n`,
        )
      ).rows[0]!.n;
    const before = await written();
    const cases: Array<[unknown, string]> = [
      [{}, "department"],
      [{ department }, "items"],
      [{ department: 42, items: [line] }, "department"],
      [{ department: null, items: [line] }, "department"],
      [{ department: "   ", items: [line] }, "department"],
      [{ department: "x".repeat(101), items: [line] }, "department"],
      [{ department, items: "all" }, "items"],
      [{ department, items: [] }, "items"],
      [{ department, items: [{}] }, "items.0.item_id"],
      [{ department, items: [{ item_id: String(labItem!.id), quantity: 1 }] }, "items.0.item_id"],
      [{ department, items: [{ item_id: -1, quantity: 1 }] }, "items.0.item_id"],
      [{ department, items: [{ item_id: labItem!.id }] }, "items.0.quantity"],
      [{ department, items: [{ ...line, quantity: 0 }] }, "items.0.quantity"],
      [{ department, items: [{ ...line, quantity: -2 }] }, "items.0.quantity"],
      [{ department, items: [{ ...line, quantity: 1.5 }] }, "items.0.quantity"],
      [{ department, items: [{ ...line, quantity: "1" }] }, "items.0.quantity"],
      [{ department, items: [{ ...line, quantity: 10_001 }] }, "items.0.quantity"],
      [{ department, items: [line, line] }, "items"],
      [{ department, items: Array.from({ length: 101 }, (_, i) => ({ item_id: i + 1, quantity: 1 })) }, "items"],
    ];
    for (const [body, field] of cases) {
      const res = await redeem(receipt.code, body);
      const label = JSON.stringify(body).slice(0, 80);
      expect(res.status, label).toBe(400);
      expect(res.json.code, label).toBe("invalid");
      expect(Array.isArray(res.json[field]), `${label}: ${res.text.slice(0, 200)}`).toBe(true);
    }
    for (const payload of ["{", "[]", "null", '"text"']) {
      const res = await h.t.app.inject({
        method: "POST",
        url: `/api/staff/receipts/${receipt.code}/redeem/`,
        headers: { authorization: `Bearer ${labAgent.token}`, "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await written()).toBe(before);
  });

  it("refuses a path that cannot hold a code, under receipt_code, on every receipt route", async () => {
    for (const bad of ["ABC", "UUUU-UUUU-UUUU-UUUU", "%25", "0".repeat(41)]) {
      for (const res of [
        await staffView(bad),
        await redeem(bad, { department: "Laboratory", items: [{ item_id: 1, quantity: 1 }] }),
        await call(h.t, "GET", `/api/receipts/${bad}/`),
      ]) {
        expect(res.status, bad).toBe(400);
        expect(res.json.receipt_code, bad).toEqual(["Enter the 16-character receipt code."]);
      }
    }
    expect((await redeem("0000-0000-0000-0000", { department: "Laboratory", items: [{ item_id: 1, quantity: 1 }] })).status).toBe(
      404,
    );
  });
});

describe("refunds of payments whose items were given", () => {
  it("GET on the refund path says, before any refund is asked, that items were given and that an admin's refund needs a super admin", async () => {
    const receipt = await paidReceipt();
    const preview = (token: string) => call(h.t, "GET", API_PATHS.refundInvoice(receipt.reference), undefined, token);
    const before = await preview(admin.token);
    expect(before.status).toBe(200);
    expect(before.json).toEqual({ amount: receipt.total, items_given: false, needs_approval: false });
    const [labItem] = await itemsOf(receipt.code);
    expect(
      (await redeem(receipt.code, { department: lab.department!.name, items: [{ item_id: labItem!.id, quantity: 1 }] })).status,
    ).toBe(200);
    expect((await preview(admin.token)).json).toEqual({ amount: receipt.total, items_given: true, needs_approval: true });
    expect((await preview(superAdmin.token)).json).toEqual({ amount: receipt.total, items_given: true, needs_approval: false });
    // Asking changes nothing: no refund, the payment still completed; agents may not ask; an unknown reference is a 404.
    expect(
      (
        await h.t.db.query("SELECT 1 FROM refunds r JOIN invoices i ON i.id = r.invoice_id WHERE i.reference = $1", [
          receipt.reference,
        ])
      ).rows,
    ).toEqual([]);
    expect((await preview(agent.token)).status).toBe(403);
    expect((await call(h.t, "GET", API_PATHS.refundInvoice("HSP-NOSUCH"), undefined, admin.token)).status).toBe(404);
  });

  it("wait for a super admin when an admin asks, whatever the amount; a super admin's goes through; both say why", async () => {
    const receipt = await paidReceipt();
    const [labItem] = await itemsOf(receipt.code);
    expect(
      (await redeem(receipt.code, { department: lab.department!.name, items: [{ item_id: labItem!.id, quantity: 1 }] })).status,
    ).toBe(200);
    const asked = await call(
      h.t,
      "POST",
      `/api/staff/invoices/${receipt.reference}/refund/`,
      { reason: "Wrong tests" },
      admin.token,
    );
    expect(asked.status).toBe(202);
    expect(asked.json.detail).toBe(
      "Refund awaiting super admin approval: items of this payment were already given at the point of care, so a super admin must approve its refund.",
    );
    expect(asked.json).toMatchObject({ refund: { status: "awaiting_approval" }, invoice: { status: "completed" } });
    const refundId = (asked.json.refund as { id: number }).id;
    const approved = await call(
      h.t,
      "POST",
      `/api/staff/refunds/${refundId}/approve/`,
      { note: "Checked with the lab" },
      superAdmin.token,
    );
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ invoice: { status: "refunded" } });

    const second = await paidReceipt();
    const [secondLab] = await itemsOf(second.code);
    expect(
      (await redeem(second.code, { department: lab.department!.name, items: [{ item_id: secondLab!.id, quantity: 1 }] })).status,
    ).toBe(200);
    const direct = await call(
      h.t,
      "POST",
      `/api/staff/invoices/${second.reference}/refund/`,
      { reason: "Wrong tests" },
      superAdmin.token,
    );
    expect(direct.status).toBe(200);
    expect(direct.json.detail).toBe("Refund completed. Items of this payment had already been given at the point of care.");
    // Without a giving, an admin's small refund completes at once, as before.
    const untouched = await paidReceipt();
    const plain = await call(
      h.t,
      "POST",
      `/api/staff/invoices/${untouched.reference}/refund/`,
      { reason: "Duplicate" },
      admin.token,
    );
    expect(plain.status).toBe(200);
    expect(plain.json.detail).toBe("Refund completed.");
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });
});

describe("migration 0009", () => {
  it("gives every hospital payment completed or refunded before it a code, and no other", async () => {
    const db = await emptyDatabase();
    const dir = await mkdtemp(path.join(tmpdir(), "hospipay-receipts-"));
    try {
      const files = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d{4}_/.test(file) && file < "0009");
      for (const file of files) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
      await migrate(db, dir);
      const old = [
        ["completed", "checkout"],
        ["refunded", "checkout"],
        ["pending", "checkout"],
        ["failed", "checkout"],
        ["completed", "top_up"],
        ["completed", "checkout"],
      ];
      for (const [n, [status, purpose]] of old.entries()) {
        await db.query(
          `INSERT INTO invoices (reference, purpose, payment_method, status, subtotal_kobo, charge_fee_kobo, total_kobo, customer_name,
             customer_email, customer_phone, customer_phone_digits, customer_meta)
           VALUES ($1, $3, 'bank_transfer', $2, 100000, 10000, 110000, 'Old Payer', 'old@example.ng', '08012345678', '345678', '{}')`,
          [`HSP-OLD-${n}`, status, purpose],
        );
      }
      await migrate(db);
      const { rows } = await db.query<{ reference: string; code: string | null }>(
        `SELECT i.reference, rc.code FROM invoices i LEFT JOIN receipt_codes rc ON rc.invoice_id = i.id ORDER BY i.id`,
      );
      expect(rows.map((r) => r.code !== null)).toEqual([true, true, false, false, false, true]);
      for (const row of rows.filter((r) => r.code)) expect(row.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
      expect(new Set(rows.map((r) => r.code)).size).toBe(4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<Database> {
  if (TEST_DB === "pglite") {
    const db = await openPglite();
    cleanups.push(() => db.close());
    return db;
  }
  const server = await createServerDatabase("hospipay_receipts");
  const db = openPostgres(server.url, { max: 2 });
  cleanups.push(async () => {
    await db.close();
    await server.drop();
  });
  return db;
}
