import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CartItem } from "../../../lib/cart-store";
import { mockApi, type MockReply, type RecordedCall } from "../../../test/mock-api";
import { goOffline, goOnline } from "../../../test/network";
import { renderApp } from "../../../test/render-app";
import type { RemitaInitOptions } from "../../../lib/remita/remita-widget";

const OFFLINE_PAY_REFUSAL = "You are offline. Paying needs an internet connection.";

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

// 1500.50 × 3 + 19.99 × 3: float sums would give 4561.469999…; kobo gives 4561.47.
const MALARIA = dialogLine(102, "Malaria Parasite Test", "1500.50", 3);
const SWAB = dialogLine(103, "Swab Kit", "19.99", 3);

function withCart(...lines: CartItem[]) {
  localStorage.setItem("cart", JSON.stringify(lines));
}

const storedCart = () => JSON.parse(localStorage.getItem("cart") ?? "null") as CartItem[] | null;

const METHODS = "GET /express/methods/";
const CHECKOUT = "POST /express/checkout/";
const CANCEL = "POST /api/express/payments/HP-REF-1/cancel/";
const CALLBACK = "GET /api/express/callback/top-up/remita/";
const SCRIPT_URL = "http://127.0.0.1:8080/sandbox/remita/payment/v1/remita-pay-inline.bundle.js";

const allMethods: MockReply = {
  body: {
    payment_methods: [
      { key: "wallet", name: "Wallet" },
      { key: "remita", name: "Remita" },
      { key: "monnify", name: "Monnify" },
      { key: "paystack", name: "Paystack" },
      { key: "bank_transfer", name: "Bank Transfer" },
    ],
  },
};

function created(overrides: Record<string, unknown> = {}): MockReply {
  return {
    status: 201,
    body: {
      reference: "HP-REF-1",
      status: "pending",
      rrr: "280007654321",
      items: [],
      amount: "4661.47",
      subtotal: "4561.47",
      charge_fee: "100.00",
      message: "Payment started. Complete it with the gateway.",
      payment_method: "remita",
      gateway: {
        key: "remita",
        script_url: SCRIPT_URL,
        public_key: "pk_sandbox_remita_hospipay",
        rrr: "280007654321",
        transaction_id: "HP-REF-1",
        amount: "4661.47",
      },
      ...overrides,
    },
  };
}

const paymentRecord = (overrides: Record<string, unknown> = {}): MockReply => ({
  body: {
    reference: "HP-REF-1",
    status: "completed",
    transaction_status: "SUCCESS",
    payment_method: "remita",
    rrr: "280007654321",
    amount: "4661.47",
    subtotal: "4561.47",
    charge_fee: "100.00",
    items: [],
    customer: { name: "Ada Obi", email: "ada@example.com", phone: "08012345678", hospital_number: "HN-42" },
    created_at: "2025-01-02T10:00:00Z",
    paid_at: "2025-01-02T10:01:00Z",
    expires_at: null,
    bank_account: null,
    sandbox: true,
    ...overrides,
  },
});

afterEach(() => {
  document.querySelectorAll("script[data-gateway-script]").forEach((element) => element.remove());
  delete window.RmPaymentEngine;
});

async function openSummary(routes: Record<string, MockReply | ((call: RecordedCall) => MockReply)> = {}) {
  const api = mockApi({ [METHODS]: allMethods, ...routes });
  const app = renderApp("/receipt");
  await app.user.click(await screen.findByRole("button", { name: "Proceed to payment" }));
  await screen.findByRole("heading", { level: 1, name: "Payment Summary" });
  return { api, app };
}

async function fillDetails(app: ReturnType<typeof renderApp>, skip: string[] = []) {
  const values: Record<string, string> = {
    "Full name": "Ada Obi",
    Email: "ada@example.com",
    "Phone number": "08012345678",
    "Hospital number": "HN-42",
  };
  for (const [label, value] of Object.entries(values)) {
    if (!skip.includes(label)) await app.user.type(screen.getByLabelText(label), value);
  }
}

async function payWith(app: ReturnType<typeof renderApp>, method: string) {
  await fillDetails(app);
  await app.user.click(await screen.findByRole("radio", { name: method }));
  await app.user.click(screen.getByRole("button", { name: "Pay now" }));
}

