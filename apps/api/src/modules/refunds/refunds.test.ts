import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call } from "../../test/test-app";
import { createStaffOperationsHarness, type StaffOperationsHarness } from "../../test/staff-operations-harness";
import { checkLedger, ledgerIsSound } from "../ledger";

let h: StaffOperationsHarness;
let admin: Awaited<ReturnType<typeof buildUser>>;
let superAdmin: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  // Refunds above ₦1,000 by an ADMIN wait for a super admin.
  h = await createStaffOperationsHarness({ REFUND_APPROVAL_THRESHOLD_NAIRA: "1000" });
  admin = await buildUser(h.t, { role: "ADMIN" });
  superAdmin = await buildUser(h.t, { role: "SUPERADMIN" });
});
afterAll(async () => {
  await h?.close();
});

const refundUrl = (reference: string) => `/api/staff/invoices/${reference}/refund/`;
const statusOf = async (reference: string) =>
  (await h.t.db.query<{ status: string }>("SELECT status FROM invoices WHERE reference = $1", [reference])).rows[0]!.status;
const refundMails = async (to: string) => (await h.t.mailbox()).filter((m) => m.to === to && /refunded/.test(m.subject));

describe("GET /api/staff/invoices/{reference}/refund/: what a refund would do, before it is asked", () => {
  it("says an admin's refund above the threshold needs a super admin's approval, a super admin's does not, and refunds nothing", async () => {
    const invoice = await h.completedInvoice("1500.00", "preview.me@example.ng");
    const adminPreview = await call(h.t, "GET", refundUrl(invoice.reference), undefined, admin.token);
    expect(adminPreview.status).toBe(200);
    expect(adminPreview.json).toEqual({ amount: "1600.00", items_given: false, needs_approval: true });
    const superPreview = await call(h.t, "GET", refundUrl(invoice.reference), undefined, superAdmin.token);
    expect(superPreview.json).toEqual({ amount: "1600.00", items_given: false, needs_approval: false });
    expect(await statusOf(invoice.reference)).toBe("completed");
    const small = await h.completedInvoice("800.00", "preview.small@example.ng");
    expect((await call(h.t, "GET", refundUrl(small.reference), undefined, admin.token)).json).toMatchObject({
      needs_approval: false,
    });
  });
});

