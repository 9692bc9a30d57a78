import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

// The chart's canvas needs a browser; these tests are about the table's actions.
const PROFILE = "GET /auth/profile/";
const STATS = "GET /invoices/invoices/statistics/";
const FILTER = "GET /invoices/invoices/filter/";
const EXPORT = "GET /api/staff/invoices/export/";
const CONFIRM = "POST /api/staff/invoices/INV-1/confirm-transfer/";
const REFUND = "POST /api/staff/invoices/INV-3/refund/";
const REFUND_PREVIEW = "GET /api/staff/invoices/INV-3/refund/";

type Routes = Parameters<typeof mockApi>[0];

const STATISTICS = {
  method_counts: { bank_transfer: { sum_amount: "1600.00", count: 1 } },
  total_transactions: 1,
  completed_transactions: 1,
  total_revenue: "1600.00",
  average_transaction: "1600.00",
  refunded_transactions: 0,
  total_refunded: "0.00",
  recent_transactions: 1,
};

function invoice(id: number, status: string, method: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    reference: `INV-${id}`,
    created_at: "2025-03-12T10:04:00Z",
    paid_at: status === "completed" ? "2025-03-12T10:05:00Z" : null,
    status,
    payment_method: method,
    customer_email: "ada@example.com",
    customer_meta: { name: "Ada Obi" },
    total_amount: "1600.00",
    items: [
      { amount: "1000.00", qty: 1, service: { name: "Consultation", description: "", department: { name: "Outpatients" } } },
      { amount: "500.00", qty: 1, service: { name: "X-Ray", description: "", department: null } },
    ],
    ...overrides,
  };
}

const INVOICES = [
  invoice(1, "pending", "bank_transfer"),
  invoice(2, "pending", "remita"),
  invoice(3, "completed", "bank_transfer"),
  invoice(4, "failed", "bank_transfer"),
  invoice(5, "refunded", "wallet"),
];

function page(results: unknown[], next: string | null = null): MockReply {
  return { body: { count: results.length, next, results } };
}

const HOME: Record<string, string> = { AGENT: "/agentdashboard", ADMIN: "/admindashboard", SUPERADMIN: "/superdashboard" };

function openDashboard(role: string, routes: Routes = {}) {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    [STATS]: { body: STATISTICS },
    [FILTER]: page(INVOICES),
    "GET /api/staff/kyc/": { body: { results: [] } },
    "GET /api/staff/refunds/": { body: { count: 0, results: [] } },
    ...routes,
  });
  return { api, app: renderApp(HOME[role]) };
}

async function openAction(app: ReturnType<typeof renderApp>, name: string, dialogName: string) {
  await app.user.click(await screen.findByRole("button", { name }));
  return screen.findByRole("dialog", { name: dialogName });
}

