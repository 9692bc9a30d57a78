import { API_PATHS, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call } from "../../test/test-app";
import { prefixEnd } from "../../lib/prefix-range";
import { staffSearchQuery } from "./staff-search.repository";
import { searchTerms } from "./staff-search.service";

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let agent: User;
let service: ServiceRecord;

const PATIENT = {
  name: "Chiamaka Search-Okeke",
  email: "chiamaka.search@example.ng",
  phone: "0803 444 5566",
  hospital_number: "FTH/SRCH/0777",
};

interface Row {
  kind: string;
  status: string;
  amount: string;
  name: string;
  reference: string | null;
  bill_token: string | null;
  rrr: string | null;
  receipt_code: string | null;
  created_at: string;
}

let bill: { token: string; total: string };
let payment: { reference: string; rrr: string };
let part: string;

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "100" });
  agent = await buildUser(h.t, { role: "AGENT" });
  service = (await h.catalogue()).find((s) => s.fixed_price === "yes" && Number(s.price) > 0 && Number(s.price) <= 10_000)!;
  // A payment of the patient's own, then a bill for them, then a relative's part of it (newest).
  const checkout = await call(
    h.t,
    "POST",
    "/express/checkout/",
    guestCheckout([itemFor(service, 1)], "remita", { ...PATIENT, phone: "08034445566" }),
  );
  expect(checkout.status, checkout.text).toBe(201);
  payment = { reference: String(checkout.json.reference), rrr: String(checkout.json.rrr) };
  const raised = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    {
      hospital_number: PATIENT.hospital_number,
      patient_name: PATIENT.name,
      patient_phone: PATIENT.phone,
      patient_email: PATIENT.email,
      items: [{ service_id: service.id, quantity: 2 }],
    },
    agent.token,
  );
  expect(raised.status, raised.text).toBe(201);
  bill = raised.json.bill as typeof bill;
  const paid = await call(h.t, "POST", API_PATHS.payBill(bill.token), {
    amount: "100.00",
    payer_name: "Obinna Relative",
    payer_email: "obinna.relative@example.ng",
    payer_phone: "08120001234",
    payment_method: "remita",
  });
  expect(paid.status, paid.text).toBe(201);
  part = String(paid.json.reference);
  // The relative's part is paid: it gets its receipt code, and the bill what it paid.
  await h.control("/sandbox/remita/_control/pay", { rrr: paid.json.rrr, outcome: "approve", notify: false });
  const settled = await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(paid.json.rrr)}`);
  expect(settled.status, settled.text).toBe(200);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const search = async (q: string, extra = "", token = agent.token) => {
  const res = await call(h.t, "GET", `${API_PATHS.staffSearch}?q=${encodeURIComponent(q)}${extra}`, undefined, token);
  return { ...res, rows: (res.json.results ?? []) as Row[] };
};
const kinds = (rows: Row[]) => rows.map((row) => `${row.kind}:${row.reference ?? row.bill_token}`);

describe("GET /api/staff/search/", () => {
  it("finds the patient's bills and payments by hospital number in one list, newest first, each typed and openable", async () => {
    const res = await search(PATIENT.hospital_number.toLowerCase());
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ count: 3, page: 1, page_size: 20 });
    expect(kinds(res.rows)).toEqual([`payment:${part}`, `bill:${bill.token}`, `payment:${payment.reference}`]);
    expect(res.rows[0]).toMatchObject({
      kind: "payment",
      status: "completed",
      name: "Obinna Relative",
      phone: "08120001234",
      bill_token: bill.token,
      paid: null,
      left: null,
    });
    expect(res.rows[0]!.receipt_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(res.rows[1]).toMatchObject({
      kind: "bill",
      status: "open",
      amount: bill.total,
      name: PATIENT.name,
      phone: "08034445566",
      paid: "100.00",
      left: (Number(bill.total) - 100).toFixed(2),
      receipt_code: null,
      reference: null,
      rrr: null,
      payment_method: null,
    });
    expect(res.rows[2]).toMatchObject({
      kind: "payment",
      status: "pending",
      rrr: payment.rrr,
      payment_method: "remita",
      bill_token: null,
      receipt_code: null,
    });
    const dates = res.rows.map((row) => Date.parse(row.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("finds by phone (as typed), e-mail, reference, RRR, bill token and the start of a name", async () => {
    expect(kinds((await search("+234 803 444 5566")).rows)).toEqual([`bill:${bill.token}`, `payment:${payment.reference}`]);
    expect(kinds((await search(PATIENT.email.toUpperCase())).rows)).toEqual([
      `bill:${bill.token}`,
      `payment:${payment.reference}`,
    ]);
    expect(kinds((await search(payment.reference)).rows)).toEqual([`payment:${payment.reference}`]);
    const dashed = payment.rrr.replace(/(\d{4})(?=\d)/g, "$1-");
    expect(kinds((await search(dashed)).rows)).toEqual([`payment:${payment.reference}`]);
    expect(kinds((await search(bill.token.toUpperCase())).rows)).toEqual([`payment:${part}`, `bill:${bill.token}`]);
    expect(kinds((await search("chiamaka search")).rows)).toEqual([`bill:${bill.token}`, `payment:${payment.reference}`]);
    expect(kinds((await search("Obinna")).rows)).toEqual([`payment:${part}`]);
    // The start of the last word of a name, too (whitespace-separated), on bills and payments alike.
    expect(kinds((await search("search-ok")).rows)).toEqual([`bill:${bill.token}`, `payment:${payment.reference}`]);
    expect(kinds((await search("RELAT")).rows)).toEqual([`payment:${part}`]);
    // A word inside a name, not at the start of its first or last word, is not a match.
    expect((await search("kamaka")).json).toMatchObject({ count: 0 });
    expect((await search("nobody-by-this-name")).json).toMatchObject({ count: 0, results: [] });
    // Wildcards are taken literally.
    expect((await search("%_%")).json).toMatchObject({ count: 0 });
  });

  it("finds through the register: a registered patient's bills and payments by any part of the hospital number, and names in any order with a small typo", async () => {
    const registered = await call(
      h.t,
      "POST",
      API_PATHS.staffPatients,
      {
        hospital_number: "UCH/REG/778899",
        first_name: "Chukwuemeka",
        last_name: "Nwankwo",
        phone: "08057778899",
        language: "ig",
        date_of_birth: "1979-09-09",
      },
      agent.token,
    );
    expect(registered.status, registered.text).toBe(201);
    const patientId = (registered.json.patient as { id: number }).id;
    const raised = await call(
      h.t,
      "POST",
      API_PATHS.staffBills,
      { patient_id: patientId, items: [{ service_id: service.id, quantity: 1 }] },
      agent.token,
    );
    expect(raised.status, raised.text).toBe(201);
    const token = (raised.json.bill as { token: string }).token;
    const own = await call(
      h.t,
      "POST",
      "/express/checkout/",
      guestCheckout([itemFor(service, 1)], "remita", {
        name: "Emeka N.",
        email: "emeka.n@example.ng",
        phone: "08057778899",
        hospital_number: "uch/reg/778899",
      }),
    );
    expect(own.status, own.text).toBe(201);
    for (const q of ["778899", "reg/7788", "nwankwo chukwuemeka", "Chukwuemka Nwankwo", "nwankwo"]) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      const rows = res.json.results as Row[];
      expect(
        rows.some((row) => row.kind === "bill" && row.bill_token === token),
        q,
      ).toBe(true);
      expect(
        rows.some((row) => row.kind === "payment" && row.reference === own.json.reference),
        q,
      ).toBe(true);
    }
    // Someone else's name is not a small typo of theirs.
    const other = (await search("Nwosu Adaeze")).json.results as Row[];
    expect(other.some((row) => row.bill_token === token)).toBe(false);
  });

  it("pages the list", async () => {
    const first = await search(PATIENT.hospital_number, "&page_size=2");
    const second = await search(PATIENT.hospital_number, "&page_size=2&page=2");
    expect(first.json.count).toBe(3);
    expect(kinds([...first.rows, ...second.rows])).toEqual([
      `payment:${part}`,
      `bill:${bill.token}`,
      `payment:${payment.reference}`,
    ]);
  });

  it("refuses a missing, too short or too long text with field errors", async () => {
    const missing = await call(h.t, "GET", API_PATHS.staffSearch, undefined, agent.token);
    expect(missing.status).toBe(400);
    expect(missing.json.q).toEqual(["This field is required."]);
    const short = await search(" a ");
    expect(short.status).toBe(400);
    expect(short.json.q).toEqual(["Enter at least 2 characters."]);
    expect((await search("x".repeat(101))).status).toBe(400);
    expect((await search("ab", "&page=0")).status).toBe(400);
    // Characters a database cannot hold in text, or only as a replacement, are answered, never a 5xx.
    for (const text of ["ab\u0000cd", "\u{10ffff}\u{10ffff}"]) expect((await search(text)).status, text).toBeLessThan(500);
    const badUtf8 = await call(h.t, "GET", `${API_PATHS.staffSearch}?q=ab%ED%A0%80`, undefined, agent.token);
    expect(badUtf8.status).toBeLessThan(500);
  });

  it("reads every form of the text through an index, never all of invoices or bills", async () => {
    for (const text of ["FTH/SRCH/0777", "08034445566", "HSP-0123456789ABCDEF0123", "abc@example.ng", "Chiamaka", "Okeke"]) {
      const plan = await h.t.db.transaction(async (tx) => {
        // With sequential scans priced out, a plan that still reads invoices whole has no index to use.
        await tx.query("SET LOCAL enable_seqscan = off");
        const { sql, params } = staffSearchQuery(searchTerms(text));
        const { rows } = await tx.query<Record<string, string>>(`EXPLAIN SELECT * FROM (${sql}) r`, params);
        return rows.map((row) => Object.values(row)[0]).join("\n");
      });
      expect(plan, text).not.toMatch(/Seq Scan on (invoices|gateway_payments|bills|receipt_codes|patients)\b/);
    }
  });

  it("reads a name's start as a range", () => {
    expect(prefixEnd("ada")).toBe("adb");
    expect(prefixEnd("a\u{10ffff}")).toBe("a\u{10ffff}\u{10ffff}");
    expect(searchTerms(" 0803-444-5566 ")).toEqual({
      exact: "0803-444-5566",
      lower: "0803-444-5566",
      phoneDigits: "445566",
      rrr: "08034445566",
    });
    expect(searchTerms("FTH/1").phoneDigits).toBe("");
  });
});
