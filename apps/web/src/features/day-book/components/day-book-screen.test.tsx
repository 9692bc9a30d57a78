import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startEarlyRequest } from "../../../lib/session/early-profile";
import { WAT_TODAY_SLOT } from "../../../lib/session/early-slots";
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
  it("takes today's book from the request the boot entry started with the profile, and asks again only for another day", async () => {
    const { api } = openDayBook();
    // As boot.ts does with the page's `requests` (vite.config.ts): the slot filled with today's WAT date.
    startEarlyRequest(`/api/staff/daybook/?date=${WAT_TODAY_SLOT}`.replace(WAT_TODAY_SLOT, "2025-03-12"));
    expect(api.callsTo(BOOK)).toHaveLength(1);
    expect(await screen.findByRole("heading", { name: "Day book, 12 Mar 2025" })).toBeInTheDocument();
    expect(await screen.findByRole("table", { name: "Money by channel" })).toBeInTheDocument();
    expect(api.callsTo(BOOK)).toHaveLength(1);
    expect(api.callsTo(BOOK)[0]?.url.searchParams.get("date")).toBe("2025-03-12");

    fireEvent.change(screen.getByLabelText("Day (WAT)"), { target: { value: "2025-03-10" } });
    await waitFor(() => expect(api.callsTo(BOOK)).toHaveLength(2));
    expect(api.callsTo(BOOK)[1]?.url.searchParams.get("date")).toBe("2025-03-10");
  });

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

