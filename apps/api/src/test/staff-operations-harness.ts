import type { ServiceRecord } from "@hospipay/contract";
import { buildUser, call } from "./test-app";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "./payments-harness";

/** The payments harness plus what staff-operation tests need: an open-price service and invoices by method. */
export interface StaffOperationsHarness extends PaymentsHarness {
  /** A customer's pending bank-transfer invoice for one open-price item of `naira` (+ the ₦100 fee). */
  bankTransferInvoice(naira: string, email?: string): Promise<{ reference: string; total: string }>;
  /** A bank-transfer invoice confirmed by an agent: completed, settled in the ledger. */
  completedInvoice(naira: string, email?: string): Promise<{ reference: string; total: string }>;
  /** A pending guest Remita invoice. */
  remitaInvoice(): Promise<{ reference: string }>;
  /** The ledger postings of an invoice's entries of one kind, by account code. */
  postings(reference: string, kind: string): Promise<Record<string, number>>;
  /** Audit log rows for a target, oldest first. */
  auditFor(
    targetId: string | number,
  ): Promise<Array<{ action: string; actor_id: number; summary: string; details: Record<string, unknown> }>>;
}

let transfers = 0;

export async function createStaffOperationsHarness(overrides: Record<string, string> = {}): Promise<StaffOperationsHarness> {
  const h = await createPaymentsHarness(overrides);
  const all = await h.catalogue();
  const openPrice: ServiceRecord = all.find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
  const customer = await buildUser(h.t);
  const agent = await buildUser(h.t, { role: "AGENT" });

  const bankTransferInvoice = async (naira: string, email = "payer@example.ng") => {
    const res = await call(
      h.t,
      "POST",
      "/express/checkout/",
      guestCheckout([itemFor(openPrice, 1, naira)], "bank_transfer", { email }),
      customer.token,
    );
    if (res.status !== 201) throw new Error(`bank transfer checkout answered ${res.status}: ${res.text}`);
    const total = (Number(naira) + 100).toFixed(2);
    return { reference: String(res.json.reference), total };
  };

  return {
    ...h,
    bankTransferInvoice,
    async completedInvoice(naira, email) {
      const invoice = await bankTransferInvoice(naira, email);
      transfers += 1;
      const res = await call(
        h.t,
        "POST",
        `/api/staff/invoices/${invoice.reference}/confirm-transfer/`,
        { amount_received: invoice.total, transfer_reference: `FBN-SETUP-${transfers}-${invoice.reference}` },
        agent.token,
      );
      if (res.status !== 200) throw new Error(`confirm-transfer answered ${res.status}: ${res.text}`);
      return invoice;
    },
    async remitaInvoice() {
      const res = await call(h.t, "POST", "/express/checkout/", guestCheckout([itemFor(openPrice, 1, "700.00")], "remita"));
      if (res.status !== 201) throw new Error(`remita checkout answered ${res.status}: ${res.text}`);
      return { reference: String(res.json.reference) };
    },
    async postings(reference, kind) {
      const { rows } = await h.t.db.query<{ code: string; amount: number }>(
        `SELECT a.code, sum(p.amount_kobo)::bigint AS amount FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
         JOIN journal_entries e ON e.id = p.entry_id JOIN invoices i ON i.id = e.invoice_id
         WHERE i.reference = $1 AND e.kind = $2 GROUP BY a.code`,
        [reference, kind],
      );
      return Object.fromEntries(rows.map((row) => [row.code, row.amount]));
    },
    async auditFor(targetId) {
      const { rows } = await h.t.db.query<{
        action: string;
        actor_id: number;
        summary: string;
        details: Record<string, unknown>;
      }>(`SELECT action, actor_id, summary, details FROM audit_log WHERE target_id = $1 ORDER BY id`, [String(targetId)]);
      return rows;
    },
  };
}
