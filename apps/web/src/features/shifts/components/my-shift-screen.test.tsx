import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { closedShift, drawer, emptyReport, report, shift } from "./shifts-fixtures";

const PROFILE = "GET /auth/profile/";
const CURRENT = "GET /api/staff/shifts/current/";
const OPEN = "POST /api/staff/shifts/";
const CLOSE = "POST /api/staff/shifts/5/close/";
const NONE = { status: 404, body: { detail: "You have no open shift." } };

type Routes = Parameters<typeof mockApi>[0];

function openMyShift(routes: Routes = {}, role = "AGENT", path = "/agentdashboard/shift") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({ [PROFILE]: { body: staff }, [CURRENT]: NONE, ...routes });
  return { api, app: renderApp(path) };
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e suite checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The text of each row of a table found by its caption. */
function rowsOf(caption: string): string[][] {
  const table = screen.getByRole("table", { name: caption });
  return within(table)
    .getAllByRole("row")
    .map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent ?? ""));
}

/** The value of a figure ("label: value") inside an element. */
function figure(container: HTMLElement, label: string): string {
  const term = Array.from(container.querySelectorAll("dt")).find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent ?? `no figure "${label}"`;
}

afterEach(() => vi.restoreAllMocks());

describe("my shift screen", () => {
  it("explains a shift and opens one, then shows its live report", async () => {
    let opened = false;
    const { api, app } = openMyShift({
      [CURRENT]: () => (opened ? { body: shift() } : NONE),
      [OPEN]: () => {
        opened = true;
        return { status: 201, body: { detail: "Shift opened.", shift: shift() } };
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "My shift" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "No open shift" })).toBeInTheDocument();
    expect(screen.getByText(/Open a shift when you start work/)).toBeInTheDocument();
    await expectNoAxeViolations();

    await app.user.click(screen.getByRole("button", { name: "Open shift" }));
    expect(await screen.findByText("Shift opened.")).toBeInTheDocument();
    expect(api.callsTo(OPEN)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
    expect(screen.getByRole("heading", { name: "Shift report (open)" })).toHaveFocus();

    const totals = screen.getByRole("region", { name: "Totals" });
    expect(figure(totals, "Money in")).toBe("₦11,800.00");
    const bills = screen.getByRole("region", { name: "Bills raised" });
    expect(figure(bills, "Raised")).toBe("3");
    expect(figure(bills, "Paid so far")).toBe("₦7,500.00");
    expect(rowsOf("Bill lines by department")).toEqual([
      ["Department", "Lines", "Quantity", "Amount"],
      ["Laboratory", "2", "2", "₦10,000.00"],
      ["No department", "1", "1", "₦2,500.00"],
    ]);
    expect(rowsOf("Money received by method")).toEqual([
      ["Method", "Payments", "Amount", "Fees", "Total"],
      ["Remita", "2", "₦5,000.00", "₦200.00", "₦5,200.00"],
      ["Wallet", "1", "₦2,500.00", "₦100.00", "₦2,600.00"],
      ["All methods", "3", "₦7,500.00", "₦300.00", "₦7,800.00"],
    ]);
    const received = screen.getByRole("region", { name: "Money received" });
    expect(figure(received, "In the ledger")).toBe("₦7,800.00");
    expect(within(received).getByText("Matches the ledger.")).toBeInTheDocument();
    expect(within(received).queryByRole("alert")).toBeNull();
    const transfers = screen.getByRole("region", { name: "Bank transfers confirmed" });
    expect(figure(transfers, "Awaiting an admin's approval")).toBe("1");
    expect(figure(transfers, "Held for a refund")).toBe("1");
    expect(figure(transfers, "Amount held")).toBe("₦1,100.00");
    expect(rowsOf("Items given by department")).toEqual([
      ["Department", "Lines", "Quantity"],
      ["Pharmacy", "2", "3"],
      ["All departments", "2", "3"],
    ]);
    await expectNoAxeViolations();
  });

  it("says plainly when the ledger differs from the payments received", async () => {
    const differs = report({
      received: { ...report().received, ledger_total: "7700.00" },
    });
    openMyShift({ [CURRENT]: { body: shift({ report: differs }) } });
    const received = await screen.findByRole("region", { name: "Money received" });
    expect(figure(received, "In the ledger")).toBe("₦7,700.00");
    expect(within(received).getByRole("alert")).toHaveTextContent(
      "The ledger differs from the payments by ₦100.00: tell an admin before closing.",
    );
    expect(within(received).queryByText("Matches the ledger.")).toBeNull();
  });

  it("refreshes the live report on Refresh", async () => {
    let calls = 0;
    const { api, app } = openMyShift({
      [CURRENT]: () => {
        calls += 1;
        return { body: calls === 1 ? shift({ report: emptyReport() }) : shift() };
      },
    });
    const totals = await screen.findByRole("region", { name: "Totals" });
    expect(figure(totals, "Money in")).toBe("₦0.00");
    expect(screen.getByText("No payments against bills.")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(figure(totals, "Money in")).toBe("₦11,800.00"));
    expect(api.callsTo(CURRENT)).toHaveLength(2);
  });

  it("refuses an empty note, then closes after the confirmation and shows the locked report", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    const { api, app } = openMyShift({
      [CURRENT]: () => (api.callsTo(CLOSE).length > 0 ? NONE : { body: shift() }),
      [CLOSE]: { body: { detail: "Shift closed.", shift: closedShift() } },
    });
    await screen.findByRole("heading", { name: "Shift report (open)" });
    const note = screen.getByLabelText("Note");
    // A shift that held no cash has nothing to count or hand over, and its note says so.
    expect(note).toHaveAccessibleDescription(/You held no cash this shift, so there is nothing to count\./);
    await app.user.type(note, "   ");
    await app.user.click(screen.getByRole("button", { name: "Close shift" }));
    expect(note).toHaveAccessibleDescription(/This field may not be blank\./);
    expect(note).toHaveFocus();
    expect(note).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.callsTo(CLOSE)).toHaveLength(0);

    await app.user.clear(note);
    await app.user.type(note, "Handed ₦4,000 cash to the cashier.");
    await app.user.click(screen.getByRole("button", { name: "Close shift" }));
    const confirm = await screen.findByRole("dialog", { name: "Close this shift?" });
    expect(within(confirm).getByText("Handed ₦4,000 cash to the cashier.")).toBeInTheDocument();
    await expectNoAxeViolations();
    await app.user.click(within(confirm).getByRole("button", { name: "Keep it open" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.callsTo(CLOSE)).toHaveLength(0);

    await app.user.click(screen.getByRole("button", { name: "Close shift" }));
    await app.user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close shift" }));
    expect(await screen.findByText("Shift closed.")).toBeInTheDocument();
    expect(api.callsTo(CLOSE)[0]?.body).toEqual({ note: "Handed ₦4,000 cash to the cashier." });

    const locked = screen.getByRole("region", { name: "Shift report (closed)" });
    expect(within(locked).getByRole("heading", { name: "Shift report (closed)" })).toHaveFocus();
    expect(figure(locked, "Note")).toBe("Handed ₦4,000 cash to the cashier.");
    expect(figure(locked, "Closed")).toBe("12 Mar 2025, 16:00 WAT");
    expect(figure(locked, "Status")).toBe("Closed");
    expect(within(within(locked).getByRole("region", { name: "Totals" })).getByText("₦11,800.00")).toBeInTheDocument();
    expect(within(locked).queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Note")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open shift" })).toBeInTheDocument();
    await app.user.click(within(locked).getByRole("button", { name: "Print" }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    // What prints is the desk slip (80 mm unless this device chose 58 mm), beside the app.
    const slip = screen.getByRole("region", { name: "Shift report (closed), printed slip" });
    expect(slip).toHaveAttribute("data-paper", "80");
    expect(slip.closest("[data-print-slip]")?.parentElement).toBe(document.body);
    expect(within(slip).getByText("Handed ₦4,000 cash to the cashier.")).toBeInTheDocument();
    expect(within(slip).getAllByText("₦11,800.00").length).toBeGreaterThan(0);
    await expectNoAxeViolations();
  });

  it("shows the server's note error under the field, and a 409 clearly", async () => {
    let closeReply: MockReply = {
      status: 400,
      body: { detail: "Invalid input.", errors: { note: ["Ensure this field has no more than 500 characters."] } },
    };
    const { app } = openMyShift({
      [CURRENT]: { body: shift() },
      [CLOSE]: () => closeReply,
    });
    await screen.findByRole("heading", { name: "Shift report (open)" });
    await app.user.type(screen.getByLabelText("Note"), "All handed over.");
    await app.user.click(screen.getByRole("button", { name: "Close shift" }));
    await app.user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close shift" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Note")).toHaveAccessibleDescription(/Ensure this field has no more than 500 characters\./),
    );

    closeReply = { status: 409, body: { detail: "This shift is already closed.", code: "shift_closed" } };
    await app.user.click(screen.getByRole("button", { name: "Close shift" }));
    await app.user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close shift" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This shift is already closed.");
  });

  it("says when a shift is already open elsewhere and shows it", async () => {
    let opened = false;
    const { app } = openMyShift({
      [CURRENT]: () => (opened ? { body: shift() } : NONE),
      [OPEN]: () => {
        opened = true;
        return {
          status: 409,
          body: { detail: "You already have an open shift: close it before opening another.", code: "shift_open" },
        };
      },
    });
    await app.user.click(await screen.findByRole("button", { name: "Open shift" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You already have an open shift: close it before opening another.",
    );
    expect(await screen.findByRole("heading", { name: "Shift report (open)" })).toBeInTheDocument();
  });

  it("shows a load failure with Try again", async () => {
    let fail = true;
    const { app } = openMyShift({
      [CURRENT]: () => (fail ? { status: 403, body: { detail: "You do not have permission." } } : NONE),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Error: You do not have permission.");
    fail = false;
    await app.user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "No open shift" })).toBeInTheDocument();
  });

  it("is in every staff role's navigation as My shift", async () => {
    const { app } = openMyShift(
      { "GET /api/staff/bills/": { body: { count: 0, page: 1, page_size: 20, results: [] } } },
      "AGENT",
      "/agentdashboard/bills",
    );
    const nav = await screen.findByRole("navigation", { name: "Staff" });
    expect(within(nav).queryByRole("link", { name: "Shifts" })).not.toBeInTheDocument();
    await app.user.click(within(nav).getByRole("link", { name: "My shift" }));
    expect(await screen.findByRole("heading", { level: 1, name: "My shift" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/agentdashboard/shift");
    app.unmount();

    openMyShift({}, "ADMIN", "/admindashboard/shift");
    const adminNav = await screen.findByRole("navigation", { name: "Staff" });
    expect(within(adminNav).getByRole("link", { name: "My shift" })).toHaveAttribute("aria-current", "page");
    expect(await screen.findByRole("button", { name: "Open shift" })).toBeInTheDocument();
  });

  it("opens with a float, shows the drawer, and closes with a count that waits for an admin", async () => {
    let current: unknown = null;
    const { api, app } = openMyShift({
      [CURRENT]: () => (current ? { body: current } : NONE),
      [OPEN]: () => {
        current = shift({ drawer: drawer() });
        return { status: 201, body: { detail: "Shift opened.", shift: current } };
      },
      [CLOSE]: () => {
        current = shift({
          drawer: drawer({ counted: "5800.00", variance: "-200.00", awaiting_signoff: true, counted_at: "2025-03-12T15:00:00Z" }),
        });
        return {
          body: {
            detail: "The drawer is ₦200.00 short: an admin must sign the count off before the shift closes.",
            shift: current,
          },
        };
      },
    });
    const float = await screen.findByLabelText("Opening float (cash in the drawer)");
    await app.user.type(float, "50x");
    await app.user.click(screen.getByRole("button", { name: "Open shift" }));
    expect(await screen.findByText("Enter the float in naira, e.g. 5000.00.")).toBeInTheDocument();
    expect(api.callsTo(OPEN)).toHaveLength(0);
    await app.user.clear(float);
    await app.user.type(float, "5000");
    await app.user.click(screen.getByRole("button", { name: "Open shift" }));
    expect(await screen.findByText("Shift opened.")).toBeInTheDocument();
    expect(api.callsTo(OPEN)[0]?.body).toEqual({ float: "5000" });

    const cashDrawer = screen.getByRole("region", { name: "Cash drawer" });
    expect(figure(cashDrawer, "Opening float")).toBe("₦5,000.00");
    expect(figure(cashDrawer, "Cash taken (1)")).toBe("₦1,000.00");
    expect(figure(cashDrawer, "Cash expected in the drawer")).toBe("₦6,000.00");

    const count = screen.getByRole("group", { name: "Count the drawer" });
    await app.user.type(within(count).getByLabelText("₦1,000.00"), "5");
    await app.user.type(within(count).getByLabelText("₦500.00"), "1");
    await app.user.type(within(count).getByLabelText("₦200.00"), "1");
    await app.user.type(within(count).getByLabelText("₦100.00"), "1");
    expect(within(count).getByText("Counted ₦5,800.00: ₦200.00 short")).toBeInTheDocument();
    await expectNoAxeViolations();

    expect(screen.getByLabelText("Note")).toHaveAccessibleDescription(/the cash you handed over and to whom/);
    await app.user.type(screen.getByLabelText("Note"), "Short by a note");
    await app.user.click(screen.getByRole("button", { name: "Close shift" }));
    const dialog = await screen.findByRole("dialog", { name: "Close this shift?" });
    await app.user.click(within(dialog).getByRole("button", { name: "Close shift" }));
    expect(
      await screen.findByText("The drawer is ₦200.00 short: an admin must sign the count off before the shift closes."),
    ).toBeInTheDocument();
    expect(api.callsTo(CLOSE)[0]?.body).toEqual({
      note: "Short by a note",
      count: { "100000": 5, "50000": 1, "20000": 1, "10000": 1 },
    });
    // Still open, waiting: no close form, the drawer says why.
    expect(screen.getByRole("heading", { name: "Shift report (open)" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Count the drawer" })).not.toBeInTheDocument();
    expect(screen.getAllByText(/it waits for an admin's sign-off/).length).toBeGreaterThan(0);
  });
});
