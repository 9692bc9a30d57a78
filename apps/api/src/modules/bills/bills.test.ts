import { API_PATHS, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, fundWallet, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";
import { newBillToken } from "./bills.service";

let h: PaymentsHarness;
let fixed: ServiceRecord;
let openPrice: ServiceRecord;
let agent: Awaited<ReturnType<typeof buildUser>>;
let admin: Awaited<ReturnType<typeof buildUser>>;
let superadmin: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_RATE_LIMIT_MAX: "5", BILL_MIN_PART_NAIRA: "500" });
  const all = await h.catalogue();
  fixed = all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 10_000)!;
  openPrice = all.find((s) => s.fixed_price === "no")!;
  agent = await buildUser(h.t, { role: "AGENT", firstName: "Bisi", lastName: "Clerk" });
  admin = await buildUser(h.t, { role: "ADMIN" });
  superadmin = await buildUser(h.t, { role: "SUPERADMIN" });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

let ipSequence = 0;
/** A public read from a client address of its own (the rate limit counts per address). */
async function publicBill(token: string, ip = `10.9.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`) {
  const response = await h.t.app.inject({ method: "GET", url: API_PATHS.publicBill(token), remoteAddress: ip });
  return { status: response.statusCode, json: response.json() as Record<string, unknown> };
}

const openLine = (price: string, note = "Theatre deposit agreed with the surgeon") => ({
  service_id: openPrice.id,
  quantity: 1,
  price,
  price_note: note,
});

