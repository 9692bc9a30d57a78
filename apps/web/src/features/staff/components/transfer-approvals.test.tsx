import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

vi.mock("react-chartjs-2", () => ({ Bar: () => <canvas data-testid="revenue-chart" /> }));

const PROFILE = "GET /auth/profile/";
const QUEUE = "GET /api/staff/transfer-confirmations/";
const APPROVE = "POST /api/staff/transfer-confirmations/4/approve/";
const REJECT = "POST /api/staff/transfer-confirmations/4/reject/";

type Routes = Parameters<typeof mockApi>[0];

function confirmation(overrides: Record<string, unknown> = {}) {
  return {
    id: 4,
    invoice_reference: "INV-1",
    transfer_reference: "NIP/000987",
    amount_due: "60100.00",
    amount_received: "6010000.00",
    excess: "5949900.00",
    status: "awaiting_approval",
    customer_name: "Ada Obi",
    customer_email: "ada@example.com",
    confirmed_by: { id: 3, name: "Tolu Ade", email: "tolu@hospipay.ng" },
    decided_by: null,
    decision_note: null,
    created_at: "2025-03-12T10:04:00Z",
    decided_at: null,
    ...overrides,
  };
}

const HOME: Record<string, string> = { AGENT: "/agentdashboard", ADMIN: "/admindashboard", SUPERADMIN: "/superdashboard" };

function openDashboard(role: string, routes: Routes = {}) {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    "GET /invoices/invoices/filter/": { body: { count: 0, next: null, results: [] } },
    "GET /api/staff/kyc/": { body: { results: [] } },
    "GET /api/staff/refunds/": { body: { count: 0, results: [] } },
    [QUEUE]: { body: { count: 1, results: [confirmation()] } },
    ...routes,
  });
  return { api, app: renderApp(HOME[role]!) };
}

const queue = () => screen.getByRole("region", { name: "Transfer approvals" });

describe("transfer approvals on the admin dashboards", () => {
  it.each(["ADMIN", "SUPERADMIN"])("lists an agent's confirmations awaiting approval for a %s", async (role) => {
    const { api } = openDashboard(role);
    const table = await screen.findByRole("table", { name: "Transfer confirmations awaiting approval" });
    const cells = within(within(table).getAllByRole("row")[1] as HTMLElement)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual([
      "INV-1",
      "Ada Obiada@example.com",
      "₦60,100.00",
      "₦6,010,000.00",
      "₦5,949,900.00",
      "NIP/000987",
      "Tolu Ade12 Mar 2025, 11:04 WAT",
    ]);
    expect(within(table).getByText("Tolu Ade")).toHaveAttribute("title", "tolu@hospipay.ng");
    expect(api.callsTo(QUEUE)[0]?.url.searchParams.get("status")).toBe("awaiting_approval");
    expect(api.callsTo(QUEUE)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
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
    await app.user.click(await screen.findByRole("button", { name: "Approve transfer INV-1" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve transfer" });
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
    await app.user.click(await screen.findByRole("button", { name: "Reject transfer INV-1" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject transfer" });
    await app.user.click(within(dialog).getByRole("button", { name: "Reject transfer" }));
    expect(within(dialog).getByLabelText("Reason for rejection")).toHaveAccessibleDescription(
      /Please give a reason for the rejection\./,
    );
    expect(api.callsTo(REJECT)).toHaveLength(0);
    await app.user.type(within(dialog).getByLabelText("Reason for rejection"), "Two zeros too many.");
    await app.user.click(within(dialog).getByRole("button", { name: "Reject transfer" }));
    expect(await screen.findByText("Transfer confirmation rejected.")).toBeInTheDocument();
    expect(api.callsTo(REJECT)[0]?.body).toEqual({ note: "Two zeros too many." });
  });

  it("shows a 409's detail in the dialog", async () => {
    const { app } = openDashboard("ADMIN", {
      [APPROVE]: { status: 409, body: { detail: "This transfer confirmation was already approved." } },
    });
    await app.user.click(await screen.findByRole("button", { name: "Approve transfer INV-1" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve transfer" });
    await app.user.click(within(dialog).getByRole("button", { name: "Approve transfer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This transfer confirmation was already approved.");
  });

  it("shows the empty state and the error state", async () => {
    const { app } = openDashboard("ADMIN", { [QUEUE]: { body: { count: 0, results: [] } } });
    expect(await screen.findByText("No transfer confirmations awaiting approval.")).toBeInTheDocument();
    app.unmount();
    openDashboard("ADMIN", { [QUEUE]: { status: 403, body: { detail: "You do not have permission to perform this action." } } });
    await screen.findByRole("heading", { name: "Transfer approvals" });
    expect(await within(queue()).findByText("Error: You do not have permission to perform this action.")).toHaveClass(
      "text-red-700",
    );
    expect(within(queue()).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("is not on the agent dashboard", async () => {
    const { api } = openDashboard("AGENT");
    expect(await screen.findByRole("heading", { name: "Transactions" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Transfer approvals" })).not.toBeInTheDocument();
    expect(api.callsTo(QUEUE)).toHaveLength(0);
  });
});
