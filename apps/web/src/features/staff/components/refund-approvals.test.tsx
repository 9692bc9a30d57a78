import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

vi.mock("react-chartjs-2", () => ({ Bar: () => <canvas data-testid="revenue-chart" /> }));

const PROFILE = "GET /auth/profile/";
const REFUNDS = "GET /api/staff/refunds/";
const APPROVE = "POST /api/staff/refunds/9/approve/";
const REJECT = "POST /api/staff/refunds/9/reject/";

type Routes = Parameters<typeof mockApi>[0];

function refund(overrides: Record<string, unknown> = {}) {
  return {
    id: 9,
    invoice_reference: "INV-3",
    amount: "250000.00",
    reason: "Surgery cancelled by the hospital.",
    status: "awaiting_approval",
    destination: "original_method",
    payment_method: "bank_transfer",
    customer_name: "Ada Obi",
    customer_email: "ada@example.com",
    requested_by: { id: 3, name: "Tolu Ade", email: "tolu@hospipay.ng" },
    decided_by: null,
    decision_note: null,
    created_at: "2025-03-12T10:04:00Z",
    decided_at: null,
    ...overrides,
  };
}

function openDashboard(role: string, routes: Routes = {}) {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    "GET /invoices/invoices/filter/": { body: { count: 0, next: null, results: [] } },
    "GET /api/staff/kyc/": { body: { results: [] } },
    [REFUNDS]: { body: { count: 1, results: [refund()] } },
    ...routes,
  });
  return { api, app: renderApp(role === "SUPERADMIN" ? "/superdashboard" : "/admindashboard") };
}

function approvals() {
  return screen.getByRole("region", { name: "Refund approvals" });
}

describe("refund approvals on /superdashboard", () => {
  it("lists refunds awaiting approval", async () => {
    const { api } = openDashboard("SUPERADMIN");
    const table = await screen.findByRole("table", { name: "Refunds awaiting approval" });
    const cells = within(within(table).getAllByRole("row")[1] as HTMLElement)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      "INV-3",
      "Ada Obiada@example.com",
      "₦250,000.00",
      "Surgery cancelled by the hospital.",
      "Tolu Adetolu@hospipay.ng",
      "12 Mar 2025, 11:04 WAT",
    ]);
    expect(api.callsTo(REFUNDS)[0]?.url.searchParams.get("status")).toBe("awaiting_approval");
    expect(api.callsTo(REFUNDS)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
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
    await app.user.click(await screen.findByRole("button", { name: "Approve refund INV-3" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve refund" });
    await app.user.click(within(dialog).getByRole("button", { name: "Approve refund" }));
    expect(await screen.findByText("Refund approved and completed.")).toBeInTheDocument();
    expect(api.callsTo(APPROVE)[0]?.body).toEqual({});
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await within(approvals()).findByText("No refunds awaiting approval.")).toBeInTheDocument();
  });

  it("sends an approval's note when one is written", async () => {
    const { api, app } = openDashboard("SUPERADMIN", { [APPROVE]: { body: { detail: "Refund approved." } } });
    await app.user.click(await screen.findByRole("button", { name: "Approve refund INV-3" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve refund" });
    await app.user.type(within(dialog).getByLabelText("Note (optional)"), "  Checked with theatre.  ");
    await app.user.click(within(dialog).getByRole("button", { name: "Approve refund" }));
    await waitFor(() => expect(api.callsTo(APPROVE)[0]?.body).toEqual({ note: "Checked with theatre." }));
  });

  it("needs a note to reject, then sends it", async () => {
    const { api, app } = openDashboard("SUPERADMIN", { [REJECT]: { body: { detail: "Refund rejected." } } });
    await app.user.click(await screen.findByRole("button", { name: "Reject refund INV-3" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject refund" });
    await app.user.click(within(dialog).getByRole("button", { name: "Reject refund" }));
    expect(within(dialog).getByLabelText("Reason for rejection")).toHaveAccessibleDescription(
      /Please give a reason for the rejection\./,
    );
    expect(api.callsTo(REJECT)).toHaveLength(0);
    await app.user.type(within(dialog).getByLabelText("Reason for rejection"), "The operation took place.");
    await app.user.click(within(dialog).getByRole("button", { name: "Reject refund" }));
    expect(await screen.findByText("Refund rejected.")).toBeInTheDocument();
    expect(api.callsTo(REJECT)[0]?.body).toEqual({ note: "The operation took place." });
  });

  it("shows a 409's detail in the dialog", async () => {
    const { app } = openDashboard("SUPERADMIN", {
      [APPROVE]: { status: 409, body: { detail: "This refund has already been decided." } },
    });
    await app.user.click(await screen.findByRole("button", { name: "Approve refund INV-3" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve refund" });
    await app.user.click(within(dialog).getByRole("button", { name: "Approve refund" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This refund has already been decided.");
  });

  it("shows the empty state", async () => {
    openDashboard("SUPERADMIN", { [REFUNDS]: { body: { count: 0, results: [] } } });
    expect(await screen.findByText("No refunds awaiting approval.")).toBeInTheDocument();
  });

  it("shows 'Error: …' with the server's message when the queue fails", async () => {
    openDashboard("SUPERADMIN", {
      [REFUNDS]: { status: 403, body: { detail: "You do not have permission to perform this action." } },
    });
    expect(await screen.findByText("Error: You do not have permission to perform this action.")).toHaveClass("text-red-700");
    expect(within(approvals()).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("is not on the admin dashboard", async () => {
    const { api } = openDashboard("ADMIN");
    expect(await screen.findByRole("heading", { name: "KYC reviews" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Refund approvals" })).not.toBeInTheDocument();
    expect(api.callsTo(REFUNDS)).toHaveLength(0);
  });
});
