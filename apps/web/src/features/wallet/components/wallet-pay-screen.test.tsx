import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { CartItem } from "../../../lib/cart-store";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { goOffline } from "../../../test/network";
import { renderApp } from "../../../test/render-app";

const OFFLINE_PAY_REFUSAL = "You are offline. Paying needs an internet connection.";

const PROFILE = "GET /auth/profile/";
const CHECKOUT = "POST /express/checkout/";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const LAB = { id: 1, name: "Laboratory" };

/** A line as the service selection dialog stores it: with its catalogue record. */
function dialogLine(id: number, name: string, price: string, quantity: number): CartItem {
  return {
    id,
    name,
    description: `${name} description`,
    price,
    quantity,
    department: LAB.name,
    category: "Tests",
    service: {
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
      category: "Tests",
    },
  };
}

// 1500.50 × 2 + 19.99 × 3 = 3060.97 (float sums would drift); with the fee 3160.97.
const MALARIA = dialogLine(102, "Malaria Parasite Test", "1500.50", 2);
const SWAB = dialogLine(103, "Swab Kit", "19.99", 3);

const storedCart = () => JSON.parse(localStorage.getItem("cart") ?? "null") as CartItem[] | null;

const ADA = buildUser({
  wallet_balance: "5000.00",
  wallet_id: 31,
  phone_number: "08012345678",
  kyc: {
    hospital_number: "HN-42",
    next_of_kin_name: "",
    next_of_kin_phone: "",
    next_of_kin_address: "",
    account_type: "INDIVIDUAL",
  },
});

function completed(overrides: Record<string, unknown> = {}): MockReply {
  return {
    status: 201,
    body: {
      reference: "HP-PAY-1",
      status: "completed",
      rrr: null,
      amount: "3160.97",
      subtotal: "3060.97",
      charge_fee: "100.00",
      items: [
        { service: { id: 102, name: "Malaria Parasite Test", price: "1500.50" }, qty: 2 },
        { service: { id: 103, name: "Swab Kit", price: "19.99" }, qty: 3 },
      ],
      payment_method: "wallet",
      message: "Payment successful.",
      balance: "1839.03",
      receipt_code: "7K3M-Q9XD-2HPA-W4RT",
      ...overrides,
    },
  };
}

const INSUFFICIENT: MockReply = {
  status: 400,
  body: { detail: "Insufficient wallet balance. Please fund your wallet.", code: "insufficient_funds" },
};

function openWalletPay(
  routes: Parameters<typeof mockApi>[0] = {},
  options: { user?: ReturnType<typeof buildUser>; lines?: CartItem[] } = {},
) {
  const user = options.user ?? ADA;
  const profile = { value: user };
  signIn(user);
  localStorage.setItem("cart", JSON.stringify(options.lines ?? [MALARIA, SWAB]));
  const api = mockApi({ [PROFILE]: () => ({ body: profile.value }), ...routes });
  const app = renderApp("/wallet-pay");
  return { api, app, profile };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function describeAs(app: ReturnType<typeof renderApp>, text = "Clinic visit") {
  await app.user.type(await screen.findByLabelText("Transaction description"), text);
}

async function payAndConfirm(app: ReturnType<typeof renderApp>) {
  await app.user.click(screen.getByRole("button", { name: "Pay from wallet" }));
  const dialog = await screen.findByRole("dialog", { name: "Confirm wallet payment" });
  await app.user.click(within(dialog).getByRole("button", { name: "Confirm payment" }));
}

describe("/wallet-pay: the cart (SPEC §2, §4 cart, §9)", () => {
  it("an empty cart says so and offers 'Pay Hospital Services', which opens the service selection dialog", async () => {
    const { app } = openWalletPay(
      { "GET /api/catalogue/departments/": { body: { success: true, data: { orgDepts: [] } } } },
      { lines: [] },
    );
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay from wallet" })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Pay Hospital Services" }));
    expect(await screen.findByRole("dialog", { name: "Select Services" })).toBeInTheDocument();
  });

  it("shows the lines and kobo-exact totals; a quantity can go down to 0, which removes the line", async () => {
    const { app } = openWalletPay();
    expect(await screen.findByRole("heading", { level: 1, name: "Wallet Payment" })).toBeInTheDocument();
    expect(screen.getByText(/^Wallet balance:/)).toHaveTextContent("Wallet balance: ₦5,000.00");
    expect(screen.getByRole("listitem", { name: "Malaria Parasite Test" })).toHaveTextContent("Line total: ₦3,001.00");
    const totals = screen.getByLabelText("Cart totals");
    expect(totals).toHaveTextContent("Subtotal₦3,060.97");
    expect(totals).toHaveTextContent("Charge fee₦100.00");
    expect(totals).toHaveTextContent("Total₦3,160.97");
    for (let i = 0; i < 3; i += 1) await app.user.click(screen.getByRole("button", { name: "Decrease quantity of Swab Kit" }));
    expect(screen.queryByRole("listitem", { name: "Swab Kit" })).not.toBeInTheDocument();
    expect(storedCart()?.map((line) => line.id)).toEqual([102]);
    await app.user.click(screen.getByRole("button", { name: "Remove Malaria Parasite Test" }));
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
  });
});

