import { screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { billRow, deskPaymentAnswer, myDesk, openShift, staffBill, TOKEN } from "./bills-fixtures";

const DETAIL = `GET /api/staff/bills/${TOKEN}/`;
const DESK = "GET /api/staff/desk/";
const SHIFT = "GET /api/staff/shifts/current/";
const PAY = "POST /api/staff/desk/payments/";

type Routes = Parameters<typeof mockApi>[0];

/** The bill's dialog of an agent (or `role`), opened from ?bill=, with the desk and shift answers given. */
async function openBill(routes: Routes = {}, role = "AGENT", area = "/agentdashboard") {
  const staff = buildUser({ role, wallet_id: null });
  signIn(staff);
  const api = mockApi({
    "GET /auth/profile/": { body: staff },
    "GET /api/staff/bills/": { body: { count: 1, page: 1, page_size: 20, results: [billRow()] } },
    [DETAIL]: { body: staffBill() },
    [DESK]: { body: myDesk() },
    [SHIFT]: { body: openShift() },
    ...routes,
  });
  const app = renderApp(`${area}/bills?bill=${TOKEN}`);
  const dialog = await screen.findByRole("dialog", { name: "Bill for Chioma Okafor" });
  await within(dialog).findByText("Full blood count");
  return { api, app, dialog };
}

async function expectNoAxeViolations() {
  // Colour contrast needs a layout engine, which jsdom lacks; the e2e journey checks it in Chromium.
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("taking payment at the desk, in the staff bill dialog", () => {
  it("is not offered to a member who does not collect money, nor asks for their shift", async () => {
    const { api, dialog } = await openBill({ [DESK]: { body: myDesk({ collects_money: false }) } });
    await waitFor(() => expect(api.callsTo(DESK)).toHaveLength(1));
    expect(within(dialog).queryByRole("region", { name: "Take payment at the desk" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Record payment" })).toBeNull();
    expect(api.callsTo(SHIFT)).toHaveLength(0);
  });

  it("is not offered on a bill that is no longer open", async () => {
    const { api, dialog } = await openBill({ [DETAIL]: { body: staffBill({ status: "paid", left: "0.00" }) } });
    await waitFor(() => expect(api.callsTo(DESK)).toHaveLength(1));
    expect(within(dialog).queryByRole("region", { name: "Take payment at the desk" })).toBeNull();
  });

  it("without an open shift, says so and links to the member's own My shift", async () => {
    const { app, dialog } = await openBill(
      { [SHIFT]: { status: 404, body: { detail: "Not found." } } },
      "ADMIN",
      "/admindashboard",
    );
    const desk = await within(dialog).findByRole("region", { name: "Take payment at the desk" });
    expect(await within(desk).findByText(/Open your shift before taking money at the desk/)).toBeInTheDocument();
    expect(within(desk).queryByRole("button", { name: "Record payment" })).toBeNull();
    await expectNoAxeViolations();
    await app.user.click(within(desk).getByRole("link", { name: "My shift" }));
    await waitFor(() => expect(app.location().pathname).toBe("/admindashboard/shift"));
  });

  it("takes a part in cash: the change is shown as the cash is typed, then the receipt code, and the bill is read again", async () => {
    const { api, app, dialog } = await openBill({ [PAY]: { status: 201, body: deskPaymentAnswer() } });
    const desk = await within(dialog).findByRole("region", { name: "Take payment at the desk" });
    const amount = await within(desk).findByRole("textbox", { name: "Amount (₦)" });
    expect(amount).toHaveValue("5500.00");
    expect(within(desk).getByRole("radio", { name: "Cash" })).toBeChecked();
    await app.user.clear(amount);
    await app.user.type(amount, "3000");
    await app.user.type(within(desk).getByRole("textbox", { name: "Cash handed over (₦, optional)" }), "5000");
    expect(within(desk).getByText(/Change to give back:/)).toHaveTextContent("Change to give back: ₦2,000.00");
    await app.user.type(within(desk).getByRole("textbox", { name: "Payer's name" }), "Emeka Okafor");
    await expectNoAxeViolations();
    const billReads = api.callsTo(DETAIL).length;
    await app.user.click(within(desk).getByRole("button", { name: "Record payment" }));

    expect(await within(desk).findByText("Payment recorded.")).toBeInTheDocument();
    expect(api.callsTo(PAY)[0]?.body).toEqual({
      bill_token: TOKEN,
      method: "cash",
      amount: "3000",
      tendered: "5000",
      payer_name: "Emeka Okafor",
    });
    expect(api.callsTo(PAY)[0]?.headers.get("Authorization")).toBe("Bearer test-token");
    expect(within(desk).getByText("Cash: ₦3,000.00 from Emeka Okafor.")).toBeInTheDocument();
    expect(within(desk).getByText("Give back ₦2,000.00 in change.")).toBeInTheDocument();
    expect(within(desk).getByText("Still left to pay: ₦2,500.00.")).toBeInTheDocument();
    expect(within(desk).getByText("7K3M-9QXR-2B4D-HJ6P")).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(DETAIL).length).toBeGreaterThan(billReads));
    await expectNoAxeViolations();
    await app.user.click(within(desk).getByRole("button", { name: "Take another payment" }));
    expect(within(desk).getByRole("button", { name: "Record payment" })).toBeInTheDocument();
  });

  it("by POS, asks for the slip's reference first and sends it with no cash handed over", async () => {
    let paid = false;
    const { api, app, dialog } = await openBill({
      // Once the part has paid the bill, the bill is read back paid: the answer stays shown all the same.
      [DETAIL]: () => ({ body: paid ? staffBill({ status: "paid", paid: "7500.00", left: "0.00" }) : staffBill() }),
      // The shift's report comes back after the bill does.
      [SHIFT]: async () => {
        if (paid) await new Promise((resolve) => setTimeout(resolve, 150));
        return { body: openShift() };
      },
      [PAY]: () => {
        paid = true;
        return {
          status: 201,
          body: deskPaymentAnswer({
            method: "pos",
            amount: "5500.00",
            change: null,
            bill: { token: TOKEN, status: "paid", total: "7500.00", paid: "7500.00", left: "0.00" },
          }),
        };
      },
    });
    const desk = await within(dialog).findByRole("region", { name: "Take payment at the desk" });
    await app.user.click(await within(desk).findByRole("radio", { name: "POS (card terminal)" }));
    expect(within(desk).queryByRole("textbox", { name: /Cash handed over/ })).toBeNull();
    await app.user.type(within(desk).getByRole("textbox", { name: "Payer's name" }), "Emeka Okafor");
    await app.user.click(within(desk).getByRole("button", { name: "Record payment" }));

    const reference = within(desk).getByRole("textbox", { name: "POS slip reference" });
    expect(reference).toHaveAttribute("aria-invalid", "true");
    expect(reference).toHaveAccessibleDescription(expect.stringContaining("Enter the reference printed on the POS slip."));
    await waitFor(() => expect(reference).toHaveFocus());
    expect(within(desk).getByRole("alert")).toHaveTextContent("Check the field marked below.");
    expect(api.callsTo(PAY)).toHaveLength(0);
    await expectNoAxeViolations();

    await app.user.type(reference, "RRN-20250312-0042");
    await app.user.click(within(desk).getByRole("button", { name: "Record payment" }));
    expect(await within(desk).findByText("Payment recorded.")).toBeInTheDocument();
    expect(api.callsTo(PAY)[0]?.body).toEqual({
      bill_token: TOKEN,
      method: "pos",
      amount: "5500.00",
      terminal_reference: "RRN-20250312-0042",
      payer_name: "Emeka Okafor",
    });
    expect(within(desk).getByText("POS: ₦5,500.00 from Emeka Okafor.")).toBeInTheDocument();
    expect(within(desk).getByText("The bill is now paid in full.")).toBeInTheDocument();
    expect(within(desk).queryByText(/in change/)).toBeNull();
    expect(within(desk).queryByRole("button", { name: "Take another payment" })).toBeNull();
    await waitFor(() =>
      expect(within(dialog).getByText("Left to pay", { exact: true }).parentElement).toHaveTextContent("₦0.00"),
    );
    expect(within(desk).getByText("Payment recorded.")).toBeInTheDocument();
  });

  it("shows the server's refusal of a field under that field, and a slip recorded before under the reference", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { detail: "Invalid input.", errors: { amount: ["A part must be at least ₦1,000.00."] } },
    };
    const { api, app, dialog } = await openBill({ [PAY]: () => answer });
    const desk = await within(dialog).findByRole("region", { name: "Take payment at the desk" });
    const amount = await within(desk).findByRole("textbox", { name: "Amount (₦)" });
    await app.user.clear(amount);
    await app.user.type(amount, "500");
    await app.user.type(within(desk).getByRole("textbox", { name: "Payer's name" }), "Emeka Okafor");
    await app.user.click(within(desk).getByRole("button", { name: "Record payment" }));

    await waitFor(() => expect(amount).toHaveAttribute("aria-invalid", "true"));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining("A part must be at least ₦1,000.00."));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(api.callsTo(PAY)).toHaveLength(1);

    answer = { status: 409, body: { detail: "This POS slip was already recorded.", code: "terminal_reference_used" } };
    await app.user.clear(amount);
    await app.user.type(amount, "1000");
    await app.user.click(within(desk).getByRole("radio", { name: "POS (card terminal)" }));
    const reference = within(desk).getByRole("textbox", { name: "POS slip reference" });
    await app.user.type(reference, "RRN-1234567");
    await app.user.click(within(desk).getByRole("button", { name: "Record payment" }));
    await waitFor(() =>
      expect(reference).toHaveAccessibleDescription(expect.stringContaining("This POS slip was already recorded.")),
    );
    expect(reference).toHaveAttribute("aria-invalid", "true");
  });

  it("says why in an alert when the shift closed meanwhile", async () => {
    const { app, dialog } = await openBill({
      [PAY]: {
        status: 409,
        body: { detail: "Open your shift before taking money at the desk.", code: "no_open_shift" },
      },
    });
    const desk = await within(dialog).findByRole("region", { name: "Take payment at the desk" });
    await app.user.type(await within(desk).findByRole("textbox", { name: "Payer's name" }), "Emeka Okafor");
    await app.user.click(within(desk).getByRole("button", { name: "Record payment" }));
    expect(await within(desk).findByRole("alert")).toHaveTextContent("Open your shift before taking money at the desk.");
  });
});
