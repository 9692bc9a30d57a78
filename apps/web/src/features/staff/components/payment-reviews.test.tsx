import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dashboardWith, firstRowCells, openDialog } from "../../../test/staff-queues";

const QUEUE = "GET /api/staff/payment-reviews/";
const SETTLE = "POST /api/staff/payment-reviews/HSP-SHORT-1/settle/";
const REFUND = "POST /api/staff/invoices/HSP-SHORT-1/refund/";

function shortPayment(overrides: Record<string, unknown> = {}) {
  return {
    reference: "HSP-SHORT-1",
    customer_name: "Bisi Okafor",
    customer_email: "bisi@example.com",
    payment_method: "remita",
    amount_due: "15100.00",
    amount_received: "14000.00",
    received_at: "2025-03-12T10:04:00Z",
    refund: null,
    ...overrides,
  };
}

const openDashboard = dashboardWith({ [QUEUE]: { body: { count: 1, results: [shortPayment()] } } });

const queue = () => screen.getByRole("region", { name: "Payments needing review" });

describe("payments needing review on the admin dashboards", () => {
  it.each(["ADMIN", "SUPERADMIN"])("lists each payment paid short with the amounts due and received (%s)", async (role) => {
    const { api } = openDashboard(role);
    const cells = await firstRowCells("Payments paid short, needing review");
    expect(cells.slice(0, 6)).toEqual([
      "HSP-SHORT-1",
      "Bisi Okaforbisi@example.com",
      "Remita",
      "₦15,100.00",
      "₦14,000.00",
      "12 Mar 2025, 11:04 WAT",
    ]);
    expect(within(queue()).getByText("1 paid short")).toBeInTheDocument();
    expect(api.callsTo(QUEUE)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
  });

  it("shows a loading message, then the empty state", async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    openDashboard("ADMIN", {
      [QUEUE]: async () => {
        await answered;
        return { body: { count: 0, results: [] } };
      },
    });
    expect(await screen.findByText("Loading payments that need review…")).toBeInTheDocument();
    release();
    expect(await within(queue()).findByText("No payments need review.")).toBeInTheDocument();
  });

  it("shows the error and tries again", async () => {
    let fail = true;
    const { app } = openDashboard("ADMIN", {
      [QUEUE]: () =>
        fail ? { status: 403, body: { detail: "You do not have permission." } } : { body: { count: 0, results: [] } },
    });
    const region = await screen.findByRole("region", { name: "Payments needing review" });
    expect(await within(region).findByText("Error: You do not have permission.")).toBeInTheDocument();
    fail = false;
    await app.user.click(within(queue()).getByRole("button", { name: "Try again" }));
    expect(await within(queue()).findByText("No payments need review.")).toBeInTheDocument();
  });

  it("is not on the agent dashboard", async () => {
    const { api } = openDashboard("AGENT");
    expect(await screen.findByRole("heading", { level: 1, name: "Agent Transactions Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Payments needing review" })).not.toBeInTheDocument();
    expect(api.callsTo(QUEUE)).toHaveLength(0);
  });

  it("settles with the balance typed (nothing prefilled), shows a field error from the server, then the outcome", async () => {
    let settled = false;
    const { api, app } = openDashboard("ADMIN", {
      [QUEUE]: () => ({ body: settled ? { count: 0, results: [] } : { count: 1, results: [shortPayment()] } }),
      [SETTLE]: ({ body }) => {
        if ((body as { balance_received: string }).balance_received !== "1100.00") {
          return {
            status: 400,
            body: {
              detail: "Invalid input.",
              balance_received: ["With the ₦14,000.00 received, this is still less than the amount due (₦15,100.00)."],
            },
          };
        }
        settled = true;
        return { body: { detail: "Payment settled.", invoice: { reference: "HSP-SHORT-1", status: "completed" } } };
      },
    });
    const dialog = await openDialog(app, "Settle payment HSP-SHORT-1", "Settle payment");
    expect(within(dialog).getByText("₦1,100.00")).toBeInTheDocument();
    const balance = within(dialog).getByLabelText("Balance received");
    expect(balance).toHaveValue("");
    await app.user.type(balance, "1,000");
    await app.user.type(within(dialog).getByLabelText("Bank transfer reference"), "FBN-778812");
    await app.user.click(within(dialog).getByRole("button", { name: "Settle payment" }));
    await waitFor(() => expect(balance).toHaveAccessibleDescription(/still less than the amount due/));
    expect(api.callsTo(SETTLE)[0]?.body).toEqual({ balance_received: "1000.00", transfer_reference: "FBN-778812" });

    await app.user.clear(balance);
    await app.user.type(balance, "1100");
    await app.user.click(within(dialog).getByRole("button", { name: "Settle payment" }));
    expect(await screen.findByText("Payment settled.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await within(queue()).findByText("No payments need review.")).toBeInTheDocument();
  });

  it("refunds the amount received through the refund endpoint with a reason", async () => {
    const { api, app } = openDashboard("ADMIN", {
      [REFUND]: {
        status: 202,
        body: { detail: "Refund awaiting super admin approval.", refund: { status: "awaiting_approval" } },
      },
    });
    const dialog = await openDialog(app, "Refund payment HSP-SHORT-1", "Refund amount received");
    await app.user.type(within(dialog).getByLabelText("Reason"), "Payer asked for the money back.");
    await app.user.click(within(dialog).getByRole("button", { name: "Refund ₦14,000.00" }));
    expect(await screen.findByText("Refund awaiting super admin approval.")).toBeInTheDocument();
    expect(api.callsTo(REFUND)[0]?.body).toEqual({ reason: "Payer asked for the money back." });
  });

  it("offers no action on a payment whose refund awaits approval", async () => {
    openDashboard("ADMIN", {
      [QUEUE]: { body: { count: 1, results: [shortPayment({ refund: { id: 4, status: "awaiting_approval" } })] } },
    });
    const region = await screen.findByRole("region", { name: "Payments needing review" });
    expect(await within(region).findByText("Refund awaiting approval")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Settle payment HSP-SHORT-1" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Refund payment HSP-SHORT-1" })).not.toBeInTheDocument();
  });
});
