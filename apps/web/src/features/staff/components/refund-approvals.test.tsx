import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import * as kit from "../../../test/staff-queues";

const REFUNDS = "GET /api/staff/refunds/";
const APPROVE = "POST /api/staff/refunds/9/approve/";
const REJECT = "POST /api/staff/refunds/9/reject/";

function refund(overrides: Record<string, unknown> = {}) {
  return {
    id: 9,
    invoice_reference: "INV-3",
    amount: "250000.00",
    reason: "Surgery cancelled by the hospital.",
    status: "awaiting_approval",
    destination: "original_method",
    payment_method: "bank_transfer",
    requested_by: { id: 3, name: "Tolu Ade", email: "tolu@hospipay.ng" },
    ...kit.UNDECIDED,
    ...overrides,
  };
}

const openDashboard = kit.dashboardWith({ [REFUNDS]: { body: { count: 1, results: [refund()] } } });

const approvals = () => screen.getByRole("region", { name: "Refund approvals" });

describe("refund approvals on /superdashboard", () => {
  it("lists refunds awaiting approval", async () => {
    const { api } = openDashboard("SUPERADMIN");
    const cells = await kit.firstRowCells("Refunds awaiting approval");
    expect(cells.slice(0, 6)).toEqual([
      "INV-3",
      "Ada Obiada@example.com",
      "₦250,000.00",
      "Surgery cancelled by the hospital.",
      "Tolu Adetolu@hospipay.ng",
      "12 Mar 2025, 11:04 WAT",
    ]);
    kit.expectAwaitingApprovalAsked(api, REFUNDS);
  });

  it("approves, toasts the server's detail and refreshes the queue", async () => {
    let answered = false;
    const { api, app } = openDashboard("SUPERADMIN", {
      [REFUNDS]: () => ({ body: answered ? { count: 0, results: [] } : { count: 1, results: [refund()] } }),
      [APPROVE]: () => {
        answered = true;
        return { body: { detail: "Refund approved and completed.", refund: refund({ status: "completed" }) } };
      },
    });
    const dialog = await kit.openDialog(app, "Approve refund INV-3", "Approve refund");
    await app.user.click(within(dialog).getByRole("button", { name: "Approve refund" }));
    expect(await screen.findByText("Refund approved and completed.")).toBeInTheDocument();
    expect(api.callsTo(APPROVE)[0]?.body).toEqual({});
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await within(approvals()).findByText("No refunds awaiting approval.")).toBeInTheDocument();
  });

  it("sends an approval's note when one is written", async () => {
    const { api, app } = openDashboard("SUPERADMIN", { [APPROVE]: { body: { detail: "Refund approved." } } });
    const dialog = await kit.openDialog(app, "Approve refund INV-3", "Approve refund");
    await app.user.type(within(dialog).getByLabelText("Note (optional)"), "  Checked with theatre.  ");
    await app.user.click(within(dialog).getByRole("button", { name: "Approve refund" }));
    await waitFor(() => expect(api.callsTo(APPROVE)[0]?.body).toEqual({ note: "Checked with theatre." }));
  });

  it("needs a note to reject, then sends it", async () => {
    const { api, app } = openDashboard("SUPERADMIN", { [REJECT]: { body: { detail: "Refund rejected." } } });
    await kit.expectRejectionNeedsReason(app, api, {
      button: "Reject refund INV-3",
      dialog: "Reject refund",
      route: REJECT,
      note: "The operation took place.",
      toast: "Refund rejected.",
    });
  });

  it("shows a 409's detail in the dialog", async () => {
    const { app } = openDashboard("SUPERADMIN", {
      [APPROVE]: { status: 409, body: { detail: "This refund has already been decided." } },
    });
    await kit.expectConflictInDialog(app, "Approve refund INV-3", "Approve refund", "This refund has already been decided.");
  });

  it("shows the empty state", async () => {
    openDashboard("SUPERADMIN", { [REFUNDS]: { body: { count: 0, results: [] } } });
    expect(await screen.findByText("No refunds awaiting approval.")).toBeInTheDocument();
  });

  it("shows 'Error: …' with the server's message when the queue fails", async () => {
    openDashboard("SUPERADMIN", {
      [REFUNDS]: { status: 403, body: { detail: "You do not have permission to perform this action." } },
    });
    await kit.expectQueueFailure("Refund approvals", "You do not have permission to perform this action.");
  });

  it("is not on the admin dashboard", async () => {
    const { api } = openDashboard("ADMIN");
    await kit.expectQueueAbsent(api, { name: "KYC reviews" }, { heading: "Refund approvals", route: REFUNDS });
  });
});
