import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply, type RecordedCall } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const LAB = { id: 1, name: "Laboratory" };
const RADIOLOGY = { id: 2, name: "Radiology" };
const PHARMACY = { id: 3, name: "Pharmacy" };

function service(id: number, name: string, price: string | number, department: { id: number; name: string }, fixed = "yes") {
  return {
    id,
    name,
    price,
    fixed_price: fixed,
    department,
    description: `${name} description`,
    head_code: `HC-${id}`,
    service_type_id: 4430731,
    amount: price,
    service_charge: "0.00",
    category: "Services",
  };
}

const FBC = service(101, "Full Blood Count", "5000.00", LAB);
const MALARIA = service(102, "Malaria Parasite Test", "1500.50", LAB);
const XRAY = service(201, "Chest X-Ray", 12000, RADIOLOGY);
const DEPOSIT = service(301, "Drug Deposit", "0.00", PHARMACY, "no");
const ALL = [FBC, MALARIA, XRAY, DEPOSIT];

const ok = (data: unknown): MockReply => ({ body: { success: true, data } });

const DEPARTMENTS = "GET /api/catalogue/departments/";
const ALL_HEADS = "GET /api/catalogue/revenue-heads/";
const LAB_HEADS = "GET /api/catalogue/departments/1/revenue-heads/";
const SEARCH = "GET /api/catalogue/services/";

function searchReply(call: RecordedCall): MockReply {
  const query = (call.url.searchParams.get("query") ?? "").toLowerCase();
  const department = call.url.searchParams.get("department_id");
  return ok(
    ALL.filter((item) => item.name.toLowerCase().includes(query) && (!department || String(item.department.id) === department)),
  );
}

function catalogue(overrides: Record<string, MockReply | ((call: RecordedCall) => MockReply)> = {}) {
  return {
    [DEPARTMENTS]: ok({ orgDepts: [LAB, RADIOLOGY, PHARMACY] }),
    [ALL_HEADS]: ok({ orgRevenueHeads: ALL }),
    [LAB_HEADS]: ok([FBC, MALARIA]),
    [SEARCH]: searchReply,
    ...overrides,
  };
}

const catalogueCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path.startsWith("/api/catalogue/"));

/** Opens the dialog from the landing page's 'Quick Pay' and waits for its chunk. */
async function openDialog(
  routes: Record<string, MockReply | ((call: RecordedCall) => MockReply)> = catalogue(),
  path = "/",
  buttonName = "Quick Pay",
) {
  const api = mockApi(routes);
  const app = renderApp(path);
  await app.user.click(await screen.findByRole("button", { name: buttonName }));
  // The dialog is a lazy chunk; the first import in a test file can take a while to transform.
  await screen.findByRole("button", { name: "Proceed to cart" }, { timeout: AFTER_RETRIES_MS });
  const dialog = screen.getByRole("dialog", { name: "Select Services" });
  return { api, app, dialog };
}

const row = (dialog: HTMLElement, name: string) => within(dialog).getByRole("button", { name });

