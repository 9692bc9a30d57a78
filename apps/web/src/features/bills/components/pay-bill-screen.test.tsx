import { act, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setLocale } from "../../../i18n";
import { activateLocale } from "../../../i18n/intl";
import { fakePaystack, resetPaystack } from "../../../test/fake-paystack";
import { fakeRemita, resetRemita, settleScript } from "../../../test/fake-remita";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { goOffline } from "../../../test/network";
import { renderApp } from "../../../test/render-app";
import { publicBill, TOKEN } from "./bills-fixtures";

const OFFLINE_PAY_REFUSAL = "You are offline. Paying needs an internet connection.";

const BILL = `GET /api/bills/${TOKEN}/`;
const PAY = `POST /api/bills/${TOKEN}/pay/`;
const METHODS = "GET /express/methods/";
const SCRIPT = "https://remita.example/inline.js";
const PAYSTACK_SCRIPT = "https://paystack.example/v2/inline.js";

type Routes = Parameters<typeof mockApi>[0];

const methods = {
  body: {
    payment_methods: [
      { key: "remita", name: "Remita" },
      { key: "monnify", name: "Monnify" },
      { key: "wallet", name: "Wallet" },
      { key: "paystack", name: "Paystack" },
      { key: "bank_transfer", name: "Bank transfer" },
    ],
  },
};

function openBill(routes: Routes = {}) {
  const api = mockApi({ [BILL]: { body: publicBill() }, [METHODS]: methods, ...routes });
  return { api, app: renderApp(`/pay/${TOKEN}`) };
}

async function fillPayer(app: ReturnType<typeof renderApp>) {
  await app.user.type(screen.getByLabelText("Your full name"), "Ngozi Okafor");
  await app.user.type(screen.getByLabelText("Your e-mail"), "ngozi@example.com");
  await app.user.type(screen.getByLabelText("Your phone number"), "08020000000");
}

// Yoruba's catalog is one chunk gathered from every folder's yo.json: loaded once ahead (its first import is slow).
beforeAll(async () => {
  await import("../../../i18n/catalogs/yo");
}, 30_000);

afterEach(async () => {
  resetRemita();
  resetPaystack();
  setLocale("en");
  await activateLocale("en");
});

