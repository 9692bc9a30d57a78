import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply, type RecordedCall } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";
import { deskPaymentAnswer, myDesk, openShift } from "./bills-fixtures";

const DESK = "GET /api/staff/desk/";
const SHIFT = "GET /api/staff/shifts/current/";
const PAY = "POST /api/staff/desk/payments/";
const PATIENTS = "GET /api/staff/patients/";

const LAB = { id: 1, name: "Laboratory" };
function service(id: number, name: string, price: string) {
  return {
    id,
    name,
    price,
    fixed_price: "yes",
    department: LAB,
    description: `${name} description`,
    head_code: `HC-${id}`,
    service_type_id: 4430731,
    amount: price,
    service_charge: "0.00",
    category: "Services",
  };
}
const FBC = service(101, "Full Blood Count", "5000.00");
const MALARIA = service(102, "Malaria Parasite Test", "1500.50");

const PATIENT = {
  id: 42,
  hospital_number: "FTH/2026/04411",
  first_name: "Halima",
  last_name: "Bello",
  other_names: "",
  phone: "08035550101",
  email: "",
  language: "ha",
  date_of_birth: "1985-02-03",
  created_at: "2026-11-01T09:00:00Z",
  updated_at: "2026-11-01T09:00:00Z",
};

type Handler = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

/** The desk sale screen of an agent (or `role` in `area`), with the desk, shift and catalogue answers given. */
function openSale(routes: Record<string, Handler> = {}, role = "AGENT", area = "/agentdashboard") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    "GET /auth/profile/": { body: staff },
    [DESK]: { body: myDesk() },
    [SHIFT]: { body: openShift() },
    "GET /api/catalogue/departments/": { body: { success: true, data: { orgDepts: [LAB] } } },
    "GET /api/catalogue/revenue-heads/": { body: { success: true, data: { orgRevenueHeads: [FBC, MALARIA] } } },
    [PATIENTS]: { body: { count: 1, page: 1, results: [PATIENT] } },
    ...routes,
  });
  const app = renderApp(`${area}/desk-sale`);
  return { api, app };
}