describe("recording a POS settlement", () => {
  const SETTLE = "POST /api/staff/desk/pos-settlements/";

  it("comes below the book once the book has been read, or has failed, so that the book's arrival moves nothing", async () => {
    let answer: ((reply: { status?: number; body?: unknown }) => void) | undefined;
    openDayBook({ [BOOK]: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByText("Loading the day book…")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Record a POS settlement" })).not.toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByRole("button", { name: "Record a POS settlement" })).not.toBeInTheDocument();
    answer!({ status: 400, body: { date: ["Enter a valid date."] } });
    expect(await screen.findByRole("button", { name: "Record a POS settlement" })).toBeInTheDocument();
  });

  async function openForm(routes: Routes = {}) {
    const opened = openDayBook(routes);
    await screen.findByText("Matches the ledger");
    const button = screen.getByRole("button", { name: "Record a POS settlement" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    await opened.app.user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const form = screen.getByRole("region", { name: "POS settlements" });
    return { ...opened, form };
  }

  it("sends the settlement, shows the server's detail and what still awaits, and fetches the book again", async () => {
    let settled = false;
    const { api, app, form } = await openForm({
      [BOOK]: () => ({
        body: settled
          ? dayBook({
              drawers: {
                floats: "5000.00",
                handed_over: "5300.00",
                shortages: "200.00",
                overages: "0.00",
                pos_settled: "4400.00",
                pos_fees: "27.00",
              },
            })
          : dayBook(),
      }),
      [SETTLE]: () => {
        settled = true;
        return {
          status: 201,
          body: {
            detail: "POS settlement recorded.",
            settlement: {
              id: 3,
              reference: "STL-0312",
              settled_on: "2025-03-12",
              amount: "2000.00",
              fee: "15.00",
              awaiting: "1000.00",
            },
          },
        };
      },
    });
    // The settlement date starts at today's WAT day.
    expect(within(form).getByLabelText("Settlement date (WAT)")).toHaveValue("2025-03-12");
    await app.user.type(within(form).getByLabelText("Settlement reference"), " STL-0312 ");
    await app.user.type(within(form).getByLabelText("Amount settled (₦)"), "2000");
    await app.user.type(within(form).getByLabelText("Fee (₦, optional)"), "15");
    const booksBefore = api.callsTo(BOOK).length;
    await app.user.click(within(form).getByRole("button", { name: "Record the settlement" }));

    const done = await within(form).findByRole("status");
    expect(done).toHaveTextContent("POS settlement recorded.");
    expect(done).toHaveTextContent("Still awaiting settlement: ₦1,000.00");
    expect(api.callsTo(SETTLE)).toHaveLength(1);
    expect(api.callsTo(SETTLE)[0]?.body).toEqual({ reference: "STL-0312", settled_on: "2025-03-12", amount: "2000", fee: "15" });
    expect(api.callsTo(SETTLE)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
    await waitFor(() => expect(api.callsTo(BOOK).length).toBeGreaterThan(booksBefore));
    const figures = screen.getByRole("region", { name: "Refunds, waivers and drawers" });
    await waitFor(() => expect(figure(figures, "POS settled")).toBe("₦4,400.00"));
    expect(figure(figures, "POS fees")).toBe("₦27.00");
    // The form is ready for the next one (the date kept).
    expect(within(form).getByLabelText("Settlement reference")).toHaveValue("");
    expect(within(form).getByLabelText("Settlement date (WAT)")).toHaveValue("2025-03-12");
    await expectNoAxeViolations();
  });

  it("leaves an empty fee out of the body", async () => {
    const { api, app, form } = await openForm({
      [SETTLE]: {
        status: 201,
        body: {
          detail: "POS settlement recorded.",
          settlement: { id: 4, reference: "R1", settled_on: "2025-03-12", amount: "100.00", fee: "0.00", awaiting: "0.00" },
        },
      },
    });
    await app.user.type(within(form).getByLabelText("Settlement reference"), "R1");
    await app.user.type(within(form).getByLabelText("Amount settled (₦)"), "100");
    await app.user.click(within(form).getByRole("button", { name: "Record the settlement" }));
    expect(await within(form).findByRole("status")).toHaveTextContent("Still awaiting settlement: ₦0.00");
    expect(api.callsTo(SETTLE)[0]?.body).toEqual({ reference: "R1", settled_on: "2025-03-12", amount: "100" });
  });

  it("checks the fields before sending, the first invalid one focused", async () => {
    const { api, app, form } = await openForm();
    await app.user.type(within(form).getByLabelText("Amount settled (₦)"), "100");
    await app.user.type(within(form).getByLabelText("Fee (₦, optional)"), "200");
    await app.user.click(within(form).getByRole("button", { name: "Record the settlement" }));
    const reference = within(form).getByLabelText("Settlement reference");
    await waitFor(() => expect(reference).toHaveFocus());
    expect(reference).toHaveAttribute("aria-invalid", "true");
    expect(reference).toHaveAccessibleDescription(/.+/);
    expect(within(form).getByLabelText("Fee (₦, optional)")).toHaveAccessibleDescription("The fee cannot exceed the amount.");
    expect(api.callsTo(SETTLE)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it("shows the server's field error under its field, focused", async () => {
    const { api, app, form } = await openForm({
      [SETTLE]: {
        status: 400,
        body: { detail: "Invalid input.", errors: { amount: ["Only ₦2,400.00 of POS payments awaits settlement."] } },
      },
    });
    await app.user.type(within(form).getByLabelText("Settlement reference"), "STL-9");
    await app.user.type(within(form).getByLabelText("Amount settled (₦)"), "5000");
    const booksBefore = api.callsTo(BOOK).length;
    await app.user.click(within(form).getByRole("button", { name: "Record the settlement" }));
    const amount = within(form).getByLabelText("Amount settled (₦)");
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(amount).toHaveAccessibleDescription("Only ₦2,400.00 of POS payments awaits settlement.");
    expect(within(form).getByLabelText("Settlement reference")).not.toHaveAttribute("aria-invalid");
    expect(within(form).queryByRole("alert")).not.toBeInTheDocument();
    expect(api.callsTo(BOOK)).toHaveLength(booksBefore);
    await expectNoAxeViolations();
  });

  it("says when the reference was recorded already (409), and other failures", async () => {
    let reply = { status: 409, body: { detail: "This settlement reference was already recorded.", code: "pos_settlement_used" } };
    const { app, form } = await openForm({ [SETTLE]: () => reply });
    await app.user.type(within(form).getByLabelText("Settlement reference"), "STL-0312");
    await app.user.type(within(form).getByLabelText("Amount settled (₦)"), "2000");
    await app.user.click(within(form).getByRole("button", { name: "Record the settlement" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("This settlement reference was already recorded.");
    expect(within(form).queryByRole("status")).not.toBeInTheDocument();
    expect(within(form).getByLabelText("Settlement reference")).toHaveValue("STL-0312");
    await expectNoAxeViolations();

    reply = { status: 503, body: { detail: "Service temporarily unavailable.", code: "" } };
    await app.user.click(within(form).getByRole("button", { name: "Record the settlement" }));
    await waitFor(() => expect(within(form).getByRole("alert")).toHaveTextContent("Service temporarily unavailable."));
  });

  it("shows the busy state while the settlement is sent", async () => {
    const { app, form } = await openForm({ [SETTLE]: { hang: true } });
    await app.user.type(within(form).getByLabelText("Settlement reference"), "STL-1");
    await app.user.type(within(form).getByLabelText("Amount settled (₦)"), "10");
    const submit = within(form).getByRole("button", { name: "Record the settlement" });
    await app.user.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute("aria-busy", "true"));
    expect(submit).toBeDisabled();
  });
});