describe("/wallet-pay: Self or Someone Else (SPEC §4)", () => {
  it("'Self' fills the five personal fields from the profile and makes them read-only; the description stays editable", async () => {
    const { app } = openWalletPay();
    expect(await screen.findByRole("radio", { name: "Self" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Someone Else" })).not.toBeChecked();
    const expected: Record<string, string> = {
      "First name": "Ada",
      "Last name": "Obi",
      Email: "ada@example.com",
      "Phone number": "08012345678",
      "Hospital number": "HN-42",
    };
    for (const [label, value] of Object.entries(expected)) {
      expect(field(label)).toHaveValue(value);
      expect(field(label)).toHaveAttribute("readonly");
    }
    await app.user.type(field("First name"), "X");
    expect(field("First name")).toHaveValue("Ada");
    expect(field("Transaction description")).not.toHaveAttribute("readonly");
    await describeAs(app);
    expect(field("Transaction description")).toHaveValue("Clinic visit");
  });

  it("'Someone Else' clears and unlocks the fields; back to 'Self' shows the profile again", async () => {
    const { app } = openWalletPay();
    await app.user.click(await screen.findByRole("radio", { name: "Someone Else" }));
    for (const label of ["First name", "Last name", "Email", "Phone number", "Hospital number"]) {
      expect(field(label)).toHaveValue("");
      expect(field(label)).not.toHaveAttribute("readonly");
    }
    await app.user.type(field("First name"), "Chidi");
    expect(field("First name")).toHaveValue("Chidi");
    await app.user.click(screen.getByRole("radio", { name: "Self" }));
    expect(field("First name")).toHaveValue("Ada");
    await app.user.click(screen.getByRole("radio", { name: "Someone Else" }));
    expect(field("First name")).toHaveValue("");
  });

  it("points to Account Settings when the profile lacks a field 'Self' needs", async () => {
    openWalletPay({}, { user: buildUser({ wallet_balance: "5000.00" }) });
    const hint = await screen.findByText(/Your profile has no hospital number/);
    expect(within(hint).getByRole("link", { name: "Account Settings" })).toHaveAttribute("href", "/profile/edit");
  });
});

describe("/wallet-pay: validation (SPEC §5)", () => {
  it("requires the transaction description: 'Please ensure all customer details, including transaction description, are provided'", async () => {
    const { api, app } = openWalletPay();
    await app.user.click(await screen.findByRole("button", { name: "Pay from wallet" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please ensure all customer details, including transaction description, are provided",
    );
    expect(field("Transaction description")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });

  it("requires every field for 'Someone Else'", async () => {
    const { api, app } = openWalletPay();
    await app.user.click(await screen.findByRole("radio", { name: "Someone Else" }));
    await describeAs(app);
    await app.user.type(field("First name"), "Chidi");
    await app.user.click(screen.getByRole("button", { name: "Pay from wallet" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please ensure all customer details, including transaction description, are provided",
    );
    for (const label of ["Last name", "Email", "Phone number", "Hospital number"])
      expect(field(label)).toHaveAttribute("aria-invalid", "true");
    expect(field("First name")).not.toHaveAttribute("aria-invalid");
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });

  it("refuses a balance below subtotal + fee: 'Insufficient wallet balance. Please fund your wallet.'", async () => {
    // ₦3,160.96 is one kobo short of ₦3,160.97.
    const { api, app } = openWalletPay({}, { user: { ...ADA, wallet_balance: "3160.96" } });
    await describeAs(app);
    await app.user.click(screen.getByRole("button", { name: "Pay from wallet" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Insufficient wallet balance. Please fund your wallet.");
    expect(within(alert).getByRole("link", { name: "Fund your wallet" })).toHaveAttribute("href", "/dashboard?fund=1");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });

  it("a balance of exactly subtotal + fee is enough", async () => {
    const { app } = openWalletPay({}, { user: { ...ADA, wallet_balance: "3160.97" } });
    await describeAs(app);
    await app.user.click(screen.getByRole("button", { name: "Pay from wallet" }));
    expect(await screen.findByRole("dialog", { name: "Confirm wallet payment" })).toBeInTheDocument();
  });
});

describe("/wallet-pay: confirm and pay (SPEC §2, §4, §7)", () => {
  it("the confirm dialog states the fee ₦100.00 and the total; Cancel sends nothing", async () => {
    const { api, app } = openWalletPay();
    await describeAs(app);
    await app.user.click(screen.getByRole("button", { name: "Pay from wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm wallet payment" });
    expect(dialog).toHaveTextContent("A charge fee of ₦100.00 is added. ₦3,160.97 will be paid from your wallet.");
    expect(dialog).toHaveTextContent("Subtotal₦3,060.97");
    expect(dialog).toHaveTextContent("Charge fee₦100.00");
    expect(dialog).toHaveTextContent("Total₦3,160.97");
    expect(dialog).toHaveTextContent("Balance after payment₦1,839.03");
    await app.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });

  it("pays with the wallet body and an Idempotency-Key; 'completed' shows the receipt, clears the cart and refreshes the balance; closing goes to /dashboard", async () => {
    const { api, app, profile } = openWalletPay({ [CHECKOUT]: completed() });
    await describeAs(app, "  Clinic visit ");
    profile.value = { ...ADA, wallet_balance: "1839.03" };
    const profileCalls = () => api.callsTo(PROFILE).length;
    const before = profileCalls();
    await payAndConfirm(app);

    const receipt = await screen.findByRole("dialog", { name: "Payment successful" });
    const [call] = api.callsTo(CHECKOUT);
    expect(call?.headers.get("Idempotency-Key")).toMatch(UUID);
    expect(call?.headers.get("Authorization")).toBe("Bearer test-token");
    expect(call?.body).toEqual({
      items: [
        {
          service: {
            id: 102,
            name: "Malaria Parasite Test",
            description: "Malaria Parasite Test description",
            head_code: "HC-102",
            service_type_id: 4430731,
            price: "1500.50",
            amount: "1500.50",
            service_charge: "0.00",
            fixed_price: "yes",
            department: LAB,
            category: "Tests",
          },
          amount: "1500.50",
          qty: 2,
        },
        {
          service: {
            id: 103,
            name: "Swab Kit",
            description: "Swab Kit description",
            head_code: "HC-103",
            service_type_id: 4430731,
            price: "19.99",
            amount: "19.99",
            service_charge: "0.00",
            fixed_price: "yes",
            department: LAB,
            category: "Tests",
          },
          amount: "19.99",
          qty: 3,
        },
      ],
      customer_meta: {
        first_name: "Ada",
        last_name: "Obi",
        email: "ada@example.com",
        phone_number: "08012345678",
        hospital_number: "HN-42",
        transaction_description: "Clinic visit",
      },
      payment_method: "wallet",
      wallet_id: 31,
      charge_fee: "100.00",
    });

    expect(receipt).toHaveTextContent("Status: completed");
    expect(receipt).toHaveTextContent("Payment successful.");
    const doc = within(receipt).getByRole("region", { name: "Payment Receipt" });
    expect(doc).toHaveTextContent("ReferenceHP-PAY-1");
    expect(doc).toHaveTextContent("Payment methodWallet");
    expect(doc).toHaveTextContent("Paid forAda Obi");
    expect(doc).toHaveTextContent("Hospital numberHN-42");
    expect(doc).not.toHaveTextContent("Paid by");
    expect(within(doc).getByRole("row", { name: /Malaria Parasite Test/ })).toHaveTextContent(
      "Malaria Parasite Test2₦1,500.50₦3,001.00",
    );
    expect(within(doc).getByRole("row", { name: /Swab Kit/ })).toHaveTextContent("Swab Kit3₦19.99₦59.97");
    expect(doc).toHaveTextContent("Subtotal₦3,060.97");
    expect(doc).toHaveTextContent("Charge fee₦100.00");
    expect(doc).toHaveTextContent("Total₦3,160.97");
    expect(doc).toHaveTextContent("Receipt code7K3M-Q9XD-2HPA-W4RT");
    expect(receipt).toHaveTextContent("Wallet balance now: ₦1,839.03");
    expect(within(receipt).queryByRole("button", { name: "Retry Payment" })).not.toBeInTheDocument();
    expect(storedCart()).toBeNull();
    await waitFor(() => expect(profileCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByRole("button", { name: /^Account menu/ })).toHaveTextContent("₦1,839.03"));

    await app.user.click(within(receipt).getByRole("button", { name: "Back to dashboard" }));
    await waitFor(() => expect(app.location().pathname).toBe("/dashboard"));
  });

  it("'Someone Else' sends the details typed", async () => {
    const { api, app } = openWalletPay({ [CHECKOUT]: completed() });
    await app.user.click(await screen.findByRole("radio", { name: "Someone Else" }));
    const values: Record<string, string> = {
      "First name": "Chidi",
      "Last name": "Okafor",
      Email: "chidi@example.com",
      "Phone number": "08098765432",
      "Hospital number": "HN-77",
      "Transaction description": "Lab tests for Chidi",
    };
    for (const [label, value] of Object.entries(values)) await app.user.type(field(label), value);
    await payAndConfirm(app);
    const receipt = await screen.findByRole("dialog", { name: "Payment successful" });
    // The receipt names the patient paid for, and whose wallet paid.
    const doc = within(receipt).getByRole("region", { name: "Payment Receipt" });
    expect(doc).toHaveTextContent("Paid forChidi Okafor");
    expect(doc).toHaveTextContent("chidi@example.com");
    expect(doc).toHaveTextContent("Hospital numberHN-77");
    expect(doc).toHaveTextContent("Paid byAda Obi (wallet)");
    // It is printed alone: a child of the body beside the page, which index.css hides in print.
    expect(receipt.closest("[data-print-alone]")?.parentElement).toBe(document.body);
    const print = vi.fn();
    vi.stubGlobal("print", print);
    await app.user.click(within(receipt).getByRole("button", { name: "Print receipt" }));
    expect(print).toHaveBeenCalledTimes(1);
    expect((api.callsTo(CHECKOUT)[0]?.body as { customer_meta: unknown }).customer_meta).toEqual({
      first_name: "Chidi",
      last_name: "Okafor",
      email: "chidi@example.com",
      phone_number: "08098765432",
      hospital_number: "HN-77",
      transaction_description: "Lab tests for Chidi",
    });
  });

  it("the server's 400 insufficient balance is a failed payment with 'Retry Payment' and 'Try Again'; the cart stays", async () => {
    const { app } = openWalletPay({ [CHECKOUT]: INSUFFICIENT });
    await describeAs(app);
    await payAndConfirm(app);
    const dialog = await screen.findByRole("dialog", { name: "Payment unsuccessful" });
    expect(dialog).toHaveTextContent("Status: failed");
    expect(dialog).toHaveTextContent("Insufficient wallet balance. Please fund your wallet.");
    expect(dialog).toHaveTextContent("An error occurred during payment. Please try again.");
    expect(within(dialog).getByRole("link", { name: "Fund your wallet" })).toHaveAttribute("href", "/dashboard?fund=1");
    expect(within(dialog).getByRole("button", { name: "Retry Payment" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Try Again" })).toBeInTheDocument();
    expect(storedCart()).toHaveLength(2);
  });

  it("an error without a message says 'Payment failed'", async () => {
    const { app } = openWalletPay({ [CHECKOUT]: { status: 400, raw: "" } });
    await describeAs(app);
    await payAndConfirm(app);
    const dialog = await screen.findByRole("dialog", { name: "Payment unsuccessful" });
    expect(dialog).toHaveTextContent("Payment failed");
    expect(dialog).toHaveTextContent("An error occurred during payment. Please try again.");
  });

  it("shows a refused field under its field and in the dialog", async () => {
    const { app } = openWalletPay({
      [CHECKOUT]: { status: 400, body: { detail: "Invalid input.", "customer_meta.email": ["Enter a valid email address."] } },
    });
    await app.user.click(await screen.findByRole("radio", { name: "Someone Else" }));
    for (const [label, value] of [
      ["First name", "Chidi"],
      ["Last name", "Okafor"],
      ["Email", "chidi@"],
      ["Phone number", "0809"],
      ["Hospital number", "HN-77"],
      ["Transaction description", "Labs"],
    ])
      await app.user.type(field(label as string), value as string);
    await payAndConfirm(app);
    const dialog = await screen.findByRole("dialog", { name: "Payment unsuccessful" });
    expect(dialog).toHaveTextContent("Invalid input.");
    expect(dialog).toHaveTextContent("Email: Enter a valid email address.");
    await app.user.click(within(dialog).getByRole("button", { name: "Try Again" }));
    expect(field("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Enter a valid email address.")).toBeInTheDocument();
  });

  it("a 201 answering 'pending' or 'failed' is shown as such", async () => {
    let reply = completed({ status: "pending", message: "Payment is being processed." });
    const { app } = openWalletPay({ [CHECKOUT]: () => reply });
    await describeAs(app);
    await payAndConfirm(app);
    const pendingDialog = await screen.findByRole("dialog", { name: "Payment pending" });
    expect(pendingDialog).toHaveTextContent("Payment is being processed.");
    expect(within(pendingDialog).getByRole("button", { name: "Retry Payment" })).toBeInTheDocument();
    expect(within(pendingDialog).getByRole("button", { name: "Try Again" })).toBeInTheDocument();
    // Not a receipt: nothing to print, nothing headed as one.
    expect(within(pendingDialog).queryByRole("region", { name: "Payment Receipt" })).not.toBeInTheDocument();
    expect(within(pendingDialog).queryByRole("button", { name: "Print receipt" })).not.toBeInTheDocument();
    expect(pendingDialog.closest("[data-print-alone]")).toBeNull();
    expect(storedCart()).toHaveLength(2);

    reply = completed({ status: "failed", message: "" });
    await app.user.click(within(pendingDialog).getByRole("button", { name: "Retry Payment" }));
    const failedDialog = await screen.findByRole("dialog", { name: "Payment unsuccessful" });
    expect(failedDialog).toHaveTextContent("Payment failed");
    expect(within(failedDialog).queryByRole("button", { name: "Print receipt" })).not.toBeInTheDocument();
    expect(storedCart()).toHaveLength(2);
  });
});

describe("/wallet-pay offline (issue 24)", () => {
  it("'Pay from wallet' refuses offline and opens no confirm dialog", async () => {
    const { api, app } = openWalletPay({ [CHECKOUT]: completed() });
    await describeAs(app);
    goOffline();
    await app.user.click(screen.getByRole("button", { name: "Pay from wallet" }));
    expect(screen.getByRole("alert")).toHaveTextContent(OFFLINE_PAY_REFUSAL);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });

  it("'Confirm payment' pressed after the connection went sends nothing and says why", async () => {
    const { api, app } = openWalletPay({ [CHECKOUT]: completed() });
    await describeAs(app);
    await app.user.click(screen.getByRole("button", { name: "Pay from wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm wallet payment" });
    goOffline();
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm payment" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("alert")).toHaveTextContent(OFFLINE_PAY_REFUSAL);
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });
});

describe("/wallet-pay: Idempotency-Key series (SPEC §4, wallet contract)", () => {
  it("'Retry Payment' resends the same body under the same key; the server's stored answer completes it", async () => {
    let first = true;
    const { api, app } = openWalletPay({
      [CHECKOUT]: () => {
        if (first) {
          first = false;
          // The connection drops: whether the wallet was charged is unknown.
          throw new TypeError("Failed to fetch");
        }
        return completed();
      },
    });
    await describeAs(app);
    await payAndConfirm(app);
    const dialog = await screen.findByRole("dialog", { name: "Payment pending" });
    expect(dialog).toHaveTextContent("We could not confirm this payment.");
    await app.user.click(within(dialog).getByRole("button", { name: "Retry Payment" }));
    expect(await screen.findByRole("dialog", { name: "Payment successful" })).toBeInTheDocument();
    const [a, b] = api.callsTo(CHECKOUT);
    expect(a?.headers.get("Idempotency-Key")).toMatch(UUID);
    expect(b?.headers.get("Idempotency-Key")).toBe(a?.headers.get("Idempotency-Key"));
    expect(b?.body).toEqual(a?.body);
  });

  it("'Try Again' with unchanged details keeps the key; changed details or cart get a new one", async () => {
    const { api, app } = openWalletPay({ [CHECKOUT]: INSUFFICIENT });
    await describeAs(app);
    await payAndConfirm(app);
    await app.user.click(
      within(await screen.findByRole("dialog", { name: "Payment unsuccessful" })).getByRole("button", { name: "Try Again" }),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(app.location().pathname).toBe("/wallet-pay");

    await payAndConfirm(app);
    await app.user.click(
      within(await screen.findByRole("dialog", { name: "Payment unsuccessful" })).getByRole("button", { name: "Try Again" }),
    );
    await app.user.type(field("Transaction description"), " and X-ray");
    await payAndConfirm(app);
    await app.user.click(
      within(await screen.findByRole("dialog", { name: "Payment unsuccessful" })).getByRole("button", { name: "Try Again" }),
    );
    await app.user.click(screen.getByRole("button", { name: "Increase quantity of Swab Kit" }));
    await payAndConfirm(app);
    await screen.findByRole("dialog", { name: "Payment unsuccessful" });

    const keys = api.callsTo(CHECKOUT).map((call) => call.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
    expect(new Set(keys).size).toBe(3);
  });

  it("a key the server has tied to another body (422) is replaced on the next try", async () => {
    let reply: MockReply = {
      status: 422,
      body: { detail: "This Idempotency-Key was already used for a different request.", code: "idempotency_key_reused" },
    };
    const { api, app } = openWalletPay({ [CHECKOUT]: () => reply });
    await describeAs(app);
    await payAndConfirm(app);
    const dialog = await screen.findByRole("dialog", { name: "Payment unsuccessful" });
    expect(dialog).toHaveTextContent("This Idempotency-Key was already used for a different request.");
    reply = completed();
    await app.user.click(within(dialog).getByRole("button", { name: "Retry Payment" }));
    expect(await screen.findByRole("dialog", { name: "Payment successful" })).toBeInTheDocument();
    const [a, b] = api.callsTo(CHECKOUT);
    expect(b?.headers.get("Idempotency-Key")).toMatch(UUID);
    expect(b?.headers.get("Idempotency-Key")).not.toBe(a?.headers.get("Idempotency-Key"));
    expect(b?.body).toEqual(a?.body);
  });

  it("closing after a pending payment stays on /wallet-pay; closing after a failed one goes to /dashboard", async () => {
    let reply: MockReply = { status: 503, raw: "" };
    const { app } = openWalletPay({ [CHECKOUT]: () => reply });
    await describeAs(app);
    await payAndConfirm(app);
    const pending = await screen.findByRole("dialog", { name: "Payment pending" });
    await app.user.click(within(pending).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(app.location().pathname).toBe("/wallet-pay");

    reply = INSUFFICIENT;
    await payAndConfirm(app);
    const failed = await screen.findByRole("dialog", { name: "Payment unsuccessful" });
    await app.user.click(within(failed).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(app.location().pathname).toBe("/dashboard"));
  });
});

describe("/wallet-pay without a wallet", () => {
  it("a signed-in user without a wallet cannot pay", async () => {
    openWalletPay({}, { user: buildUser({ role: "ADMIN", wallet_id: null }) });
    expect(await screen.findByText("Wallet payment is for customer accounts, which each have a wallet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay from wallet" })).toBeDisabled();
  });
});
