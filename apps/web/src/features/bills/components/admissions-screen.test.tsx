import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { staffBill, TOKEN } from "./bills-fixtures";

const PROFILE = "GET /auth/profile/";
const LIST = "GET /api/staff/admissions/";
const ADMIT = "POST /api/staff/admissions/";
const STAY = "GET /api/staff/admissions/5/";
const LINES = "POST /api/staff/admissions/5/lines/";
const DISCHARGE = "POST /api/staff/admissions/5/discharge/";

type Routes = Parameters<typeof mockApi>[0];

const catalogue: Routes = {
  "GET /api/catalogue/departments/": {
    body: { success: true, data: { orgDepts: [{ id: 1, name: "Nursing" }] } },
  },
  "GET /api/catalogue/departments/1/revenue-heads/": {
    body: { success: true, data: [{ id: 31, name: "Ward bed (per day)", price: "8000", fixed_price: "yes" }] },
  },
};

function admission(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    status: "admitted",
    ward: "Male Ward B",
    patient: { id: 42, hospital_number: "FTH/2026/04411", name: "Tunde Bakare" },
    admitted_at: "2026-11-28T09:00:00Z",
    admitted_by: "Agent Ade",
    discharged_at: null,
    charges: "24000.00",
    hmo_part: "0.00",
    deposits: "50000.00",
    waived: "0.00",
    balance: "26000.00",
    low_deposit: "30000.00",
    deposit_low: true,
    returned_to_wallets: "0.00",
    owed_by_refund: "0.00",
    bill_token: TOKEN,
    pay_url: `http://localhost:8080/pay/${TOKEN}`,
    clearance_code: null,
    ...overrides,
  };
}

const runningBill = (overrides: Record<string, unknown> = {}) =>
  staffBill({ running: true, total: "24000.00", paid: "50000.00", left: "0.00", ...overrides });

function openAdmissions(routes: Routes = {}, role = "AGENT", path = "/agentdashboard/admissions") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    [LIST]: { body: { results: [admission()] } },
    [STAY]: { body: { admission: admission(), bill: runningBill() } },
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

