import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { profileQueryKey } from "../../../lib/session/get-profile";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp, renderScreen } from "../../../test/render-app";
import { AdminDashboardScreen } from "./staff-dashboard-screen";
import { barProps } from "../../../test/module-stubs";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const PROFILE = "GET /auth/profile/";
const STATS = "GET /invoices/invoices/statistics/";
const FILTER = "GET /invoices/invoices/filter/";
const DEPARTMENTS = "GET /api/catalogue/departments/";
const CATALOGUE_DEPARTMENTS = {
  body: {
    success: true,
    data: {
      orgDepts: [
        { id: 1, name: "Laboratory" },
        { id: 2, name: "Outpatients" },
        { id: 3, name: "Radiology" },
      ],
    },
  },
} satisfies MockReply;

type Routes = Parameters<typeof mockApi>[0];

const STATISTICS = {
  method_counts: {
    remita: { sum_amount: "13499.99", count: 3 },
    wallet: { sum_amount: "11500.00", count: 2 },
  },
  total_transactions: 7,
  completed_transactions: 5,
  total_revenue: "24999.99",
  average_transaction: "5000.00",
  refunded_transactions: 1,
  total_refunded: "1200.00",
  recent_transactions: 4,
};

function invoice(overrides: Record<string, unknown> = {}) {
  return {
    id: 42,
    reference: "INV-42",
    created_at: "2025-03-12T10:04:00Z",
    paid_at: "2025-03-12T11:05:00+01:00",
    status: "completed",
    payment_method: "remita",
    customer_email: "ada@example.com",
    customer_meta: { name: "Ada Obi" },
    items: [
      {
        amount: "4000.00",
        qty: 1,
        service: { name: "Consultation", description: "GP visit", department: { name: "Outpatients" } },
      },
      { amount: "1500.50", qty: 1, service: { name: "X-Ray", description: "", department: null } },
    ],
    ...overrides,
  };
}

function page(results: unknown[], next: string | null = null) {
  return { body: { count: results.length, next, results } } satisfies MockReply;
}

function openDashboard(routes: Routes = {}, path = "/admindashboard", role = "ADMIN") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    [STATS]: { body: STATISTICS },
    [FILTER]: page([invoice()]),
    [DEPARTMENTS]: CATALOGUE_DEPARTMENTS,
    "GET /api/staff/kyc/": { body: { results: [] } },
    ...routes,
  });
  return { api, app: renderApp(path) };
}

function card(title: string) {
  return screen.getByRole("listitem", { name: title });
}