/** A fake Remita engine: records init's options and whether the widget was shown. */
function fakeRemita() {
  const fake = { options: undefined as RemitaInitOptions | undefined, shown: 0, init: vi.fn() };
  fake.init.mockImplementation((options: RemitaInitOptions) => {
    fake.options = options;
    return { showPaymentWidget: () => (fake.shown += 1) };
  });
  window.RmPaymentEngine = { init: fake.init };
  return fake;
}

async function remitaScript(): Promise<HTMLScriptElement> {
  let script: HTMLScriptElement | null = null;
  await waitFor(() => {
    script = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_URL}"]`);
    expect(script).not.toBeNull();
  });
  return script as unknown as HTMLScriptElement;
}

describe("/receipt: the cart (SPEC §4 cart, §9 totals)", () => {
  it("shows each line's name, department, unit price, quantity and total, then subtotal, 'Charge fee' ₦100.00 and total, kobo-exact", async () => {
    mockApi({});
    withCart(MALARIA, SWAB);
    renderApp("/receipt");
    const malaria = await screen.findByRole("listitem", { name: "Malaria Parasite Test" });
    expect(malaria).toHaveTextContent("Laboratory");
    expect(malaria).toHaveTextContent("₦1,500.50 each");
    expect(within(malaria).getByRole("group", { name: "Quantity of Malaria Parasite Test" })).toHaveTextContent("3");
    expect(malaria).toHaveTextContent("Line total: ₦4,501.50");
    expect(screen.getByRole("listitem", { name: "Swab Kit" })).toHaveTextContent("Line total: ₦59.97");
    const totals = screen.getByLabelText("Cart totals");
    expect(totals).toHaveTextContent("Subtotal₦4,561.47");
    expect(totals).toHaveTextContent("Charge fee₦100.00");
    expect(totals).toHaveTextContent("Total₦4,661.47");
  });

  it("a quantity can go down to 0, which removes the line; the remove button removes one line", async () => {
    mockApi({});
    withCart(MALARIA, SWAB);
    const app = renderApp("/receipt");
    await app.user.click(await screen.findByRole("button", { name: "Increase quantity of Swab Kit" }));
    expect(screen.getByRole("listitem", { name: "Swab Kit" })).toHaveTextContent("Line total: ₦79.96");
    expect(storedCart()?.find((line) => line.id === 103)?.quantity).toBe(4);
    for (let i = 0; i < 4; i += 1) await app.user.click(screen.getByRole("button", { name: "Decrease quantity of Swab Kit" }));
    expect(screen.queryByRole("listitem", { name: "Swab Kit" })).not.toBeInTheDocument();
    expect(storedCart()?.map((line) => line.id)).toEqual([102]);
    await app.user.click(screen.getByRole("button", { name: "Remove Malaria Parasite Test" }));
    expect(storedCart()).toEqual([]);
  });

  it("an empty cart offers 'Quick Pay', which opens the service selection dialog", async () => {
    mockApi({ "GET /api/catalogue/departments/": { body: { success: true, data: { orgDepts: [] } } } });
    const app = renderApp("/receipt");
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Proceed to payment" })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Quick Pay" }));
    expect(await screen.findByRole("dialog", { name: "Select Services" })).toBeInTheDocument();
  });

  it("'Proceed to payment' opens the payment summary with the cart and totals; Back returns to the cart", async () => {
    withCart(MALARIA, SWAB);
    const { app } = await openSummary();
    const order = screen.getByRole("region", { name: "Order summary" });
    expect(within(order).getByRole("listitem", { name: "Malaria Parasite Test" })).toBeInTheDocument();
    expect(order).toHaveTextContent("Total₦4,661.47");
    await app.user.click(screen.getByRole("button", { name: "Back to cart" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Your Cart" })).toBeInTheDocument();
  });
});

describe("payment summary: methods and validation (SPEC §2, §5)", () => {
  it("offers the methods from GET /express/methods/ without wallet, bank_transfer and paystack", async () => {
    withCart(MALARIA);
    await openSummary();
    const group = screen.getByRole("group", { name: "Payment method" });
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole("radio")
          .map((radio) => radio.getAttribute("value")),
      ).toEqual(["remita", "monnify"]),
    );
    expect(within(group).getByRole("radio", { name: "Remita (card, bank, USSD)" })).not.toBeChecked();
  });

  it("a failed methods load is silent: no methods, a neutral hint, no alert", async () => {
    withCart(MALARIA);
    await openSummary({ [METHODS]: { status: 500, raw: "" } });
    expect(await screen.findByText("No payment methods are available right now. Please try again later.")).toBeInTheDocument();
    expect(screen.queryAllByRole("radio")).toHaveLength(0);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("asks for a payment method and the customer details, and sends nothing", async () => {
    withCart(MALARIA);
    const { api, app } = await openSummary();
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts).toContain("Please select a payment method");
    expect(alerts).toContain("Please fill in all required customer details");
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });

  it.each(["Full name", "Email", "Phone number", "Hospital number"])("requires %s", async (label) => {
    withCart(MALARIA);
    const { api, app } = await openSummary();
    await fillDetails(app, [label]);
    await app.user.click(await screen.findByRole("radio", { name: "Remita (card, bank, USSD)" }));
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    expect(screen.getByRole("alert")).toHaveTextContent(/^Please fill in all required customer details$/);
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });

  it("requires a method even when the details are complete; the description is optional", async () => {
    withCart(MALARIA);
    const { api, app } = await openSummary();
    await fillDetails(app);
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    expect(screen.getByRole("alert")).toHaveTextContent(/^Please select a payment method$/);
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });
});