describe("POST /api/staff/invoices/{reference}/refund/", () => {
  it("refunds a completed payment up to the threshold at once: a reversing entry, status refunded, an e-mail, an audit entry", async () => {
    const invoice = await h.completedInvoice("800.00", "refund.me@example.ng");
    const res = await call(h.t, "POST", refundUrl(invoice.reference), { reason: "Service not rendered" }, admin.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      detail: "Refund completed.",
      refund: {
        invoice_reference: invoice.reference,
        amount: "900.00",
        reason: "Service not rendered",
        status: "completed",
        destination: "original_method",
        payment_method: "bank_transfer",
        requested_by: { id: admin.id, email: admin.email },
        decided_by: { id: admin.id },
      },
      invoice: { reference: invoice.reference, status: "refunded" },
    });
    expect(await statusOf(invoice.reference)).toBe("refunded");
    expect(await h.postings(invoice.reference, "refund")).toEqual({
      "revenue:hospital": 80_000,
      "income:fees": 10_000,
      "clearing:bank_transfer": -90_000,
    });
    const mails = await refundMails("refund.me@example.ng");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Reason: Service not rendered");
    expect(mails[0]!.text).toContain("₦900.00");
    const refundId = (res.json.refund as { id: number }).id;
    expect(await h.auditFor(refundId)).toEqual([expect.objectContaining({ action: "refund.completed", actor_id: admin.id })]);
    // Refunded payments show as such on the dashboards.
    const listed = await call(h.t, "GET", "/invoices/invoices/filter/?status=refunded", undefined, admin.token);
    expect((listed.json.results as Array<{ reference: string }>).map((r) => r.reference)).toContain(invoice.reference);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("refunds once under 20 concurrent duplicate requests; every answer names the same refund", async () => {
    const invoice = await h.completedInvoice("500.00", "race.refund@example.ng");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(h.t, "POST", refundUrl(invoice.reference), { reason: `Double click ${i}` }, i % 2 ? admin.token : superAdmin.token),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => (a.json.refund as { id: number }).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.json.detail === "Refund completed.")).toHaveLength(1);
    const refunds = await h.t.db.query(
      "SELECT r.id FROM refunds r JOIN invoices i ON i.id = r.invoice_id WHERE i.reference = $1",
      [invoice.reference],
    );
    expect(refunds.rows).toHaveLength(1);
    expect(await h.postings(invoice.reference, "refund")).toEqual({
      "revenue:hospital": 50_000,
      "income:fees": 10_000,
      "clearing:bank_transfer": -60_000,
    });
    expect(await refundMails("race.refund@example.ng")).toHaveLength(1);
    expect(await h.auditFor([...ids][0]!)).toHaveLength(1);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("holds an ADMIN's refund above the threshold for a super admin, who approves it once", async () => {
    const invoice = await h.completedInvoice("5000.00", "big.refund@example.ng");
    const asked = await call(h.t, "POST", refundUrl(invoice.reference), { reason: "Procedure cancelled" }, admin.token);
    expect(asked.status).toBe(202);
    expect(asked.json).toMatchObject({
      detail: "Refund awaiting super admin approval.",
      refund: { status: "awaiting_approval", amount: "5100.00", decided_by: null },
    });
    const id = (asked.json.refund as { id: number }).id;
    expect(await statusOf(invoice.reference)).toBe("completed");
    expect(await h.postings(invoice.reference, "refund")).toEqual({});
    const queue = await call(h.t, "GET", "/api/staff/refunds/?status=awaiting_approval", undefined, superAdmin.token);
    expect((queue.json.results as Array<{ id: number }>).map((r) => r.id)).toContain(id);

    // An admin cannot approve, even their own request.
    expect((await call(h.t, "POST", `/api/staff/refunds/${id}/approve/`, {}, admin.token)).status).toBe(403);

    const approvals = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(h.t, "POST", `/api/staff/refunds/${id}/approve/`, { note: "Checked with the ward" }, superAdmin.token),
      ),
    );
    expect(approvals.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(approvals.filter((a) => a.json.detail === "Refund approved and completed.")).toHaveLength(1);
    expect(approvals.filter((a) => a.json.detail === "This refund was already approved.")).toHaveLength(9);
    expect(approvals[0]!.json.refund).toMatchObject({
      status: "completed",
      decided_by: { id: superAdmin.id },
      decision_note: "Checked with the ward",
    });
    expect(await statusOf(invoice.reference)).toBe("refunded");
    expect(await h.postings(invoice.reference, "refund")).toEqual({
      "revenue:hospital": 500_000,
      "income:fees": 10_000,
      "clearing:bank_transfer": -510_000,
    });
    expect(await refundMails("big.refund@example.ng")).toHaveLength(1);
    expect((await h.auditFor(id)).map((a) => [a.action, a.actor_id])).toEqual([
      ["refund.requested", admin.id],
      ["refund.approved", superAdmin.id],
    ]);
    const reject = await call(h.t, "POST", `/api/staff/refunds/${id}/reject/`, { note: "Too late" }, superAdmin.token);
    expect(reject.status).toBe(409);
    expect(reject.json.detail).toBe("This refund was already completed and cannot be rejected.");
  });

  it("lets a super admin refund above the threshold directly", async () => {
    const invoice = await h.completedInvoice("4000.00");
    const res = await call(h.t, "POST", refundUrl(invoice.reference), { reason: "Billing error" }, superAdmin.token);
    expect(res.status).toBe(200);
    expect(res.json.refund).toMatchObject({ status: "completed", amount: "4100.00" });
  });

  it("a rejected request moves no money, and a new request may follow it", async () => {
    const invoice = await h.completedInvoice("2000.00");
    const asked = await call(h.t, "POST", refundUrl(invoice.reference), { reason: "Patient asked" }, admin.token);
    const id = (asked.json.refund as { id: number }).id;
    const missingNote = await call(h.t, "POST", `/api/staff/refunds/${id}/reject/`, {}, superAdmin.token);
    expect(missingNote.status).toBe(400);
    expect(missingNote.json.note).toEqual(["This field is required."]);
    const rejected = await call(
      h.t,
      "POST",
      `/api/staff/refunds/${id}/reject/`,
      { note: "Service was rendered" },
      superAdmin.token,
    );
    expect(rejected.json).toMatchObject({
      detail: "Refund rejected.",
      refund: { status: "rejected", decision_note: "Service was rendered" },
    });
    expect(await statusOf(invoice.reference)).toBe("completed");
    expect(await h.postings(invoice.reference, "refund")).toEqual({});
    const approve = await call(h.t, "POST", `/api/staff/refunds/${id}/approve/`, {}, superAdmin.token);
    expect(approve.status).toBe(409);
    expect(approve.json.detail).toBe("This refund was rejected and cannot be approved.");
    const again = await call(h.t, "POST", refundUrl(invoice.reference), { reason: "New evidence from the ward" }, admin.token);
    expect(again.status).toBe(202);
    expect((again.json.refund as { id: number }).id).not.toBe(id);
  });

  it("refuses what cannot be refunded, and bad reasons, with clear answers", async () => {
    const pending = await h.bankTransferInvoice("300.00");
    const notDone = await call(h.t, "POST", refundUrl(pending.reference), { reason: "Not paid yet" }, admin.token);
    expect(notDone.status).toBe(409);
    expect(notDone.json.detail).toBe("Only a completed payment can be refunded.");
    expect((await call(h.t, "POST", refundUrl("HSP-MISSING"), { reason: "Nothing here" }, admin.token)).json.detail).toBe(
      "Invoice not found.",
    );
    const short = await call(h.t, "POST", refundUrl(pending.reference), { reason: "no" }, admin.token);
    expect(short.status).toBe(400);
    expect(short.json.reason).toEqual(["Ensure this field has at least 5 characters."]);
    expect((await call(h.t, "POST", "/api/staff/refunds/999999/approve/", {}, superAdmin.token)).json.detail).toBe(
      "Refund not found.",
    );
    for (const note of [5, ["x"], "n".repeat(501)]) {
      const bad = await call(h.t, "POST", "/api/staff/refunds/999999/approve/", { note }, superAdmin.token);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json).filter((key) => key !== "detail" && key !== "code")).toEqual(["note"]);
    }
    expect((await call(h.t, "POST", "/api/staff/refunds/abc/approve/", {}, superAdmin.token)).status).toBe(400);
  });

  it("is for admins and super admins: an agent and a customer get 403, nobody signed in 401", async () => {
    const invoice = await h.completedInvoice("200.00");
    const agent = await buildUser(h.t, { role: "AGENT" });
    const customer = await buildUser(h.t);
    expect((await call(h.t, "POST", refundUrl(invoice.reference), { reason: "Agent tries" }, agent.token)).status).toBe(403);
    expect((await call(h.t, "POST", refundUrl(invoice.reference), { reason: "Customer tries" }, customer.token)).status).toBe(
      403,
    );
    expect((await call(h.t, "POST", refundUrl(invoice.reference), { reason: "Anonymous tries" })).status).toBe(401);
    expect((await call(h.t, "GET", "/api/staff/refunds/", undefined, agent.token)).status).toBe(403);
    expect(await statusOf(invoice.reference)).toBe("completed");
  });
});
