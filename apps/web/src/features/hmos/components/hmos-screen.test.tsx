import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const PROFILE = "GET /auth/profile/";
const LIST = "GET /api/staff/hmos/";
const RECEIVABLES = "GET /api/staff/hmos/receivables/";
const CLAIMS = "GET /api/staff/hmo-claims/";
const CLAIM = {
  id: 3,
  hmo: { id: 7, name: "Hygeia HMO", nhia_code: "NHIA/H/0042" },
  month: "2026-11",
  status: "submitted",
  lines: 1,
  total: "9000.00",
  remitted: "0.00",
  written_off: "0.00",
  outstanding: "9000.00",
  created_at: "2026-11-30T09:00:00Z",
  submitted_at: "2026-11-30T09:05:00Z",
  claim_lines: [
    {
      bill_token: "abcdefghijklmnopqrst",
      position: 1,
      final_on: "2026-11-28",
      hospital_number: "NHIA/001",
      patient_name: "Ngozi Eze",
      enrollee_id: "HYG-1",
      service_id: "11",
      service_name: "Appendectomy",
      department: "Surgery",
      quantity: 1,
      preauth_code: "PA/2026-0001",
      amount: "9000.00",
      paid: "0.00",
      written_off: "0.00",
    },
  ],
  remittances: [],
  write_offs: [],
};
const RECEIVABLES_BODY = {
  as_of: "2026-11-30",
  results: [
    {
      hmo_id: 7,
      hmo_name: "Hygeia HMO",
      nhia_code: "NHIA/H/0042",
      bills: 4,
      owed: "91000.00",
      buckets: { "0-30": "70000.00", "31-60": "12000.00", "61-90": "0.00", "90+": "9000.00" },
    },
  ],
  total: "91000.00",
};
const REGISTER = "POST /api/staff/hmos/";
const PLAN = "POST /api/staff/hmos/4/plans/";

const HYGEIA = {
  id: 4,
  name: "Hygeia HMO",
  nhia_code: "NHIA/H/0042",
  contact_name: "Bola Adeyemi",
  contact_phone: "08031112222",
  contact_email: "claims@hygeia.example.ng",
  bank_name: "Zenith Bank",
  bank_account_number: "1012345678",
  bank_account_name: "Hygeia HMO Limited",
  created_at: "2026-11-30T10:00:00.000Z",
  plans: [
    {
      id: 9,
      hmo_id: 4,
      name: "NHIA Formal Sector",
      covered_percent: "100.00",
      copay_percent: "0.00",
      excluded: false,
      preauth_required: false,
      rules: [
        {
          department: "Pharmacy",
          service_id: "",
          covered_percent: "90.00",
          copay_percent: "10.00",
          excluded: false,
          preauth_required: false,
        },
        {
          department: "Surgery",
          service_id: "",
          covered_percent: "100.00",
          copay_percent: "0.00",
          excluded: false,
          preauth_required: true,
        },
        {
          department: "",
          service_id: "SRV-COSMETIC",
          covered_percent: "0.00",
          copay_percent: "0.00",
          excluded: true,
          preauth_required: false,
        },
      ],
    },
  ],
};

