import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { closedShift, dailySummary, drawer, shift } from "./shifts-fixtures";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const PROFILE = "GET /auth/profile/";
const DAILY = "GET /api/staff/shifts/daily/";
const EXPORT = "GET /api/staff/shifts/daily/export/";
const LIST = "GET /api/staff/shifts/";
const DETAIL = "GET /api/staff/shifts/5/";
const CSV = "\uFEFFDate,Section,Name,Count,Quantity,Amount,Fees,Total\r\n2025-03-12,Money in,Total,4,,,,11800.00";

type Routes = Parameters<typeof mockApi>[0];

const listRow = (overrides: Record<string, unknown> = {}) => closedShift(overrides);
const openRow = () => ({
  ...shift({ id: 6, staff: { id: 8, name: "Bola Ade", email: "bola@example.com", role: "ADMIN" } }),
  report: null,
});

function openShifts(routes: Routes = {}, role = "ADMIN", path = "/admindashboard/shifts") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    [DAILY]: (call) => ({ body: dailySummary({ date: call.url.searchParams.get("date") }) }),
    [LIST]: { body: { count: 2, page: 1, page_size: 20, results: [openRow(), listRow()] } },
    [DETAIL]: { body: closedShift() },
    [EXPORT]: { raw: CSV, headers: { "Content-Type": "text/csv; charset=utf-8" } },
    ...routes,
  });
  return { api, app: renderApp(path) };
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e suite checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

function figure(container: HTMLElement, label: string): string {
  const term = Array.from(container.querySelectorAll("dt")).find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent ?? `no figure "${label}"`;
}

