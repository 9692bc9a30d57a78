import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";
import { seedDemo, type DemoAccount } from "./demo.seed";

let t: TestApp;
let accounts: DemoAccount[];

const tokenOf = async (email: string) => {
  const user = await t.repositories.users.findByEmail(email);
  return t.services.tokens.issue({ userId: user!.id, role: user!.role, version: user!.tokenVersion });
};

/** A GET over real HTTP as the given account. */
async function get(path: string, email: string) {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${await tokenOf(email)}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** West Africa Time day, `daysAgo` days before today. */
const watDay = (daysAgo: number) => new Date(Date.now() + 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

const counts = async () =>
  (
    await t.db.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM invoices)::int AS invoices,
              (SELECT count(*) FROM journal_entries)::int AS entries, (SELECT count(*) FROM refunds)::int AS refunds,
              (SELECT count(*) FROM kyc_records)::int AS kyc, (SELECT count(*) FROM wallet_transactions)::int AS movements`,
    )
  ).rows[0]!;

beforeAll(async () => {
  t = await createTestApp();
  const started = Date.now();
  accounts = await seedDemo(t);
  // A fresh demo start stays quick.
  expect(Date.now() - started).toBeLessThan(15_000);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const email = (role: string) => accounts.find((a) => a.role === role)!.email;

describe("the demo seed on a fresh database", () => {
  it("prints one account per role and no more", () => {
    expect(accounts.map((a) => a.role).sort()).toEqual(["ADMIN", "AGENT", "CUSTOMER", "SUPERADMIN"]);
  });

  it("gives the demo staff every department of the catalogue at the desk, and the customer no desk", async () => {
    const answer = (await get("/api/catalogue/departments/", email("AGENT"))) as { data: { orgDepts: Array<{ name: string }> } };
    const names = answer.data.orgDepts.map((d) => d.name).sort();
    expect(names.length).toBeGreaterThan(1);
    const desks = { AGENT: null, ADMIN: "100000.00", SUPERADMIN: "1000000.00" } as const;
    for (const [role, waiverLimit] of Object.entries(desks)) {
      const desk = await get("/api/staff/desk/", email(role));
      expect([...(desk.departments as string[])].sort(), role).toEqual(names);
      expect(desk, role).toMatchObject({ role, collects_money: true, gives_items: true, waiver_limit: waiverLimit });
    }
    const res = await fetch(`${t.url}/api/staff/desk/`, {
      headers: { authorization: `Bearer ${await tokenOf(email("CUSTOMER"))}` },
    });
    expect(res.status).toBe(403);
  });

  it("shows an admin payments in every status and method over the last month, dated across it", async () => {
    const rows: Array<{ status: string; payment_method: string; created_at: string; reference: string }> = [];
    let next: string | null = `/invoices/invoices/filter/?start_date=${watDay(28)}&end_date=${watDay(0)}&page_size=200`;
    while (next) {
      const page = await get(next.replace(/^https?:\/\/[^/]+/, ""), email("ADMIN"));
      rows.push(...(page.results as typeof rows));
      next = page.next as string | null;
    }
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["pending", "completed", "failed", "refunded"]));
    expect(new Set(rows.map((r) => r.payment_method))).toEqual(
      new Set(["remita", "monnify", "paystack", "bank_transfer", "wallet"]),
    );
    // Spread over the month, not all written today.
    const days = new Set(rows.map((r) => new Date(Date.parse(r.created_at) + 3_600_000).toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(10);
    expect([...days].some((day) => day <= watDay(20))).toBe(true);
  });

  it("has a pending KYC submission from a demo patient for staff", async () => {
    const queue = await get("/api/staff/kyc/?status=PENDING", email("ADMIN"));
    const results = queue.results as Array<{ status: string; customer: { email: string } }>;
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.status === "PENDING")).toBe(true);
    expect(results.map((r) => r.customer.email)).not.toContain(email("CUSTOMER"));
  });

  it("has an admin's refund waiting for a super admin", async () => {
    const list = await get("/api/staff/refunds/?status=awaiting_approval", email("SUPERADMIN"));
    const results = list.results as Array<{ status: string; requested_by: { email: string } }>;
    expect(results.length).toBe(1);
    expect(results[0]).toMatchObject({ status: "awaiting_approval", requested_by: { email: email("ADMIN") } });
  });

  it("gives a patient a wallet with top-ups and payments, and leaves the printed demo customer's empty", async () => {
    const { rows } = await t.db.query<{ email: string; balance: number; credits: number; debits: number }>(
      `SELECT u.email, w.balance_kobo::int AS balance,
              count(*) FILTER (WHERE m.transaction_type = 'credit' AND m.status = 'completed')::int AS credits,
              count(*) FILTER (WHERE m.transaction_type = 'debit')::int AS debits
       FROM wallets w JOIN users u ON u.id = w.user_id LEFT JOIN wallet_transactions m ON m.wallet_id = w.id
       GROUP BY u.email, w.balance_kobo`,
    );
    expect(rows.some((r) => r.balance > 0 && r.credits >= 2 && r.debits >= 2)).toBe(true);
    expect(rows.find((r) => r.email === email("CUSTOMER"))?.balance ?? 0).toBe(0);
    const invoices = await t.db.query("SELECT 1 FROM invoices i JOIN users u ON u.id = i.user_id WHERE u.email = $1", [
      email("CUSTOMER"),
    ]);
    expect(invoices.rowCount).toBe(0);
  });

  it("keeps the ledger sound and the staff day totals equal to the invoices", async () => {
    expect(ledgerIsSound(await checkLedger(t.db))).toBe(true);
    const stats = await get(`/invoices/invoices/statistics/?start_date=${watDay(28)}&end_date=${watDay(0)}`, email("ADMIN"));
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT coalesce(sum(item_count), 0)::int AS n FROM invoices
       WHERE purpose = 'checkout' AND (created_at AT TIME ZONE 'UTC' + interval '1 hour')::date BETWEEN $1::date AND $2::date`,
      [watDay(28), watDay(0)],
    );
    expect(stats.total_transactions).toBe(rows[0]!.n);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it("adds nothing when seeded again", async () => {
    const before = await counts();
    expect(await seedDemo(t)).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