function openScreen(routes: Record<string, MockReply | ((call: { body: unknown }) => MockReply)> = {}, role = "ADMIN") {
  const admin = buildUser({ role, wallet_id: null });
  signIn(admin);
  const api = mockApi({
    [PROFILE]: { body: admin },
    [LIST]: { body: { results: [HYGEIA] } },
    [RECEIVABLES]: { body: RECEIVABLES_BODY },
    [CLAIMS]: { body: { results: [] } },
    ...routes,
  });
  return { api, app: renderApp(role === "SUPERADMIN" ? "/superdashboard/hmos" : "/admindashboard/hmos") };
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e suite checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("HMOs screen", () => {
  it("lists each HMO with its contact, its bank and its plans' shares and rules, as lines", async () => {
    openScreen();
    const card = await screen.findByRole("article", { name: "Hygeia HMO" });
    expect(within(card).getByText("NHIA/H/0042")).toBeInTheDocument();
    expect(within(card).getByText("Zenith Bank 1012345678, Hygeia HMO Limited")).toBeInTheDocument();
    const table = within(card).getByRole("table");
    const row = within(table).getAllByRole("row")[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "NHIA Formal Sector",
      "100.00%",
      "0.00%",
      "Not required",
      "Pharmacy: 90.00% covered, 10.00% co-paymentSurgery: 100.00% covered, 0.00% co-payment, pre-authorisation requiredservice SRV-COSMETIC: not covered",
    ]);
    await expectNoAxeViolations();
  });

  it("shows what each HMO owes by the age of its bills, and the total", async () => {
    openScreen();
    const table = await screen.findByRole("table", { name: "What each HMO owes, by age" });
    const rows = within(table).getAllByRole("row");
    expect(
      within(rows[0]!)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["HMO", "Bills", "0–30 days", "31–60 days", "61–90 days", "90+ days", "Owed"]);
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Hygeia HMO", "4", "₦70,000.00", "₦12,000.00", "₦0.00", "₦9,000.00", "₦91,000.00"]);
    expect(
      within(rows[2]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["All HMOs", "₦91,000.00"]);
    expect(screen.getByText(/as of 30 Nov 2026/)).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("says when what the HMOs owe cannot be loaded, and asks again on Try again", async () => {
    let fail = true;
    openScreen({ [RECEIVABLES]: () => (fail ? { status: 503, body: { detail: "" } } : { body: RECEIVABLES_BODY }) });
    const section = await screen.findByRole("region", { name: "What the HMOs owe" });
    expect(await within(section).findByText("Failed to load what the HMOs owe.")).toBeInTheDocument();
    fail = false;
    within(section).getByRole("button", { name: "Try again" }).click();
    expect(await within(section).findByRole("table", { name: "What each HMO owes, by age" })).toBeInTheDocument();
  });

  it("makes a month's claim batch, opens it with its lines, and records a remittance, the server's refusal beside its field", async () => {
    let remitted = 0;
    const { api, app } = openScreen({
      "POST /api/staff/hmo-claims/": { status: 201, body: { detail: "Claim batch created.", claim: CLAIM } },
      "GET /api/staff/hmo-claims/3/": { body: CLAIM },
      "POST /api/staff/hmo-claims/3/remittances/": () =>
        ++remitted === 1
          ? {
              status: 400,
              body: { detail: "Invalid input.", errors: { bank_reference: ["This bank reference is recorded already."] } },
            }
          : {
              body: {
                detail: "Remittance recorded.",
                claim: { ...CLAIM, status: "part_paid", remitted: "8100.00", outstanding: "900.00" },
              },
            },
    });
    const section = await screen.findByRole("region", { name: "Claims" });
    await app.user.click(within(section).getByRole("button", { name: "Make the claim batch" }));
    expect(await within(section).findByText("Choose an HMO.")).toBeInTheDocument();
    await app.user.selectOptions(within(section).getByLabelText("HMO"), "Hygeia HMO");
    await app.user.clear(within(section).getByLabelText("Month (YYYY-MM)"));
    await app.user.type(within(section).getByLabelText("Month (YYYY-MM)"), "2026-11");
    await app.user.click(within(section).getByRole("button", { name: "Make the claim batch" }));
    const dialog = await screen.findByRole("dialog", { name: "Claim batch of Hygeia HMO for 2026-11" });
    expect(api.callsTo("POST /api/staff/hmo-claims/")[0]?.body).toEqual({ hmo_id: 4, month: "2026-11" });
    const row = within(within(dialog).getByRole("table", { name: "Claimed lines" })).getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("Ngozi Eze");
    expect(row).toHaveTextContent("PA/2026-0001");
    expect(within(dialog).getByLabelText("Amount (₦)")).toHaveValue("9000.00");
    await app.user.clear(within(dialog).getByLabelText("Amount (₦)"));
    await app.user.type(within(dialog).getByLabelText("Amount (₦)"), "8100.00");
    await app.user.type(within(dialog).getByLabelText("Bank reference"), "ZEN/2026/001");
    await app.user.type(within(dialog).getByLabelText("Received on"), "2026-11-30");
    await app.user.click(within(dialog).getByRole("button", { name: "Record the remittance" }));
    expect(await within(dialog).findByText("This bank reference is recorded already.")).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole("button", { name: "Record the remittance" }));
    expect(await within(dialog).findByText("Remittance recorded.")).toBeInTheDocument();
    expect(api.callsTo("POST /api/staff/hmo-claims/3/remittances/")[1]?.body).toEqual({
      amount: "8100.00",
      bank_reference: "ZEN/2026/001",
      received_on: "2026-11-30",
    });
    await expectNoAxeViolations();
  });

  it("records a line the HMO rejected, with its reason, and shows it in the lines", async () => {
    const rejectedLine = { ...CLAIM.claim_lines[0]!, rejected_reason: "Not on the plan's tariff" };
    let current = CLAIM;
    const { api, app } = openScreen({
      [CLAIMS]: { body: { results: [CLAIM] } },
      "GET /api/staff/hmo-claims/3/": () => ({ body: current }),
      "POST /api/staff/hmo-claims/3/rejections/": () => {
        current = { ...CLAIM, claim_lines: [rejectedLine] };
        return { body: { detail: "Line marked as rejected by the HMO.", claim: current } };
      },
    });
    const section = await screen.findByRole("region", { name: "Claims" });
    await app.user.click(await within(section).findByRole("button", { name: "Open the claim batch of Hygeia HMO for 2026-11" }));
    const dialog = await screen.findByRole("dialog", { name: "Claim batch of Hygeia HMO for 2026-11" });
    const form = within(dialog).getByRole("region", { name: "A line the HMO rejected" });
    await app.user.click(within(form).getByRole("button", { name: "Record the rejection" }));
    expect(await within(form).findByText("Choose a line.")).toBeInTheDocument();
    await app.user.selectOptions(within(form).getByLabelText("Line"), "Ngozi Eze, Appendectomy: ₦9,000.00");
    await app.user.type(within(form).getByLabelText("The HMO's reason"), "Not on the plan's tariff");
    await app.user.click(within(form).getByRole("button", { name: "Record the rejection" }));
    expect(await within(dialog).findByText("Line marked as rejected by the HMO.")).toBeInTheDocument();
    expect(api.callsTo("POST /api/staff/hmo-claims/3/rejections/")[0]?.body).toEqual({
      bill_token: "abcdefghijklmnopqrst",
      position: 1,
      reason: "Not on the plan's tariff",
    });
    const row = within(within(dialog).getByRole("table", { name: "Claimed lines" })).getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("Not on the plan's tariff");
    expect(within(dialog).queryByRole("region", { name: "A line the HMO rejected" })).toBeNull();
  });

  it("says so when no HMO is registered, and when the list cannot be read, with a way to ask again", async () => {
    let fail = true;
    openScreen({
      [LIST]: () => (fail ? { status: 403, body: { detail: "You do not have permission." } } : { body: { results: [] } }),
    });
    expect(await screen.findByText("You do not have permission.")).toBeInTheDocument();
    fail = false;
    screen.getByRole("button", { name: "Try again" }).click();
    expect(await screen.findByText("No HMO is registered yet.")).toBeInTheDocument();
  });

  it("registers an HMO: checks the fields first, shows the server's refusal beside its field, then the list anew", async () => {
    let answer: MockReply = {
      status: 409,
      body: { code: "duplicate_hmo", detail: "taken", name: ["An HMO with this name or NHIA code is already registered."] },
    };
    const { api, app } = openScreen({ [REGISTER]: () => answer });
    await app.user.click(await screen.findByRole("button", { name: "Register an HMO" }));
    const dialog = await screen.findByRole("dialog", { name: "Register an HMO" });
    await app.user.click(within(dialog).getByRole("button", { name: "Register" }));
    expect(within(dialog).getByText("8 fields need your attention.")).toBeInTheDocument();
    expect(api.callsTo(REGISTER)).toHaveLength(0);

    const fill = async (label: string, value: string) => {
      const field = within(dialog).getByLabelText(label);
      await app.user.clear(field);
      await app.user.type(field, value);
    };
    await fill("Name", "Avon HMO");
    await fill("NHIA code", "NHIA/AVON/7");
    await fill("Contact person", "Kemi Balogun");
    await fill("Contact phone", "08098765432");
    await fill("Contact e-mail", "claims@avon.example.ng");
    await fill("Bank", "Access Bank");
    await fill("Account number (10 digits)", "12345");
    await fill("Account name", "Avon HMO Ltd");
    await app.user.click(within(dialog).getByRole("button", { name: "Register" }));
    expect(within(dialog).getByText("A bank account number is 10 digits (NUBAN).")).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText("Account number (10 digits)")).toHaveFocus());

    await fill("Account number (10 digits)", "0987654321");
    await app.user.click(within(dialog).getByRole("button", { name: "Register" }));
    expect(await within(dialog).findByText("An HMO with this name or NHIA code is already registered.")).toBeInTheDocument();
    expect(api.callsTo(REGISTER)[0]?.body).toMatchObject({ name: "Avon HMO", bank_account_number: "0987654321" });

    answer = { status: 201, body: { detail: "HMO registered.", hmo: { ...HYGEIA, id: 5, name: "Avon HMO", plans: [] } } };
    await app.user.click(within(dialog).getByRole("button", { name: "Register" }));
    expect(await screen.findByText("HMO registered.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThanOrEqual(2));
  });

  it("adds a plan with rules added and removed row by row, and shows a rule's refusal beside that rule", async () => {
    let answer: MockReply = {
      status: 400,
      body: { "rules.0.covered_percent": ["The covered share and the co-payment together are at most 100%."] },
    };
    const { api, app } = openScreen({ [PLAN]: () => answer });
    const card = await screen.findByRole("article", { name: "Hygeia HMO" });
    await app.user.click(within(card).getByRole("button", { name: "Add a plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a plan to Hygeia HMO" });
    await app.user.type(within(dialog).getByLabelText("Plan name"), "Gold");
    await app.user.type(within(dialog).getAllByLabelText("Covered by the HMO (%)")[0]!, "100");
    await app.user.click(within(dialog).getByRole("button", { name: "Add a rule" }));
    await app.user.click(within(dialog).getByRole("button", { name: "Add a rule" }));
    await app.user.click(within(dialog).getByRole("button", { name: "Remove rule 2" }));
    const rule = within(dialog).getByRole("group", { name: "Rule 1" });
    await app.user.type(within(rule).getByLabelText("Department"), "Pharmacy");
    await app.user.type(within(rule).getByLabelText("Covered by the HMO (%)"), "90");
    await app.user.type(within(rule).getByLabelText("Co-payment (%)"), "10");
    await app.user.click(within(rule).getByLabelText("Needs the HMO's pre-authorisation code"));
    await app.user.click(within(dialog).getByRole("button", { name: "Add the plan" }));

    expect(await within(rule).findByText("The covered share and the co-payment together are at most 100%.")).toBeInTheDocument();
    expect(api.callsTo(PLAN)[0]?.body).toEqual({
      name: "Gold",
      covered_percent: "100",
      excluded: false,
      preauth_required: false,
      rules: [{ department: "Pharmacy", covered_percent: "90", copay_percent: "10", excluded: false, preauth_required: true }],
    });
    await expectNoAxeViolations();

    answer = { status: 201, body: { detail: "Plan added.", plan: { ...HYGEIA.plans[0], id: 10, name: "Gold" } } };
    await app.user.click(within(dialog).getByRole("button", { name: "Add the plan" }));
    expect(await screen.findByText("Plan added.")).toBeInTheDocument();
  });

  it("is for admins: the guard sends an agent to the agents' dashboard, and the list is never asked for", async () => {
    const { api } = openScreen({}, "AGENT");
    await waitFor(() => expect(api.callsTo(PROFILE).length).toBeGreaterThan(0));
    // The guard sends an agent to the agents' dashboard; the list is never asked for.
    await screen.findByRole("heading", { level: 1, name: "Agent Transactions Dashboard" });
    expect(api.callsTo(LIST)).toHaveLength(0);
  });
});