describe("/pay/:token", () => {
  it("shows the bill: lines, total, paid, left and the payers' first names", async () => {
    openBill();
    expect(await screen.findByRole("heading", { level: 1, name: "Bill for Chioma" })).toBeInTheDocument();
    expect(screen.getByText("Full blood count")).toBeInTheDocument();
    expect(screen.getByText("Laboratory · 1 × ₦5,000.00")).toBeInTheDocument();
    const figures = screen.getAllByRole("definition").map((figure) => figure.textContent);
    expect(figures).toEqual(["₦7,500.00", "₦2,000.00", "₦5,500.00"]);
    expect(screen.getByText("Emeka")).toBeInTheDocument();
    expect(screen.getByLabelText("Amount to pay (₦)")).toHaveValue("5500.00");
    const options = await screen.findAllByRole("radio");
    // A guest is offered what guest checkout offers.
    expect(options.map((option) => option.getAttribute("value"))).toEqual(["remita", "monnify"]);
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it("shows a discount or waiver beside paid and left, when the bill has one", async () => {
    openBill({ [BILL]: { body: publicBill({ waived: "750.00", left: "4750.00" }) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Bill for Chioma" })).toBeInTheDocument();
    const terms = screen.getAllByRole("term").map((term) => term.textContent);
    expect(terms).toEqual(["Total", "Paid", "Discount / waiver", "Left to pay"]);
    const figures = screen.getAllByRole("definition").map((figure) => figure.textContent);
    expect(figures).toEqual(["₦7,500.00", "₦2,000.00", "₦750.00", "₦4,750.00"]);
    expect(screen.getByLabelText("Amount to pay (₦)")).toHaveValue("4750.00");
  });

  it("shows an HMO enrollee's bill with the HMO's part beside what the payers pay", async () => {
    openBill({ [BILL]: { body: publicBill({ paid: "0.00", hmo_part: "7000.00", hmo_name: "Hygeia HMO", left: "500.00" }) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Bill for Chioma" })).toBeInTheDocument();
    expect(screen.getAllByRole("term").map((term) => term.textContent)).toEqual([
      "Total",
      "Hygeia HMO's part",
      "Paid",
      "Left to pay",
    ]);
    expect(screen.getAllByRole("definition").map((figure) => figure.textContent)).toEqual([
      "₦7,500.00",
      "₦7,000.00",
      "₦0.00",
      "₦500.00",
    ]);
    expect(screen.getByLabelText("Amount to pay (₦)")).toHaveValue("500.00");
  });

  it("says a link that names no bill is not valid", async () => {
    openBill({ [BILL]: { status: 404, body: { detail: "Bill not found." } } });
    expect(await screen.findByRole("heading", { level: 1, name: "This bill link is not valid" })).toBeInTheDocument();
  });

  it("shows a cancelled and a fully paid bill without the payment form", async () => {
    const { app } = openBill({ [BILL]: { body: publicBill({ status: "cancelled" }) } });
    expect(await screen.findByText(/This bill was cancelled by the hospital/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay now" })).not.toBeInTheDocument();
    app.unmount();
    openBill({
      [BILL]: {
        body: publicBill({
          status: "paid",
          paid: "7500.00",
          left: "0.00",
          code_sent_to: { phone: "•••••••8899", email: "c•••@example.com" },
        }),
      },
    });
    expect(await screen.findByText("This bill is already paid in full.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay now" })).not.toBeInTheDocument();
    // The bill's own code is the patient's: a payer holding the link is told where it went, never shown it.
    expect(screen.queryByText("Receipt code")).not.toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /QR code/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        "The bill's receipt code, which the lab, pharmacy or ward gives its services against, was sent to the patient:",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("by SMS to •••••••8899")).toBeInTheDocument();
    expect(screen.getByText("by e-mail to c•••@example.com")).toBeInTheDocument();
  });

  it("tells a payer of a paid bill whose patient has no contact that the code is with the staff", async () => {
    openBill({
      [BILL]: { body: publicBill({ status: "paid", paid: "7500.00", left: "0.00", code_sent_to: { phone: null, email: null } }) },
    });
    expect(await screen.findByText(/is with the hospital's staff: ask at the desk\./)).toBeInTheDocument();
  });

  it("states what a part's receipt code is for, and what items are given against", async () => {
    openBill();
    expect(
      await screen.findByText(
        "Your receipt code proves your payment. Services are given against the bill's own receipt code, which is sent to the patient once the bill is paid in full.",
      ),
    ).toBeInTheDocument();
  });

  it("opens in the bill's language when the visitor has not chosen one", async () => {
    openBill({ [BILL]: { body: publicBill({ locale: "yo" }) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Ìwé owó Chioma" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("yo");
    // Not remembered as the visitor's choice.
    expect(localStorage.getItem("locale")).toBeNull();
  });

  it("keeps the language the visitor chose, English too, over the bill's", async () => {
    setLocale("en");
    openBill({ [BILL]: { body: publicBill({ locale: "yo" }) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Bill for Chioma" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole("heading", { level: 1, name: "Bill for Chioma" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");
  });

  it("offers a retry when the bill cannot be loaded", async () => {
    let calls = 0;
    const { app } = openBill({
      [BILL]: () => (++calls <= 2 ? { status: 503, body: { detail: "Service unavailable." } } : { body: publicBill() }),
    });
    expect(await screen.findByText("Error: Service unavailable.")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Bill for Chioma" })).toBeInTheDocument();
  });

  it("checks the amount and the payer before sending", async () => {
    const { api, app } = openBill();
    const amount = await screen.findByLabelText("Amount to pay (₦)");
    await app.user.clear(amount);
    await app.user.type(amount, "9000");
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    expect(amount).toHaveAccessibleDescription(
      "At least ₦500.00, at most ₦5,500.00. Only ₦5,500.00 is left to pay on this bill.",
    );
    expect(amount).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent("Check the 4 fields marked below.");
    expect(screen.getByLabelText("Your full name")).toHaveAccessibleDescription("Enter your full name.");
    expect(screen.getByLabelText("Your e-mail")).toHaveAccessibleDescription(
      "Your receipt is sent here. Enter your e-mail address.",
    );
    expect(api.callsTo(PAY)).toHaveLength(0);
  });

  it("shows the server's message under the amount", async () => {
    const { app } = openBill({
      [PAY]: { status: 400, body: { detail: "Invalid input.", errors: { amount: ["A part must be at least ₦500.00."] } } },
    });
    const amount = await screen.findByLabelText("Amount to pay (₦)");
    await app.user.clear(amount);
    await app.user.type(amount, "600");
    await fillPayer(app);
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription("At least ₦500.00, at most ₦5,500.00. A part must be at least ₦500.00."),
    );
  });

  it("pays a part through Remita, then shows the receipt", async () => {
    const remita = fakeRemita();
    const { api, app } = openBill({
      [PAY]: {
        status: 201,
        body: {
          reference: "INV-90",
          status: "pending",
          rrr: "1234-5678-9012",
          amount: "3100.00",
          items: [],
          payment_method: "remita",
          gateway: {
            key: "remita",
            script_url: SCRIPT,
            public_key: "pk",
            rrr: "123456789012",
            transaction_id: "INV-90",
            amount: "3100.00",
          },
        },
      },
      "GET /api/express/callback/top-up/remita/": { body: { transaction_status: "SUCCESS" } },
      "GET /api/express/payments/INV-90/": { body: { reference: "INV-90", status: "completed" } },
    });
    const amount = await screen.findByLabelText("Amount to pay (₦)");
    await app.user.clear(amount);
    await app.user.type(amount, "3000");
    await fillPayer(app);
    expect(screen.getByText("₦3,100.00")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await settleScript(SCRIPT);
    await waitFor(() => expect(remita.shown).toBe(1));
    expect(api.callsTo(PAY)[0]?.body).toEqual({
      amount: "3000",
      payer_name: "Ngozi Okafor",
      payer_email: "ngozi@example.com",
      payer_phone: "08020000000",
      payment_method: "remita",
    });
    expect(api.callsTo(PAY)[0]?.headers.get("Authorization")).toBeNull();
    remita.options?.onSuccess({ transactionId: "INV-90" });
    await waitFor(() => expect(app.location().pathname).toBe("/payment-success"));
    expect(app.location().search).toBe("?reference=INV-90");
  });

  it("refuses to pay a part offline, sending nothing", async () => {
    const { api, app } = openBill();
    await screen.findByLabelText("Amount to pay (₦)");
    await fillPayer(app);
    goOffline();
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    expect(screen.getByRole("alert")).toHaveTextContent(OFFLINE_PAY_REFUSAL);
    expect(api.callsTo(PAY)).toHaveLength(0);
  });

  it("sends a Monnify part to the bank details page", async () => {
    const { app } = openBill({
      [PAY]: {
        status: 201,
        body: {
          reference: "INV-91",
          status: "pending",
          amount: "5600.00",
          payment_method: "monnify",
          gateway: { key: "monnify" },
        },
      },
    });
    await screen.findByLabelText("Amount to pay (₦)");
    await fillPayer(app);
    await app.user.click(await screen.findByRole("radio", { name: /Monnify/ }));
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(app.location().pathname).toBe("/bank-details/monnify/INV-91"));
  });

  it("lets a signed-in customer pay from the wallet, once the amount and the balance after it are confirmed", async () => {
    const customer = buildUser({ wallet_balance: "9000.00" });
    signIn(customer);
    const { api, app } = openBill({
      "GET /auth/profile/": { body: customer },
      [PAY]: {
        status: 201,
        body: { reference: "INV-92", status: "completed", amount: "5600.00", items: [], balance: "3400.00" },
      },
    });
    const wallet = await screen.findByRole("radio", { name: "Wallet (balance ₦9,000.00)" });
    expect(screen.getByLabelText("Your full name")).toHaveValue("Ada Obi");
    await app.user.click(wallet);
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    // Nothing is charged before the payer confirms: the part, the fee, the total and the balance after it.
    const dialog = await screen.findByRole("dialog", { name: "Confirm wallet payment" });
    expect(api.callsTo(PAY)).toHaveLength(0);
    expect(dialog).toHaveTextContent("Subtotal₦5,500.00");
    expect(dialog).toHaveTextContent("Charge fee₦100.00");
    expect(dialog).toHaveTextContent("Total₦5,600.00");
    expect(dialog).toHaveTextContent("Paying forBill for Chioma");
    expect(dialog).toHaveTextContent("Balance after payment₦3,400.00");
    await app.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo(PAY)).toHaveLength(0);
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await app.user.click(
      within(await screen.findByRole("dialog", { name: "Confirm wallet payment" })).getByRole("button", {
        name: "Confirm payment",
      }),
    );
    await waitFor(() => expect(app.location().pathname).toBe("/payment-success"));
    expect(api.callsTo(PAY)).toHaveLength(1);
    const call = api.callsTo(PAY)[0];
    expect(call?.body).toMatchObject({ payment_method: "wallet", amount: "5500.00", payer_email: "ada@example.com" });
    expect(call?.headers.get("Authorization")).toBe("Bearer test-token");
  });
  it("offers a signed-in customer the wallet, Remita, Monnify, Paystack and a bank transfer", async () => {
    const customer = buildUser();
    signIn(customer);
    openBill({ "GET /auth/profile/": { body: customer } });
    await screen.findByRole("radio", { name: "Paystack (card)" });
    const options = screen.getAllByRole("radio");
    expect(options.map((option) => option.getAttribute("value"))).toEqual([
      "wallet",
      "remita",
      "monnify",
      "paystack",
      "bank_transfer",
    ]);
    expect(screen.getByRole("radio", { name: "Direct bank transfer to the hospital" })).toBeInTheDocument();
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it("offers a customer only the methods the server has on", async () => {
    const customer = buildUser();
    signIn(customer);
    openBill({
      "GET /auth/profile/": { body: customer },
      [METHODS]: {
        body: {
          payment_methods: [
            { key: "remita", name: "Remita" },
            { key: "bank_transfer", name: "Bank" },
          ],
        },
      },
    });
    await screen.findByRole("radio", { name: /Direct bank transfer/ });
    expect(screen.getAllByRole("radio").map((option) => option.getAttribute("value"))).toEqual([
      "wallet",
      "remita",
      "bank_transfer",
    ]);
  });

  it("pays a customer's part through Paystack's popup; the receipt follows the server's verification", async () => {
    const paystack = fakePaystack();
    const customer = buildUser();
    signIn(customer);
    const { api, app } = openBill({
      "GET /auth/profile/": { body: customer },
      [PAY]: {
        status: 201,
        body: {
          reference: "INV-93",
          status: "pending",
          rrr: null,
          amount: "5600.00",
          items: [],
          payment_method: "paystack",
          gateway: {
            key: "paystack",
            script_url: PAYSTACK_SCRIPT,
            public_key: "pk_test",
            access_code: "ac_93",
            reference: "ps_93",
          },
        },
      },
      "GET /api/express/callback/top-up/paystack/": { body: { transaction_status: "SUCCESS", reference: "INV-93" } },
      "GET /api/express/payments/INV-93/": { body: { reference: "INV-93", status: "completed" } },
    });
    await app.user.click(await screen.findByRole("radio", { name: "Paystack (card)" }));
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await settleScript(PAYSTACK_SCRIPT);
    await waitFor(() => expect(paystack.opened).toBe(1));
    expect(paystack.accessCode).toBe("ac_93");
    const call = api.callsTo(PAY)[0];
    expect(call?.body).toMatchObject({ payment_method: "paystack", amount: "5500.00", payer_email: "ada@example.com" });
    expect(call?.headers.get("Authorization")).toBe("Bearer test-token");
    // The popup's word alone is not enough: the receipt waits for the server, which asks Paystack.
    expect(app.location().pathname).toBe(`/pay/${TOKEN}`);
    paystack.callbacks?.onSuccess({ reference: "ps_93", status: "success", message: "Approved" });
    await waitFor(() => expect(app.location().pathname).toBe("/payment-success"));
    expect(app.location().search).toBe("?reference=INV-93");
    const verify = api.callsTo("GET /api/express/callback/top-up/paystack/")[0];
    expect(verify?.url.searchParams.get("transaction_id")).toBe("INV-93");
  });

  it("says a Paystack part closed without paying is not completed, and one the server does not approve failed", async () => {
    const paystack = fakePaystack();
    const customer = buildUser();
    signIn(customer);
    const { app } = openBill({
      "GET /auth/profile/": { body: customer },
      [PAY]: {
        status: 201,
        body: {
          reference: "INV-94",
          status: "pending",
          amount: "5600.00",
          payment_method: "paystack",
          gateway: { key: "paystack", script_url: PAYSTACK_SCRIPT, public_key: "pk", access_code: "ac_94", reference: "ps_94" },
        },
      },
      "GET /api/express/callback/top-up/paystack/": { body: { transaction_status: "FAILED" } },
    });
    await app.user.click(await screen.findByRole("radio", { name: "Paystack (card)" }));
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await settleScript(PAYSTACK_SCRIPT);
    await waitFor(() => expect(paystack.opened).toBe(1));
    act(() => paystack.callbacks?.onCancel());
    expect(await screen.findByText(/^Payment not completed\./)).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(paystack.opened).toBe(2));
    act(() => paystack.callbacks?.onSuccess({ reference: "ps_94" }));
    expect(await screen.findByText("Payment Failed")).toBeInTheDocument();
    expect(app.location().pathname).toBe(`/pay/${TOKEN}`);
  });

  it("says so when Paystack's popup cannot be loaded", async () => {
    const customer = buildUser();
    signIn(customer);
    const { app } = openBill({
      "GET /auth/profile/": { body: customer },
      [PAY]: {
        status: 201,
        body: {
          reference: "INV-96",
          status: "pending",
          amount: "5600.00",
          payment_method: "paystack",
          gateway: { key: "paystack", script_url: PAYSTACK_SCRIPT, public_key: "pk", access_code: "ac_96", reference: "ps_96" },
        },
      },
    });
    await app.user.click(await screen.findByRole("radio", { name: "Paystack (card)" }));
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await settleScript(PAYSTACK_SCRIPT, "error");
    expect(
      await screen.findByText("Failed to initialize Paystack payment. Please try another payment method."),
    ).toBeInTheDocument();
  });

  it("says Paystack could not start when its block comes without an access code, opening no popup", async () => {
    const paystack = fakePaystack();
    const customer = buildUser();
    signIn(customer);
    const { app } = openBill({
      "GET /auth/profile/": { body: customer },
      [PAY]: {
        status: 201,
        body: {
          reference: "INV-97",
          status: "pending",
          amount: "5600.00",
          payment_method: "paystack",
          // The contract makes access_code optional: without it the popup has nothing to resume.
          gateway: { key: "paystack", script_url: PAYSTACK_SCRIPT, public_key: "pk", reference: "ps_97" },
        },
      },
    });
    await app.user.click(await screen.findByRole("radio", { name: "Paystack (card)" }));
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    expect(
      await screen.findByText("Failed to initialize Paystack payment. Please try another payment method."),
    ).toBeInTheDocument();
    expect(paystack.opened).toBe(0);
    expect(app.location().pathname).toBe(`/pay/${TOKEN}`);
  });

  it("sends a customer's bank transfer part to the hospital's account details", async () => {
    const customer = buildUser();
    signIn(customer);
    const { api, app } = openBill({
      "GET /auth/profile/": { body: customer },
      [PAY]: {
        status: 201,
        body: {
          reference: "INV-95",
          status: "pending",
          rrr: null,
          amount: "5600.00",
          payment_method: "bank_transfer",
          gateway: {
            key: "bank_transfer",
            bank_account: { bank_name: "First Bank", account_name: "Teaching Hospital", account_number: "2034567890" },
          },
        },
      },
    });
    await app.user.click(await screen.findByRole("radio", { name: "Direct bank transfer to the hospital" }));
    expect(screen.getByText(/Staff confirm a bank transfer within 24-48 hours/)).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(app.location().pathname).toBe("/bank-details/bank_transfer/INV-95"));
    expect(api.callsTo(PAY)[0]?.body).toMatchObject({ payment_method: "bank_transfer", amount: "5500.00" });
  });

  it("keeps a customer's wallet when the methods cannot be loaded, and loads them again on request", async () => {
    const customer = buildUser();
    signIn(customer);
    let calls = 0;
    const { app } = openBill({
      "GET /auth/profile/": { body: customer },
      [METHODS]: () => (++calls <= 2 ? { status: 503, body: { detail: "Service unavailable." } } : methods),
    });
    expect(await screen.findByText(/Error: Service unavailable\. You can still pay from your wallet\./)).toBeInTheDocument();
    expect(screen.getAllByRole("radio").map((option) => option.getAttribute("value"))).toEqual(["wallet"]);
    await app.user.click(screen.getByRole("button", { name: "Load payment methods again" }));
    await screen.findByRole("radio", { name: "Paystack (card)" });
    expect(screen.queryByText(/Error: Service unavailable/)).not.toBeInTheDocument();
  });
});