describe("staff transactions dashboard", () => {
  it("shows the summary cards from the statistics answer and the chart", async () => {
    openDashboard();
    await waitFor(() => expect(card("Total Transactions")).toHaveTextContent("7All statuses"));
    expect(card("Total Revenue")).toHaveTextContent("₦24,999.99Completed payments only₦1,200.00 refunded, not counted");
    expect(card("Average Transaction")).toHaveTextContent("₦5,000.00");
    expect(card("Recent Transactions")).toHaveTextContent("4");
    expect(screen.getByRole("heading", { name: "Revenue by Payment Method" })).toBeInTheDocument();
    await screen.findByTestId("revenue-chart");
    const props = barProps.at(-1) as {
      data: { labels: string[]; datasets: { data: number[]; backgroundColor: string[] }[] };
      options: { scales: { y: { beginAtZero: boolean; ticks: { maxTicksLimit: number } } } };
    };
    expect(props.data.labels).toEqual(["Remita", "Wallet"]);
    expect(props.data.datasets[0]?.data).toEqual([13499.99, 11500]);
    expect(props.data.datasets[0]?.backgroundColor).toHaveLength(5);
    expect(new Set(props.data.datasets[0]?.backgroundColor).size).toBe(5);
    expect(props.options.scales.y.beginAtZero).toBe(true);
    expect(props.options.scales.y.ticks.maxTicksLimit).toBe(11);
    expect(screen.getByTestId("revenue-chart").parentElement).toHaveClass("h-64");
    // The KYC reviews section stays on the admin dashboard.
    expect(screen.getByRole("heading", { name: "KYC reviews" })).toBeInTheDocument();
  });

  it("defaults to one month ago through today and sends it with the token", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-15T10:00:00Z"));
    const { api } = openDashboard();
    expect(await screen.findByLabelText("Date From")).toHaveValue("2025-02-15");
    expect(screen.getByLabelText("Date To")).toHaveValue("2025-03-15");
    await waitFor(() => expect(api.callsTo(STATS)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo(FILTER)).toHaveLength(1));
    for (const call of [api.callsTo(STATS)[0], api.callsTo(FILTER)[0]]) {
      expect(call?.url.searchParams.get("start_date")).toBe("2025-02-15");
      expect(call?.url.searchParams.get("end_date")).toBe("2025-03-15");
      expect(call?.url.searchParams.has("status")).toBe(false);
      expect(call?.headers.get("Authorization")).toBe("Bearer test-token");
    }
    expect(api.callsTo(FILTER)[0]?.url.searchParams.get("page_size")).toBe("50");
  });

  it("takes today from the hospital's day (WAT) at 23:28 UTC, whatever the browser's clock says", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 00:28 on 16 March in Lagos: a browser on UTC (or further west) still says the 15th.
    vi.setSystemTime(new Date("2025-03-15T23:28:00Z"));
    const { api } = openDashboard();
    expect(await screen.findByLabelText("Date From")).toHaveValue("2025-02-16");
    expect(screen.getByLabelText("Date To")).toHaveValue("2025-03-16");
    for (const key of [STATS, FILTER]) {
      await waitFor(() => expect(api.callsTo(key)).toHaveLength(1));
      expect(api.callsTo(key)[0]?.url.searchParams.get("start_date")).toBe("2025-02-16");
      expect(api.callsTo(key)[0]?.url.searchParams.get("end_date")).toBe("2025-03-16");
    }
  });

  it("offers the catalogue's departments in the Department select, 'All' meaning no filter", async () => {
    const { api, app } = openDashboard();
    await screen.findAllByText("INV-42");
    const department = screen.getByLabelText("Department");
    expect(department.tagName).toBe("SELECT");
    await waitFor(() =>
      expect(
        within(department)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["All", "Laboratory", "Outpatients", "Radiology"]),
    );
    expect(department).toHaveDisplayValue("All");
    // The catalogue is public: it is asked without the staff token.
    expect(api.callsTo(DEPARTMENTS)[0]?.headers.has("Authorization")).toBe(false);
    await app.user.selectOptions(department, "Radiology");
    for (const key of [STATS, FILTER]) {
      await waitFor(() => expect(api.callsTo(key).at(-1)?.url.searchParams.get("department")).toBe("Radiology"));
    }
    const before = api.callsTo(FILTER).length;
    await app.user.selectOptions(department, "All");
    expect(department).toHaveValue("");
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Back to the first (cached) query: no department is sent.
    expect(
      api
        .callsTo(FILTER)
        .slice(before)
        .every((call) => !call.url.searchParams.has("department")),
    ).toBe(true);
  });

  it("says so when the departments cannot be loaded, and still filters without one", async () => {
    openDashboard({ [DEPARTMENTS]: { body: { success: false, data: null } } });
    expect(await screen.findByText("Error: Failed to fetch hospital department")).toBeInTheDocument();
    expect(screen.getByLabelText("Department")).toHaveAccessibleDescription("Error: Failed to fetch hospital department");
    expect(await screen.findAllByText("INV-42")).toHaveLength(2);
  });

  it("says so when Date From is after Date To, and sends no query while it holds", async () => {
    const { api, app } = openDashboard();
    await screen.findAllByText("INV-42");
    const dateFrom = screen.getByLabelText("Date From");
    const dateTo = screen.getByLabelText("Date To");
    const before = { stats: api.callsTo(STATS).length, filter: api.callsTo(FILTER).length };
    fireEvent.change(dateTo, { target: { value: "2025-03-10" } });
    fireEvent.change(dateFrom, { target: { value: "2025-03-20" } });
    const message = "Date To must not be before Date From.";
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(dateTo).toHaveAccessibleDescription(message);
    expect(dateTo).toHaveAttribute("aria-invalid", "true");
    expect(dateFrom).toHaveAttribute("aria-invalid", "true");
    await app.user.selectOptions(screen.getByLabelText("Status"), "failed");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(STATS).length).toBe(before.stats);
    expect(api.callsTo(FILTER).length).toBe(before.filter);
    // The table and figures of another range are not left standing beside the message.
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByText("Choose a Date From on or before Date To to see transactions.")).toBeInTheDocument();
    expect(card("Total Transactions")).toHaveTextContent("—");
    fireEvent.change(dateFrom, { target: { value: "2025-03-01" } });
    await waitFor(() => expect(api.callsTo(FILTER).at(-1)?.url.searchParams.get("start_date")).toBe("2025-03-01"));
    expect(api.callsTo(FILTER).at(-1)?.url.searchParams.get("end_date")).toBe("2025-03-10");
    expect(api.callsTo(FILTER).at(-1)?.url.searchParams.get("status")).toBe("failed");
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.queryByText(/to see transactions/)).not.toBeInTheDocument();
    expect(dateTo).not.toHaveAttribute("aria-invalid");
    // One day is a valid range.
    fireEvent.change(dateFrom, { target: { value: "2025-03-10" } });
    await waitFor(() => expect(api.callsTo(FILTER).at(-1)?.url.searchParams.get("start_date")).toBe("2025-03-10"));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it("runs no query when dates, status and method are all empty", async () => {
    const { api, app } = openDashboard();
    await screen.findAllByText("INV-42");
    await app.user.clear(screen.getByLabelText("Date From"));
    await app.user.clear(screen.getByLabelText("Date To"));
    await app.user.selectOptions(await screen.findByRole("combobox", { name: "Department" }), "Radiology");
    const before = { stats: api.callsTo(STATS).length, filter: api.callsTo(FILTER).length };
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(STATS).length).toBe(before.stats);
    expect(api.callsTo(FILTER).length).toBe(before.filter);
    expect(api.calls.some((call) => call.url.searchParams.get("department") === "Radiology")).toBe(false);
    expect(screen.queryByText("No transactions found.")).not.toBeInTheDocument();
    await app.user.selectOptions(screen.getByLabelText("Status"), "failed");
    await waitFor(() => expect(api.callsTo(FILTER).at(-1)?.url.searchParams.get("status")).toBe("failed"));
    const last = api.callsTo(FILTER).at(-1);
    expect(last?.url.searchParams.has("start_date")).toBe(false);
    expect(last?.url.searchParams.get("department")).toBe("Radiology");
  });

  it("sends the chosen filters to both endpoints, leaving 'all' out", async () => {
    const { api, app } = openDashboard();
    await screen.findAllByText("INV-42");
    expect(screen.getByLabelText("Status")).toHaveDisplayValue("All");
    expect(
      within(screen.getByLabelText("Status"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All", "pending", "completed", "failed", "refunded"]);
    expect(
      within(screen.getByLabelText("Payment Method"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All", "Wallet", "Remita", "Monnify (bank transfer)", "Paystack", "Bank transfer"]);
    await app.user.selectOptions(screen.getByLabelText("Status"), "completed");
    await app.user.selectOptions(screen.getByLabelText("Payment Method"), "paystack");
    await screen.findByRole("option", { name: "Outpatients" });
    await app.user.selectOptions(screen.getByLabelText("Department"), "Outpatients");
    for (const key of [STATS, FILTER]) {
      await waitFor(() => expect(api.callsTo(key).at(-1)?.url.searchParams.get("department")).toBe("Outpatients"));
      const params = api.callsTo(key).at(-1)?.url.searchParams;
      expect(params?.get("status")).toBe("completed");
      expect(params?.get("method")).toBe("paystack");
    }
    await app.user.selectOptions(screen.getByLabelText("Department"), "All");
    await new Promise((resolve) => setTimeout(resolve, 50));
    // "All" is the same query as no department, so no department is ever sent as "all".
    expect(api.calls.some((call) => call.url.searchParams.get("department") === "all")).toBe(false);
  });

  it("shows one row per invoice item with fallbacks and badge colours", async () => {
    openDashboard({
      [FILTER]: page([
        invoice(),
        invoice({ id: 43, reference: "INV-43", status: "pending", customer_meta: null, items: [invoice().items[0]] }),
        invoice({ id: 44, reference: "INV-44", status: "failed", customer_meta: {}, items: [invoice().items[0]] }),
        invoice({ id: 45, reference: "INV-45", status: "refunded", items: [invoice().items[0]] }),
      ]),
    });
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual([
      "ID",
      "Reference",
      "Date",
      "Amount",
      "Revenue Head",
      "Department",
      "Status",
      "Payment Method",
      "Customer",
      // Beyond SPEC, after its nine columns.
      "Actions",
    ]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(5);
    const cells = (index: number) =>
      within(rows[index] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells(0)).toEqual([
      "42",
      "INV-42",
      "2025-03-12",
      "₦4,000.00",
      "Consultation",
      "Outpatients",
      "completed",
      "Remita",
      "Ada Obi (ada@example.com)",
      "Refund",
    ]);
    // An invoice's actions show on its first item's row only.
    expect(cells(1)).toEqual([
      "42",
      "INV-42",
      "2025-03-12",
      "₦1,500.50",
      "X-Ray",
      "",
      "completed",
      "Remita",
      "Ada Obi (ada@example.com)",
      "",
    ]);
    expect(rows[1]).toHaveAttribute("title", "Payment for X-Ray");
    expect(cells(2)[8]).toBe("Unknown (ada@example.com)");
    expect(cells(3)[8]).toBe("Unknown (ada@example.com)");
    const badge = (index: number) => within(rows[index] as HTMLElement).getAllByRole("cell")[6]?.firstElementChild;
    expect(badge(0)).toHaveClass("bg-green-100");
    expect(badge(2)).toHaveClass("bg-yellow-100");
    expect(badge(3)).toHaveClass("bg-red-100");
    expect(badge(4)).toHaveClass("bg-gray-100");
  });

  it("loads the next page through the cursor of `next`", async () => {
    const { api, app } = openDashboard({
      [FILTER]: (call) =>
        call.url.searchParams.get("cursor") === "c2"
          ? page([invoice({ id: 50, reference: "INV-50" })])
          : page([invoice()], "/invoices/invoices/filter/?start_date=2025-02-15&cursor=c2"),
    });
    await screen.findAllByText("INV-42");
    await app.user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findAllByText("INV-50")).toHaveLength(2);
    expect(screen.getAllByText("INV-42")).toHaveLength(2);
    expect(api.callsTo(FILTER).at(-1)?.url.searchParams.get("start_date")).toBe(
      api.callsTo(FILTER)[0]?.url.searchParams.get("start_date"),
    );
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("shows a loading message, then 'No transactions found.'", async () => {
    let release: ((reply: MockReply) => void) | undefined;
    openDashboard({ [FILTER]: () => new Promise<MockReply>((resolve) => (release = resolve)) });
    expect(await screen.findByText("Loading transactions…")).toBeInTheDocument();
    // The loading message may come before the request is made: answer it once it is.
    await waitFor(() => expect(release).toBeTypeOf("function"));
    release!(page([]));
    expect(await screen.findByText("No transactions found.")).toBeInTheDocument();
    expect(screen.queryByText("Loading transactions…")).not.toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the server's message as 'Error: …' in red", async () => {
    openDashboard({ [FILTER]: { status: 400, body: { detail: "Invalid date range." } } });
    const message = await screen.findByText("Error: Invalid date range.");
    expect(message).toHaveClass("text-red-700");
  });

  it("shows 'Session expired. Please log in again.' on a 401", async () => {
    const { api } = openDashboard({ [STATS]: { status: 401, body: { detail: "Token expired." } } });
    expect(await screen.findByText("Error: Session expired. Please log in again.")).toBeInTheDocument();
    expect(api.callsTo(STATS)).toHaveLength(1);
  });

  it("shows 'Failed to fetch statistics' when the answer is empty", async () => {
    openDashboard({ [STATS]: { raw: "" } });
    expect(await screen.findByText("Error: Failed to fetch statistics")).toBeInTheDocument();
  });

  it("retries a failing query twice", async () => {
    const { api } = openDashboard({ [STATS]: { status: 500, body: { detail: "Database unavailable." } } });
    expect(await screen.findByText("Error: Database unavailable.", {}, { timeout: AFTER_RETRIES_MS })).toBeInTheDocument();
    expect(api.callsTo(STATS)).toHaveLength(3);
  }, 10_000);

  it("shows 'No authentication token found' without a stored token", async () => {
    const api = mockApi({ [STATS]: { body: STATISTICS }, [FILTER]: page([invoice()]) });
    renderScreen(<AdminDashboardScreen />, {
      seed: (queryClient) => queryClient.setQueryData(profileQueryKey, buildUser({ role: "ADMIN" })),
    });
    expect(await screen.findByText("Error: No authentication token found")).toBeInTheDocument();
    expect(api.callsTo(STATS)).toHaveLength(0);
    expect(api.callsTo(FILTER)).toHaveLength(0);
  });

  it("exports the loaded rows as transactions.csv", async () => {
    const blobs: Blob[] = [];
    Object.defineProperty(URL, "createObjectURL", {
      value: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return "blob:http://localhost/csv";
      }),
      configurable: true,
    });
    Object.defineProperty(URL, "revokeObjectURL", { value: vi.fn(), configurable: true });
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { app } = openDashboard({
      [FILTER]: page([invoice({ customer_meta: { name: 'Obi, "Ada"' }, items: [invoice().items[0]] })]),
    });
    await screen.findAllByText("INV-42");
    await app.user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(downloads).toEqual(["transactions.csv"]);
    const text = (await blobs[0]?.text())?.replace(/^\uFEFF/, "");
    expect(text?.split("\r\n")).toEqual([
      "ID,Invoice ID,Reference,Date,Amount,Revenue Head,Department,Description,Status,Payment Method,Customer Name,Customer Email,Paid At",
      '42-0,42,INV-42,2025-03-12,₦4000.00,Consultation,Outpatients,GP visit,completed,remita,"Obi, ""Ada""",ada@example.com,2025-03-12T11:05:00+01:00',
    ]);
    click.mockRestore();
  });

  it("exports a name or e-mail a spreadsheet would run as a formula as plain text", async () => {
    const blobs: Blob[] = [];
    Object.defineProperty(URL, "createObjectURL", {
      value: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return "blob:http://localhost/csv";
      }),
      configurable: true,
    });
    Object.defineProperty(URL, "revokeObjectURL", { value: vi.fn(), configurable: true });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const { app } = openDashboard({
      [FILTER]: page([
        invoice({
          customer_meta: { name: '=HYPERLINK("http://x","y")' },
          customer_email: "+1+2@example.ng",
          items: [invoice().items[0]],
        }),
        invoice({
          id: 43,
          reference: "INV-43",
          customer_meta: { name: "@SUM(A1:A9)" },
          customer_email: "-2+3@example.ng",
          items: [invoice().items[0]],
        }),
      ]),
    });
    await screen.findAllByText("INV-43");
    await app.user.click(screen.getByRole("button", { name: "Export CSV" }));
    const lines = (await blobs[0]?.text())?.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines?.slice(1)).toEqual([
      '42-0,42,INV-42,2025-03-12,₦4000.00,Consultation,Outpatients,GP visit,completed,remita,"\'=HYPERLINK(""http://x"",""y"")",\'+1+2@example.ng,2025-03-12T11:05:00+01:00',
      "43-0,43,INV-43,2025-03-12,₦4000.00,Consultation,Outpatients,GP visit,completed,remita,'@SUM(A1:A9),'-2+3@example.ng,2025-03-12T11:05:00+01:00",
    ]);
    click.mockRestore();
  });

  it("alerts 'No transactions to export.' when there are no rows", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const { app } = openDashboard({ [FILTER]: page([]) });
    await screen.findByText("No transactions found.");
    await app.user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(alert).toHaveBeenCalledWith("No transactions to export.");
  });

  it("works the same on the agent dashboard", async () => {
    openDashboard({}, "/agentdashboard", "AGENT");
    expect(await screen.findAllByText("INV-42")).toHaveLength(2);
    expect(card("Total Revenue")).toHaveTextContent("₦24,999.99");
    expect(screen.queryByRole("heading", { name: "KYC reviews" })).not.toBeInTheDocument();
  });
});
