import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call } from "../../test/test-app";
import { createStaffOperationsHarness, type StaffOperationsHarness } from "../../test/staff-operations-harness";
import { checkLedger, ledgerIsSound } from "../ledger";

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
    // Two payers (the same payer's same cart would be one payment, answered again).
    const first = await h.bankTransferInvoice("800.00", "first.payer@example.ng");
    const second = await h.bankTransferInvoice("800.00", "second.payer@example.ng");
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

describe("a ceiling on the amount received, and an admin's approval for a large excess", () => {
  const listUrl = "/api/staff/transfer-confirmations/";
  const approveUrl = (id: number) => `/api/staff/transfer-confirmations/${id}/approve/`;
  const rejectUrl = (id: number) => `/api/staff/transfer-confirmations/${id}/reject/`;
  const entriesOf = async (reference: string) =>
    (
      await h.t.db.query("SELECT e.id FROM journal_entries e JOIN invoices i ON i.id = e.invoice_id WHERE i.reference = $1", [
        reference,
      ])
    ).rows.length;
  const mailTo = async (email: string) => (await h.t.mailbox()).filter((m) => m.to === email).length;

  it("refuses an amount above the largest payment (₦50,000,000.00) with a field error and writes nothing", async () => {
    const invoice = await h.bankTransferInvoice("60000.00", "ceiling.payer@example.ng");
    for (const amount of ["9999999999999.99", "50000000.01", 50_000_001]) {
      const res = await call(
        h.t,
        "POST",
        confirmUrl(invoice.reference),
        { amount_received: amount, transfer_reference: `CEIL-${amount}` },
        agent.token,
      );
      expect(res.status, String(amount)).toBe(400);
      expect(res.json.amount_received, String(amount)).toEqual(["The amount received cannot exceed ₦50,000,000.00."]);
    }
    // Even an admin, who needs nobody's approval, cannot confirm more than the ceiling.
    const byAdmin = await call(
      h.t,
      "POST",
      confirmUrl(invoice.reference),
      { amount_received: "9999999999999.99", transfer_reference: "CEIL-ADMIN" },
      admin.token,
    );
    expect(byAdmin.status).toBe(400);
    expect(await statusOf(invoice.reference)).toBe("pending");
    expect(await entriesOf(invoice.reference)).toBe(0);
    expect(await h.auditFor(invoice.reference)).toEqual([]);
    const rows = await h.t.db.query("SELECT 1 FROM transfer_confirmations WHERE transfer_reference LIKE 'CEIL-%'");
    expect(rows.rows).toEqual([]);
  });

  it("settles an agent's confirmation at once when the excess is within the tolerance (₦1,000 by default)", async () => {
    const invoice = await h.bankTransferInvoice("59000.00", "within.payer@example.ng");
    const res = await call(
      h.t,
      "POST",
      confirmUrl(invoice.reference),
      { amount_received: "60100.00", transfer_reference: "WITHIN-1" },
      agent.token,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      confirmed: true,
      confirmation: { status: "settled", amount_due: "59100.00", amount_received: "60100.00", excess: "1000.00" },
      invoice: { status: "completed" },
    });
    expect(await h.postings(invoice.reference, "settlement")).toMatchObject({
      "clearing:bank_transfer": 6_010_000,
      "liability:overpayments": -100_000,
    });
  });

  it("holds an agent's confirmation above the tolerance for approval: pending invoice, no ledger rows, no receipt", async () => {
    const invoice = await h.bankTransferInvoice("60000.00", "held.payer@example.ng");
    const body = { amount_received: "61100.01", transfer_reference: "HELD-1" };
    const res = await call(h.t, "POST", confirmUrl(invoice.reference), body, agent.token);
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({
      detail: "Transfer awaiting admin approval.",
      confirmed: false,
      confirmation: {
        invoice_reference: invoice.reference,
        transfer_reference: "HELD-1",
        status: "awaiting_approval",
        amount_due: "60100.00",
        amount_received: "61100.01",
        excess: "1000.01",
        confirmed_by: { id: agent.id },
        decided_by: null,
      },
      invoice: { status: "pending", paid_at: null },
    });
    expect(await statusOf(invoice.reference)).toBe("pending");
    expect(await entriesOf(invoice.reference)).toBe(0);
    expect(await mailTo("held.payer@example.ng")).toBe(0);
    expect(await h.auditFor(invoice.reference)).toEqual([
      expect.objectContaining({ action: "transfer.requested", actor_id: agent.id }),
    ]);
    // A repeat is answered with the confirmation that waits, not a second one.
    const again = await call(h.t, "POST", confirmUrl(invoice.reference), body, agent.token);
    expect(again.status).toBe(202);
    expect((again.json.confirmation as { id: number }).id).toBe((res.json.confirmation as { id: number }).id);
    // The queue staff see lists it.
    const listed = await call(h.t, "GET", `${listUrl}?status=awaiting_approval`, undefined, admin.token);
    expect(listed.status).toBe(200);
    expect((listed.json.results as Array<{ invoice_reference: string }>).map((r) => r.invoice_reference)).toContain(
      invoice.reference,
    );
  });

  it("settles once when an admin approves; approving again is a 409 and an agent cannot approve", async () => {
    const invoice = await h.bankTransferInvoice("60000.00", "approved.payer@example.ng");
    const held = await call(
      h.t,
      "POST",
      confirmUrl(invoice.reference),
      { amount_received: "70100.00", transfer_reference: "APPROVE-1" },
      agent.token,
    );
    expect(held.status).toBe(202);
    const id = (held.json.confirmation as { id: number }).id;
    const byAgent = await call(h.t, "POST", approveUrl(id), {}, agent.token);
    expect(byAgent.status).toBe(403);
    expect((await call(h.t, "POST", rejectUrl(id), { note: "No" }, agent.token)).status).toBe(403);
    expect(await statusOf(invoice.reference)).toBe("pending");

    const approvals = await Promise.all(
      [admin.token, admin.token, admin.token].map((token) =>
        call(h.t, "POST", approveUrl(id), { note: "Matches the statement" }, token),
      ),
    );
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const approved = approvals.find((a) => a.status === 200)!;
    expect(approved.json).toMatchObject({
      detail: "Transfer approved and settled.",
      confirmation: { status: "settled", decided_by: { id: admin.id }, decision_note: "Matches the statement" },
      invoice: { status: "completed" },
    });
    expect(approvals.find((a) => a.status === 409)!.json.detail).toBe("This transfer confirmation was already approved.");
    expect(await h.postings(invoice.reference, "settlement")).toEqual({
      "clearing:bank_transfer": 7_010_000,
      "liability:overpayments": -1_000_000,
      "revenue:hospital": -6_000_000,
      "income:fees": -10_000,
    });
    expect(await entriesOf(invoice.reference)).toBe(1);
    expect(await mailTo("approved.payer@example.ng")).toBe(1);
    expect((await h.auditFor(invoice.reference)).map((a) => a.action)).toEqual(["transfer.requested", "transfer.approved"]);
    expect((await call(h.t, "POST", approveUrl(id), {}, admin.token)).status).toBe(409);
    expect((await call(h.t, "POST", rejectUrl(id), { note: "Too late" }, admin.token)).status).toBe(409);
    expect(await entriesOf(invoice.reference)).toBe(1);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("settles nothing when rejected, and a correct confirmation may follow with the same bank reference", async () => {
    const invoice = await h.bankTransferInvoice("60000.00", "rejected.payer@example.ng");
    const held = await call(
      h.t,
      "POST",
      confirmUrl(invoice.reference),
      { amount_received: "601000.00", transfer_reference: "REJECT-1" },
      agent.token,
    );
    expect(held.status).toBe(202);
    const id = (held.json.confirmation as { id: number }).id;
    const noReason = await call(h.t, "POST", rejectUrl(id), {}, admin.token);
    expect(noReason.status).toBe(400);
    expect(noReason.json.note).toBeDefined();
    const rejected = await call(h.t, "POST", rejectUrl(id), { note: "A zero too many" }, admin.token);
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({
      detail: "Transfer confirmation rejected.",
      confirmation: { status: "rejected", decision_note: "A zero too many" },
      invoice: { status: "pending" },
    });
    expect(await statusOf(invoice.reference)).toBe("pending");
    expect(await entriesOf(invoice.reference)).toBe(0);
    expect(await mailTo("rejected.payer@example.ng")).toBe(0);
    expect((await call(h.t, "POST", approveUrl(id), {}, admin.token)).status).toBe(409);
    expect(await entriesOf(invoice.reference)).toBe(0);
    const corrected = await call(
      h.t,
      "POST",
      confirmUrl(invoice.reference),
      { amount_received: "60100.00", transfer_reference: "REJECT-1" },
      agent.token,
    );
    expect(corrected.status).toBe(200);
    expect(corrected.json).toMatchObject({ confirmed: true, invoice: { status: "completed" } });
    expect((await h.auditFor(invoice.reference)).map((a) => a.action)).toEqual([
      "transfer.requested",
      "transfer.rejected",
      "transfer.confirmed",
    ]);
  });

  it("lets an admin's own confirmation above the tolerance settle at once", async () => {
    const invoice = await h.bankTransferInvoice("60000.00");
    const res = await call(
      h.t,
      "POST",
      confirmUrl(invoice.reference),
      { amount_received: "65100.00", transfer_reference: "ADMIN-OVER-1" },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ confirmed: true, confirmation: { status: "settled", excess: "5000.00" } });
  });

  it("answers 404 for a confirmation that does not exist and keeps the list to staff", async () => {
    expect((await call(h.t, "POST", approveUrl(987_654_321), {}, admin.token)).status).toBe(404);
    const customer = await buildUser(h.t);
    expect((await call(h.t, "GET", listUrl, undefined, customer.token)).status).toBe(403);
    expect((await call(h.t, "GET", listUrl, undefined, agent.token)).status).toBe(200);
  });
});