describe("guest checkout offline (issue 24)", () => {
  it("Pay now refuses without sending or keeping anything; back online it pays", async () => {
    withCart(MALARIA);
    const { api, app } = await openSummary({ [CHECKOUT]: created({ status: "completed" }) });
    await fillDetails(app);
    await app.user.click(await screen.findByRole("radio", { name: "Remita (card, bank, USSD)" }));
    goOffline();
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    expect(screen.getByRole("alert")).toHaveTextContent(new RegExp(`^${OFFLINE_PAY_REFUSAL}$`));
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);

    goOnline();
    expect(screen.queryByText(OFFLINE_PAY_REFUSAL)).not.toBeInTheDocument();
    // Nothing was kept to be sent when the connection came back.
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(api.callsTo(CHECKOUT)).toHaveLength(1));
  });
});

describe("guest checkout: creating the payment (SPEC §4, §7)", () => {
  it("sends SPEC §7's body, without a token, and treats a status other than pending as success", async () => {
    const legacy: CartItem = { id: "77", name: "Old Line", price: "250.00", quantity: 2, department: "Records" };
    withCart(MALARIA, legacy);
    localStorage.setItem("token", "customer-token");
    const { api, app } = await openSummary({
      [CHECKOUT]: created({ status: "completed", gateway: undefined }),
      "GET /api/express/payments/HP-REF-1/": paymentRecord(),
    });
    await fillDetails(app);
    await app.user.type(screen.getByLabelText("Transaction description (optional)"), "  Clinic visit ");
    await app.user.click(await screen.findByRole("radio", { name: "Remita (card, bank, USSD)" }));
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));

    await waitFor(() => expect(app.location().pathname).toBe("/payment-success"));
    const [call] = api.callsTo(CHECKOUT);
    expect(call?.headers.has("Authorization")).toBe(false);
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
          qty: 3,
        },
        {
          service: {
            id: "77",
            name: "Old Line",
            description: null,
            head_code: null,
            service_type_id: null,
            price: "250.00",
            amount: "250.00",
            service_charge: null,
            fixed_price: null,
            department: "Records",
            category: null,
          },
          amount: "250.00",
          qty: 2,
        },
      ],
      customer_meta: {
        name: "Ada Obi",
        email: "ada@example.com",
        phone: "08012345678",
        hospital_number: "HN-42",
        transaction_description: "Clinic visit",
      },
      payment_method: "remita",
      charge_fee: "100.00",
    });
    expect(storedCart()).toBeNull();
  });

  it("an open-price line sends the price the payer typed as service price, amount and unit amount", async () => {
    const line = dialogLine(301, "Drug Deposit", "2500.00", 1);
    line.service = { ...line.service!, price: "0.00", amount: "0.00", fixed_price: "no" };
    withCart(line);
    const { api, app } = await openSummary({ [CHECKOUT]: { status: 502, body: { detail: "x" } } });
    await payWith(app, "Bank transfer to a one-time account (Monnify)");
    await waitFor(() => expect(api.callsTo(CHECKOUT)).toHaveLength(1));
    const body = api.callsTo(CHECKOUT)[0]?.body as { items: Array<{ service: Record<string, unknown>; amount: string }> };
    expect(body.items[0]).toMatchObject({
      amount: "2500.00",
      service: { price: "2500.00", amount: "2500.00", fixed_price: "no" },
    });
  });

  it.each([
    ["a 502 from the gateway", { status: 502, body: { detail: "The payment gateway could not start this payment." } }],
    ["a network failure", { status: 0 } as MockReply],
  ])("a creation failure (%s) shows 'Payment Failed' and keeps the cart", async (_label, reply) => {
    withCart(MALARIA);
    const routes: Record<string, MockReply> = reply.status === 0 ? {} : { [CHECKOUT]: reply };
    const { app } = await openSummary(routes);
    if (reply.status === 0) vi.mocked(fetch).mockImplementationOnce(async () => Promise.reject(new TypeError("offline")));
    await payWith(app, "Remita (card, bank, USSD)");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Payment Failed");
    expect(alert).toHaveTextContent("Please try again or select another payment method.");
    expect(app.location().pathname).toBe("/receipt");
    expect(storedCart()).toHaveLength(1);
  });

  it("shows the server's field errors under the customer fields", async () => {
    withCart(MALARIA);
    const { app } = await openSummary({
      [CHECKOUT]: {
        status: 400,
        body: { detail: "Invalid input.", code: "invalid", "customer_meta.email": ["Enter a valid email address."] },
      },
    });
    await payWith(app, "Remita (card, bank, USSD)");
    expect(await screen.findByText("Enter a valid email address.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Payment Failed")).toBeInTheDocument();
  });
});