describe("admissions screen", () => {
  it("lists the patients in the wards with their deposit left, flagging one running low", async () => {
    openAdmissions();
    const table = await screen.findByRole("table", { name: "Patients in the wards" });
    const row = within(table).getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("Tunde Bakare");
    expect(row).toHaveTextContent("Male Ward B");
    expect(row).toHaveTextContent("₦26,000.00");
    expect(within(row).getByText("Deposit low")).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("says so when no patient is in the wards, and offers to try again after a failure", async () => {
    let fail = true;
    const { app } = openAdmissions({
      [LIST]: () => (fail ? { status: 503, body: { detail: "Service temporarily unavailable." } } : { body: { results: [] } }),
    });
    expect(await screen.findByText(/Service temporarily unavailable\./, {}, { timeout: 4000 })).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No patient is in the wards.")).toBeInTheDocument();
  });

  it("checks the admission form before sending it, then admits and opens the stay", async () => {
    const patient = {
      id: 42,
      hospital_number: "FTH/2026/04411",
      first_name: "Tunde",
      last_name: "Bakare",
      other_names: "",
      phone: "08035551234",
      email: "",
      language: "yo",
      date_of_birth: "1970-02-01",
      created_at: "2026-11-01T09:00:00Z",
      updated_at: "2026-11-01T09:00:00Z",
    };
    const { api, app } = openAdmissions({
      "GET /api/staff/patients/": { body: { count: 1, page: 1, results: [patient] } },
      "GET /api/staff/patients/42/enrolments/": { body: { results: [] } },
      [ADMIT]: {
        status: 201,
        body: {
          detail: "Patient admitted. Take the deposit through the bill's link or at the desk.",
          admission: admission({ charges: "0.00", deposits: "0.00", balance: "0.00" }),
          bill: runningBill({ total: "0.00", paid: "0.00", items: [], parts: [] }),
        },
      },
    });
    await app.user.click(await screen.findByRole("button", { name: "Admit" }));
    expect(await screen.findByText("Choose a patient of the register.")).toBeInTheDocument();
    expect(screen.getByText("Enter the ward.")).toBeInTheDocument();
    expect(api.callsTo(ADMIT)).toHaveLength(0);
    await app.user.type(screen.getByRole("searchbox", { name: "Find a registered patient" }), "4411{Enter}");
    const matches = await screen.findByRole("list", { name: "Patients matching the search" });
    await app.user.click(within(matches).getByRole("button", { name: "Choose Tunde Bakare" }));
    await app.user.type(screen.getByLabelText("Ward"), "Male Ward B");
    await app.user.click(screen.getByRole("button", { name: "Admit" }));
    expect(await screen.findByRole("dialog", { name: "Stay of Tunde Bakare" })).toBeInTheDocument();
    expect(api.callsTo(ADMIT)[0]?.body).toEqual({ patient_id: 42, ward: "Male Ward B", low_deposit: "10000", charge_hmo: true });
  });

  it("adds lines to a stay and shows the server's refusal of a line under it", async () => {
    const { api, app } = openAdmissions({
      [LINES]: {
        status: 400,
        body: {
          detail: "Some lines of the bill could not be accepted.",
          errors: { "items.0.quantity": ["Ensure this value is less than or equal to 1000."] },
        },
      },
    });
    await app.user.click(await screen.findByRole("button", { name: "Open the stay of Tunde Bakare" }));
    const dialog = await screen.findByRole("dialog", { name: "Stay of Tunde Bakare" });
    expect(within(dialog).getByText(/The deposit left \(₦26,000\.00\) is below ₦30,000\.00/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole("button", { name: "Add to the bill" }));
    expect(await within(dialog).findByText("Choose a department, then a service.")).toBeInTheDocument();
    expect(api.callsTo(LINES)).toHaveLength(0);
    await waitFor(() =>
      expect(within(within(dialog).getByLabelText("Line 1: department")).getAllByRole("option")).toHaveLength(2),
    );
    await app.user.selectOptions(within(dialog).getByLabelText("Line 1: department"), "1");
    await waitFor(() => expect(within(within(dialog).getByLabelText("Line 1: service")).getAllByRole("option")).toHaveLength(2));
    await app.user.selectOptions(within(dialog).getByLabelText("Line 1: service"), "31");
    await app.user.clear(within(dialog).getByLabelText("Line 1: quantity"));
    await app.user.type(within(dialog).getByLabelText("Line 1: quantity"), "3");
    await app.user.click(within(dialog).getByRole("button", { name: "Add to the bill" }));
    expect(await within(dialog).findByText("Ensure this value is less than or equal to 1000.")).toBeInTheDocument();
    expect(api.callsTo(LINES)[0]?.body).toEqual({ items: [{ service_id: 31, quantity: 3 }] });
    // Agents add lines; an officer discharges.
    expect(
      within(dialog).getByText("An admin or super admin discharges the patient, since money may go back."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Discharge the patient" })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("discharges with the excess back to the wallet and shows the clearance code", async () => {
    const cleared = admission({
      status: "cleared",
      discharged_at: "2026-11-30T12:00:00Z",
      balance: "0.00",
      deposit_low: false,
      returned_to_wallets: "26000.00",
      clearance_code: "7K3M-9QXR-2B4D-HJ6P",
    });
    let discharged = false;
    const { api, app } = openAdmissions(
      {
        [STAY]: () => ({
          body: discharged
            ? { admission: cleared, bill: runningBill({ running: false, status: "paid", receipt_code: "7K3M-9QXR-2B4D-HJ6P" }) }
            : { admission: admission(), bill: runningBill() },
        }),
        [DISCHARGE]: () => {
          discharged = true;
          return {
            body: {
              detail: "Patient discharged.",
              admission: cleared,
              bill: runningBill({ running: false, status: "paid", returned: "26000.00", receipt_code: "7K3M-9QXR-2B4D-HJ6P" }),
            },
          };
        },
      },
      "ADMIN",
      "/admindashboard/admissions",
    );
    await app.user.click(await screen.findByRole("button", { name: "Open the stay of Tunde Bakare" }));
    const dialog = await screen.findByRole("dialog", { name: "Stay of Tunde Bakare" });
    const group = within(dialog).getByRole("group", { name: "The deposit left over (₦26,000.00) goes" });
    expect(within(group).getByRole("radio", { name: /Back to the wallets/ })).toBeChecked();
    await app.user.click(within(dialog).getByRole("button", { name: "Discharge the patient" }));
    expect(await within(dialog).findByText("Patient discharged.")).toBeInTheDocument();
    expect(api.callsTo(DISCHARGE)[0]?.body).toEqual({ excess_to: "wallet" });
    expect(within(dialog).getByRole("region", { name: "Discharge clearance code" })).toHaveTextContent("7K3M-9QXR-2B4D-HJ6P");
    expect(within(dialog).queryByRole("button", { name: "Discharge the patient" })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("records the bank transfer that paid a stay's refund owed, checking its reference first", async () => {
    const discharged = admission({
      status: "cleared",
      discharged_at: "2026-11-30T12:00:00Z",
      balance: "0.00",
      deposit_low: false,
      owed_by_refund: "26000.00",
      clearance_code: "7K3M-9QXR-2B4D-HJ6P",
    });
    let paid = false;
    const paidStay = { ...discharged, refund_paid: { at: "2026-11-30T13:00:00Z", by: "Admin Ada", reference: "GTB/REF/0042" } };
    const { api, app } = openAdmissions(
      {
        [STAY]: () => ({
          body: { admission: paid ? paidStay : discharged, bill: runningBill({ running: false, status: "paid" }) },
        }),
        "POST /api/staff/admissions/5/refund-paid/": () => {
          paid = true;
          return {
            body: {
              detail: "Refund recorded as paid.",
              admission: paidStay,
              bill: runningBill({ running: false, status: "paid" }),
            },
          };
        },
      },
      "ADMIN",
      "/admindashboard/admissions",
    );
    await app.user.click(await screen.findByRole("button", { name: "Open the stay of Tunde Bakare" }));
    const dialog = await screen.findByRole("dialog", { name: "Stay of Tunde Bakare" });
    expect(within(dialog).getByText(/₦26,000.00 of the deposits is owed back to their payers/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole("button", { name: "Record the refund paid" }));
    expect(await within(dialog).findByText("Enter the bank transfer's reference.")).toBeInTheDocument();
    expect(api.callsTo("POST /api/staff/admissions/5/refund-paid/")).toHaveLength(0);
    await app.user.type(within(dialog).getByLabelText("Bank transfer reference"), "GTB/REF/0042");
    await app.user.click(within(dialog).getByRole("button", { name: "Record the refund paid" }));
    expect(await within(dialog).findByText("Refund recorded as paid.")).toBeInTheDocument();
    expect(api.callsTo("POST /api/staff/admissions/5/refund-paid/")[0]?.body).toEqual({ bank_reference: "GTB/REF/0042" });
    expect(within(dialog).getByText(/Paid back by transfer GTB\/REF\/0042/)).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
