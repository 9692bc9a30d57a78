import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const PROFILE = "GET /auth/profile/";
const REPORT = "GET /api/staff/settlements/";
const DIFFERENCES = "GET /api/staff/settlements/differences/";
const EXPLAIN = "POST /api/staff/settlements/differences/";
const DECIDE = "POST /api/staff/settlement-differences/4/decide/";

type Routes = Parameters<typeof mockApi>[0];

const REPORT_BODY = {
  month: "2026-11",
  window_days: 3,
  closed: null,
  days: [
    {
      day: "2026-11-27",
      gateway: "paystack",
      payments: 3,
      collected: "5700.00",
      settled: "4800.00",
      fees: "166.00",
      net: "4634.00",
      awaiting: "0.00",
      missing: "900.00",
      explained: "0.00",
      written_off: "0.00",
      unmatched: "0.00",
      open_differences: 1,
    },
  ],
  unreported: [{ gateway: "remita", payments: 2, collected: "8200.00" }],
  open_differences: 1,
};

const difference = (overrides: Record<string, unknown> = {}) => ({
  id: null,
  kind: "missing",
  gateway: "paystack",
  day: "2026-11-27",
  invoice_reference: "INV-900",
  gateway_reference: "INV-900",
  amount: "900.00",
  status: "open",
  explanation: null,
  explained_by: null,
  decided_by: null,
  decision_note: null,
  ...overrides,
});

function openSettlements(routes: Routes = {}, role = "ADMIN") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    [PROFILE]: { body: staff },
    [REPORT]: { body: REPORT_BODY },
    [DIFFERENCES]: { body: { results: [difference()] } },
    ...routes,
  });
  return { api, app: renderApp(role === "SUPERADMIN" ? "/superdashboard/settlements" : "/admindashboard/settlements") };
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e suite checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("settlements screen", () => {
  it("shows the month by gateway and day, Remita as not reconciled, and the differences", async () => {
    const { api } = openSettlements();
    const table = await screen.findByRole("table", { name: "Payments against settlements, by gateway and day" });
    const row = within(table).getAllByRole("row")[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "27 Nov 2026",
      "Paystack",
      "3",
      "₦5,700.00",
      "₦4,800.00",
      "₦166.00",
      "₦4,634.00",
      "₦0.00",
      "₦900.00",
      "₦0.00",
      "₦0.00 / ₦0.00",
      "1",
    ]);
    expect(screen.getByText(/Remita: 2 payments, ₦8,200.00 collected, not reconciled/)).toBeInTheDocument();
    expect(await screen.findByRole("table", { name: "Differences of the month" })).toHaveTextContent("INV-900");
    expect(api.callsTo(REPORT)[0]?.url.searchParams.get("month")).toMatch(/^\d{4}-\d{2}$/);
    await expectNoAxeViolations();
  });

  it("explains a missing payment, asking to write it off, and says what the server answered", async () => {
    const { api, app } = openSettlements({
      [EXPLAIN]: { status: 201, body: { detail: "Write-off asked for; another officer signs it off." } },
    });
    await app.user.click(await screen.findByRole("button", { name: "Explain INV-900" }));
    const dialog = await screen.findByRole("dialog", { name: "Explain INV-900" });
    await app.user.click(within(dialog).getByRole("button", { name: "Save the explanation" }));
    expect(within(dialog).getByText("This field is required.")).toBeInTheDocument();
    expect(api.callsTo(EXPLAIN)).toHaveLength(0);
    await app.user.type(within(dialog).getByLabelText("Explanation"), "Charged back");
    await app.user.click(within(dialog).getByRole("checkbox", { name: /Ask to write it off/ }));
    await expectNoAxeViolations();
    await app.user.click(within(dialog).getByRole("button", { name: "Save the explanation" }));
    expect(await screen.findByText("Write-off asked for; another officer signs it off.")).toBeInTheDocument();
    expect(api.callsTo(EXPLAIN)[0]?.body).toEqual({
      gateway: "paystack",
      kind: "missing",
      reference: "INV-900",
      explanation: "Charged back",
      write_off: true,
    });
  });

  it("shows the server's refusal of a sign-off by the officer who asked", async () => {
    const { app } = openSettlements({
      [DIFFERENCES]: {
        body: {
          results: [difference({ id: 4, status: "write_off_pending", explanation: "Charged back", explained_by: "Ada Obi" })],
        },
      },
      [DECIDE]: { status: 403, body: { detail: "Someone other than the officer who asked signs a write-off off." } },
    });
    const note = await screen.findByLabelText("Sign-off note for INV-900");
    expect(screen.getByText("Charged back (Ada Obi)")).toBeInTheDocument();
    await app.user.type(note, "Agreed");
    await app.user.click(screen.getByRole("button", { name: "Sign off" }));
    await waitFor(() => expect(note).toHaveAccessibleDescription(/Someone other than the officer who asked/));
  });

  it("keeps agents out", async () => {
    openSettlements({}, "AGENT");
    await waitFor(() => expect(screen.queryByRole("heading", { level: 1, name: "Settlements" })).not.toBeInTheDocument());
  });
});
