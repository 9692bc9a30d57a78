import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { billRow, billWaiver, myDesk, staffBill, TOKEN } from "./bills-fixtures";

const DETAIL = `GET /api/staff/bills/${TOKEN}/`;
const DESK = "GET /api/staff/desk/";
const ASK = `POST /api/staff/bills/${TOKEN}/waivers/`;
const DECIDE = "POST /api/staff/waivers/9/decide/";

type Routes = Parameters<typeof mockApi>[0];

/** The bill's dialog, opened from ?bill=, for a member (`role`) whose desk is `desk`; collecting no money. */
async function openBill(routes: Routes = {}, desk: Record<string, unknown> = {}, role = "AGENT") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    "GET /auth/profile/": { body: staff },
    "GET /api/staff/bills/": { body: { count: 1, page: 1, page_size: 20, results: [billRow()] } },
    [DETAIL]: { body: staffBill() },
    [DESK]: { body: myDesk({ collects_money: false, ...desk }) },
    ...routes,
  });
  const area = role === "AGENT" ? "/agentdashboard" : role === "ADMIN" ? "/admindashboard" : "/superdashboard";
  const app = renderApp(`${area}/bills?bill=${TOKEN}`);
  const dialog = await screen.findByRole("dialog", { name: "Bill for Chioma Okafor" });
  await within(dialog).findByText("Full blood count");
  const waivers = within(dialog).getByRole("region", { name: "Waivers" });
  return { api, app, dialog, waivers };
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e journey checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("discounts and waivers in the staff bill dialog", () => {
  it("asks for an amount: the form's own errors first, focused, then the server's detail, and the bill read again", async () => {
    const { api, app, waivers } = await openBill({
      [ASK]: {
        status: 201,
        body: { detail: "Waiver requested: an officer with the right approves it.", waiver: billWaiver({ percent: null }) },
      },
    });
    expect(within(waivers).getByText("No discount or waiver has been asked for on this bill.")).toBeInTheDocument();
    const form = within(waivers).getByRole("form", { name: "Ask for a waiver" });
    expect(within(form).getByRole("radio", { name: "An amount" })).toBeChecked();
    await app.user.click(within(form).getByRole("button", { name: "Ask for the waiver" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("Check the 2 fields marked below.");
    const amount = within(form).getByRole("textbox", { name: "Amount to waive (₦)" });
    expect(amount).toHaveAccessibleDescription("At most what is left to pay: ₦5,500.00. Enter an amount, e.g. 5000 or 5000.50.");
    await waitFor(() => expect(amount).toHaveFocus());
    expect(within(form).getByRole("textbox", { name: "Reason" })).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations();

    await app.user.type(amount, "6000");
    await app.user.type(within(form).getByRole("textbox", { name: "Reason" }), "Indigent patient");
    await app.user.click(within(form).getByRole("button", { name: "Ask for the waiver" }));
    expect(amount).toHaveAccessibleDescription(
      "At most what is left to pay: ₦5,500.00. Only ₦5,500.00 is left to pay on this bill: a waiver cannot exceed it.",
    );
    expect(api.callsTo(ASK)).toHaveLength(0);

    await app.user.clear(amount);
    await app.user.type(amount, "750");
    const reads = api.callsTo(DETAIL).length;
    await app.user.click(within(form).getByRole("button", { name: "Ask for the waiver" }));
    expect(await within(waivers).findByText("Waiver requested: an officer with the right approves it.")).toBeInTheDocument();
    expect(api.callsTo(ASK)[0]?.body).toEqual({ amount: "750", reason: "Indigent patient" });
    await waitFor(() => expect(api.callsTo(DETAIL).length).toBeGreaterThan(reads));
    expect(amount).toHaveValue("");
  });

  it("asks for a percentage, and shows the server's refusal of it under the field", async () => {
    const { api, app, waivers } = await openBill({
      [ASK]: {
        status: 400,
        body: {
          detail: "Invalid input.",
          errors: { percent: ["The waiver comes to nothing: give a larger amount or percentage."] },
        },
      },
    });
    const form = within(waivers).getByRole("form", { name: "Ask for a waiver" });
    await app.user.click(within(form).getByRole("radio", { name: "A percentage" }));
    expect(within(form).queryByRole("textbox", { name: "Amount to waive (₦)" })).toBeNull();
    const percent = within(form).getByRole("textbox", { name: "Percentage of the bill's total (%)" });
    await app.user.type(percent, "150");
    await app.user.type(within(form).getByRole("textbox", { name: "Reason" }), "Staff family");
    await app.user.click(within(form).getByRole("button", { name: "Ask for the waiver" }));
    expect(percent).toHaveAccessibleDescription("0.01 to 100, of the total ₦7,500.00. Enter a percentage between 0.01 and 100.");
    await app.user.clear(percent);
    await app.user.type(percent, "0.01");
    await app.user.click(within(form).getByRole("button", { name: "Ask for the waiver" }));
    await waitFor(() =>
      expect(percent).toHaveAccessibleDescription(
        "0.01 to 100, of the total ₦7,500.00. The waiver comes to nothing: give a larger amount or percentage.",
      ),
    );
    expect(percent).toHaveFocus();
    expect(api.callsTo(ASK)[0]?.body).toEqual({ percent: "0.01", reason: "Staff family" });
    await expectNoAxeViolations();
  });

  it("lists the bill's waivers with who asked and who decided, and shows Waived beside paid and left", async () => {
    const { dialog, waivers } = await openBill({
      [DETAIL]: {
        body: staffBill({
          waived: "750.00",
          left: "4750.00",
          waivers: [
            billWaiver({
              status: "approved",
              decided_by: { id: 7, name: "Admin Bola" },
              decided_at: "2025-03-12T11:00:00Z",
              decision_note: "Letter seen",
            }),
            billWaiver({ id: 10, amount: "500.00", percent: null, status: "rejected", reason: "Asked twice" }),
          ],
        }),
      },
    });
    expect(within(dialog).getByText("Waived").parentElement).toHaveTextContent("₦750.00");
    expect(within(dialog).getByText("Left to pay").parentElement).toHaveTextContent("₦4,750.00");
    const items = within(within(waivers).getByRole("list", { name: "Waivers asked for on this bill" })).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("₦750.00 (10% of the bill)");
    expect(items[0]).toHaveTextContent("Approved");
    expect(items[0]).toHaveTextContent("Reason: Indigent patient, social welfare letter");
    expect(items[0]).toHaveTextContent("Asked by Agent Ade, 12 Mar 2025, 11:10 WAT");
    expect(items[0]).toHaveTextContent("Approved by Admin Bola, 12 Mar 2025, 12:00 WAT — Note: Letter seen");
    expect(items[1]).toHaveTextContent("₦500.00");
    expect(items[1]).toHaveTextContent("Rejected");
    await expectNoAxeViolations();
  });

  it("approves a pending waiver within the member's limit: a note is required, then the bill is read again", async () => {
    const pending = staffBill({ waivers: [billWaiver()] });
    let approved = false;
    const { api, app, waivers } = await openBill(
      {
        [DETAIL]: () => ({
          body: approved
            ? staffBill({
                waived: "750.00",
                left: "4750.00",
                waivers: [billWaiver({ status: "approved", decided_by: { id: 7, name: "Admin Bola" }, decision_note: "OK" })],
              })
            : pending,
        }),
        [DECIDE]: () => {
          approved = true;
          return {
            body: {
              detail: "Waiver approved: the bill asks for less.",
              waiver: billWaiver({ status: "approved", decided_by: { id: 7, name: "Admin Bola" } }),
            },
          };
        },
      },
      { user_id: 7, name: "Admin Bola", role: "ADMIN", waiver_limit: "1000.00" },
      "ADMIN",
    );
    const decide = await within(waivers).findByRole("group", { name: "Decide the waiver of ₦750.00 for Chioma Okafor" });
    await app.user.click(within(decide).getByRole("button", { name: "Approve" }));
    const note = within(decide).getByRole("textbox", { name: "Note for the decision" });
    expect(note).toHaveAccessibleDescription(
      "Required to approve or reject; kept in the audit log. Write a note to approve or reject.",
    );
    await waitFor(() => expect(note).toHaveFocus());
    expect(api.callsTo(DECIDE)).toHaveLength(0);
    await expectNoAxeViolations();

    await app.user.type(note, "Letter seen");
    await app.user.click(within(decide).getByRole("button", { name: "Approve" }));
    expect(await within(waivers).findByText("Waiver approved: the bill asks for less.")).toBeInTheDocument();
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({ decision: "approve", note: "Letter seen" });
    await waitFor(() => expect(screen.getByText("Waived").parentElement).toHaveTextContent("₦750.00"));
    expect(within(waivers).queryByRole("group", { name: /Decide the waiver/ })).toBeNull();
  });

  it("shows the server's refusal of a decision clearly", async () => {
    const { app, waivers } = await openBill(
      {
        [DETAIL]: { body: staffBill({ waivers: [billWaiver()] }) },
        [DECIDE]: { status: 409, body: { detail: "This waiver was already decided.", code: "waiver_decided" } },
      },
      { user_id: 7, waiver_limit: "1000.00" },
      "ADMIN",
    );
    const decide = await within(waivers).findByRole("group", { name: /Decide the waiver/ });
    await app.user.type(within(decide).getByRole("textbox", { name: "Note for the decision" }), "No");
    await app.user.click(within(decide).getByRole("button", { name: "Reject" }));
    expect(await within(decide).findByRole("alert")).toHaveTextContent("This waiver was already decided.");
  });

  it("offers no Approve / Reject on the member's own request, nor to a member without the right", async () => {
    const routes = { [DETAIL]: { body: staffBill({ waivers: [billWaiver()] }) } };
    // Asked by the signed-in member (user 4), who has a limit: another officer must decide it.
    const own = await openBill(routes, { user_id: 4, waiver_limit: "100000.00" });
    expect(await within(own.waivers).findByText("Another officer must decide a waiver you asked for.")).toBeInTheDocument();
    expect(within(own.waivers).queryByRole("button", { name: "Approve" })).toBeNull();
    expect(within(own.waivers).queryByRole("button", { name: "Reject" })).toBeNull();
    own.app.unmount();

    const none = await openBill(routes, { user_id: 7, waiver_limit: null }, "ADMIN");
    await waitFor(() => expect(none.api.callsTo(DESK)).toHaveLength(1));
    expect(within(none.waivers).getByText("Pending")).toBeInTheDocument();
    expect(within(none.waivers).queryByRole("button", { name: "Approve" })).toBeNull();
    expect(within(none.waivers).queryByRole("button", { name: "Reject" })).toBeNull();
    none.app.unmount();

    // Above the limit: only Reject.
    const low = await openBill(routes, { user_id: 7, waiver_limit: "500.00" }, "ADMIN");
    const decide = await within(low.waivers).findByRole("group", { name: /Decide the waiver/ });
    expect(within(decide).getByText(/above your limit of ₦500.00/)).toBeInTheDocument();
    expect(within(decide).queryByRole("button", { name: "Approve" })).toBeNull();
    expect(within(decide).getByRole("button", { name: "Reject" })).toBeInTheDocument();
  });

  it("asks for nothing on a bill that is no longer open", async () => {
    const { waivers } = await openBill({ [DETAIL]: { body: staffBill({ status: "paid", left: "0.00" }) } });
    expect(within(waivers).queryByRole("form", { name: "Ask for a waiver" })).toBeNull();
  });
});
