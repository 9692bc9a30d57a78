import { API_PATHS, koboToDecimal, type Invoice, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, fundWallet, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";
import { partShares, unsplitShares } from "./bill-part-shares";

/**
 * Issue 36: a bill's parts count under its lines' departments in the staff statistics, the department
 * filter and the CSV: in proportion to the lines while part paid (cumulative largest remainder), exactly
 * the lines once paid in full; a part that failed or no longer fitted its bill counts nowhere.
 */

const LAB = "Laboratory Services (Pathology)";
const PHARMACY = "Pharmacy";

let h: PaymentsHarness;
let agent: Awaited<ReturnType<typeof buildUser>>;
let fbc: ServiceRecord;
let malaria: ServiceRecord;
let paracetamol: ServiceRecord;

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "500" });
  const all = await h.catalogue();
  const named = (department: string, name: string) =>
    all.find((s) => s.department?.name === department && s.name === name && s.fixed_price !== "no")!;
  fbc = named(LAB, "Full blood count (FBC)");
  malaria = named(LAB, "Malaria rapid diagnostic test (mRDT)");
  paracetamol = named(PHARMACY, "Paracetamol 500 mg tablets × 20");
  agent = await buildUser(h.t, { role: "AGENT", firstName: "Bisi", lastName: "Clerk" });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const kobo = (service: ServiceRecord) => Math.round(Number(service.price) * 100);

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