/** Picks `names` in the Quick Pay service dialog (its chunk loaded on the first opening) and adds them to the sale. */
async function addServices(app: ReturnType<typeof renderApp>, names: string[]) {
  await app.user.click(await screen.findByRole("button", { name: "Add services" }));
  const add = await screen.findByRole("button", { name: "Add to the sale" }, { timeout: AFTER_RETRIES_MS });
  const dialog = screen.getByRole("dialog", { name: "Select Services" });
  for (const name of names) await app.user.click(await within(dialog).findByRole("button", { name }));
  await app.user.click(add);
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Select Services" })).toBeNull());
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e journey checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("the desk sale screen: who may sell", () => {
  it("tells a member who does not collect money why there is no form, and never asks for their shift", async () => {
    const { api } = openSale({ [DESK]: { body: myDesk({ collects_money: false }) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Desk sale" })).toBeInTheDocument();
    expect(await screen.findByText(/You do not collect money at the desk, so you cannot sell here/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add services" })).toBeNull();
    expect(api.callsTo(SHIFT)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it("says so while the desk is read, shows a failure with Try again, then the form", async () => {
    let fail = true;
    const { api, app } = openSale({
      [DESK]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return fail ? { status: 403, body: { detail: "Your session has no desk." } } : { body: myDesk() };
      },
    });
    expect(await screen.findByText("Checking your desk…")).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error: Your session has no desk.");
    await expectNoAxeViolations();
    fail = false;
    await app.user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Add services" })).toBeInTheDocument();
    expect(api.callsTo(DESK)).toHaveLength(2);
  });

  it("without an open shift, links to the area's My shift", async () => {
    const { app } = openSale({ [SHIFT]: { status: 404, body: { detail: "Not found." } } }, "ADMIN", "/admindashboard");
    const note = await screen.findByText(/Open your shift before taking money at the desk/);
    expect(screen.queryByRole("button", { name: "Add services" })).toBeNull();
    await expectNoAxeViolations();
    await app.user.click(within(note).getByRole("link", { name: "My shift" }));
    await waitFor(() => expect(app.location().pathname).toBe("/admindashboard/shift"));
  });

  it("while the drawer's count awaits sign-off, says no money can be taken", async () => {
    const drawer = {
      float: "5000.00",
      cash: { count: 0, amount: "0.00" },
      pos: { count: 0, amount: "0.00" },
      expected: "5000.00",
      counted: "4800.00",
      variance: "-200.00",
      denominations: [],
      counted_at: "2025-03-12T15:00:00Z",
      awaiting_signoff: true,
      variance_limit: "100.00",
      signed_off_by: null,
      signoff_note: null,
    };
    openSale({ [SHIFT]: { body: openShift({ drawer }) } }, "SUPERADMIN", "/superdashboard");
    expect(await screen.findByText(/waiting for an admin's sign-off/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Record the sale" })).toBeNull();
  });

  it("is in each staff area's navigation", async () => {
    openSale();
    const nav = await screen.findByRole("navigation", { name: "Staff" });
    expect(within(nav).getByRole("link", { name: "Desk sale" })).toHaveAttribute("href", "/agentdashboard/desk-sale");
  });
});

describe("the desk sale screen: selling", () => {
  it("sells a cart in cash: lines and total in naira with no charge fee, the change live, the body sent, then the receipt code", async () => {
    const { api, app } = openSale({
      [PAY]: { status: 201, body: deskPaymentAnswer({ amount: "8001.00", change: "1999.00", bill: null }) },
    });
    expect(await screen.findByText("No services yet: add them from the catalogue.")).toBeInTheDocument();
    await addServices(app, ["Full Blood Count", "Malaria Parasite Test"]);

    const lines = screen.getByRole("list", { name: "Services in this sale" });
    await app.user.click(within(lines).getByRole("button", { name: "Increase quantity of Malaria Parasite Test" }));
    expect(within(lines).getByRole("listitem", { name: "Malaria Parasite Test" })).toHaveTextContent("₦3,001.00");
    const totals = screen.getByLabelText("Cart totals");
    expect(totals).toHaveTextContent("Total₦8,001.00");
    expect(totals).not.toHaveTextContent("Charge fee");

    await app.user.type(screen.getByRole("textbox", { name: "Payer's name" }), "Emeka Okafor");
    await app.user.type(screen.getByRole("searchbox", { name: "Find a registered patient" }), "4411{Enter}");
    await app.user.click(await screen.findByRole("button", { name: "Choose Halima Bello" }));
    expect(screen.getByRole("textbox", { name: "Payer's name" })).toHaveValue("Emeka Okafor");
    expect(screen.getByRole("textbox", { name: "Payer's phone (optional)" })).toHaveValue("08035550101");

    expect(screen.getByRole("radio", { name: "Cash" })).toBeChecked();
    await app.user.type(screen.getByRole("textbox", { name: "Cash handed over (₦, optional)" }), "10000");
    expect(screen.getByText(/Change to give back:/)).toHaveTextContent("Change to give back: ₦1,999.00");
    await expectNoAxeViolations();
    await app.user.click(screen.getByRole("button", { name: "Record the sale" }));

    expect(await screen.findByText("Payment recorded.")).toBeInTheDocument();
    const body = api.callsTo(PAY)[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      items: [
        expect.objectContaining({ amount: "5000.00", qty: 1, service: expect.objectContaining({ id: 101, price: "5000.00" }) }),
        expect.objectContaining({
          amount: "1500.50",
          qty: 2,
          service: expect.objectContaining({ id: 102, head_code: "HC-102" }),
        }),
      ],
      method: "cash",
      payer_name: "Emeka Okafor",
      payer_phone: "08035550101",
      hospital_number: "FTH/2026/04411",
      tendered: "10000",
    });
    expect(api.callsTo(PAY)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
    expect(screen.getByText("Cash: ₦8,001.00 from Emeka Okafor.")).toBeInTheDocument();
    expect(screen.getByText("Give back ₦1,999.00 in change.")).toBeInTheDocument();
    expect(screen.getByText("7K3M-9QXR-2B4D-HJ6P")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Services sold" })).getAllByRole("listitem")).toHaveLength(2);
    await waitFor(() => expect(screen.getByText("Payment recorded.").closest("[tabindex='-1']")).toHaveFocus());
    await waitFor(() => expect(api.callsTo(SHIFT).length).toBeGreaterThan(1));
    await expectNoAxeViolations();

    await app.user.click(screen.getByRole("button", { name: "New sale" }));
    expect(await screen.findByText("No services yet: add them from the catalogue.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Payer's name" })).toHaveValue("");
    await waitFor(() => expect(screen.getByRole("button", { name: "Add services" })).toHaveFocus());
  });

  it("asks for services first: the error describes Add services, which gets the focus", async () => {
    const { api, app } = openSale();
    await app.user.type(await screen.findByRole("textbox", { name: "Payer's name" }), "Emeka Okafor");
    await app.user.click(screen.getByRole("button", { name: "Record the sale" }));
    const add = screen.getByRole("button", { name: "Add services" });
    expect(add).toHaveAccessibleDescription("Add at least one service.");
    await waitFor(() => expect(add).toHaveFocus());
    expect(screen.getByRole("alert")).toHaveTextContent("Check the field marked below.");
    expect(api.callsTo(PAY)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it("by POS, asks for the slip's reference first, then sends it with no cash handed over", async () => {
    const { api, app } = openSale({
      [PAY]: { status: 201, body: deskPaymentAnswer({ method: "pos", amount: "5000.00", change: null, bill: null }) },
    });
    await addServices(app, ["Full Blood Count"]);
    await app.user.click(screen.getByRole("radio", { name: "POS (card terminal)" }));
    expect(screen.queryByRole("textbox", { name: /Cash handed over/ })).toBeNull();
    await app.user.type(screen.getByRole("textbox", { name: "Payer's name" }), "Sani Bello");
    await app.user.click(screen.getByRole("button", { name: "Record the sale" }));

    const reference = screen.getByRole("textbox", { name: "POS slip reference" });
    expect(reference).toHaveAttribute("aria-invalid", "true");
    expect(reference).toHaveAccessibleDescription(expect.stringContaining("Enter the reference printed on the POS slip."));
    await waitFor(() => expect(reference).toHaveFocus());
    expect(api.callsTo(PAY)).toHaveLength(0);
    await expectNoAxeViolations();

    await app.user.type(reference, "RRN-20250312-0042");
    await app.user.click(screen.getByRole("button", { name: "Record the sale" }));
    expect(await screen.findByText("POS: ₦5,000.00 from Sani Bello.")).toBeInTheDocument();
    expect(api.callsTo(PAY)[0]?.body).toEqual({
      items: [expect.objectContaining({ amount: "5000.00", qty: 1 })],
      method: "pos",
      terminal_reference: "RRN-20250312-0042",
      payer_name: "Sani Bello",
    });
    expect(screen.queryByText(/in change/)).toBeNull();
  });

  it("shows the server's refusal of a field under it, a slip recorded before under the reference, and a refused service above the cart", async () => {
    let answer: MockReply = {
      status: 400,
      body: { detail: "Invalid input.", errors: { payer_phone: ["Enter a valid Nigerian phone number."] } },
    };
    const { api, app } = openSale({ [PAY]: () => answer });
    await addServices(app, ["Full Blood Count"]);
    await app.user.type(screen.getByRole("textbox", { name: "Payer's name" }), "Emeka Okafor");
    const phone = screen.getByRole("textbox", { name: "Payer's phone (optional)" });
    await app.user.type(phone, "08031234567");
    await app.user.click(screen.getByRole("button", { name: "Record the sale" }));
    await waitFor(() => expect(phone).toHaveAttribute("aria-invalid", "true"));
    expect(phone).toHaveAccessibleDescription(expect.stringContaining("Enter a valid Nigerian phone number."));
    await waitFor(() => expect(phone).toHaveFocus());
    expect(api.callsTo(PAY)).toHaveLength(1);

    answer = { status: 409, body: { detail: "This POS slip was already recorded.", code: "terminal_reference_used" } };
    await app.user.click(screen.getByRole("radio", { name: "POS (card terminal)" }));
    const reference = screen.getByRole("textbox", { name: "POS slip reference" });
    await app.user.type(reference, "RRN-1234567");
    await app.user.click(screen.getByRole("button", { name: "Record the sale" }));
    await waitFor(() =>
      expect(reference).toHaveAccessibleDescription(expect.stringContaining("This POS slip was already recorded.")),
    );
    expect(reference).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(reference).toHaveFocus());
    await expectNoAxeViolations();

    answer = {
      status: 400,
      body: {
        detail: "Some items in your cart could not be accepted.",
        errors: { "items.0.service.price": ["The price of Full Blood Count is ₦5,500.00. Refresh your cart and try again."] },
      },
    };
    await app.user.clear(reference);
    await app.user.type(reference, "RRN-7654321");
    await app.user.click(screen.getByRole("button", { name: "Record the sale" }));
    const add = screen.getByRole("button", { name: "Add services" });
    await waitFor(() =>
      expect(add).toHaveAccessibleDescription(
        "A service could not be sold: The price of Full Blood Count is ₦5,500.00. Refresh your cart and try again.",
      ),
    );
    await waitFor(() => expect(add).toHaveFocus());
  });

  it("says why in an alert when the shift closed meanwhile", async () => {
    const { app } = openSale({
      [PAY]: { status: 409, body: { detail: "Open your shift before taking money at the desk.", code: "no_open_shift" } },
    });
    await addServices(app, ["Full Blood Count"]);
    await app.user.type(screen.getByRole("textbox", { name: "Payer's name" }), "Emeka Okafor");
    await app.user.click(screen.getByRole("button", { name: "Record the sale" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Open your shift before taking money at the desk.");
  });
});
