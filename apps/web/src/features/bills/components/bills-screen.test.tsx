import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it, vi } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { billRow, staffBill, TOKEN } from "./bills-fixtures";

const PROFILE = "GET /auth/profile/";
const LIST = "GET /api/staff/bills/";
const CREATE = "POST /api/staff/bills/";
const DETAIL = `GET /api/staff/bills/${TOKEN}/`;
const CANCEL = `POST /api/staff/bills/${TOKEN}/cancel/`;
const DEPARTMENTS = "GET /api/catalogue/departments/";

type Routes = Parameters<typeof mockApi>[0];

const catalogue: Routes = {
  [DEPARTMENTS]: {
    body: {
      success: true,
      data: {
        orgDepts: [
          { id: 1, name: "Laboratory" },
          { id: 2, name: "Nursing" },
        ],
      },
    },
  },
  "GET /api/catalogue/departments/1/revenue-heads/": {
    body: { success: true, data: [{ id: 11, name: "Full blood count", price: "5000", fixed_price: "yes" }] },
  },
  "GET /api/catalogue/departments/2/revenue-heads/": {
    body: { success: true, data: [{ id: 21, name: "Dressing", price: "0", fixed_price: "no" }] },
  },
};

function openBills(routes: Routes = {}, role = "AGENT", path = "/agentdashboard/bills") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    [LIST]: { body: { count: 1, page: 1, page_size: 20, results: [billRow()] } },
    [DETAIL]: { body: staffBill() },
    ...catalogue,
    ...routes,
  });
  return { api, app: renderApp(path) };
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e suite checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("staff bills screen", () => {
  it("lists bills and is reachable from each staff role's navigation", async () => {
    const { app } = openBills(
      { "GET /invoices/invoices/filter/": { body: { count: 0, next: null, results: [] } } },
      "AGENT",
      "/agentdashboard",
    );
    const nav = await screen.findByRole("navigation", { name: "Staff" });
    await app.user.click(within(nav).getByRole("link", { name: "Bills" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Bills" })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/agentdashboard/bills");
    const table = await screen.findByRole("table", { name: "Bills, newest first" });
    const cells = within(within(table).getAllByRole("row")[1] as HTMLElement)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual([
      "12 Mar 2025, 10:30 WAT",
      "Chioma Okafor08031234567chioma@example.com",
      "HN-0042",
      "₦7,500.00",
      "₦2,000.00",
      "₦5,500.00",
      "Open",
    ]);
    await expectNoAxeViolations();
  });

  it("super admins and admins find it in their own area", async () => {
    const { app } = openBills({}, "SUPERADMIN", "/superdashboard/bills");
    const nav = await screen.findByRole("navigation", { name: "Super admin" });
    expect(within(nav).getByRole("link", { name: "Bills" })).toHaveAttribute("aria-current", "page");
    expect(await screen.findByRole("table", { name: "Bills, newest first" })).toBeInTheDocument();
    app.unmount();
    openBills({}, "ADMIN", "/admindashboard/bills");
    expect(await screen.findByRole("table", { name: "Bills, newest first" })).toBeInTheDocument();
  });

  it("opens the bill named by ?bill= (the staff search links there), and closing takes it off the address", async () => {
    const { api, app } = openBills({}, "ADMIN", `/admindashboard/bills?bill=${TOKEN}&q=x`);
    const dialog = await screen.findByRole("dialog", { name: "Bill for Chioma Okafor" });
    expect(await within(dialog).findByText("Full blood count")).toBeInTheDocument();
    expect(api.callsTo(DETAIL)).toHaveLength(1);
    await app.user.click(within(dialog).getAllByRole("button", { name: "Close" })[0]!);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(app.location().search).toBe("?q=x");
    expect(await screen.findByRole("table", { name: "Bills, newest first" })).toBeInTheDocument();
  });

  it("shows an HMO enrollee's bill with the HMO's part, and each line's HMO part, co-payment and code", async () => {
    const [lab, dressing] = staffBill().items;
    const bill = staffBill({
      total: "7500.00",
      hmo_part: "7000.00",
      paid: "0.00",
      left: "500.00",
      coverage: { hmo_id: 5, hmo_name: "Hygeia HMO", plan_name: "NHIA Formal Sector", enrollee_id: "HYG-2" },
      items: [
        { ...lab, hmo_part: "4500.00", copay: "500.00", preauth_code: null },
        { ...dressing, hmo_part: "2500.00", copay: "0.00", preauth_code: "PA/2026-0001" },
      ],
    });
    openBills({ [DETAIL]: { body: bill } }, "ADMIN", `/admindashboard/bills?bill=${TOKEN}`);
    const dialog = await screen.findByRole("dialog", { name: "Bill for Chioma Okafor" });
    expect(await within(dialog).findByText("Hygeia HMO (NHIA Formal Sector), enrollee ID HYG-2")).toBeInTheDocument();
    expect(within(dialog).getByText("Hygeia HMO pays ₦4,500.00 · co-payment ₦500.00")).toBeInTheDocument();
    expect(within(dialog).getByText("Hygeia HMO pays ₦2,500.00 · pre-authorisation PA/2026-0001")).toBeInTheDocument();
    const hmoPart = within(dialog).getByText("Hygeia HMO's part").closest("div")!;
    expect(hmoPart).toHaveTextContent("₦7,000.00");
    await expectNoAxeViolations();
  });

  it("searches by what is typed, on submit", async () => {
    const { api, app } = openBills({
      [LIST]: (call) => ({
        body: call.url.searchParams.get("q")
          ? { count: 0, page: 1, page_size: 20, results: [] }
          : { count: 1, page: 1, page_size: 20, results: [billRow()] },
      }),
    });
    await screen.findByRole("table", { name: "Bills, newest first" });
    await app.user.type(screen.getByRole("searchbox", { name: "Search" }), " HN-9 ");
    expect(api.callsTo(LIST)).toHaveLength(1);
    await app.user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText('No bills match "HN-9".')).toBeInTheDocument();
    const last = api.callsTo(LIST).at(-1);
    expect(last?.url.searchParams.get("q")).toBe("HN-9");
    expect(last?.headers.get("Authorization")).toBe("Bearer test-token");
  });

  it("shows the form's own errors under the fields and sends nothing", async () => {
    const { api, app } = openBills();
    await app.user.click(await screen.findByRole("button", { name: "Raise a bill" }));
    await app.user.click(screen.getByRole("button", { name: "Raise the bill" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Check the 4 fields marked below.");
    const number = screen.getByLabelText("Hospital number");
    expect(number).toHaveAccessibleDescription("Enter the patient's hospital number.");
    expect(number).toHaveFocus();
    expect(screen.getByLabelText("Line 1: department")).toHaveAccessibleDescription("Choose a department, then a service.");
    expect(api.callsTo(CREATE)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it("raises a bill with a fixed and an open-price line, then opens it", async () => {
    const { api, app } = openBills({
      [CREATE]: { status: 201, body: { detail: "Bill created.", bill: staffBill({ paid: "0.00", left: "7500.00", parts: [] }) } },
    });
    await app.user.click(await screen.findByRole("button", { name: "Raise a bill" }));
    await app.user.type(screen.getByLabelText("Hospital number"), "HN-0042");
    await app.user.type(screen.getByLabelText("Patient name"), "Chioma Okafor");
    await app.user.type(screen.getByLabelText("Phone number"), "08031234567");
    // The patient reads Hausa: the bill's link and receipts are sent in it.
    expect(screen.getByLabelText("Patient's language")).toHaveValue("en");
    await app.user.selectOptions(screen.getByLabelText("Patient's language"), "ha");
    await waitFor(() => expect(within(screen.getByLabelText("Line 1: department")).getAllByRole("option")).toHaveLength(3));
    await app.user.selectOptions(screen.getByLabelText("Line 1: department"), "1");
    await waitFor(() => expect(within(screen.getByLabelText("Line 1: service")).getAllByRole("option")).toHaveLength(2));
    await app.user.selectOptions(screen.getByLabelText("Line 1: service"), "11");
    await app.user.click(screen.getByRole("button", { name: "Add a line" }));
    await app.user.selectOptions(screen.getByLabelText("Line 2: department"), "2");
    await waitFor(() => expect(within(screen.getByLabelText("Line 2: service")).getAllByRole("option")).toHaveLength(2));
    await app.user.selectOptions(screen.getByLabelText("Line 2: service"), "21");
    await app.user.type(screen.getByLabelText("Line 2: price (₦)"), "2500");
    await app.user.type(screen.getByLabelText("Line 2: price note"), "Large wound");
    expect(screen.getByText("Total: ₦7,500.00")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Raise the bill" }));

    const dialog = await screen.findByRole("dialog", { name: "Bill for Chioma Okafor" });
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      hospital_number: "HN-0042",
      patient_name: "Chioma Okafor",
      patient_phone: "08031234567",
      patient_email: null,
      locale: "ha",
      note: "",
      due_date: null,
      items: [
        { service_id: 11, quantity: 1 },
        { service_id: 21, quantity: 1, price: "2500", price_note: "Large wound" },
      ],
    });
    expect(screen.getByText("Bill created.")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: `http://localhost:8080/pay/${TOKEN}` })).toBeInTheDocument();
    expect(
      await within(dialog).findByRole("img", { name: `QR code of the bill's link http://localhost:8080/pay/${TOKEN}` }),
    ).toBeInTheDocument();
  });

  it("raises a bill for a patient picked from the register by part of the hospital number: no typed details are sent", async () => {
    const patient = {
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
    const { api, app } = openBills({
      "GET /api/staff/patients/": { body: { count: 1, page: 1, results: [patient] } },
      [CREATE]: {
        status: 201,
        body: { detail: "Bill created.", bill: staffBill({ patient_id: 42, patient_name: "Halima Bello" }) },
      },
      [DETAIL]: { body: staffBill({ patient_id: 42, patient_name: "Halima Bello" }) },
    });
    await app.user.click(await screen.findByRole("button", { name: "Raise a bill" }));
    // Enter in the search finds patients; it does not submit the bill.
    await app.user.type(screen.getByRole("searchbox", { name: "Find a registered patient" }), "4411{Enter}");
    const matches = await screen.findByRole("list", { name: "Patients matching the search" });
    expect(api.callsTo(CREATE)).toHaveLength(0);
    expect(api.callsTo("GET /api/staff/patients/")[0]?.url.searchParams.get("q")).toBe("4411");
    await app.user.click(within(matches).getByRole("button", { name: "Choose Halima Bello" }));
    expect(screen.getByRole("group", { name: "Billing Halima Bello" })).toHaveTextContent("FTH/2026/04411");
    expect(screen.queryByLabelText("Hospital number")).not.toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByLabelText("Line 1: department")).getAllByRole("option")).toHaveLength(3));
    await app.user.selectOptions(screen.getByLabelText("Line 1: department"), "1");
    await waitFor(() => expect(within(screen.getByLabelText("Line 1: service")).getAllByRole("option")).toHaveLength(2));
    await app.user.selectOptions(screen.getByLabelText("Line 1: service"), "11");
    await app.user.click(screen.getByRole("button", { name: "Raise the bill" }));
    await screen.findByRole("dialog", { name: "Bill for Halima Bello" });
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      patient_id: 42,
      charge_hmo: true,
      note: "",
      due_date: null,
      items: [{ service_id: 11, quantity: 1 }],
    });
  });

  it("for a patient enrolled with an HMO today, says so and takes each line's pre-authorisation code", async () => {
    const patient = {
      id: 43,
      hospital_number: "FTH/2026/04412",
      first_name: "Ngozi",
      last_name: "Eze",
      other_names: "",
      phone: "08035550102",
      email: "",
      language: "ig",
      date_of_birth: "1980-02-03",
      created_at: "2026-11-01T09:00:00Z",
      updated_at: "2026-11-01T09:00:00Z",
    };
    const enrolment = (current: boolean, id: number) => ({
      id,
      patient_id: 43,
      hmo: { id: 5, name: "Hygeia HMO", nhia_code: "NHIA/HMO/0001" },
      plan: { id: 9, name: "NHIA Formal Sector" },
      enrollee_id: `HYG-${id}`,
      valid_from: "2026-01-01",
      valid_to: "2026-12-31",
      current,
      created_at: "2026-01-01T09:00:00Z",
    });
    const { api, app } = openBills({
      "GET /api/staff/patients/": { body: { count: 1, page: 1, results: [patient] } },
      "GET /api/staff/patients/43/enrolments/": { body: { results: [enrolment(false, 1), enrolment(true, 2)] } },
      [CREATE]: {
        status: 400,
        body: {
          detail: "Some lines of the bill could not be accepted.",
          errors: {
            "items.0.preauth_code": [
              "Consultation needs Hygeia HMO's pre-authorisation code before Hygeia HMO can be charged for it.",
            ],
          },
        },
      },
    });
    await app.user.click(await screen.findByRole("button", { name: "Raise a bill" }));
    await app.user.type(screen.getByRole("searchbox", { name: "Find a registered patient" }), "4412{Enter}");
    const matches = await screen.findByRole("list", { name: "Patients matching the search" });
    await app.user.click(within(matches).getByRole("button", { name: "Choose Ngozi Eze" }));
    expect(
      await screen.findByText(/Enrolled with Hygeia HMO \(NHIA Formal Sector\), enrollee ID HYG-2, until/),
    ).toBeInTheDocument();
    const charge = screen.getByRole("checkbox", { name: "Charge Hygeia HMO its part of each line" });
    expect(charge).toBeChecked();
    await waitFor(() => expect(within(screen.getByLabelText("Line 1: department")).getAllByRole("option")).toHaveLength(3));
    await app.user.selectOptions(screen.getByLabelText("Line 1: department"), "1");
    await waitFor(() => expect(within(screen.getByLabelText("Line 1: service")).getAllByRole("option")).toHaveLength(2));
    await app.user.selectOptions(screen.getByLabelText("Line 1: service"), "11");
    await app.user.click(screen.getByRole("button", { name: "Raise the bill" }));
    // Without a code the server refuses the line: its message is under the line's code, which gets the focus.
    const code = screen.getByLabelText("Line 1: pre-authorisation code (optional)");
    await waitFor(() => expect(code).toHaveAccessibleDescription(/needs Hygeia HMO's pre-authorisation code/));
    expect(code).toHaveFocus();
    await app.user.type(code, " PA/2026-0001 ");
    await app.user.click(screen.getByRole("button", { name: "Raise the bill" }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(2));
    expect(api.callsTo(CREATE)[1]?.body).toMatchObject({
      patient_id: 43,
      charge_hmo: true,
      items: [{ service_id: 11, quantity: 1, preauth_code: "PA/2026-0001" }],
    });
    // Not charging the HMO: no code is sent (the field stays while the server's refusal is beside it).
    await app.user.click(charge);
    expect(screen.queryByLabelText("Line 1: pre-authorisation code (optional)")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Raise the bill" }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(3));
    expect(api.callsTo(CREATE)[2]?.body).toMatchObject({ charge_hmo: false, items: [{ service_id: 11, quantity: 1 }] });
    expect((api.callsTo(CREATE)[2]?.body as { items: object[] }).items[0]).not.toHaveProperty("preauth_code");
  });

  it("shows the server's field errors under their fields", async () => {
    const { app } = openBills({
      [CREATE]: {
        status: 400,
        body: {
          detail: "Invalid input.",
          errors: {
            "items.0.service_id": ["Full blood count cannot be paid for online."],
            patient_phone: ["Enter a valid phone number."],
          },
        },
      },
    });
    await app.user.click(await screen.findByRole("button", { name: "Raise a bill" }));
    await app.user.type(screen.getByLabelText("Hospital number"), "HN-1");
    await app.user.type(screen.getByLabelText("Patient name"), "Ada Obi");
    await app.user.type(screen.getByLabelText("Phone number"), "08031234567");
    await waitFor(() => expect(within(screen.getByLabelText("Line 1: department")).getAllByRole("option")).toHaveLength(3));
    await app.user.selectOptions(screen.getByLabelText("Line 1: department"), "1");
    await waitFor(() => expect(within(screen.getByLabelText("Line 1: service")).getAllByRole("option")).toHaveLength(2));
    await app.user.selectOptions(screen.getByLabelText("Line 1: service"), "11");
    await app.user.click(screen.getByRole("button", { name: "Raise the bill" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Line 1: service")).toHaveAccessibleDescription("Full blood count cannot be paid for online."),
    );
    expect(screen.getByLabelText("Phone number")).toHaveAccessibleDescription("Enter a valid phone number.");
    expect(screen.getByRole("alert")).toHaveTextContent("Check the 2 fields marked below.");
  });

  it("opens a bill: lines, parts with payer and method, paid and left, copy link", async () => {
    const { app } = openBills();
    await app.user.click(await screen.findByRole("button", { name: /Open the open bill of Chioma Okafor/ }));
    const dialog = await screen.findByRole("dialog", { name: "Bill for Chioma Okafor" });
    expect(await within(dialog).findByText("Full blood count")).toBeInTheDocument();
    expect(within(dialog).getByText("Price note: Large wound")).toBeInTheDocument();
    expect(within(dialog).getByText("Emeka Okafor")).toBeInTheDocument();
    expect(within(dialog).getByText(/Remita · completed/)).toBeInTheDocument();
    expect(within(dialog).getByText("₦5,500.00")).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(await within(dialog).findByText("Link copied.")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`http://localhost:8080/pay/${TOKEN}`);
    await expectNoAxeViolations();

    // Print slip prints the desk's thermal slip: number, patient, hospital number, who raised it, lines,
    // total, paid and left, and (an open bill) the QR code of its pay link.
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    try {
      const printSlip = within(dialog).getByRole("button", { name: "Print slip" });
      await waitFor(() => expect(printSlip).toBeEnabled());
      await app.user.click(printSlip);
      await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
      const slip = screen.getByRole("region", { name: "Bill, printed slip" });
      const row = (label: string) => within(slip).getByText(label).parentElement;
      expect(row("Bill number")).toHaveTextContent(TOKEN);
      expect(row("Patient")).toHaveTextContent("Chioma Okafor");
      expect(row("Hospital number")).toHaveTextContent("HN-0042");
      expect(row("Raised by")).toHaveTextContent("Agent Ade");
      expect(row("Left to pay")).toHaveTextContent("₦5,500.00");
      expect(within(slip).getByText("Full blood count")).toBeInTheDocument();
      expect(
        within(slip).getByRole("img", { name: `QR code of the bill's link http://localhost:8080/pay/${TOKEN}` }),
      ).toBeInTheDocument();
    } finally {
      print.mockRestore();
    }
  });

  it("cancels a bill with a reason after confirming", async () => {
    const { api, app } = openBills({
      [CANCEL]: {
        body: {
          detail: "Bill cancelled.",
          bill: staffBill({ status: "cancelled", cancel_reason: "Wrong patient", cancelled_at: "2025-03-12T11:00:00Z" }),
          refunds: [{ reference: "INV-77", amount: "2000.00", refund_status: null }],
        },
      },
    });
    await app.user.click(await screen.findByRole("button", { name: /Open the open bill/ }));
    const dialog = await screen.findByRole("dialog", { name: "Bill for Chioma Okafor" });
    await app.user.click(await within(dialog).findByRole("button", { name: "Cancel bill" }));
    const confirm = await screen.findByRole("dialog", { name: "Cancel this bill?" });
    const reason = within(confirm).getByLabelText("Reason");
    expect(confirm).toContainElement(document.activeElement as HTMLElement);
    await app.user.click(within(confirm).getByRole("button", { name: "Cancel bill" }));
    expect(reason).toHaveAccessibleDescription("It is kept in the audit log. Give the reason for cancelling.");
    expect(api.callsTo(CANCEL)).toHaveLength(0);
    await app.user.type(reason, "Wrong patient");
    await app.user.click(within(confirm).getByRole("button", { name: "Cancel bill" }));
    expect(await screen.findByText("Bill cancelled. 1 payment is being refunded.")).toBeInTheDocument();
    expect(api.callsTo(CANCEL)[0]?.body).toEqual({ reason: "Wrong patient" });
    expect(screen.getByRole("dialog", { name: "Bill for Chioma Okafor" })).toBeInTheDocument();
  });
});