/** Starts a guest Remita part and has Remita take (or decline) the money; the callback settles it. */
async function startGuestPart(token: string, amount: string, outcome: "approve" | "decline" | null) {
  const started = await payPart(token, part(amount, "remita", "Ngozi Okafor"));
  expect(started.status, started.text).toBe(201);
  if (outcome) await h.control("/sandbox/remita/_control/pay", { rrr: started.json.rrr, outcome, notify: false });
  return started.json as { reference: string; rrr: string };
}
const callback = (rrr: string) => call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${rrr}`);

/** The revenue (completed) of a department in the staff statistics. */
async function statisticsRevenue(department: string): Promise<string> {
  const res = await call(
    h.t,
    "GET",
    `${API_PATHS.statistics}?department=${encodeURIComponent(department)}`,
    undefined,
    agent.token,
  );
  expect(res.status, res.text).toBe(200);
  return String(res.json.total_revenue);
}

/** The filter's invoices of a department (every page), each with that department's lines only. */
async function filtered(department: string): Promise<Invoice[]> {
  const res = await call(
    h.t,
    "GET",
    `${API_PATHS.invoiceFilter}?department=${encodeURIComponent(department)}&page_size=100`,
    undefined,
    agent.token,
  );
  expect(res.status, res.text).toBe(200);
  expect(res.json.next).toBeNull();
  return res.json.results as Invoice[];
}

/** One CSV line's fields (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** The export of a department: each row's reference, department, amount (₦, 2 decimals), revenue head and status. */
async function exported(department: string) {
  const res = await call(
    h.t,
    "GET",
    `${API_PATHS.invoiceExport}?department=${encodeURIComponent(department)}`,
    undefined,
    agent.token,
  );
  expect(res.status).toBe(200);
  const [header, ...lines] = res.text.replace(/^\uFEFF/, "").split("\r\n");
  const columns = csvFields(header!);
  return lines.map((line) => {
    const fields = csvFields(line);
    const at = (name: string) => fields[columns.indexOf(name)]!;
    return {
      reference: at("Reference"),
      department: at("Department"),
      amount: at("Amount"),
      revenueHead: at("Revenue Head"),
      description: at("Description"),
      status: at("Status"),
    };
  });
}

/** kobo as the CSV writes an amount. */
const csvAmount = (k: number) => `₦${koboToDecimal(k)}`;

/** What the bill deposits account was credited by each part's settlement entry (the ledger's settled amount). */
async function settledToDeposits(reference: string): Promise<number> {
  const { rows } = await h.t.db.query<{ kobo: number }>(
    `SELECT coalesce(-sum(p.amount_kobo), 0)::bigint AS kobo
     FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
     JOIN invoices i ON i.id = e.invoice_id
     WHERE i.reference = $1 AND e.kind = 'settlement' AND a.code = 'liability:bill_deposits'`,
    [reference],
  );
  return Number(rows[0]!.kobo);
}

describe("department revenue of a bill", () => {
  it("equals its lines: each part split in proportion while part paid, the lines exactly once paid in full", async () => {
    const raised = await call(
      h.t,
      "POST",
      API_PATHS.staffBills,
      {
        hospital_number: "FTH/2026/D0036",
        patient_name: "Adaeze Nwosu",
        patient_phone: "08031112233",
        items: [
          { service_id: fbc.id, quantity: 1 },
          { service_id: paracetamol.id, quantity: 3 },
          { service_id: malaria.id, quantity: 1 },
        ],
      },
      agent.token,
    );
    expect(raised.status, raised.text).toBe(201);
    const { token } = raised.json.bill as { token: string };
    const lines = [kobo(fbc), kobo(paracetamol) * 3, kobo(malaria)];
    const departmentOf = [LAB, PHARMACY, LAB];
    const totalKobo = lines.reduce((sum, k) => sum + k, 0);
    // Thirds that do not divide evenly: the split has remainders to resolve.
    const parts = [Math.floor(totalKobo / 3) + 1, Math.floor(totalKobo / 3), 0];
    parts[2] = totalKobo - parts[0]! - parts[1]!;

    // What each department should have after each part: the pure split, part after part.
    let given = lines.map(() => 0);
    const expected: Array<Record<string, number>> = [];
    const partsByDepartment: Array<Record<string, number>> = [];
    for (const amount of parts) {
      const shares = partShares(lines, given, amount);
      given = given.map((k, i) => k + shares[i]!);
      const cumulative: Record<string, number> = { [LAB]: 0, [PHARMACY]: 0 };
      const own: Record<string, number> = { [LAB]: 0, [PHARMACY]: 0 };
      given.forEach((k, i) => (cumulative[departmentOf[i]!]! += k));
      shares.forEach((k, i) => (own[departmentOf[i]!]! += k));
      expected.push(cumulative);
      partsByDepartment.push(own);
    }

    const references: string[] = [];
    async function expectDepartments(after: number) {
      for (const department of [LAB, PHARMACY]) {
        const want = expected[after]![department]!;
        expect(await statisticsRevenue(department), `${department} after part ${after + 1}`).toBe(koboToDecimal(want));
        // The filter lists each part with that department's share as its one line.
        const invoices = (await filtered(department)).filter((invoice) => invoice.status === "completed");
        expect(invoices.map((invoice) => invoice.reference).sort()).toEqual([...references].sort());
        for (const invoice of invoices) {
          expect(JSON.stringify(invoice)).not.toContain(token);
          const n = references.indexOf(invoice.reference);
          expect(invoice.items).toEqual([
            {
              amount: koboToDecimal(partsByDepartment[n]![department]!),
              qty: 1,
              service: {
                name: expect.stringMatching(/^Bill for Adaeze: /),
                description: "",
                department: { name: department },
              },
            },
          ]);
        }
        // The CSV has the same rows, named after the bill's lines, never its link.
        const rows = (await exported(department)).filter((row) => row.status === "completed");
        expect(rows.map((row) => [row.reference, row.department, row.amount]).sort()).toEqual(
          references.map((reference, n) => [reference, department, csvAmount(partsByDepartment[n]![department]!)]).sort(),
        );
        for (const row of rows) {
          expect(row.revenueHead).toMatch(/^Bill for Adaeze: Full blood count \(FBC\), Paracetamol 500 mg tablets × 20 × 3/);
          expect(`${row.revenueHead} ${row.description}`).not.toContain(token);
        }
      }
    }

    // Part 1, from a wallet.
    const relative = await fundedCustomer(20_000);
    const first = await payPart(token, part(koboToDecimal(parts[0]!), "wallet", "Emeka Relative"), relative.token);
    expect(first.status, first.text).toBe(201);
    references.push(String(first.json.reference));
    await expectDepartments(0);

    // A part the payer cancels, and one Remita declines: they count nowhere.
    const cancelled = await startGuestPart(token, "500.00", null);
    const cancel = await call(h.t, "POST", `/api/express/payments/${cancelled.reference}/cancel/`, {});
    expect(cancel.status, cancel.text).toBe(200);
    const declined = await startGuestPart(token, "600.00", "decline");
    await callback(declined.rrr);
    // A gateway part for the whole rest, started now and paid only after others paid the rest: it no longer fits.
    const late = await startGuestPart(token, koboToDecimal(totalKobo - parts[0]!), null);

    // Part 2, through a gateway (Remita, settled by its callback).
    const second = await startGuestPart(token, koboToDecimal(parts[1]!), "approve");
    expect((await callback(second.rrr)).json.transaction_status).toBe("SUCCESS");
    references.push(second.reference);
    await expectDepartments(1);

    // Part 3, from the wallet again: the bill is paid in full, each department has exactly its lines.
    const third = await payPart(token, part(koboToDecimal(parts[2]!), "wallet", "Emeka Relative"), relative.token);
    expect(third.status, third.text).toBe(201);
    references.push(String(third.json.reference));
    expect(expected[2]).toEqual({ [LAB]: lines[0]! + lines[2]!, [PHARMACY]: lines[1]! });
    await expectDepartments(2);

    // The late part settles after the bill was paid: held for a refund, it counts under no department.
    await h.control("/sandbox/remita/_control/pay", { rrr: late.rrr, outcome: "approve", notify: false });
    await callback(late.rrr);
    const staffBill = (await call(h.t, "GET", API_PATHS.staffBill(token), undefined, agent.token)).json;
    expect(staffBill).toMatchObject({ status: "paid", paid: koboToDecimal(totalKobo) });
    expect(staffBill.parts).toContainEqual(expect.objectContaining({ reference: late.reference, in_review: true }));
    await expectDepartments(2);
    const { rows: uncounted } = await h.t.db.query<{ reference: string; departments: number; shares: number }>(
      `SELECT i.reference, (SELECT count(*) FROM invoice_departments d WHERE d.invoice_id = i.id)::int AS departments,
         (SELECT count(*) FROM bill_part_lines s WHERE s.invoice_id = i.id)::int AS shares
       FROM invoices i WHERE i.reference = ANY ($1::text[]) ORDER BY i.reference`,
      [[cancelled.reference, declined.reference, late.reference]],
    );
    expect(uncounted.map(({ departments, shares }) => [departments, shares])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);

    // The departments' sums are the ledger's: each part's share of the departments is what its settlement
    // held in the bill deposits, and together what the bill made revenue.
    for (const [n, reference] of references.entries()) {
      expect(partsByDepartment[n]![LAB]! + partsByDepartment[n]![PHARMACY]!).toBe(await settledToDeposits(reference));
    }
    const { rows: revenue } = await h.t.db.query<{ kobo: number }>(
      `SELECT -sum(p.amount_kobo)::bigint AS kobo FROM journal_entries e JOIN postings p ON p.entry_id = e.id
       JOIN ledger_accounts a ON a.id = p.account_id JOIN invoices i ON i.id = e.invoice_id
       WHERE e.kind = 'bill_revenue' AND a.code = 'revenue:hospital' AND i.reference = $1`,
      [third.json.reference],
    );
    expect(Number(revenue[0]!.kobo)).toBe(totalKobo);
    // The database's own totals agree with the views they are kept from.
    const { rows: drift } = await h.t.db.query<{ wrong: number }>(
      `SELECT count(*) FILTER (WHERE (i.item_count, i.items_kobo, i.department_totals, i.staff_items)
         IS DISTINCT FROM (t.item_count, t.items_kobo, t.department_totals, s.staff_items))::int AS wrong
       FROM invoices i JOIN invoice_item_totals t ON t.invoice_id = i.id JOIN invoice_staff_items s ON s.invoice_id = i.id`,
    );
    expect(drift[0]!.wrong).toBe(0);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("splits parts paid at once, each behind the bill's lock: every part's shares sum to it, the lines end exact", async () => {
    const raised = await call(
      h.t,
      "POST",
      API_PATHS.staffBills,
      {
        hospital_number: "FTH/2026/D0037",
        patient_name: "Kelechi Obi",
        patient_phone: "08031112244",
        items: [
          { service_id: fbc.id, quantity: 1 },
          { service_id: paracetamol.id, quantity: 1 },
          { service_id: malaria.id, quantity: 1 },
        ],
      },
      agent.token,
    );
    expect(raised.status, raised.text).toBe(201);
    const { token } = raised.json.bill as { token: string };
    const lines = [kobo(fbc), kobo(paracetamol), kobo(malaria)];
    const totalKobo = lines.reduce((sum, k) => sum + k, 0);
    const count = totalKobo / 50_000;
    expect(Number.isInteger(count)).toBe(true);
    const pharmacyBefore = Math.round(Number(await statisticsRevenue(PHARMACY)) * 100);
    // Two more payers than the bill needs: those two are refused, and their parts count nowhere.
    const customers = await Promise.all(Array.from({ length: count + 2 }, () => fundedCustomer(1000)));
    const answers = await Promise.all(customers.map((c) => payPart(token, part("500.00", "wallet"), c.token)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(count);
    const { rows } = await h.t.db.query<{ reference: string; position: number; kobo: number }>(
      `SELECT i.reference, s.position, s.amount_kobo AS kobo FROM bill_part_lines s JOIN invoices i ON i.id = s.invoice_id
       JOIN bills b ON b.id = s.bill_id WHERE b.token = $1`,
      [token],
    );
    const byPart = new Map<string, number>();
    const byLine = lines.map(() => 0);
    for (const row of rows) {
      byPart.set(row.reference, (byPart.get(row.reference) ?? 0) + Number(row.kobo));
      byLine[row.position - 1]! += Number(row.kobo);
    }
    expect([...byPart.values()]).toEqual(Array.from({ length: count }, () => 50_000));
    expect(byLine).toEqual(lines);
    expect(await statisticsRevenue(PHARMACY)).toBe(koboToDecimal(pharmacyBefore + lines[1]!));
  }, 120_000);

  it("takes what a bill's parts paid before parts were split (migration 0030) as one part paid first", async () => {
    const raised = await call(
      h.t,
      "POST",
      API_PATHS.staffBills,
      {
        hospital_number: "FTH/2026/D0038",
        patient_name: "Musa Bello",
        patient_phone: "08031112255",
        items: [
          { service_id: fbc.id, quantity: 1 },
          { service_id: paracetamol.id, quantity: 3 },
        ],
      },
      agent.token,
    );
    expect(raised.status, raised.text).toBe(201);
    const { token } = raised.json.bill as { token: string };
    const lines = [kobo(fbc), kobo(paracetamol) * 3];
    const totalKobo = lines[0]! + lines[1]!;
    // A part paid before the upgrade: the migration kept its amount as the bill's unsplit amount.
    const unsplit = 133_333;
    await h.t.db.query("UPDATE bills SET paid_kobo = $2, unsplit_kobo = $2 WHERE token = $1", [token, unsplit]);
    const relative = await fundedCustomer(20_000);
    const rest = await payPart(token, part(koboToDecimal(totalKobo - unsplit), "wallet", "Emeka Relative"), relative.token);
    expect(rest.status, rest.text).toBe(201);
    const { rows } = await h.t.db.query<{ position: number; kobo: number }>(
      `SELECT s.position, s.amount_kobo AS kobo FROM bill_part_lines s JOIN invoices i ON i.id = s.invoice_id
       WHERE i.reference = $1 ORDER BY s.position`,
      [rest.json.reference],
    );
    const before = unsplitShares(lines, unsplit);
    expect(rows.map((row) => Number(row.kobo))).toEqual(lines.map((k, i) => k - before[i]!));
  });
});