describe("service selection dialog: loading (SPEC §2, §7)", () => {
  it("loads nothing before it is opened, then the departments and every service", async () => {
    const api = mockApi(catalogue());
    const app = renderApp("/");
    await screen.findByRole("region", { name: "Transaction Invoices" });
    expect(catalogueCalls(api.calls)).toHaveLength(0);
    expect(localStorage.getItem("allHospitalRecords")).toBeNull();

    await app.user.click(screen.getByRole("button", { name: "Quick Pay" }));
    expect(await screen.findByRole("button", { name: "Full Blood Count" }, { timeout: AFTER_RETRIES_MS })).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Select Services" })).toContainElement(
      screen.getByRole("button", { name: "Full Blood Count" }),
    );
    expect(api.callsTo(DEPARTMENTS)).toHaveLength(1);
    expect(api.callsTo(ALL_HEADS)).toHaveLength(1);
    expect(api.callsTo(SEARCH)).toHaveLength(0);
    expect(api.callsTo(LAB_HEADS)).toHaveLength(0);
    // Catalogue calls are public.
    expect(catalogueCalls(api.calls).every((call) => !call.headers.has("Authorization"))).toBe(true);
  });

  it("shows prices with two decimals and the naira sign, and each service's department", async () => {
    const { dialog } = await openDialog();
    expect(await within(dialog).findByRole("button", { name: "Full Blood Count" })).toHaveAccessibleDescription(
      "Laboratory · ₦5,000.00",
    );
    expect(row(dialog, "Malaria Parasite Test")).toHaveAccessibleDescription("Laboratory · ₦1,500.50");
    expect(row(dialog, "Chest X-Ray")).toHaveAccessibleDescription("Radiology · ₦12,000.00");
  });

  it("lists the departments in the chooser, and the department search filters it", async () => {
    const { app, dialog } = await openDialog();
    const chooser = within(dialog).getByRole("combobox", { name: "Department" });
    await waitFor(() =>
      expect(
        within(chooser)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["All departments", "Laboratory", "Radiology", "Pharmacy"]),
    );
    await app.user.type(within(dialog).getByRole("searchbox", { name: "Search departments" }), "RAD");
    expect(
      within(chooser)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All departments", "Radiology"]);
  });

  it("shows the SPEC text when no service matches", async () => {
    const { app, dialog } = await openDialog();
    await within(dialog).findByRole("button", { name: "Full Blood Count" });
    await app.user.type(within(dialog).getByRole("searchbox", { name: "Search services" }), "zzz");
    expect(
      await within(dialog).findByText("No services found. Try adjusting your search or select a department."),
    ).toBeInTheDocument();
  });
});

