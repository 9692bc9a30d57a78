import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const PROFILE = "GET /auth/profile/";
const SEARCH = "GET /api/staff/patients/";
const REGISTER = "POST /api/staff/patients/";
const CORRECT = "PATCH /api/staff/patients/7/";

type Routes = Parameters<typeof mockApi>[0];

function patient(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    hospital_number: "UCH/2026/00123",
    first_name: "Chioma",
    last_name: "Obi",
    other_names: "Adaeze",
    phone: "08031234567",
    email: "",
    language: "ig",
    date_of_birth: "1990-04-14",
    created_at: "2026-11-01T09:00:00Z",
    updated_at: "2026-11-01T09:00:00Z",
    ...overrides,
  };
}

function openRegister(routes: Routes = {}, role = "AGENT", path = "/agentdashboard/patients") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    [SEARCH]: { body: { count: 1, page: 1, results: [patient()] } },
    ...routes,
  });
  return { api, app: renderApp(path) };
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e suite checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("the patient register screen", () => {
  it.each([
    ["AGENT", "/agentdashboard"],
    ["ADMIN", "/admindashboard"],
    ["SUPERADMIN", "/superdashboard"],
  ])("is in the %s's navigation, and finds patients by what is typed", async (role, area) => {
    const { api, app } = openRegister(
      { "GET /invoices/invoices/filter/": { body: { count: 0, next: null, results: [] } } },
      role,
      `${area}/bills`,
    );
    const nav = await screen.findByRole("navigation", { name: role === "SUPERADMIN" ? "Super admin" : "Staff" });
    await app.user.click(within(nav).getByRole("link", { name: "Patients" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Patient register" })).toBeInTheDocument();
    expect(app.location().pathname).toBe(`${area}/patients`);
    await app.user.type(await screen.findByRole("searchbox", { name: "Search" }), "obi chioma");
    await app.user.click(screen.getByRole("button", { name: "Search" }));
    const table = await screen.findByRole("table", { name: 'Patients matching "obi chioma", best match first' });
    expect(app.location().search).toBe("?q=obi+chioma");
    expect(api.callsTo(SEARCH)[0]?.url.searchParams.get("q")).toBe("obi chioma");
    const cells = within(within(table).getAllByRole("row")[1] as HTMLElement)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(["UCH/2026/00123", "Chioma Adaeze Obi", "08031234567", "14 Apr 1990", "Igbo"]);
    expect(screen.getByText("1 patient matches “obi chioma”.")).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("asks for two characters before searching, and says when nobody matches", async () => {
    const { api, app } = openRegister({ [SEARCH]: { body: { count: 0, page: 1, results: [] } } });
    await app.user.type(await screen.findByRole("searchbox", { name: "Search" }), "a");
    await app.user.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveAccessibleDescription(/Enter at least 2 characters\./);
    expect(api.callsTo(SEARCH)).toHaveLength(0);
    await app.user.type(screen.getByRole("searchbox", { name: "Search" }), "zz");
    await app.user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText('No patient matches "azz".')).toBeInTheDocument();
  });

  it("shows a failed search with a retry", async () => {
    openRegister(
      { [SEARCH]: { status: 503, body: { detail: "Database unavailable." } } },
      "AGENT",
      "/agentdashboard/patients?q=obi",
    );
    expect(await screen.findByText("Error: Database unavailable.", {}, { timeout: AFTER_RETRIES_MS })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("registers a patient: its own checks first, then the server's duplicate under the hospital number, then success", async () => {
    let attempts = 0;
    const { api, app } = openRegister({
      [REGISTER]: () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 409,
              body: {
                detail: "A patient with this hospital number is already registered.",
                code: "duplicate_hospital_number",
                hospital_number: ["A patient with this hospital number is already registered."],
              },
            }
          : {
              status: 201,
              body: { detail: "Patient registered.", patient: patient({ id: 8, hospital_number: "UCH/2026/00999" }) },
            };
      },
    });
    await app.user.click(await screen.findByRole("button", { name: "Register a patient" }));
    const dialog = await screen.findByRole("dialog", { name: "Register a patient" });
    await app.user.click(within(dialog).getByRole("button", { name: "Register patient" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(/Check the \d fields marked below\./);
    expect(within(dialog).getByLabelText("Hospital number")).toHaveAccessibleDescription("This field may not be blank.");
    await waitFor(() => expect(within(dialog).getByLabelText("Hospital number")).toHaveFocus());
    expect(api.callsTo(REGISTER)).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText("Hospital number"), "UCH/2026/00123");
    await app.user.type(within(dialog).getByLabelText("First name"), "Halima");
    await app.user.type(within(dialog).getByLabelText("Last name"), "Bello");
    await app.user.type(within(dialog).getByLabelText("Phone number"), "08035550101");
    await app.user.selectOptions(within(dialog).getByLabelText("Patient's language"), "ha");
    await app.user.type(within(dialog).getByLabelText("Date of birth"), "1985-02-03");
    await app.user.click(within(dialog).getByRole("button", { name: "Register patient" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Hospital number")).toHaveAccessibleDescription(
        "A patient with this hospital number is already registered.",
      ),
    );
    expect(api.callsTo(REGISTER)[0]?.body).toEqual({
      hospital_number: "UCH/2026/00123",
      first_name: "Halima",
      last_name: "Bello",
      other_names: "",
      phone: "08035550101",
      email: "",
      language: "ha",
      date_of_birth: "1985-02-03",
    });

    await app.user.clear(within(dialog).getByLabelText("Hospital number"));
    await app.user.type(within(dialog).getByLabelText("Hospital number"), "UCH/2026/00999");
    await app.user.click(within(dialog).getByRole("button", { name: "Register patient" }));
    expect(await screen.findByText("Patient registered.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The list turns to the new patient (the address changes in a transition, after the dialog's own update).
    await waitFor(() => expect(app.location().search).toBe("?q=UCH%2F2026%2F00999"));
    expect(await screen.findByRole("searchbox", { name: "Search" })).toHaveValue("UCH/2026/00999");
  });

  it("corrects a patient sending only what changed, and refuses to send nothing", async () => {
    const { api, app } = openRegister(
      { [CORRECT]: { body: { detail: "Patient's details corrected.", patient: patient({ phone: "08099998888" }) } } },
      "ADMIN",
      "/admindashboard/patients?q=chioma",
    );
    await app.user.click(await screen.findByRole("button", { name: "Correct the details of Chioma Adaeze Obi" }));
    const dialog = await screen.findByRole("dialog", { name: "Correct Chioma Adaeze Obi's details" });
    expect(within(dialog).getByLabelText("Hospital number")).toHaveValue("UCH/2026/00123");
    await app.user.click(within(dialog).getByRole("button", { name: "Save correction" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Change a detail to correct it.");
    expect(api.callsTo(CORRECT)).toHaveLength(0);
    await app.user.clear(within(dialog).getByLabelText("Phone number"));
    await app.user.type(within(dialog).getByLabelText("Phone number"), "08099998888");
    await app.user.click(within(dialog).getByRole("button", { name: "Save correction" }));
    expect(await screen.findByText("Patient's details corrected.")).toBeInTheDocument();
    expect(api.callsTo(CORRECT)[0]?.body).toEqual({ phone: "08099998888" });
  });
});
