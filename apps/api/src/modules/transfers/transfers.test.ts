import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call } from "../../test/test-app";
import { createStaffOperationsHarness, type StaffOperationsHarness } from "../../test/staff-operations-harness";
import { checkLedger, ledgerIsSound } from "../ledger/ledger.check";

let h: StaffOperationsHarness;
let agent: Awaited<ReturnType<typeof buildUser>>;
let admin: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  h = await createStaffOperationsHarness();
  agent = await buildUser(h.t, { role: "AGENT" });
  admin = await buildUser(h.t, { role: "ADMIN" });
});
afterAll(async () => {
  await h?.close();
});

const confirmUrl = (reference: string) => `/api/staff/invoices/${reference}/confirm-transfer/`;
const statusOf = async (reference: string) =>
  (await h.t.db.query<{ status: string }>("SELECT status FROM invoices WHERE reference = $1", [reference])).rows[0]!.status;

describe("POST /api/staff/invoices/{reference}/confirm-transfer/", () => {
  it("settles a pending bank transfer once: completed, a clearing:bank_transfer entry, a receipt and an audit entry", async () => {
    const invoice = await h.bankTransferInvoice("2500.00", "transfer.payer@example.ng");
    expect(await statusOf(invoice.reference)).toBe("pending");
    const res = await call(
      h.t,
      "POST",
      confirmUrl(invoice.reference),
      { amount_received: "2600.00", transfer_reference: "FBN/2026/118822" },
      agent.token,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      detail: "Transfer confirmed.",
      confirmed: true,
      invoice: { reference: invoice.reference, status: "completed", payment_method: "bank_transfer", total_amount: "2600.00" },
    });
    expect(await h.postings(invoice.reference, "settlement")).toEqual({
      "clearing:bank_transfer": 260_000,
      "revenue:hospital": -250_000,
      "income:fees": -10_000,
    });
    const receipts = (await h.t.mailbox()).filter((m) => m.to === "transfer.payer@example.ng");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(invoice.reference);
    const audit = await h.auditFor(invoice.reference);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "transfer.confirmed",
        actor_id: agent.id,
        details: { transfer_reference: "FBN/2026/118822", amount_received: "2600.00", amount_due: "2600.00" },
      }),
    ]);
    // The staff dashboards show it completed.
    const listed = await call(
      h.t,
      "GET",
      "/invoices/invoices/filter/?status=completed&method=bank_transfer",
      undefined,
      admin.token,
    );
    expect((listed.json.results as Array<{ reference: string }>).map((r) => r.reference)).toContain(invoice.reference);
  });

  it("confirms once under 20 concurrent duplicates from agents and admins", async () => {
    const invoice = await h.bankTransferInvoice("1000.00", "race.payer@example.ng");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          h.t,
          "POST",
          confirmUrl(invoice.reference),
          { amount_received: "1100.00", transfer_reference: "GTB-RACE-1" },
          i % 2 ? agent.token : admin.token,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json.confirmed === true)).toHaveLength(1);
    expect(answers.filter((a) => a.json.detail === "This transfer was already confirmed.")).toHaveLength(19);
    const entries = await h.t.db.query(
      "SELECT e.id FROM journal_entries e JOIN invoices i ON i.id = e.invoice_id WHERE i.reference = $1",
      [invoice.reference],
    );
    expect(entries.rows).toHaveLength(1);
    expect(await h.auditFor(invoice.reference)).toHaveLength(1);
    expect((await h.t.mailbox()).filter((m) => m.to === "race.payer@example.ng")).toHaveLength(1);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("posts an overpayment to liability:overpayments", async () => {
    const invoice = await h.bankTransferInvoice("400.00");
    const res = await call(
      h.t,
      "POST",
      confirmUrl(invoice.reference),
      { amount_received: "600.00", transfer_reference: "UBA-OVER-1" },
      agent.token,
    );
    expect(res.status).toBe(200);
    expect(await h.postings(invoice.reference, "settlement")).toEqual({
      "clearing:bank_transfer": 60_000,
      "liability:overpayments": -10_000,
      "revenue:hospital": -40_000,
      "income:fees": -10_000,
    });
    expect((await h.auditFor(invoice.reference))[0]!.details).toMatchObject({ overpaid: "100.00" });
  });

  it("refuses a short amount with a field error and changes nothing", async () => {
    const invoice = await h.bankTransferInvoice("3000.00");
    const res = await call(
      h.t,
      "POST",
      confirmUrl(invoice.reference),
      { amount_received: "3099.99", transfer_reference: "ZEN-SHORT-1" },
      agent.token,
    );
    expect(res.status).toBe(400);
    expect(res.json.amount_received).toEqual(["The amount received is less than the amount due (₦3,100.00)."]);
    expect(await statusOf(invoice.reference)).toBe("pending");
    expect(await h.postings(invoice.reference, "settlement")).toEqual({});
    expect(await h.auditFor(invoice.reference)).toEqual([]);
    const rows = await h.t.db.query("SELECT 1 FROM transfer_confirmations WHERE transfer_reference = 'ZEN-SHORT-1'");
    expect(rows.rows).toEqual([]);
  });

  it("lets one bank reference pay one invoice only, even when two are confirmed at the same moment", async () => {
    const first = await h.bankTransferInvoice("800.00");
    const second = await h.bankTransferInvoice("800.00");
    const [a, b] = await Promise.all(
      [first, second].map((invoice) =>
        call(
          h.t,
          "POST",
          confirmUrl(invoice.reference),
          { amount_received: "900.00", transfer_reference: "ACC-SAME-7" },
          agent.token,
        ),
      ),
    );
    const statuses = [a!.status, b!.status].sort();
    expect(statuses).toEqual([200, 400]);
    const refused = a!.status === 400 ? a! : b!;
    const winner = a!.status === 200 ? first : second;
    expect(refused.json.transfer_reference).toEqual([
      `This bank transfer reference was already used to confirm ${winner.reference}.`,
    ]);
    expect([await statusOf(first.reference), await statusOf(second.reference)].sort()).toEqual(["completed", "pending"]);
  });

  it("answers 404, 409 and 400 clearly for what cannot be confirmed", async () => {
    expect(
      (await call(h.t, "POST", confirmUrl("HSP-NOPE"), { amount_received: "1.00", transfer_reference: "X-1" }, agent.token)).json,
    ).toMatchObject({
      detail: "Invoice not found.",
    });
    const remita = await h.remitaInvoice();
    const notTransfer = await call(
      h.t,
      "POST",
      confirmUrl(remita.reference),
      { amount_received: "800.00", transfer_reference: "X-2" },
      agent.token,
    );
    expect(notTransfer.status).toBe(409);
    expect(notTransfer.json.detail).toBe("Only bank transfer payments are confirmed by staff.");
    const refunded = await h.completedInvoice("500.00");
    await call(h.t, "POST", `/api/staff/invoices/${refunded.reference}/refund/`, { reason: "Duplicate payment" }, admin.token);
    const late = await call(
      h.t,
      "POST",
      confirmUrl(refunded.reference),
      { amount_received: "600.00", transfer_reference: "X-3" },
      agent.token,
    );
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({
      confirmed: false,
      detail: "This transfer was already confirmed.",
      invoice: { status: "refunded" },
    });
    for (const amount of ["0", "-5.00", "12.345", "abc"]) {
      const bad = await call(
        h.t,
        "POST",
        confirmUrl(refunded.reference),
        { amount_received: amount, transfer_reference: "X-4" },
        agent.token,
      );
      expect(bad.status).toBe(400);
      expect(bad.json.amount_received).toBeDefined();
    }
  });

  it("is for staff: a customer gets 403 and an anonymous caller 401", async () => {
    const invoice = await h.bankTransferInvoice("100.00");
    const customer = await buildUser(h.t);
    const body = { amount_received: "200.00", transfer_reference: "X-5" };
    expect((await call(h.t, "POST", confirmUrl(invoice.reference), body, customer.token)).status).toBe(403);
    expect((await call(h.t, "POST", confirmUrl(invoice.reference), body)).status).toBe(401);
    expect(await statusOf(invoice.reference)).toBe("pending");
  });
});