beforeEach(() => {
  // 23:30 UTC is already the next day in West Africa Time: the default day is the WAT one.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2025-03-11T23:30:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("admin shifts screen", () => {
  it("shows today's WAT summary and the day's shifts, and is in the admins' navigation", async () => {
    const { api, app } = openShifts(
      { "GET /invoices/invoices/filter/": { body: { count: 0, next: null, results: [] } } },
      "ADMIN",
      "/admindashboard",
    );
    const nav = await screen.findByRole("navigation", { name: "Staff" });
    await app.user.click(within(nav).getByRole("link", { name: "Shifts" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Shifts" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/admindashboard/shifts");
    expect(await screen.findByLabelText("Day (WAT)")).toHaveValue("2025-03-12");
    expect(await screen.findByRole("heading", { name: "Daily summary, 12 Mar 2025" })).toBeInTheDocument();
    const daily = screen.getByRole("region", { name: "Daily summary, 12 Mar 2025" });
    expect(within(daily).getByRole("region", { name: "Shifts" })).toHaveTextContent("Opened2Closed1Still open1");
    await waitFor(() => expect(figure(within(daily).getByRole("region", { name: "Totals" }), "Money in")).toBe("₦11,800.00"));
    expect(within(daily).getByRole("table", { name: "Money received by method" })).toBeInTheDocument();
    expect(within(daily).getByRole("table", { name: "Bill lines by department" })).toBeInTheDocument();
    expect(within(daily).getByRole("table", { name: "Items given by department" })).toBeInTheDocument();
    expect(api.callsTo(DAILY)[0]?.url.searchParams.get("date")).toBe("2025-03-12");

    const table = await screen.findByRole("table", { name: "Shifts opened that day, newest first" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll("td"), (cell) => cell.textContent).slice(0, 6))).toEqual([
      ["Bola Adebola@example.com", "Admin", "12 Mar 2025, 08:00 WAT", "—", "Open", "Open it to see"],
      ["Ada Obiada@example.com", "Agent", "12 Mar 2025, 08:00 WAT", "12 Mar 2025, 16:00 WAT", "Closed", "₦11,800.00"],
    ]);
    // The day's list, beside the list of counts waiting for sign-off (whatever day).
    const [waiting, ...dayLists] = api.callsTo(LIST).sort((a) => (a.url.searchParams.has("awaiting_signoff") ? -1 : 1));
    expect(waiting?.url.searchParams.get("awaiting_signoff")).toBe("true");
    expect(dayLists[0]?.url.searchParams.get("date")).toBe("2025-03-12");
    await expectNoAxeViolations();
  });

  it("reads another day when one is picked", async () => {
    const { api } = openShifts({ [LIST]: { body: { count: 0, page: 1, page_size: 20, results: [] } } });
    expect(await screen.findByText("No shift was opened that day.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Day (WAT)"), { target: { value: "2025-03-01" } });
    expect(await screen.findByRole("heading", { name: "Daily summary, 01 Mar 2025" })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.url.searchParams.get("date")).toBe("2025-03-01"));
    expect(api.callsTo(DAILY).at(-1)?.url.searchParams.get("date")).toBe("2025-03-01");
  });

  it("downloads the server's CSV with the bearer token", async () => {
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
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { api, app } = openShifts();
    await screen.findByRole("heading", { name: "Daily summary, 12 Mar 2025" });
    await app.user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(downloads).toEqual(["shifts-2025-03-12.csv"]));
    const call = api.callsTo(EXPORT)[0];
    expect(call?.url.searchParams.get("date")).toBe("2025-03-12");
    expect(call?.headers.get("Authorization")).toBe("Bearer test-token");
    expect((await blobs[0]?.text())?.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Date,Section,Name,Count,Quantity,Amount,Fees,Total",
    );
  });

  it("says why a download failed", async () => {
    const { app } = openShifts({ [EXPORT]: { status: 503, body: { detail: "Service temporarily unavailable." } } });
    await screen.findByRole("heading", { name: "Daily summary, 12 Mar 2025" });
    await app.user.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Download failed: Service temporarily unavailable.");
  });

  it("opens a shift's report in a printable dialog", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    const { api, app } = openShifts({}, "SUPERADMIN", "/superdashboard/shifts");
    const nav = await screen.findByRole("navigation", { name: "Super admin" });
    expect(within(nav).getByRole("link", { name: "Shifts" })).toHaveAttribute("aria-current", "page");
    await app.user.click(await screen.findByRole("button", { name: /Open the closed shift of Ada Obi/ }));
    const dialog = await screen.findByRole("dialog", { name: "Shift of Ada Obi" });
    expect(await within(dialog).findByRole("region", { name: "Totals (shift of Ada Obi)" })).toHaveTextContent("₦11,800.00");
    expect(within(dialog).getByRole("table", { name: "Money received by method" })).toBeInTheDocument();
    expect(figure(dialog, "Note")).toBe("Handed ₦4,000 cash to the cashier.");
    expect(figure(dialog, "Staff")).toBe("Ada Obi (Agent)");
    expect(api.callsTo(DETAIL)).toHaveLength(1);
    await expectNoAxeViolations();
    await app.user.click(within(dialog).getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
    // The footer's Close (the header's is the icon button of the same name).
    const closeButtons = within(dialog).getAllByRole("button", { name: "Close" });
    expect(closeButtons).toHaveLength(2);
    await app.user.click(closeButtons[1] as HTMLElement);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows each part's failure with Try again", async () => {
    let fail = true;
    const { app } = openShifts({
      [DAILY]: () => (fail ? { status: 500, body: { detail: "A server error occurred." } } : { body: dailySummary() }),
      [LIST]: () =>
        fail
          ? { status: 400, body: { detail: "Enter a date as YYYY-MM-DD." } }
          : { body: { count: 0, page: 1, page_size: 20, results: [] } },
      [DETAIL]: { status: 404, body: { detail: "Shift not found." } },
    });
    expect(await screen.findByText("Error: A server error occurred.", {}, { timeout: AFTER_RETRIES_MS })).toBeInTheDocument();
    expect(await screen.findByText("Error: Enter a date as YYYY-MM-DD.")).toBeInTheDocument();
    fail = false;
    for (const button of screen.getAllByRole("button", { name: "Try again" })) await app.user.click(button);
    expect(await screen.findByText("No shift was opened that day.")).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Totals" })).toBeInTheDocument();
  });

  it("shows a dialog's load failure", async () => {
    const { app } = openShifts({ [DETAIL]: { status: 404, body: { detail: "Shift not found." } } });
    await app.user.click(await screen.findByRole("button", { name: /Open the closed shift of Ada Obi/ }));
    const dialog = await screen.findByRole("dialog", { name: "Shift" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Error: Shift not found.");
  });

  it("keeps agents out", async () => {
    openShifts({}, "AGENT", "/admindashboard/shifts");
    await waitFor(() => expect(screen.queryByRole("heading", { level: 1, name: "Shifts" })).not.toBeInTheDocument());
  });

  it("lists the counts waiting for sign-off and signs one off with a note", async () => {
    const waiting = shift({
      drawer: drawer({ counted: "5800.00", variance: "-200.00", awaiting_signoff: true, counted_at: "2025-03-12T15:00:00Z" }),
    });
    let decided = false;
    const { api, app } = openShifts({
      [LIST]: (call) =>
        call.url.searchParams.get("awaiting_signoff") === "true"
          ? { body: { count: decided ? 0 : 1, page: 1, page_size: 100, results: decided ? [] : [waiting] } }
          : { body: { count: 0, page: 1, page_size: 20, results: [] } },
      [DETAIL]: () => ({
        body: decided ? closedShift({ drawer: drawer({ counted: "5800.00", variance: "-200.00" }) }) : waiting,
      }),
      "POST /api/staff/shifts/5/signoff/": () => {
        decided = true;
        return { body: { detail: "Count signed off: the shift is closed.", shift: closedShift() } };
      },
    });
    const region = await screen.findByRole("region", { name: "Counts waiting for sign-off" });
    expect(within(region).getByText("Ada Obi: ₦200.00 short")).toBeInTheDocument();
    await app.user.click(within(region).getByRole("button", { name: "Review" }));
    const dialog = await screen.findByRole("dialog", { name: "Shift of Ada Obi" });
    const form = await within(dialog).findByRole("region", { name: "Sign off the count" });
    await app.user.click(within(form).getByRole("button", { name: "Sign off and close the shift" }));
    expect(api.callsTo("POST /api/staff/shifts/5/signoff/")).toHaveLength(0);
    await app.user.type(within(form).getByLabelText("Your note (what you checked)"), "Seen the drawer");
    await expectNoAxeViolations();
    await app.user.click(within(form).getByRole("button", { name: "Sign off and close the shift" }));
    await waitFor(() =>
      expect(api.callsTo("POST /api/staff/shifts/5/signoff/")[0]?.body).toEqual({ decision: "approve", note: "Seen the drawer" }),
    );
    await waitFor(() => expect(screen.queryByRole("region", { name: "Counts waiting for sign-off" })).not.toBeInTheDocument());
  });
});