describe("service selection dialog: rules of SPEC §4", () => {
  it("selecting a row toggles it in and out; 'Proceed to cart' is disabled while nothing is selected", async () => {
    const { app, dialog } = await openDialog();
    const fbc = await within(dialog).findByRole("button", { name: "Full Blood Count" });
    const proceed = within(dialog).getByRole("button", { name: "Proceed to cart" });
    expect(fbc).toHaveAttribute("aria-pressed", "false");
    expect(proceed).toBeDisabled();
    await app.user.click(fbc);
    expect(fbc).toHaveAttribute("aria-pressed", "true");
    expect(proceed).toBeEnabled();
    await app.user.click(fbc);
    expect(fbc).toHaveAttribute("aria-pressed", "false");
    expect(proceed).toBeDisabled();
  });

  it("quantity starts at 1 and the minus button never goes below 1", async () => {
    const { app, dialog } = await openDialog();
    const fbc = await within(dialog).findByRole("button", { name: "Full Blood Count" });
    expect(within(dialog).queryByRole("button", { name: "Increase quantity of Full Blood Count" })).not.toBeInTheDocument();
    await app.user.click(fbc);
    const group = within(dialog).getByRole("group", { name: "Quantity of Full Blood Count" });
    const minus = within(dialog).getByRole("button", { name: "Decrease quantity of Full Blood Count" });
    const plus = within(dialog).getByRole("button", { name: "Increase quantity of Full Blood Count" });
    expect(group).toHaveTextContent("1");
    expect(minus).toBeDisabled();
    await app.user.click(plus);
    await app.user.click(plus);
    expect(group).toHaveTextContent("3");
    await app.user.click(minus);
    await app.user.click(minus);
    expect(group).toHaveTextContent("1");
    expect(minus).toBeDisabled();
    // The footer totals the selection: 1 × ₦5,000.00.
    expect(within(dialog).getByText("₦5,000.00", { selector: "span" })).toBeInTheDocument();
  });

  it("choosing a department clears the service search text, the selection and the department search, then lists its revenue heads", async () => {
    const { app, api, dialog } = await openDialog();
    const search = within(dialog).getByRole("searchbox", { name: "Search services" });
    await app.user.type(search, "chest");
    // The search is debounced: the full list's rows go once it runs, and its own "Chest X-Ray" row comes in their place.
    await waitFor(() => expect(api.callsTo(SEARCH).length).toBeGreaterThan(0));
    await waitFor(() => expect(within(dialog).queryByRole("button", { name: "Full Blood Count" })).not.toBeInTheDocument());
    await app.user.click(await within(dialog).findByRole("button", { name: "Chest X-Ray" }));
    expect(row(dialog, "Chest X-Ray")).toHaveAttribute("aria-pressed", "true");
    const departmentSearch = within(dialog).getByRole("searchbox", { name: "Search departments" });
    await app.user.type(departmentSearch, "lab");

    await app.user.selectOptions(within(dialog).getByRole("combobox", { name: "Department" }), "Laboratory");

    expect(search).toHaveValue("");
    expect(departmentSearch).toHaveValue("");
    expect(within(dialog).getByRole("button", { name: "Proceed to cart" })).toBeDisabled();
    expect(await within(dialog).findByRole("button", { name: "Malaria Parasite Test" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Chest X-Ray" })).not.toBeInTheDocument();
    expect(api.callsTo(LAB_HEADS)).toHaveLength(1);
  });

  it("a search after choosing a department stays inside that department", async () => {
    const { app, api, dialog } = await openDialog();
    await app.user.selectOptions(await within(dialog).findByRole("combobox", { name: "Department" }), "Laboratory");
    await within(dialog).findByRole("button", { name: "Malaria Parasite Test" });
    await app.user.type(within(dialog).getByRole("searchbox", { name: "Search services" }), "malaria");
    await waitFor(() => expect(api.callsTo(SEARCH).length).toBeGreaterThan(0));
    const call = api.callsTo(SEARCH).at(-1);
    expect(call?.url.searchParams.get("query")).toBe("malaria");
    expect(call?.url.searchParams.get("department_id")).toBe("1");
    await waitFor(() => expect(within(dialog).queryByRole("button", { name: "Full Blood Count" })).not.toBeInTheDocument());
    expect(row(dialog, "Malaria Parasite Test")).toBeInTheDocument();
  });

  it("an open-price service is selected by entering a positive price and removed by clearing it", async () => {
    const { app, dialog } = await openDialog();
    const deposit = await within(dialog).findByRole("button", { name: "Drug Deposit" });
    const price = within(dialog).getByRole("spinbutton", { name: "Price for Drug Deposit" });
    expect(deposit).toHaveAttribute("aria-pressed", "false");
    expect(price).toHaveAttribute("min", "0");
    await app.user.type(price, "2500");
    expect(deposit).toHaveAttribute("aria-pressed", "true");
    expect(within(dialog).getByRole("button", { name: "Proceed to cart" })).toBeEnabled();
    await app.user.clear(price);
    expect(deposit).toHaveAttribute("aria-pressed", "false");
    expect(within(dialog).getByRole("button", { name: "Proceed to cart" })).toBeDisabled();
    await app.user.type(price, "0");
    expect(deposit).toHaveAttribute("aria-pressed", "false");
  });

  it("a negative or invalid typed price shows a message next to the field and blocks proceeding until it is corrected", async () => {
    const { app, dialog } = await openDialog();
    await app.user.click(await within(dialog).findByRole("button", { name: "Full Blood Count" }));
    const price = within(dialog).getByRole("spinbutton", { name: "Price for Drug Deposit" });
    const proceed = within(dialog).getByRole("button", { name: "Proceed to cart" });
    expect(proceed).toBeEnabled();

    await app.user.type(price, "-250");
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(price).toHaveAccessibleDescription("The price cannot be negative.");
    expect(within(dialog).getByRole("button", { name: "Drug Deposit" })).toHaveAttribute("aria-pressed", "false");
    expect(proceed).toBeDisabled();
    expect(within(dialog).getByText("Correct the price of Drug Deposit to proceed.")).toBeInTheDocument();

    await app.user.clear(price);
    await app.user.type(price, "0");
    expect(price).toHaveAccessibleDescription("Enter a price above ₦0.00.");
    expect(proceed).toBeDisabled();

    await app.user.clear(price);
    await app.user.type(price, "12.345");
    expect(price).toHaveAccessibleDescription("Enter the price in naira, like 1500 or 1500.50.");

    await app.user.clear(price);
    await app.user.type(price, "250");
    expect(price).not.toHaveAttribute("aria-invalid");
    expect(price).not.toHaveAccessibleDescription();
    expect(within(dialog).queryByText(/Correct the price/)).not.toBeInTheDocument();
    expect(proceed).toBeEnabled();
  });

  it("proceeding adds every selected line with its quantity and entered price, goes to /receipt, closes and resets", async () => {
    const { app, dialog } = await openDialog();
    await app.user.click(await within(dialog).findByRole("button", { name: "Full Blood Count" }));
    await app.user.click(within(dialog).getByRole("button", { name: "Increase quantity of Full Blood Count" }));
    await app.user.type(within(dialog).getByRole("spinbutton", { name: "Price for Drug Deposit" }), "2500.5");
    await app.user.click(within(dialog).getByRole("button", { name: "Proceed to cart" }));

    await waitFor(() => expect(app.location().pathname).toBe("/receipt"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem("cart") ?? "[]") as Array<Record<string, unknown>>;
    expect(stored).toEqual([
      expect.objectContaining({
        id: 101,
        name: "Full Blood Count",
        price: "5000.00",
        quantity: 2,
        department: "Laboratory",
        service: FBC,
      }),
      expect.objectContaining({
        id: 301,
        name: "Drug Deposit",
        price: "2500.50",
        quantity: 1,
        department: "Pharmacy",
        service: DEPOSIT,
      }),
    ]);

    // The selection was reset: opening again shows nothing selected.
    await app.user.click(await screen.findByRole("button", { name: "Add more services" }));
    const again = await screen.findByRole("dialog", { name: "Select Services" });
    expect(await within(again).findByRole("button", { name: "Full Blood Count" })).toHaveAttribute("aria-pressed", "false");
    expect(within(again).getByRole("button", { name: "Proceed to cart" })).toBeDisabled();
  });

  it("a signed-in customer opens it with 'Pay Hospital Services' on the dashboard and proceeds to /wallet-pay", async () => {
    const user = buildUser();
    signIn(user);
    const { app, dialog } = await openDialog(
      { ...catalogue(), "GET /auth/profile/": { body: user } },
      "/dashboard",
      "Pay Hospital Services",
    );
    await app.user.click(await within(dialog).findByRole("button", { name: "Chest X-Ray" }));
    await app.user.click(within(dialog).getByRole("button", { name: "Proceed to cart" }));
    await waitFor(() => expect(app.location().pathname).toBe("/wallet-pay"));
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toEqual([
      expect.objectContaining({ id: 201, price: "12000.00", quantity: 1 }),
    ]);
  });

  it("keeps focus inside, closes with Escape, and keeps the selection when closed without proceeding", async () => {
    const { app, dialog } = await openDialog();
    await app.user.click(await within(dialog).findByRole("button", { name: "Full Blood Count" }));
    for (let i = 0; i < 20; i += 1) {
      await app.user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await app.user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Quick Pay" }));
    const again = await screen.findByRole("dialog", { name: "Select Services" });
    expect(within(again).getByRole("button", { name: "Full Blood Count" })).toHaveAttribute("aria-pressed", "true");
  });
});

describe("service selection dialog: errors of SPEC §8", () => {
  const down = (detail: string): MockReply => ({ status: 502, body: { detail } });
  const noDetail: MockReply = { status: 503, raw: "" };
  const refused: MockReply = { body: { success: false, message: "Provider error" } };

  it.each([
    ["the API's detail", down("Failed to fetch hospital department")],
    ["no detail", noDetail],
    ["success: false", refused],
  ])("departments failing (%s) show 'Error: Failed to fetch hospital department'", async (_label, reply) => {
    const { dialog } = await openDialog(catalogue({ [DEPARTMENTS]: reply }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Error: Failed to fetch hospital department$/);
    // The services still load.
    expect(await within(dialog).findByRole("button", { name: "Full Blood Count" })).toBeInTheDocument();
  });

  it.each([
    ["the API's detail", down("Failed to fetch all hospital records")],
    ["no detail", noDetail],
    ["success: false", refused],
  ])(
    "every service failing (%s), with nothing stored, shows 'Error: Failed to fetch all hospital records'",
    async (_label, reply) => {
      const { dialog } = await openDialog(catalogue({ [ALL_HEADS]: reply }));
      expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Error: Failed to fetch all hospital records$/);
      expect(within(dialog).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    },
  );

  it.each([
    ["the API's detail", down("Failed to fetch revenue heads")],
    ["no detail", noDetail],
  ])("a department's revenue heads failing (%s) show 'Error: Failed to fetch revenue heads'", async (_label, reply) => {
    const { app, dialog } = await openDialog(catalogue({ [LAB_HEADS]: reply }));
    await app.user.selectOptions(await within(dialog).findByRole("combobox", { name: "Department" }), "Laboratory");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Error: Failed to fetch revenue heads$/);
  });

  it.each([
    ["the API's detail", down("Failed to fetch hospital records")],
    ["no detail", noDetail],
  ])("a search failing (%s) shows 'Error: Failed to fetch hospital records'", async (_label, reply) => {
    const { app, dialog } = await openDialog(catalogue({ [SEARCH]: reply }));
    await app.user.type(within(dialog).getByRole("searchbox", { name: "Search services" }), "blood");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Error: Failed to fetch hospital records$/);
  });

  it("an answer it cannot read shows 'Failed to load services'", async () => {
    const { dialog } = await openDialog(catalogue({ [ALL_HEADS]: ok({ orgRevenueHeads: "not a list" }) }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Failed to load services$/);
  });

  it("'Try again' asks again", async () => {
    let calls = 0;
    const { app, dialog } = await openDialog(
      catalogue({
        [ALL_HEADS]: () =>
          ++calls === 1
            ? { status: 502, body: { detail: "Failed to fetch all hospital records" } }
            : ok({ orgRevenueHeads: ALL }),
      }),
    );
    await app.user.click(await within(dialog).findByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByRole("button", { name: "Full Blood Count" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("service selection dialog: localStorage `allHospitalRecords`", () => {
  const STORED = service(900, "Stored Consultation", "2000.00", LAB);

  it("stores every service with its fetch time", async () => {
    const before = Date.now();
    const { dialog } = await openDialog();
    await within(dialog).findByRole("button", { name: "Full Blood Count" });
    const stored = JSON.parse(localStorage.getItem("allHospitalRecords") ?? "null") as { fetchedAt: number; records: unknown[] };
    expect(stored.records).toEqual(ALL);
    expect(stored.fetchedAt).toBeGreaterThanOrEqual(before);
    expect(stored.fetchedAt).toBeLessThanOrEqual(Date.now());
  });

  it("reuses a copy fetched less than 5 minutes ago without asking the API", async () => {
    localStorage.setItem("allHospitalRecords", JSON.stringify({ fetchedAt: Date.now() - 60_000, records: [STORED] }));
    const { api, dialog } = await openDialog();
    expect(await within(dialog).findByRole("button", { name: "Stored Consultation" })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(DEPARTMENTS)).toHaveLength(1));
    expect(api.callsTo(ALL_HEADS)).toHaveLength(0);
  });

  it("replaces an older copy with the API's answer", async () => {
    localStorage.setItem("allHospitalRecords", JSON.stringify({ fetchedAt: Date.now() - 10 * 60_000, records: [STORED] }));
    const { api, dialog } = await openDialog();
    expect(await within(dialog).findByRole("button", { name: "Full Blood Count" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Stored Consultation" })).not.toBeInTheDocument();
    expect(api.callsTo(ALL_HEADS)).toHaveLength(1);
  });

  it.each([
    ["a 502", { status: 502, body: { detail: "Failed to fetch all hospital records" } } as MockReply],
    ["success: false", { body: { success: false } } as MockReply],
  ])("serves the stored copy when the API fails (%s)", async (_label, reply) => {
    localStorage.setItem("allHospitalRecords", JSON.stringify({ fetchedAt: Date.now() - 10 * 60_000, records: [STORED] }));
    const { api, dialog } = await openDialog(catalogue({ [ALL_HEADS]: reply }));
    await waitFor(() => expect(api.callsTo(ALL_HEADS)).toHaveLength(1));
    expect(await within(dialog).findByRole("button", { name: "Stored Consultation" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });
});