describe("guest checkout: Remita (SPEC §4)", () => {
  it("loads the script, opens the widget with the RRR, and on an approved callback clears the cart and shows /payment-success", async () => {
    withCart(MALARIA, SWAB);
    const remita = fakeRemita();
    const { api, app } = await openSummary({
      [CHECKOUT]: created(),
      [CALLBACK]: { body: { transaction_status: "SUCCESS", status: "01", message: "Approved", reference: "HP-REF-1" } },
      "GET /api/express/payments/HP-REF-1/": paymentRecord(),
    });
    await payWith(app, "Remita (card, bank, USSD)");
    const script = await remitaScript();
    expect(remita.init).not.toHaveBeenCalled();
    act(() => {
      script.dispatchEvent(new Event("load"));
    });
    await waitFor(() => expect(remita.shown).toBe(1));
    expect(remita.options).toMatchObject({
      key: "pk_sandbox_remita_hospipay",
      processRrr: true,
      transactionId: "HP-REF-1",
      extendedData: { customFields: [{ name: "rrr", value: "280007654321" }] },
    });
    expect(storedCart()).toHaveLength(2);

    act(() => {
      remita.options?.onSuccess({
        paymentReference: "280007654321",
        transactionId: "HP-REF-1",
        amount: 4661.47,
        message: "Approved",
      });
    });
    await waitFor(() => expect(app.location().pathname).toBe("/payment-success"));
    const [callback] = api.callsTo(CALLBACK);
    expect(Object.fromEntries(callback?.url.searchParams ?? [])).toEqual({
      transaction_id: "HP-REF-1",
      rrr: "280007654321",
      amount: "4661.47",
    });
    expect(storedCart()).toBeNull();
    const state = app.location().state as Record<string, unknown>;
    expect(Object.keys(state).sort()).toEqual([
      "cart",
      "chargeFee",
      "customerDetails",
      "paymentData",
      "transactionId",
      "transactionReference",
    ]);
    expect(state).toMatchObject({
      transactionReference: "HP-REF-1",
      transactionId: "HP-REF-1",
      chargeFee: "100.00",
      customerDetails: { name: "Ada Obi", email: "ada@example.com", phone: "08012345678", hospitalNumber: "HN-42" },
      paymentData: { reference: "HP-REF-1", status: "SUCCESS" },
    });
    expect((state.cart as CartItem[]).map((line) => line.id)).toEqual([102, 103]);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Status" })).toBeInTheDocument();
  });

  it.each([
    ["the widget reports an error", "error"],
    ["the callback does not approve the payment", "declined"],
    ["the callback fails", "callbackDown"],
  ])("when %s, the page shows 'Payment Failed' and keeps the cart", async (_label, outcome) => {
    withCart(MALARIA);
    const remita = fakeRemita();
    const callback: MockReply =
      outcome === "callbackDown"
        ? { status: 500, raw: "" }
        : { body: { transaction_status: "FAILED", status: "02", message: "Failed", reference: "HP-REF-1" } };
    const { app } = await openSummary({ [CHECKOUT]: created(), [CALLBACK]: callback });
    await payWith(app, "Remita (card, bank, USSD)");
    act(() => {
      void remitaScript().then((script) => script.dispatchEvent(new Event("load")));
    });
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => {
      if (outcome === "error") remita.options?.onError({ message: "Transaction declined" });
      else remita.options?.onSuccess({ paymentReference: "280007654321", transactionId: "HP-REF-1", message: "Approved" });
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Payment Failed");
    expect(alert).toHaveTextContent("Please try again or select another payment method.");
    expect(app.location().pathname).toBe("/receipt");
    expect(storedCart()).toHaveLength(1);
  });

  it("a script that cannot load fails with the SPEC text", async () => {
    withCart(MALARIA);
    const { app } = await openSummary({ [CHECKOUT]: created() });
    await payWith(app, "Remita (card, bank, USSD)");
    const script = await remitaScript();
    act(() => {
      script.dispatchEvent(new Event("error"));
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Payment Failed");
    expect(alert).toHaveTextContent("Failed to initialize Remita payment. Please try another payment method.");
    expect(document.querySelector(`script[src="${SCRIPT_URL}"]`)).toBeNull();
  });

  it("closing the widget asks the server; a payment still open gets a neutral message, and paying again continues it with the one script element", async () => {
    withCart(MALARIA);
    const remita = fakeRemita();
    const { api, app } = await openSummary({
      [CHECKOUT]: () => created(api.callsTo(CHECKOUT).length > 1 ? { resumed: true } : {}),
      [CANCEL]: { body: { reference: "HP-REF-1", status: "pending", closed_reason: null } },
    });
    await payWith(app, "Remita (card, bank, USSD)");
    act(() => {
      void remitaScript().then((script) => script.dispatchEvent(new Event("load")));
    });
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => remita.options?.onClose());
    expect(
      await screen.findByText(
        "Payment not completed. You can pay again or choose another payment method. This payment is still open: pressing Pay now again for the same cart continues it with the same reference, so you are never charged twice.",
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(CANCEL)).toHaveLength(1);
    expect(screen.queryByText("Payment Failed")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay now" })).toBeEnabled();

    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(remita.shown).toBe(2));
    expect(api.callsTo(CHECKOUT)).toHaveLength(2);
    expect(
      screen.getByText("You already started this payment: it continues with the same reference, not a new charge."),
    ).toBeInTheDocument();
    expect(remita.options?.extendedData?.customFields).toEqual([{ name: "rrr", value: "280007654321" }]);
    expect(document.querySelectorAll(`script[src="${SCRIPT_URL}"]`)).toHaveLength(1);
  });

  it.each([
    [
      "cancelled when the gateway agrees the payer abandoned it",
      { status: "failed", closed_reason: "cancelled" },
      "Payment cancelled. Nothing was charged. You can pay again or choose another payment method.",
    ],
    [
      "not completed when the server cannot be asked",
      null,
      "Payment not completed. You can pay again or choose another payment method.",
    ],
  ])("closing the widget: %s", async (_label, answer, text) => {
    withCart(MALARIA);
    const remita = fakeRemita();
    const { app } = await openSummary({
      [CHECKOUT]: created(),
      [CANCEL]: answer ? { body: { reference: "HP-REF-1", ...answer } } : { status: 503, body: { detail: "Unavailable" } },
    });
    await payWith(app, "Remita (card, bank, USSD)");
    act(() => {
      void remitaScript().then((script) => script.dispatchEvent(new Event("load")));
    });
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => remita.options?.onClose());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText("Payment Failed")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay now" })).toBeEnabled();
  });

  it("closing the widget of a payment the gateway says is declined shows 'Payment Failed'", async () => {
    withCart(MALARIA);
    const remita = fakeRemita();
    const { app } = await openSummary({
      [CHECKOUT]: created(),
      [CANCEL]: { body: { reference: "HP-REF-1", status: "failed", closed_reason: null } },
    });
    await payWith(app, "Remita (card, bank, USSD)");
    act(() => {
      void remitaScript().then((script) => script.dispatchEvent(new Event("load")));
    });
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => remita.options?.onClose());
    expect(await screen.findByText("Payment Failed")).toBeInTheDocument();
  });

  it("closing the widget of a payment the gateway says is paid goes on to /payment-success and clears the cart", async () => {
    withCart(MALARIA);
    const remita = fakeRemita();
    const { app } = await openSummary({
      [CHECKOUT]: created(),
      [CANCEL]: { body: { reference: "HP-REF-1", status: "completed", closed_reason: null } },
      "GET /api/express/payments/HP-REF-1/": paymentRecord(),
    });
    await payWith(app, "Remita (card, bank, USSD)");
    act(() => {
      void remitaScript().then((script) => script.dispatchEvent(new Event("load")));
    });
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => remita.options?.onClose());
    await waitFor(() => expect(app.location().pathname).toBe("/payment-success"));
    expect(storedCart()).toBeNull();
  });
});

