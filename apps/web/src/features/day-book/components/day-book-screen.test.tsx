import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";
import { dayBook, emptyDayBook } from "./day-book-fixtures";

const PROFILE = "GET /auth/profile/";
const BOOK = "GET /api/staff/daybook/";
const EXPORT = "GET /api/staff/daybook/export/";
const CSV = "\uFEFFPeriod,Section,Name,Count,Amount,Fees,Total\r\n2025-03-12,Channel,All channels,5,,,11100.00";

type Routes = Parameters<typeof mockApi>[0];

function openDayBook(routes: Routes = {}, role = "ADMIN", path = "/admindashboard/daybook") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    [BOOK]: (call) => ({
      body: dayBook({ period: call.url.searchParams.get("date") ?? call.url.searchParams.get("month") }),
    }),
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

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent));

beforeEach(() => {
  // 23:30 UTC is already the next day in West Africa Time: the default day is the WAT one.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2025-03-11T23:30:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("day book screen", () => {
  it("loads today's WAT day from the admins' navigation: the ledger line and every table", async () => {
    const { api, app } = openDayBook({}, "ADMIN", "/admindashboard/shifts");
    const nav = await screen.findByRole("navigation", { name: "Staff" });
    await app.user.click(within(nav).getByRole("link", { name: "Day book" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Day book" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/admindashboard/daybook");
    expect(await screen.findByRole("radio", { name: "Day" })).toBeChecked();
    expect(screen.getByLabelText("Day (WAT)")).toHaveValue("2025-03-12");
    const book = await screen.findByRole("region", { name: "Day book, 12 Mar 2025" });
    const ledger = await within(book).findByRole("region", { name: "Against the ledger" });
    expect(within(ledger).getByText("Matches the ledger")).toBeInTheDocument();
    expect(figure(ledger, "Received (5 payments)")).toBe("₦11,100.00");
    expect(figure(ledger, "In the ledger")).toBe("₦11,100.00");
    expect(api.callsTo(BOOK)[0]?.url.searchParams.get("date")).toBe("2025-03-12");
    expect(api.callsTo(BOOK)[0]?.url.searchParams.has("month")).toBe(false);

    expect(cells(within(book).getByRole("table", { name: "Money by channel" }))).toEqual([
      ["Remita", "2", "₦5,000.00", "₦200.00", "₦5,200.00"],
      ["Reserved account (transfer to the wallet)", "1", "₦3,000.00", "₦0.00", "₦3,000.00"],
      ["Cash", "1", "₦500.00", "₦0.00", "₦500.00"],
      ["POS (card terminal)", "1", "₦2,400.00", "₦0.00", "₦2,400.00"],
      ["All channels", "5", "₦10,900.00", "₦200.00", "₦11,100.00"],
    ]);
    expect(cells(within(book).getByRole("table", { name: "Money by department" }))).toEqual([
      ["Laboratory", "3", "₦7,500.00"],
      ["No department", "1", "₦3,400.00"],
    ]);
    expect(cells(within(book).getByRole("table", { name: "Money by staff member" }))).toEqual([
      ["Ngozi Cashier", "1", "₦500.00", "1", "₦2,400.00", "₦200.00 short"],
      ["Bola Ade", "0", "₦0.00", "0", "₦0.00", "Exact"],
    ]);
    const figures = within(book).getByRole("region", { name: "Refunds, waivers and drawers" });
    expect(figure(figures, "Refunds (1)")).toBe("₦1,000.00");
    expect(figure(figures, "Waivers (1)")).toBe("₦100.00");
    expect(figure(figures, "Opening floats")).toBe("₦5,000.00");
    expect(figure(figures, "Handed to the bursary")).toBe("₦5,300.00");
    expect(figure(figures, "Shortages")).toBe("₦200.00");
    expect(figure(figures, "Overages")).toBe("₦0.00");
    expect(figure(figures, "POS settled")).toBe("₦2,400.00");
    expect(figure(figures, "POS fees")).toBe("₦12.00");
    await expectNoAxeViolations();
  });

  it("switches to a month, keeping the last whole value while one is typed", async () => {
    const { api, app } = openDayBook({}, "SUPERADMIN", "/superdashboard/daybook");
    const nav = await screen.findByRole("navigation", { name: "Super admin" });
    expect(within(nav).getByRole("link", { name: "Day book" })).toHaveAttribute("aria-current", "page");
    await screen.findByRole("region", { name: "Day book, 12 Mar 2025" });
    await app.user.click(screen.getByRole("radio", { name: "Month" }));
    expect(screen.getByLabelText("Month (WAT)")).toHaveValue("2025-03");
    expect(await screen.findByRole("region", { name: "Day book, Mar 2025" })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(BOOK).at(-1)?.url.searchParams.get("month")).toBe("2025-03"));
    expect(api.callsTo(BOOK).at(-1)?.url.searchParams.has("date")).toBe(false);

    fireEvent.change(screen.getByLabelText("Month (WAT)"), { target: { value: "2025-02" } });
    expect(await screen.findByRole("region", { name: "Day book, Feb 2025" })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(BOOK).at(-1)?.url.searchParams.get("month")).toBe("2025-02"));
    const calls = api.callsTo(BOOK).length;
    // A cleared (half-typed) month asks for nothing: the book stays on February.
    fireEvent.change(screen.getByLabelText("Month (WAT)"), { target: { value: "" } });
    expect(screen.getByRole("region", { name: "Day book, Feb 2025" })).toBeInTheDocument();
    expect(api.callsTo(BOOK)).toHaveLength(calls);

    // Back to the day: the day kept, and another day picked.
    await app.user.click(screen.getByRole("radio", { name: "Day" }));
    fireEvent.change(screen.getByLabelText("Day (WAT)"), { target: { value: "2025-03-01" } });
    expect(await screen.findByRole("region", { name: "Day book, 01 Mar 2025" })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(BOOK).at(-1)?.url.searchParams.get("date")).toBe("2025-03-01"));
  });

  it("says how much the book differs from the ledger", async () => {
    openDayBook({
      [BOOK]: {
        body: dayBook({
          totals: {
            payments: 5,
            received: "11100.00",
            ledger_received: "10600.00",
            difference: "-500.00",
            matches_ledger: false,
          },
        }),
      },
    });
    const ledger = await screen.findByRole("region", { name: "Against the ledger" });
    expect(within(ledger).getByRole("alert")).toHaveTextContent("Differs from the ledger by ₦500.00");
    expect(within(ledger).queryByText("Matches the ledger")).not.toBeInTheDocument();
    expect(figure(ledger, "In the ledger")).toBe("₦10,600.00");
    await expectNoAxeViolations();
  });

  it("shows each part's empty state", async () => {
    openDayBook({ [BOOK]: { body: emptyDayBook() } });
    const book = await screen.findByRole("region", { name: "Day book, 12 Mar 2025" });
    await within(book).findByText("Matches the ledger");
    expect(within(book).getByRole("region", { name: "Money by channel" })).toHaveTextContent("No payments.");
    expect(within(book).getByRole("region", { name: "Money by department" })).toHaveTextContent("No payments.");
    expect(within(book).getByRole("region", { name: "Money by staff member" })).toHaveTextContent("No payments at the desk.");
    expect(within(book).queryByRole("table")).not.toBeInTheDocument();
  });

  it("downloads the server's CSV with the bearer token, and prints", async () => {
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
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    const { api, app } = openDayBook();
    await screen.findByText("Matches the ledger");
    await app.user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(downloads).toEqual(["daybook-2025-03-12.csv"]));
    const call = api.callsTo(EXPORT)[0];
    expect(call?.url.searchParams.get("date")).toBe("2025-03-12");
    expect(call?.headers.get("Authorization")).toBe("Bearer test-token");
    expect((await blobs[0]?.text())?.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Period,Section,Name,Count,Amount,Fees,Total");

    await app.user.click(screen.getByRole("radio", { name: "Month" }));
    await screen.findByRole("region", { name: "Day book, Mar 2025" });
    await app.user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(downloads).toEqual(["daybook-2025-03-12.csv", "daybook-2025-03.csv"]));
    expect(api.callsTo(EXPORT)[1]?.url.searchParams.get("month")).toBe("2025-03");

    await app.user.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("says why a download failed", async () => {
    const { app } = openDayBook({ [EXPORT]: { status: 503, body: { detail: "Service temporarily unavailable." } } });
    await screen.findByText("Matches the ledger");
    await app.user.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Download failed: Service temporarily unavailable.");
  });

  it("shows a failure with Try again", async () => {
    let fail = true;
    const { app } = openDayBook({
      [BOOK]: () => (fail ? { status: 500, body: { detail: "A server error occurred." } } : { body: dayBook() }),
    });
    expect(await screen.findByText("Error: A server error occurred.", {}, { timeout: AFTER_RETRIES_MS })).toBeInTheDocument();
    await expectNoAxeViolations();
    fail = false;
    await app.user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Matches the ledger")).toBeInTheDocument();
  });

  it("keeps agents out", async () => {
    const { api } = openDayBook({}, "AGENT", "/admindashboard/daybook");
    await waitFor(() => expect(screen.queryByRole("heading", { level: 1, name: "Day book" })).not.toBeInTheDocument());
    expect(api.callsTo(BOOK)).toHaveLength(0);
  });
});
