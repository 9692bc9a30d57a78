import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import * as kit from "../../../test/staff-queues";

const QUEUE = "GET /api/staff/transfer-confirmations/";
const APPROVE = "POST /api/staff/transfer-confirmations/4/approve/";
const REJECT = "POST /api/staff/transfer-confirmations/4/reject/";

function confirmation(overrides: Record<string, unknown> = {}) {
  return {
    id: 4,
    invoice_reference: "INV-1",
    transfer_reference: "NIP/000987",
    amount_due: "60100.00",
    amount_received: "6010000.00",
    excess: "5949900.00",
    status: "awaiting_approval",
    confirmed_by: { id: 3, name: "Tolu Ade", email: "tolu@hospipay.ng" },
    ...kit.UNDECIDED,
    ...overrides,
  };
}

const openDashboard = kit.dashboardWith({ [QUEUE]: { body: { count: 1, results: [confirmation()] } } });

const queue = () => screen.getByRole("region", { name: "Transfer approvals" });

describe("transfer approvals on the admin dashboards", () => {
  it.each(["ADMIN", "SUPERADMIN"])("lists an agent's confirmations awaiting approval for a %s", async (role) => {
    const { api } = openDashboard(role);
    const cells = await kit.firstRowCells("Transfer confirmations awaiting approval");
    expect(cells.slice(0, 7)).toEqual([
      "INV-1",
      "Ada Obiada@example.com",
      "₦60,100.00",
      "₦6,010,000.00",
      "₦5,949,900.00",
      "NIP/000987",
      "Tolu Ade12 Mar 2025, 11:04 WAT",
    ]);
    const table = screen.getByRole("table", { name: "Transfer confirmations awaiting approval" });
    expect(within(table).getByText("Tolu Ade")).toHaveAttribute("title", "tolu@hospipay.ng");
    kit.expectAwaitingApprovalAsked(api, QUEUE);
  });

  it("approves, toasts the server's detail and refreshes the queue and the invoices", async () => {
    let answered = false;
    const { api, app } = openDashboard("ADMIN", {
      [QUEUE]: () => ({ body: answered ? { count: 0, results: [] } : { count: 1, results: [confirmation()] } }),
      [APPROVE]: () => {
        answered = true;
        return { body: { detail: "Transfer approved and settled.", confirmation: confirmation({ status: "settled" }) } };
      },
    });
    const dialog = await kit.openDialog(app, "Approve transfer INV-1", "Approve transfer");
    expect(within(dialog).getByText("₦6,010,000.00")).toBeInTheDocument();
    const invoices = api.callsTo("GET /invoices/invoices/filter/").length;
    await app.user.click(within(dialog).getByRole("button", { name: "Approve transfer" }));
    expect(await screen.findByText("Transfer approved and settled.")).toBeInTheDocument();
    expect(api.callsTo(APPROVE)[0]?.body).toEqual({});
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await within(queue()).findByText("No transfer confirmations awaiting approval.")).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo("GET /invoices/invoices/filter/").length).toBeGreaterThan(invoices));
  });

  it("needs a reason to reject, then sends it", async () => {
    const { api, app } = openDashboard("SUPERADMIN", { [REJECT]: { body: { detail: "Transfer confirmation rejected." } } });
    await kit.expectRejectionNeedsReason(app, api, {
      button: "Reject transfer INV-1",
      dialog: "Reject transfer",
      route: REJECT,
      note: "Two zeros too many.",
      toast: "Transfer confirmation rejected.",
    });
  });

  it("shows a 409's detail in the dialog", async () => {
    const { app } = openDashboard("ADMIN", {
      [APPROVE]: { status: 409, body: { detail: "This transfer confirmation was already approved." } },
    });
    await kit.expectConflictInDialog(
      app,
      "Approve transfer INV-1",
      "Approve transfer",
      "This transfer confirmation was already approved.",
    );
  });

  it("shows the empty state and the error state", async () => {
    const { app } = openDashboard("ADMIN", { [QUEUE]: { body: { count: 0, results: [] } } });
    expect(await screen.findByText("No transfer confirmations awaiting approval.")).toBeInTheDocument();
    app.unmount();
    openDashboard("ADMIN", { [QUEUE]: { status: 403, body: { detail: "You do not have permission to perform this action." } } });
    await screen.findByRole("heading", { name: "Transfer approvals" });
    await kit.expectQueueFailure("Transfer approvals", "You do not have permission to perform this action.");
  });

  it("is not on the agent dashboard", async () => {
    const { api } = openDashboard("AGENT");
    await kit.expectQueueAbsent(api, { name: "Transactions" }, { heading: "Transfer approvals", route: QUEUE });
  });
});