describe("guest checkout: Monnify (SPEC §4)", () => {
  it("goes to /bank-details/monnify/{reference} and keeps the cart until the transfer arrives", async () => {
    withCart(MALARIA);
    const { app } = await openSummary({
      [CHECKOUT]: created({
        payment_method: "monnify",
        rrr: null,
        gateway: {
          key: "monnify",
          bank_account: {
            account_number: "5000012345",
            account_name: "Hospipay/Ada Obi",
            bank_name: "Wema Bank",
            amount: "4601.50",
          },
        },
      }),
      "GET /api/express/payments/HP-REF-1/": paymentRecord({ status: "pending", transaction_status: "PENDING" }),
    });
    await payWith(app, "Bank transfer to a one-time account (Monnify)");
    await waitFor(() => expect(app.location().pathname).toBe("/bank-details/monnify/HP-REF-1"));
    expect(storedCart()).toHaveLength(1);
    expect(await screen.findByRole("heading", { level: 1, name: "Bank Transfer Details" })).toBeInTheDocument();
  });
});

describe("guest checkout: the customer details survive a reload", () => {
  const storedDetails = () => JSON.parse(sessionStorage.getItem("checkoutDetails") ?? "null") as unknown;

  it("restores the typed details after the summary is rendered again, and stores only those five fields", async () => {
    withCart(MALARIA);
    const { app } = await openSummary();
    await fillDetails(app);
    await app.user.type(screen.getByLabelText("Transaction description (optional)"), "Clinic visit");
    await app.user.click(await screen.findByRole("radio", { name: "Remita (card, bank, USSD)" }));
    expect(storedDetails()).toEqual({
      name: "Ada Obi",
      email: "ada@example.com",
      phone: "08012345678",
      hospitalNumber: "HN-42",
      transactionDescription: "Clinic visit",
    });
    app.unmount();

    renderApp("/receipt?step=summary");
    await screen.findByRole("heading", { level: 1, name: "Payment Summary" });
    expect(screen.getByLabelText("Full name")).toHaveValue("Ada Obi");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Phone number")).toHaveValue("08012345678");
    expect(screen.getByLabelText("Hospital number")).toHaveValue("HN-42");
    expect(screen.getByLabelText("Transaction description (optional)")).toHaveValue("Clinic visit");
    expect(await screen.findByRole("radio", { name: "Remita (card, bank, USSD)" })).not.toBeChecked();
  });

  it("keeps the details after a failed payment and clears them when the payment completes", async () => {
    withCart(MALARIA);
    let answer: MockReply = { status: 502, body: { detail: "The gateway could not start the payment." } };
    const { app } = await openSummary({
      [CHECKOUT]: () => answer,
      "GET /api/express/payments/HP-REF-1/": paymentRecord(),
    });
    await payWith(app, "Remita (card, bank, USSD)");
    expect(await screen.findByRole("alert")).toHaveTextContent("Payment Failed");
    expect(storedDetails()).toMatchObject({ name: "Ada Obi", hospitalNumber: "HN-42" });

    answer = created({ status: "completed", gateway: undefined });
    await app.user.click(screen.getByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(app.location().pathname).toBe("/payment-success"));
    expect(sessionStorage.getItem("checkoutDetails")).toBeNull();
    app.unmount();

    withCart(MALARIA);
    renderApp("/receipt?step=summary");
    await screen.findByRole("heading", { level: 1, name: "Payment Summary" });
    expect(screen.getByLabelText("Full name")).toHaveValue("");
  });

  it("'Clear cart' clears the stored details too", async () => {
    withCart(MALARIA);
    const { app } = await openSummary();
    await fillDetails(app);
    await app.user.click(screen.getByRole("button", { name: "Back to cart" }));
    await app.user.click(await screen.findByRole("button", { name: "Clear cart" }));
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(sessionStorage.getItem("checkoutDetails")).toBeNull();
  });
});