describe("invoice actions on the transactions table", () => {
  it.each(["AGENT", "ADMIN", "SUPERADMIN"])("offers the actions a %s may take, once per invoice", async (role) => {
    openDashboard(role);
    await screen.findAllByText("INV-1");
    // Confirm transfer: pending bank transfers only, every staff role.
    expect(
      screen.getAllByRole("button", { name: /^Confirm transfer/ }).map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Confirm transfer INV-1"]);
    // Refund: completed payments only, never for agents.
    const refunds = screen.queryAllByRole("button", { name: /^Refund/ }).map((button) => button.getAttribute("aria-label"));
    expect(refunds).toEqual(role === "AGENT" ? [] : ["Refund INV-3"]);
    // The second item row of INV-1 has an empty Actions cell.
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole("cell")
        .at(-1),
    ).toHaveTextContent("Confirm transfer");
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole("cell")
        .at(-1),
    ).toHaveTextContent("");
  });

  it("confirms a transfer with an empty amount that staff type, shows the server's detail and refreshes the figures", async () => {
    const { api, app } = openDashboard("AGENT", {
      [CONFIRM]: {
        body: {
          detail: "Transfer confirmed. The invoice is paid.",
          confirmed: true,
          invoice: {
            reference: "INV-1",
            status: "completed",
            payment_method: "bank_transfer",
            total_amount: "1600.00",
            paid_at: "2025-03-12T11:00:00Z",
          },
        },
      },
    });
    const dialog = await openAction(app, "Confirm transfer INV-1", "Confirm bank transfer");
    expect(within(dialog).getByText("₦1,600.00")).toBeInTheDocument();
    expect(within(dialog).getByText("INV-1")).toBeInTheDocument();
    // Staff type what the bank shows: nothing is filled in for them.
    expect(within(dialog).getByLabelText("Amount received")).toHaveValue("");
    // The amount and the reference are required.
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm transfer" }));
    expect(within(dialog).getByLabelText("Amount received")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText("Bank transfer reference")).toHaveAccessibleDescription(/This field may not be blank\./);
    expect(api.callsTo(CONFIRM)).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText("Amount received"), "1600");

    await app.user.type(within(dialog).getByLabelText("Bank transfer reference"), "NIP/000123");
    const stats = api.callsTo(STATS).length;
    const filter = api.callsTo(FILTER).length;
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm transfer" }));
    expect(await within(dialog).findByText("Transfer confirmed. The invoice is paid.")).toBeInTheDocument();
    expect(api.callsTo(CONFIRM)[0]?.body).toEqual({ amount_received: "1600.00", transfer_reference: "NIP/000123" });
    expect(api.callsTo(CONFIRM)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
    await waitFor(() => expect(api.callsTo(STATS).length).toBeGreaterThan(stats));
    await waitFor(() => expect(api.callsTo(FILTER).length).toBeGreaterThan(filter));
    await app.user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the amounts the table shows for the invoice, the charge fee and the amount due they add up to", async () => {
    const { app } = openDashboard("AGENT");
    const table = await screen.findByRole("table");
    const tableAmounts = within(table)
      .getAllByRole("row")
      .slice(1)
      .filter((row) => within(row).queryByText("INV-1"))
      .map((row) => within(row).getAllByRole("cell")[3]!.textContent);
    expect(tableAmounts).toEqual(["₦1,000.00", "₦500.00"]);
    const dialog = await openAction(app, "Confirm transfer INV-1", "Confirm bank transfer");
    const figures = within(dialog).getByRole("list", { name: "Amount due of INV-1" });
    expect(
      within(figures)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Consultation₦1,000.00", "X-Ray₦500.00", "Charge fee₦100.00", "Amount due₦1,600.00"]);
  });

  it("says when an agent's confirmation waits for an admin's approval (202)", async () => {
    const { app } = openDashboard("AGENT", {
      [CONFIRM]: {
        status: 202,
        body: {
          detail: "Transfer awaiting admin approval.",
          confirmed: false,
          confirmation: { id: 4, status: "awaiting_approval" },
          invoice: { reference: "INV-1", status: "pending" },
        },
      },
    });
    const dialog = await openAction(app, "Confirm transfer INV-1", "Confirm bank transfer");
    await app.user.type(within(dialog).getByLabelText("Amount received"), "16000");
    await app.user.type(within(dialog).getByLabelText("Bank transfer reference"), "NIP/9");
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm transfer" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Transfer awaiting admin approval.");
  });

  it("refuses an amount above the largest payment before sending it", async () => {
    const { api, app } = openDashboard("AGENT");
    const dialog = await openAction(app, "Confirm transfer INV-1", "Confirm bank transfer");
    await app.user.type(within(dialog).getByLabelText("Amount received"), "9,999,999,999,999.99");
    await app.user.type(within(dialog).getByLabelText("Bank transfer reference"), "NIP/9");
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm transfer" }));
    expect(within(dialog).getByLabelText("Amount received")).toHaveAccessibleDescription(
      /The amount received cannot exceed ₦50,000,000\.00\./,
    );
    expect(api.callsTo(CONFIRM)).toHaveLength(0);
  });

  it("shows the server's field error under the amount and keeps the dialog open", async () => {
    let release: (reply: MockReply) => void = () => undefined;
    const { api, app } = openDashboard("ADMIN", { [CONFIRM]: () => new Promise<MockReply>((resolve) => (release = resolve)) });
    const dialog = await openAction(app, "Confirm transfer INV-1", "Confirm bank transfer");
    const amount = within(dialog).getByLabelText("Amount received");
    await app.user.clear(amount);
    await app.user.type(amount, "1,500");
    await app.user.type(within(dialog).getByLabelText("Bank transfer reference"), "NIP/1");
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm transfer" }));
    // Busy: the button and the fields are disabled until the answer arrives.
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Confirm transfer" })).toBeDisabled());
    expect(amount).toBeDisabled();
    expect(api.callsTo(CONFIRM)[0]?.body).toEqual({ amount_received: "1500.00", transfer_reference: "NIP/1" });
    release({
      status: 400,
      body: {
        detail: "Invalid input.",
        code: "invalid",
        amount_received: ["The amount received is less than the ₦1,600.00 due."],
      },
    });
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/The amount received is less than the ₦1,600.00 due\./));
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows a 409's detail", async () => {
    const { app } = openDashboard("ADMIN", {
      [CONFIRM]: { status: 409, body: { detail: "This invoice is no longer pending.", code: "invoice_not_pending" } },
    });
    const dialog = await openAction(app, "Confirm transfer INV-1", "Confirm bank transfer");
    await app.user.type(within(dialog).getByLabelText("Amount received"), "1600");
    await app.user.type(within(dialog).getByLabelText("Bank transfer reference"), "NIP/1");
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm transfer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This invoice is no longer pending.");
  });

  it("refunds a completed payment with a reason and shows 'Refund completed.'", async () => {
    const refund = {
      id: 9,
      invoice_reference: "INV-3",
      amount: "1600.00",
      reason: "Service not rendered.",
      status: "completed",
      destination: "wallet",
      payment_method: "bank_transfer",
      customer_name: "Ada Obi",
      customer_email: "ada@example.com",
      requested_by: { id: 7, name: "Ada Obi", email: "ada@example.com" },
      decided_by: null,
      decision_note: null,
      created_at: "2025-03-12T11:00:00Z",
      decided_at: null,
    };
    const { api, app } = openDashboard("ADMIN", {
      [REFUND]: {
        body: {
          detail: "Refund completed.",
          refund,
          invoice: {
            reference: "INV-3",
            status: "refunded",
            payment_method: "bank_transfer",
            total_amount: "1600.00",
            paid_at: "2025-03-12T10:05:00Z",
          },
        },
      },
    });
    const dialog = await openAction(app, "Refund INV-3", "Refund payment");
    expect(within(dialog).getByText("₦1,600.00")).toBeInTheDocument();
    await app.user.type(within(dialog).getByLabelText("Reason"), "Dup");
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm refund" }));
    expect(within(dialog).getByLabelText("Reason")).toHaveAccessibleDescription(/Ensure this field has at least 5 characters\./);
    expect(api.callsTo(REFUND)).toHaveLength(0);
    await app.user.type(within(dialog).getByLabelText("Reason"), "licate payment");
    const filter = api.callsTo(FILTER).length;
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm refund" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Refund completed.");
    expect(api.callsTo(REFUND)[0]?.body).toEqual({ reason: "Duplicate payment" });
    await waitFor(() => expect(api.callsTo(FILTER).length).toBeGreaterThan(filter));
  });

  it("says when a refund awaits a super admin's approval (202)", async () => {
    const { app } = openDashboard("ADMIN", {
      [REFUND]: {
        status: 202,
        body: { detail: "Refund awaiting super admin approval.", refund: { id: 9, status: "awaiting_approval" } },
      },
    });
    const dialog = await openAction(app, "Refund INV-3", "Refund payment");
    await app.user.type(within(dialog).getByLabelText("Reason"), "Patient was charged twice.");
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm refund" }));
    expect(await within(dialog).findByText("Refund awaiting super admin approval.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Done" })).toHaveFocus();
  });

  it.each([
    [
      "ADMIN",
      { amount: "1600.00", items_given: true, needs_approval: true },
      "Items of this payment were already given at the point of care, so this refund needs a super admin's approval.",
    ],
    [
      "SUPERADMIN",
      { amount: "1600.00", items_given: true, needs_approval: false },
      "Items of this payment were already given at the point of care: a refund does not take them back.",
    ],
    ["ADMIN", { amount: "1600.00", items_given: false, needs_approval: true }, "This refund needs a super admin's approval."],
  ])("warns a %s before Confirm when the server says %j", async (role, preview, warning) => {
    const { api, app } = openDashboard(role, { [REFUND_PREVIEW]: { body: preview } });
    const dialog = await openAction(app, "Refund INV-3", "Refund payment");
    // Shown with the form, nothing refunded yet.
    expect(await within(dialog).findByText(warning)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Confirm refund" })).toBeEnabled();
    expect(api.callsTo(REFUND)).toHaveLength(0);
  });

  it("warns of nothing more when no items were given and no approval is needed", async () => {
    const { app } = openDashboard("ADMIN", {
      [REFUND_PREVIEW]: { body: { amount: "1600.00", items_given: false, needs_approval: false } },
    });
    const dialog = await openAction(app, "Refund INV-3", "Refund payment");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Confirm refund" })).toBeEnabled());
    expect(within(dialog).queryByText(/already given|super admin/)).toBeNull();
  });

  it("shows a refund's field error and a 409's detail", async () => {
    let reply: MockReply = { status: 400, body: { reason: ["Ensure this field has no more than 500 characters."] } };
    const { app } = openDashboard("SUPERADMIN", { [REFUND]: () => reply });
    const dialog = await openAction(app, "Refund INV-3", "Refund payment");
    await app.user.type(within(dialog).getByLabelText("Reason"), "Charged twice.");
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm refund" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Reason")).toHaveAccessibleDescription(
        /Ensure this field has no more than 500 characters\./,
      ),
    );
    reply = { status: 409, body: { detail: "Only completed payments can be refunded." } };
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm refund" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only completed payments can be refunded.");
  });
});

