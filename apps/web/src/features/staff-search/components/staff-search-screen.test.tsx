import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { BILL_TOKEN, billResult, paymentResult, searchAnswer } from "./search-fixtures";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const PROFILE = "GET /auth/profile/";
const SEARCH = "GET /api/staff/search/";

type Routes = Parameters<typeof mockApi>[0];

function openSearch(path = "/agentdashboard/search", routes: Routes = {}, role = "AGENT") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    [SEARCH]: { body: searchAnswer([paymentResult(), billResult()]) },
    ...routes,
  });
  return { api, app: renderApp(path) };
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e suite checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );

describe("staff search screen", () => {
  it("is in each staff role's navigation and asks nothing before a search", async () => {
    const { api, app } = openSearch("/agentdashboard", {
      "GET /invoices/invoices/filter/": { body: { count: 0, next: null, results: [] } },
    });
    const nav = await screen.findByRole("navigation", { name: "Staff" });
    await app.user.click(within(nav).getByRole("link", { name: "Search" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Find payments" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/agentdashboard/search");
    const field = await screen.findByRole("searchbox", { name: "Search" });
    expect(field).toHaveAccessibleDescription("Hospital number, name, phone, e-mail, payment reference or RRR.");
    expect(screen.getByText(/press Search/)).toBeInTheDocument();
    expect(api.callsTo(SEARCH)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it("admins and super admins find it in their own area", async () => {
    const { app } = openSearch("/superdashboard/search", {}, "SUPERADMIN");
    const nav = await screen.findByRole("navigation", { name: "Super admin" });
    expect(within(nav).getByRole("link", { name: "Search" })).toHaveAttribute("aria-current", "page");
    app.unmount();
    openSearch("/admindashboard/search", {}, "ADMIN");
    const adminNav = await screen.findByRole("navigation", { name: "Staff" });
    expect(within(adminNav).getByRole("link", { name: "Search" })).toHaveAttribute("aria-current", "page");
  });

  it("searches on Enter, puts the text in the address and lists bills and payments in one table", async () => {
    const { api, app } = openSearch();
    await app.user.type(await screen.findByRole("searchbox", { name: "Search" }), "  okafor {Enter}");
    expect(await screen.findByText("2 results match “okafor”.")).toBeInTheDocument();
    expect(app.location().search).toBe("?q=okafor");
    const call = api.callsTo(SEARCH).at(-1)!;
    expect(call.url.searchParams.get("q")).toBe("okafor");
    expect(call.url.searchParams.get("page")).toBe("1");
    expect(call.headers.get("Authorization")).toBe("Bearer test-token");
    const table = screen.getByRole("table", { name: 'Bills and payments matching "okafor", newest first' });
    expect(rowsOf(table)).toEqual([
      [
        "Payment",
        "HSP-20250312-0001RRR 290012345678RemitaPart of a billReceipt 7K3M-9QW2-XR4T-B8NP",
        "Emeka OkaforHN-004208120001234",
        "₦2,100.00",
        "—",
        "Completed",
        "12 Mar 2025, 12:05 WAT",
        "Open its billCheck receipt",
      ],
      [
        "Bill",
        BILL_TOKEN,
        "Chioma OkaforHN-004208031234567",
        "₦7,500.00",
        "Paid ₦2,000.00Left ₦5,500.00",
        "Open",
        "12 Mar 2025, 10:30 WAT",
        "Open bill",
      ],
    ]);
    expect(screen.getByRole("region", { name: "Search results table" })).toHaveAttribute("tabindex", "0");
    await expectNoAxeViolations();
  });

  it("links a bill to the Bills screen's dialog and a payment to its receipt check", async () => {
    openSearch("/admindashboard/search?q=okafor", {}, "ADMIN");
    const bill = await screen.findByRole("link", { name: "Open bill of Chioma Okafor, open" });
    expect(bill).toHaveAttribute("href", `/admindashboard/bills?bill=${BILL_TOKEN}`);
    expect(screen.getByRole("link", { name: "Open its bill, for payment HSP-20250312-0001" })).toHaveAttribute(
      "href",
      `/admindashboard/bills?bill=${BILL_TOKEN}`,
    );
    expect(screen.getByRole("link", { name: "Check receipt of the payment HSP-20250312-0001" })).toHaveAttribute(
      "href",
      "/verify-receipt?code=7K3M-9QW2-XR4T-B8NP",
    );
  });

  it("says a payment has no receipt yet when it has neither a code nor a bill", async () => {
    openSearch("/agentdashboard/search?q=emeka", {
      [SEARCH]: { body: searchAnswer([paymentResult({ status: "pending", receipt_code: null, bill_token: null })]) },
    });
    const table = await screen.findByRole("table");
    expect(rowsOf(table)[0]?.slice(5)).toEqual(["Pending (awaiting payment)", "12 Mar 2025, 12:05 WAT", "No receipt yet"]);
    expect(within(table).queryByRole("link")).toBeNull();
  });

  it("runs the search in the address on arrival, and a new search replaces it", async () => {
    const { api, app } = openSearch("/agentdashboard/search?q=HN-0042", {
      [SEARCH]: (call) => ({
        body: call.url.searchParams.get("q") === "HN-0042" ? searchAnswer([billResult()]) : searchAnswer([]),
      }),
    });
    expect(await screen.findByText("1 result matches “HN-0042”.")).toBeInTheDocument();
    const field = screen.getByRole("searchbox", { name: "Search" });
    expect(field).toHaveValue("HN-0042");
    await app.user.clear(field);
    await app.user.type(field, "nobody{Enter}");
    expect(await screen.findByText('No bills or payments match "nobody".')).toBeInTheDocument();
    expect(api.callsTo(SEARCH).map((call) => call.url.searchParams.get("q"))).toEqual(["HN-0042", "nobody"]);
    expect(app.location().search).toBe("?q=nobody");
  });

  it("refuses a text shorter than the contract allows, with a field error, and asks nothing", async () => {
    const { api, app } = openSearch();
    const field = await screen.findByRole("searchbox", { name: "Search" });
    await app.user.type(field, " a ");
    await app.user.click(screen.getByRole("button", { name: "Search" }));
    expect(field).toHaveAccessibleDescription(
      "Hospital number, name, phone, e-mail, payment reference or RRR. Enter at least 2 characters.",
    );
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();
    expect(api.callsTo(SEARCH)).toHaveLength(0);
    expect(app.location().search).toBe("");
    await expectNoAxeViolations();
    // Typing again clears the message.
    await app.user.type(field, "b");
    expect(field).not.toHaveAttribute("aria-invalid");
  });

  it("shows the same field error for a too short text in the address, without asking, until the text changes", async () => {
    const { api, app } = openSearch("/agentdashboard/search?q=x");
    const field = await screen.findByRole("searchbox", { name: "Search" });
    expect(field).toHaveAccessibleDescription(/Enter at least 2 characters\./);
    expect(api.callsTo(SEARCH)).toHaveLength(0);
    await app.user.type(field, "y");
    expect(field).not.toHaveAttribute("aria-invalid");
    await app.user.keyboard("{Enter}");
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(api.callsTo(SEARCH).at(-1)?.url.searchParams.get("q")).toBe("xy");
  });

  it("shows the server's own field error under the field", async () => {
    openSearch("/agentdashboard/search?q=ab", {
      [SEARCH]: { status: 400, body: { detail: "Invalid input.", q: ["Ensure this field has no more than 100 characters."] } },
    });
    const field = await screen.findByRole("searchbox", { name: "Search" });
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Ensure this field has no more than 100 characters\./));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows loading, then an empty answer", async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    openSearch("/agentdashboard/search?q=zz", {
      [SEARCH]: async () => {
        await answered;
        return { body: searchAnswer([]) };
      },
    });
    expect(await screen.findByText("Searching…")).toHaveAttribute("role", "status");
    release();
    expect(await screen.findByText('No bills or payments match "zz".')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("shows a failure with the server's message and tries again", async () => {
    let failing = true;
    const { app } = openSearch("/agentdashboard/search?q=okafor", {
      [SEARCH]: () =>
        failing ? { status: 503, body: { detail: "Service unavailable." } } : { body: searchAnswer([billResult()]) },
    });
    const alert = await screen.findByRole("alert", {}, { timeout: AFTER_RETRIES_MS });
    expect(alert).toHaveTextContent("Error: Service unavailable.");
    await expectNoAxeViolations();
    failing = false;
    await app.user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });

  it("says so when the answer cannot be read, without retrying", async () => {
    const { api } = openSearch("/agentdashboard/search?q=okafor", { [SEARCH]: { body: { results: "nope" } } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Error: Failed to read the search results.");
    expect(api.callsTo(SEARCH)).toHaveLength(1);
  });

  it("pages through the results, the page in the address", async () => {
    const { api, app } = openSearch("/agentdashboard/search?q=okafor", {
      [SEARCH]: (call) => {
        const page = Number(call.url.searchParams.get("page"));
        const name = page === 2 ? "Second Page" : "First Page";
        return { body: searchAnswer([billResult({ name })], 25, page) };
      },
    });
    expect(await screen.findByText("25 results match “okafor”, page 1 of 2.")).toBeInTheDocument();
    const pages = screen.getByRole("navigation", { name: "Result pages" });
    expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();
    await app.user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Second Page")).toBeInTheDocument();
    expect(app.location().search).toBe("?q=okafor&page=2");
    expect(api.callsTo(SEARCH).at(-1)?.url.searchParams.get("page")).toBe("2");
    expect(within(pages).getByRole("button", { name: "Next" })).toBeDisabled();
    await app.user.click(within(pages).getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("First Page")).toBeInTheDocument();
    expect(app.location().search).toBe("?q=okafor&page=1");
  });
});