async function raiseBill(items: unknown[], extra: Record<string, unknown> = {}, token = agent.token) {
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    {
      hospital_number: "FTH/2026/B0001",
      patient_name: "Adaeze Nwosu-Okafor",
      patient_phone: "08031112233",
      items,
      ...extra,
    },
    token,
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

const part = (amount: string, method: string, name = "Chinedu Okafor", email = "chinedu@example.ng") => ({
  amount,
  payer_name: name,
  payer_email: email,
  payer_phone: "08035556677",
  payment_method: method,
});

const payPart = (token: string, body: unknown, userToken?: string) =>
  call(h.t, "POST", API_PATHS.payBill(token), body, userToken);

/** Starts a guest Remita part, has Remita take the money, and lets the callback settle it. */
async function payGuestPart(token: string, amount: string, name = "Ngozi Okafor") {
  const started = await payPart(token, part(amount, "remita", name));
  expect(started.status, started.text).toBe(201);
  await h.control("/sandbox/remita/_control/pay", { rrr: started.json.rrr, outcome: "approve", notify: false });
  return started.json as { reference: string; rrr: string };
}
const callback = (rrr: string) => call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${rrr}`);

/** The field errors of a 400 answer (DRF style: each field's messages at the top level). */
const fieldsOf = (json: Record<string, unknown>) => {
  const { detail: _detail, code: _code, ...fields } = json;
  return fields;
};

const balance = (code: string) => h.t.db.transaction((tx) => h.t.repositories.ledger.balance(tx, code));

describe("bills raised by staff", () => {
  it("prices fixed lines from the catalogue and open lines as typed, e-mails the link and audits it", async () => {
    const bill = await raiseBill([{ service_id: fixed.id, quantity: 2 }, openLine("2500.50")], {
      patient_email: "Adaeze.N@Example.ng",
      due_date: "2026-12-31",
      note: "Ward 3, bed 12",
    });
    const fixedKobo = Math.round(Number(fixed.price) * 100);
    expect(bill).toMatchObject({
      status: "open",
      patient_email: "adaeze.n@example.ng",
      due_date: "2026-12-31",
      total: ((fixedKobo * 2 + 250_050) / 100).toFixed(2),
      paid: "0.00",
      pay_url: `http://hospipay.test/pay/${bill.token}`,
      created_by: { id: agent.id, name: "Bisi Clerk" },
      parts: [],
    });
    expect(bill.token).toMatch(/^[a-z2-7]{20}$/);
    expect(bill.items).toEqual([
      expect.objectContaining({ service_id: String(fixed.id), quantity: 2, open_price: false, price_note: null }),
      expect.objectContaining({ service_id: String(openPrice.id), unit_price: "2500.50", open_price: true }),
    ]);
    const mails = await h.t.mailbox();
    const mail = mails.find((m) => m.to === "adaeze.n@example.ng");
    expect(mail?.text).toContain(`http://hospipay.test/pay/${bill.token}`);
    const audit = await call(h.t, "GET", `${API_PATHS.auditLog}?action=bill.created`, undefined, superadmin.token);
    expect(JSON.stringify(audit.json)).toContain(bill.token);
  });

  it("refuses a client's price for a fixed line, an open line without price or note, and unknown services", async () => {
    const res = await call(
      h.t,
      "POST",
      API_PATHS.staffBills,
      {
        hospital_number: "FTH/1",
        patient_name: "A B",
        patient_phone: "08031112233",
        items: [
          { service_id: fixed.id, quantity: 1, price: "1.00" },
          { service_id: openPrice.id, quantity: 1 },
          { service_id: openPrice.id, quantity: 1, price: "100.00" },
          { service_id: "no-such-service", quantity: 1 },
        ],
      },
      agent.token,
    );
    expect(res.status).toBe(400);
    expect(Object.keys(fieldsOf(res.json)).sort()).toEqual([
      "items.0.price",
      "items.1.price",
      "items.2.price_note",
      "items.3.service_id",
    ]);
    const { rows } = await h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bills WHERE hospital_number = 'FTH/1'`);
    expect(rows[0]!.n).toBe(0);
  });

  it("finds bills by hospital number, name, phone, e-mail and token, newest first, paged", async () => {
    const a = await raiseBill([openLine("1000.00")], {
      hospital_number: "FTH/SEARCH/001",
      patient_name: "Oluwaseun Searchable",
      patient_phone: "+234 803 999 1234",
      patient_email: "seun.search@example.ng",
    });
    const b = await raiseBill([openLine("1000.00")], { hospital_number: "FTH/SEARCH/002", patient_name: "Other Person" });
    const search = async (q: string, extra = "") =>
      (await call(h.t, "GET", `${API_PATHS.staffBills}?q=${encodeURIComponent(q)}${extra}`, undefined, agent.token)).json as {
        count: number;
        results: Array<{ token: string }>;
      };
    for (const q of ["FTH/SEARCH/001", "fth/search/001", "searchable", "08039991234", "seun.search@example.ng", a.token]) {
      expect(
        (await search(q)).results.map((r) => r.token),
        q,
      ).toEqual([a.token]);
    }
    const both = await search("FTH/SEARCH/");
    expect(both.results.map((r) => r.token)).toEqual([b.token, a.token]);
    const page2 = await search("FTH/SEARCH/", "&page=2&page_size=1");
    expect(page2).toMatchObject({ count: 2, results: [{ token: a.token }] });
    expect((await search("%")).results.map((r) => r.token)).not.toContain(a.token);
  });

  it("answers a bill's page publicly without contact details, and 404 for an unknown token", async () => {
    const bill = await raiseBill([openLine("3000.00")], { patient_email: "private@example.ng" });
    const paid = await payGuestPart(bill.token, "1000.00", "Ngozi Secret-Surname");
    await callback(paid.rrr);
    const seen = await publicBill(bill.token);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({
      status: "open",
      patient_first_name: "Adaeze",
      total: "3000.00",
      paid: "1000.00",
      left: "2000.00",
      min_part: "500.00",
      charge_fee: "100.00",
      parts: [{ payer_first_name: "Ngozi", amount: "1000.00", payment_method: "remita" }],
    });
    const text = JSON.stringify(seen.json);
    for (const secret of ["Secret-Surname", "08035556677", "chinedu@example.ng", "private@example.ng", "08031112233", "Nwosu"])
      expect(text).not.toContain(secret);
    expect((await publicBill(newBillToken())).status).toBe(404);
    expect((await publicBill(bill.token.toUpperCase())).status).toBe(200);
  });

  it("limits public reads per client address, so links cannot be enumerated", async () => {
    const ip = "10.77.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await publicBill(newBillToken(), ip)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    // 100 bits of the system's random source, 20 base32 characters: no two alike among many.
    const tokens = new Set(Array.from({ length: 2000 }, () => newBillToken()));
    expect(tokens.size).toBe(2000);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{20}$/);
  });
});

describe("paying a bill in parts", () => {
  it("takes a guest part and a wallet part: the bill is paid, its total is revenue, each payer has a receipt", async () => {
    const bill = await raiseBill([openLine("5000.00")]);
    const revenueBefore = await balance("revenue:hospital");
    const depositsBefore = await balance("liability:bill_deposits");

    const guest = await payGuestPart(bill.token, "2000.00");
    expect((await callback(guest.rrr)).json.transaction_status).toBe("SUCCESS");
    expect(await balance("liability:bill_deposits")).toBe(depositsBefore - 200_000);
    expect(await balance("revenue:hospital")).toBe(revenueBefore);

    const relative = await fundedCustomer(10_000);
    const paid = await payPart(bill.token, part("3000.00", "wallet", "Emeka Relative"), relative.token);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json).toMatchObject({ status: "completed", amount: "3100.00", subtotal: "3000.00", balance: "6900.00" });

    const staff = (await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json;
    expect(staff).toMatchObject({ status: "paid", paid: "5000.00", left: "0.00" });
    expect(staff.parts).toEqual([
      expect.objectContaining({ reference: guest.reference, status: "completed", payment_method: "remita", amount: "2000.00" }),
      expect.objectContaining({
        reference: paid.json.reference,
        status: "completed",
        payment_method: "wallet",
        amount: "3000.00",
      }),
    ]);
    expect(await balance("liability:bill_deposits")).toBe(depositsBefore);
    expect(await balance("revenue:hospital")).toBe(revenueBefore - 500_000);
    for (const reference of [guest.reference, paid.json.reference]) {
      const receipt = await call(h.t, "GET", API_PATHS.payment(String(reference)));
      expect(receipt.json.status).toBe("completed");
    }
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);

    // Paid in full: no further part starts.
    expect((await payPart(bill.token, part("500.00", "remita"))).status).toBe(409);
  });

  it("refuses a part below the minimum, above what is left, a guest's wallet part, and a guest's Paystack part", async () => {
    const bill = await raiseBill([openLine("1200.00")]);
    const tooSmall = await payPart(bill.token, part("499.99", "remita"));
    expect(tooSmall.status).toBe(400);
    expect(fieldsOf(tooSmall.json)).toEqual({ amount: ["A part must be at least ₦500.00."] });
    const tooLarge = await payPart(bill.token, part("1200.01", "remita"));
    expect(fieldsOf(tooLarge.json)).toEqual({ amount: ["Only ₦1,200.00 is left to pay on this bill."] });
    expect((await payPart(bill.token, part("1000.00", "wallet"))).status).toBe(401);
    expect((await payPart(bill.token, part("1000.00", "paystack"))).status).toBe(400);
    // 900 paid leaves 300, less than the minimum: only exactly 300 is taken.
    const first = await payGuestPart(bill.token, "900.00");
    await callback(first.rrr);
    expect(fieldsOf((await payPart(bill.token, part("200.00", "remita"))).json)).toEqual({
      amount: ["Only ₦300.00 is left to pay: pay exactly that."],
    });
    expect((await payPart(bill.token, part("300.00", "remita"))).status).toBe(201);
  });

  it("sends a gateway part that settles after the bill was paid to the review queue, for a refund, never overpaying", async () => {
    const bill = await raiseBill([openLine("1000.00")]);
    const late = await payGuestPart(bill.token, "1000.00", "Late Payer");
    const relative = await fundedCustomer(2000);
    expect((await payPart(bill.token, part("1000.00", "wallet"), relative.token)).status).toBe(201);
    const lateCallback = await callback(late.rrr);
    expect(lateCallback.status).toBe(200);

    const staff = (await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json;
    expect(staff).toMatchObject({ status: "paid", paid: "1000.00" });
    expect(staff.parts).toContainEqual(
      expect.objectContaining({ reference: late.reference, status: "pending", in_review: true }),
    );
    const queue = await call(h.t, "GET", API_PATHS.paymentReviews, undefined, admin.token);
    expect(queue.json.results).toContainEqual(
      expect.objectContaining({ reference: late.reference, amount_received: "1100.00", amount_due: "1100.00" }),
    );
    // Staff cannot settle it; they refund it, out of suspense back through Remita.
    const settle = await call(
      h.t,
      "POST",
      API_PATHS.settleReview(late.reference),
      { balance_received: "1.00", transfer_reference: "X-1" },
      admin.token,
    );
    expect(settle.status).toBe(409);
    const refund = await call(h.t, "POST", API_PATHS.refundInvoice(late.reference), { reason: "Bill already paid" }, admin.token);
    expect(refund.status, refund.text).toBe(200);
    expect(refund.json.refund).toMatchObject({ status: "completed", amount: "1100.00" });
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("holds a part paid short in review like any payment; settling it once the bill is paid elsewhere is refused", async () => {
    const bill = await raiseBill([openLine("1000.00")]);
    const short = await payPart(bill.token, part("1000.00", "remita"));
    await h.control("/sandbox/remita/_control/pay", { rrr: short.json.rrr, outcome: "approve", amount: "400.00", notify: false });
    await callback(String(short.json.rrr));
    expect((await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json).toMatchObject({
      paid: "0.00",
    });
    const relative = await fundedCustomer(2000);
    expect((await payPart(bill.token, part("1000.00", "wallet"), relative.token)).status).toBe(201);
    const settle = await call(
      h.t,
      "POST",
      API_PATHS.settleReview(String(short.json.reference)),
      { balance_received: "700.00", transfer_reference: "FBN-BILL-SHORT-1" },
      admin.token,
    );
    expect(settle.status).toBe(409);
    const staff = (await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json;
    expect(staff).toMatchObject({ status: "paid", paid: "1000.00" });
    expect(staff.parts).toContainEqual(expect.objectContaining({ reference: short.json.reference, in_review: true }));
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("refuses a wallet part that no longer fits before debiting anything", async () => {
    const bill = await raiseBill([openLine("1000.00")]);
    const first = await fundedCustomer(5000);
    const second = await fundedCustomer(5000);
    expect((await payPart(bill.token, part("1000.00", "wallet"), first.token)).status).toBe(201);
    const refused = await payPart(bill.token, part("1000.00", "wallet"), second.token);
    expect(refused.status).toBe(409);
    const profile = await call(h.t, "GET", "/auth/profile/", undefined, second.token);
    expect(profile.json.wallet_balance).toBe("5000.00");
  });
});

describe("cancelling a bill", () => {
  it("cancels a part-paid bill (audited) and refunds each paid part; the deposits go back, never to revenue", async () => {
    const bill = await raiseBill([openLine("4000.00")]);
    const guest = await payGuestPart(bill.token, "1000.00");
    await callback(guest.rrr);
    const relative = await fundedCustomer(3000);
    const walletPart = await payPart(bill.token, part("1500.00", "wallet"), relative.token);
    expect(walletPart.status).toBe(201);
    // An open bill's part is not refunded on its own.
    const early = await call(h.t, "POST", API_PATHS.refundInvoice(guest.reference), { reason: "Paid by mistake" }, admin.token);
    expect(early.status).toBe(409);

    const revenueBefore = await balance("revenue:hospital");
    const cancelled = await call(h.t, "POST", API_PATHS.cancelBill(bill.token), { reason: "Patient transferred" }, admin.token);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.bill).toMatchObject({ status: "cancelled", cancel_reason: "Patient transferred", paid: "2500.00" });
    expect(cancelled.json.refunds).toEqual([
      { reference: guest.reference, amount: "1100.00", refund_status: "completed" },
      { reference: walletPart.json.reference, amount: "1600.00", refund_status: "completed" },
    ]);
    expect(await balance("revenue:hospital")).toBe(revenueBefore);
    const profile = await call(h.t, "GET", "/auth/profile/", undefined, relative.token);
    expect(profile.json.wallet_balance).toBe("3000.00");
    const audit = await call(h.t, "GET", `${API_PATHS.auditLog}?action=bill.cancelled`, undefined, superadmin.token);
    expect(JSON.stringify(audit.json)).toContain(bill.token);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);

    expect((await payPart(bill.token, part("500.00", "remita"))).status).toBe(409);
    expect((await call(h.t, "POST", API_PATHS.cancelBill(bill.token), { reason: "again" }, admin.token)).status).toBe(409);
  });

  it("lists an agent's cancelled bill's paid parts for an admin's refund, and refuses to cancel a paid bill", async () => {
    const bill = await raiseBill([openLine("2000.00")]);
    const guest = await payGuestPart(bill.token, "1000.00");
    await callback(guest.rrr);
    const cancelled = await call(h.t, "POST", API_PATHS.cancelBill(bill.token), { reason: "Wrong patient" }, agent.token);
    expect(cancelled.json.refunds).toEqual([{ reference: guest.reference, amount: "1100.00", refund_status: null }]);
    const refund = await call(h.t, "POST", API_PATHS.refundInvoice(guest.reference), { reason: "Bill cancelled" }, admin.token);
    expect(refund.json.refund).toMatchObject({ status: "completed" });

    const paidBill = await raiseBill([openLine("600.00")]);
    const whole = await payGuestPart(paidBill.token, "600.00");
    await callback(whole.rrr);
    expect((await call(h.t, "POST", API_PATHS.cancelBill(paidBill.token), { reason: "x" }, admin.token)).status).toBe(409);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });
});

describe("concurrent parts against one bill", () => {
  it("50 wallet parts from 50 customers at once: the bill is paid exactly, never more", async () => {
    const bill = await raiseBill([openLine("30000.00")]);
    const customers = await Promise.all(Array.from({ length: 50 }, () => fundedCustomer(2000)));
    const answers = await Promise.all(
      customers.map((customer) => payPart(bill.token, part("1000.00", "wallet"), customer.token)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(20);
    const staff = (await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json;
    expect(staff).toMatchObject({ status: "paid", paid: "30000.00", left: "0.00" });
    expect((staff.parts as unknown[]).length).toBe(30);
    // The refused customers were charged nothing.
    const balances = await Promise.all(
      customers.map(async (c) => (await call(h.t, "GET", "/auth/profile/", undefined, c.token)).json.wallet_balance),
    );
    expect(balances.filter((b) => b === "2000.00")).toHaveLength(20);
    expect(balances.filter((b) => b === "900.00")).toHaveLength(30);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  }, 120_000);

  it("50 gateway parts settling at once: 20 fit, the other 30 wait in review, the bill is never overpaid", async () => {
    const bill = await raiseBill([openLine("20000.00")]);
    const depositsBefore = await balance("liability:bill_deposits");
    const revenueBefore = await balance("revenue:hospital");
    const started = [];
    for (let i = 0; i < 50; i += 1) started.push(await payGuestPart(bill.token, "1000.00", `Payer${i} Family`));
    const answers = await Promise.all(started.map((s) => callback(s.rrr)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    type Staff = { status: string; paid: string; parts: Array<{ reference: string; status: string; in_review: boolean }> };
    const read = async () => (await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json as Staff;
    // A check whose status query to the gateway timed out (a loaded machine) leaves its part pending, as in
    // production, where the payer's "Check Status" or the worker asks again: ask again until each is decided.
    let staff = await read();
    for (let round = 0; round < 5; round += 1) {
      const undecided = staff.parts.filter((p) => p.status === "pending" && !p.in_review).map((p) => p.reference);
      if (undecided.length === 0) break;
      await Promise.all(started.filter((s) => undecided.includes(s.reference)).map((s) => callback(s.rrr)));
      staff = await read();
    }
    expect(staff).toMatchObject({ status: "paid", paid: "20000.00" });
    expect(staff.parts.filter((p) => p.status === "completed")).toHaveLength(20);
    expect(staff.parts.filter((p) => p.in_review)).toHaveLength(30);
    expect(await balance("liability:bill_deposits")).toBe(depositsBefore);
    expect(await balance("revenue:hospital")).toBe(revenueBefore - 2_000_000);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  }, 180_000);
});

describe("bills for patients of the register", () => {
  let serial = 0;
  async function registered(overrides: Record<string, unknown> = {}) {
    serial += 1;
    const res = await call(
      h.t,
      "POST",
      API_PATHS.staffPatients,
      {
        hospital_number: `FTH/REG/${serial}`,
        first_name: "Halima",
        last_name: "Bello",
        other_names: "Zainab",
        phone: "08035550101",
        email: "halima.bello@example.ng",
        language: "ha",
        date_of_birth: "1985-02-03",
        ...overrides,
      },
      agent.token,
    );
    expect(res.status, res.text).toBe(201);
    return res.json.patient as { id: number; hospital_number: string };
  }
  const raiseFor = (body: Record<string, unknown>) =>
    call(h.t, "POST", API_PATHS.staffBills, { items: [{ service_id: fixed.id, quantity: 1 }], ...body }, agent.token);

  it("takes a picked patient's hospital number, names, phone, e-mail and language from the register", async () => {
    const patient = await registered();
    const res = await raiseFor({ patient_id: patient.id, hospital_number: "IGNORED/1", patient_name: "Someone Else" });
    expect(res.status, res.text).toBe(201);
    expect(res.json.bill).toMatchObject({
      patient_id: patient.id,
      hospital_number: patient.hospital_number,
      patient_name: "Halima Zainab Bello",
      patient_phone: "08035550101",
      patient_email: "halima.bello@example.ng",
    });
    const { rows } = await h.t.db.query<{ locale: string }>(`SELECT locale FROM bills WHERE patient_id = $1`, [patient.id]);
    expect(rows).toEqual([{ locale: "ha" }]);
  });

  it("links typed details to the registered patient of that hospital number, in any case; an unknown one to nobody", async () => {
    const patient = await registered({ hospital_number: `fth/case/${Date.now()}`, language: "yo" });
    const linked = await raiseFor({
      hospital_number: patient.hospital_number.toUpperCase(),
      patient_name: "Halima Bello",
      patient_phone: "08035550101",
    });
    expect(linked.status, linked.text).toBe(201);
    expect(linked.json.bill).toMatchObject({ patient_id: patient.id, patient_name: "Halima Bello" });
    const unknown = await raiseFor({
      hospital_number: "FTH/NOT/REGISTERED",
      patient_name: "New Person",
      patient_phone: "08030000001",
    });
    expect(unknown.status, unknown.text).toBe(201);
    expect(unknown.json.bill).toMatchObject({ patient_id: null, hospital_number: "FTH/NOT/REGISTERED" });
  });

  it("refuses a patient id the register does not hold, writing nothing", async () => {
    const before = Number((await h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bills`)).rows[0]!.n);
    const res = await raiseFor({ patient_id: 2_000_000_000 });
    expect(res.status).toBe(400);
    expect(res.json.patient_id).toEqual(["No patient of the register has this id. Find the patient again."]);
    expect(Number((await h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bills`)).rows[0]!.n)).toBe(before);
  });
});

describe("bad input to the bill routes: 400 with field errors, nothing written", () => {
  const rows = async () =>
    (
      await h.t.db.query<{ bills: number; items: number; invoices: number }>(
        `SELECT (SELECT count(*)::int FROM bills) AS bills, (SELECT count(*)::int FROM bill_items) AS items,
           (SELECT count(*)::int FROM invoices) AS invoices`,
      )
    ).rows[0]!;
  const valid = {
    hospital_number: "FTH/BAD/1",
    patient_name: "Bad Input",
    patient_phone: "08031112233",
    items: [{ service_id: 1, quantity: 1 }],
  };

  it("creating a bill", async () => {
    const before = await rows();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ["hospital_number", "items", "patient_name", "patient_phone"]],
      [{ ...valid, items: [] }, ["items"]],
      [{ ...valid, items: "x" }, ["items"]],
      [{ ...valid, items: Array.from({ length: 51 }, () => ({ service_id: 1, quantity: 1 })) }, ["items"]],
      [{ ...valid, items: [{ service_id: 1, quantity: 0 }] }, ["items.0.quantity"]],
      [{ ...valid, items: [{ service_id: 1, quantity: 1.5 }] }, ["items.0.quantity"]],
      [{ ...valid, items: [{ service_id: 1, quantity: "1" }] }, ["items.0.quantity"]],
      [{ ...valid, items: [{ quantity: 1 }] }, ["items.0.service_id"]],
      [{ ...valid, items: [{ service_id: { id: 1 }, quantity: 1 }] }, ["items.0.service_id"]],
      [{ ...valid, items: [{ service_id: 1, quantity: 1, price: "12.345" }] }, ["items.0.price"]],
      [{ ...valid, patient_phone: "call me" }, ["patient_phone"]],
      [{ ...valid, patient_email: "not-an-email" }, ["patient_email"]],
      [{ ...valid, due_date: "31/12/2026" }, ["due_date"]],
      [{ ...valid, due_date: "2026-13-45" }, ["due_date"]],
      [{ ...valid, patient_name: "Ada\u202Egnp.exe" }, ["patient_name"]],
      [{ ...valid, note: "n".repeat(501) }, ["note"]],
      [{ ...valid, hospital_number: 42 }, ["hospital_number"]],
      [{ ...valid, locale: "fr" }, ["locale"]],
      [{ ...valid, locale: ["yo"] }, ["locale"]],
      [{ ...valid, patient_id: "7" }, ["patient_id"]],
      [{ ...valid, patient_id: 0 }, ["patient_id"]],
      // A patient id that is not one is the only error: the typed details are not needed with a patient.
      [{ items: valid.items, patient_id: 1.5 }, ["patient_id"]],
    ];
    for (const [body, fields] of cases) {
      const res = await call(h.t, "POST", API_PATHS.staffBills, body, agent.token);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(typeof res.json.detail).toBe("string");
      expect(Object.keys(fieldsOf(res.json)).sort(), JSON.stringify(body).slice(0, 120)).toEqual(fields);
    }
    expect(await rows()).toEqual(before);
  });

  it("paying a part", async () => {
    const bill = await raiseBill([openLine("5000.00")]);
    const before = await rows();
    const valid = part("1000.00", "remita");
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ["amount", "payer_email", "payer_name", "payer_phone", "payment_method"]],
      [{ ...valid, amount: "abc" }, ["amount"]],
      [{ ...valid, amount: "-500.00" }, ["amount"]],
      [{ ...valid, amount: "0" }, ["amount"]],
      [{ ...valid, amount: "1000.001" }, ["amount"]],
      [{ ...valid, amount: [] }, ["amount"]],
      [{ ...valid, amount: "99999999999999999999" }, ["amount"]],
      [{ ...valid, payment_method: "bank_transfer" }, ["payment_method"]],
      [{ ...valid, payment_method: "cash" }, ["payment_method"]],
      [{ ...valid, payer_email: "x" }, ["payer_email"]],
      [{ ...valid, payer_phone: "12" }, ["payer_phone"]],
      [{ ...valid, payer_name: "" }, ["payer_name"]],
    ];
    for (const [body, fields] of cases) {
      const res = await payPart(bill.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(fieldsOf(res.json)).sort(), JSON.stringify(body)).toEqual(fields);
    }
    // A token of the wrong shape is refused before anything is looked up.
    expect((await payPart("not-a-token", valid)).status).toBe(400);
    expect((await payPart("a".repeat(20), valid)).status).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it("listing and cancelling", async () => {
    for (const query of ["page=0", "page=abc", "page_size=0", "page_size=101", "status=closed", `q=${"q".repeat(101)}`]) {
      const res = await call(h.t, "GET", `${API_PATHS.staffBills}?${query}`, undefined, agent.token);
      expect(res.status, query).toBe(400);
      expect(Object.keys(fieldsOf(res.json)), query).toEqual([query.split("=")[0]]);
    }
    const bill = await raiseBill([openLine("5000.00")]);
    for (const body of [{}, { reason: "" }, { reason: 5 }, { reason: "r".repeat(501) }]) {
      const res = await call(h.t, "POST", API_PATHS.cancelBill(bill.token), body, agent.token);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(fieldsOf(res.json))).toEqual(["reason"]);
    }
    expect((await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json.status).toBe("open");
  });
});