describe("CSV export", () => {
  function captureDownloads() {
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.defineProperty(URL, "createObjectURL", {
      value: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return "blob:http://localhost/csv";
      }),
      configurable: true,
    });
    Object.defineProperty(URL, "revokeObjectURL", { value: vi.fn(), configurable: true });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    return { blobs, names, restore: () => click.mockRestore() };
  }

  it("downloads the server's export, with the filter and the token, when not every row is loaded", async () => {
    const downloads = captureDownloads();
    let release: (reply: MockReply) => void = () => undefined;
    const { api, app } = openDashboard("ADMIN", {
      [FILTER]: page(INVOICES, "/invoices/invoices/filter/?cursor=c2"),
      [EXPORT]: () => new Promise<MockReply>((resolve) => (release = resolve)),
    });
    await screen.findAllByText("INV-1");
    await app.user.selectOptions(screen.getByLabelText("Status"), "pending");
    await waitFor(() => expect(api.callsTo(FILTER).at(-1)?.url.searchParams.get("status")).toBe("pending"));
    await screen.findAllByText("INV-1");
    await app.user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled());
    const call = api.callsTo(EXPORT)[0];
    expect(call?.headers.get("Authorization")).toBe("Bearer test-token");
    expect(call?.url.searchParams.get("status")).toBe("pending");
    expect(call?.url.searchParams.get("start_date")).toBe(api.callsTo(FILTER)[0]?.url.searchParams.get("start_date"));
    expect(call?.url.searchParams.has("cursor")).toBe(false);
    release({ raw: "ID,Invoice ID\r\n1-0,1\r\n" });
    await waitFor(() => expect(downloads.names).toEqual(["transactions.csv"]));
    expect(await downloads.blobs[0]?.text()).toBe("ID,Invoice ID\r\n1-0,1\r\n");
    await waitFor(() => expect(screen.getByRole("button", { name: "Export CSV" })).toBeEnabled());
    downloads.restore();
  });

  it("says so when the server's export fails", async () => {
    const downloads = captureDownloads();
    const { app } = openDashboard("ADMIN", {
      [FILTER]: page(INVOICES, "/invoices/invoices/filter/?cursor=c2"),
      [EXPORT]: { status: 503, body: { detail: "Export is unavailable right now." } },
    });
    await screen.findAllByText("INV-1");
    await app.user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Export failed: Export is unavailable right now.");
    expect(downloads.names).toEqual([]);
    downloads.restore();
  });
});
