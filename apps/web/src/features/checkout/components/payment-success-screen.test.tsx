import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import type { CartItem } from "../../../lib/cart-store";
import { KEPT_RECEIPTS_CACHE, SESSION_RECEIPTS_CACHE } from "../../../lib/payer-caches";
import { buildUser, signIn } from "../../../test/factories";
import { fakeCaches } from "../../../test/fake-caches";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const PAYMENT = "GET /api/express/payments/HP-REF-9/";

const cartLine = (id: number, name: string, price: string, quantity: number): CartItem => ({
  id,
  name,
  price,
  quantity,
  department: "Laboratory",
});

/** Router state as the payment screens pass it (SPEC §2). */
const passedState = (status?: string) => ({
  paymentData: { reference: "HP-REF-9", status, payment_method: "remita", amount: "3301.47" },
  customerDetails: {
    name: "Ada Obi",
    email: "ada@example.com",
    phone: "08012345678",
    hospitalNumber: "HN-42",
    transactionDescription: "",
  },
  cart: [cartLine(1, "Full Blood Count", "1600.49", 2), cartLine(2, "Swab Kit", "0.49", 1)],
  chargeFee: "100.00",
  transactionReference: "HP-REF-9",
  transactionId: "HP-REF-9",
});

const serverPayment = (transactionStatus: string): MockReply => ({
  body: {
    reference: "HP-REF-9",
    status: transactionStatus === "SUCCESS" ? "completed" : transactionStatus.toLowerCase(),
    transaction_status: transactionStatus,
    payment_method: "monnify",
    rrr: null,
    amount: "5100.00",
    subtotal: "5000.00",
    charge_fee: "100.00",
    items: [{ service_name: "Chest X-Ray", qty: 2, amount: "2500.00", line_total: "5000.00" }],
    customer: { name: "Bola Ade", email: "bola@example.com", phone: "08099999999", hospital_number: "HN-7" },
    created_at: "2025-03-04T09:00:00Z",
    paid_at: "2025-03-04T09:05:00Z",
    expires_at: null,
    bank_account: null,
    sandbox: true,
  },
});

const statusText = () => screen.getByRole("status", { name: "" }).textContent;

describe("/payment-success: status (SPEC §4, in the one lower-case casing)", () => {
  it.each([
    ["the passed status", "pending", "pending (awaiting payment)"],
    ["'Success' without one", undefined, "success"],
  ])("starts with %s while the server is asked", async (_label, passed, shown) => {
    mockApi({ [PAYMENT]: { hang: true } });
    renderApp("/payment-success", { state: passedState(passed) });
    await screen.findByRole("heading", { level: 1, name: "Payment Status" });
    await waitFor(() => expect(statusText()).toBe(`Status: ${shown}`));
  });

  it("then shows the server's transaction_status; SUCCESS hides 'Check Status'", async () => {
    const api = mockApi({ [PAYMENT]: serverPayment("SUCCESS") });
    renderApp("/payment-success", { state: passedState("pending") });
    await waitFor(() => expect(statusText()).toBe("Status: success"));
    expect(screen.queryByRole("button", { name: "Check Status" })).not.toBeInTheDocument();
    expect(api.callsTo(PAYMENT)[0]?.headers.has("Authorization")).toBe(false);
  });

  it("shows 'Check Status' while PENDING, and it asks again", async () => {
    let answer = serverPayment("PENDING");
    const api = mockApi({ [PAYMENT]: () => answer });
    const app = renderApp("/payment-success", { state: passedState("pending") });
    await waitFor(() => expect(statusText()).toBe("Status: pending (awaiting payment)"));
    answer = serverPayment("SUCCESS");
    await app.user.click(screen.getByRole("button", { name: "Check Status" }));
    await waitFor(() => expect(statusText()).toBe("Status: success"));
    expect(api.callsTo(PAYMENT)).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Check Status" })).not.toBeInTheDocument();
  });

  it("shows 'Processing' when the check fails, with 'Check Status' to try again", async () => {
    let reply: MockReply = { status: 500, raw: "" };
    mockApi({ [PAYMENT]: () => reply });
    const app = renderApp("/payment-success", { state: passedState("SUCCESS") });
    await waitFor(() => expect(statusText()).toBe("Status: processing"));
    reply = serverPayment("SUCCESS");
    await app.user.click(screen.getByRole("button", { name: "Check Status" }));
    await waitFor(() => expect(statusText()).toBe("Status: success"));
  });

  it("says what arrived of a payment paid short, and that the hospital reviews it", async () => {
    const short = serverPayment("PENDING");
    mockApi({ [PAYMENT]: { body: { ...(short.body as object), amount_received: "4000.00" } } });
    renderApp("/payment-success?reference=HP-REF-9");
    await waitFor(() => expect(statusText()).toBe("Status: pending (awaiting payment)"));
    expect(
      await screen.findByText(
        "We received ₦4,000.00 of ₦5,100.00. The hospital will review this payment: it is refunded, or completed once the balance is paid.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/has not been confirmed yet/)).not.toBeInTheDocument();
  });

  it("loads a payment from ?reference= without router state", async () => {
    const api = mockApi({ [PAYMENT]: serverPayment("FAILED") });
    renderApp("/payment-success?reference=HP-REF-9");
    await waitFor(() => expect(statusText()).toBe("Status: failed"));
    expect(api.callsTo(PAYMENT)).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Check Status" })).toBeInTheDocument();
  });
});

describe("/payment-success: receipt", () => {
  it("itemises the server's receipt: reference, date, items, fee, total, method and customer", async () => {
    mockApi({ [PAYMENT]: serverPayment("SUCCESS") });
    renderApp("/payment-success", { state: passedState("pending") });
    const receipt = await screen.findByRole("region", { name: "Payment Receipt" });
    await waitFor(() => expect(receipt).toHaveTextContent("Bola Ade"));
    expect(receipt).toHaveTextContent("ReferenceHP-REF-9");
    expect(receipt).toHaveTextContent("Payment methodMonnify (bank transfer)");
    expect(receipt).toHaveTextContent("bola@example.com");
    expect(receipt).toHaveTextContent("08099999999");
    expect(receipt).toHaveTextContent("Hospital numberHN-7");
    expect(receipt).toHaveTextContent("Date04 Mar 2025, 10:05 WAT");
    expect(within(receipt).getByRole("row", { name: /Chest X-Ray/ })).toHaveTextContent("Chest X-Ray2₦2,500.00₦5,000.00");
    expect(receipt).toHaveTextContent("Subtotal₦5,000.00");
    expect(receipt).toHaveTextContent("Charge fee₦100.00");
    expect(receipt).toHaveTextContent("Total₦5,100.00");
  });

  it("says a bill part's receipt code proves the payment, and items are given against the bill's code sent to the patient", async () => {
    const reply = serverPayment("SUCCESS");
    mockApi({ [PAYMENT]: { body: { ...(reply.body as object), receipt_code: "7XGN-792G-8CFW-R1W4", bill_part: true } } });
    renderApp("/payment-success?reference=HP-REF-9");
    const receipt = await screen.findByRole("region", { name: "Payment Receipt" });
    await waitFor(() => expect(receipt).toHaveTextContent("7XGN-792G-8CFW-R1W4"));
    expect(receipt).toHaveTextContent(
      "This code proves your payment towards a hospital bill. Services are given against the bill's own receipt code, which is sent to the patient once the bill is paid in full.",
    );
    expect(receipt).not.toHaveTextContent("Show this code or its QR code where the service is given.");
  });

  it("keeps the customer details it was passed when the server's answer has none (a guest's payment by reference)", async () => {
    const reply = serverPayment("SUCCESS");
    mockApi({ [PAYMENT]: { body: { ...(reply.body as Record<string, unknown>), customer: null } } });
    renderApp("/payment-success", { state: passedState("pending") });
    await waitFor(() => expect(statusText()).toBe("Status: success"));
    const receipt = screen.getByRole("region", { name: "Payment Receipt" });
    expect(receipt).toHaveTextContent("CustomerAda Obi");
    expect(receipt).toHaveTextContent("ada@example.com");
    expect(receipt).toHaveTextContent("08012345678");
    expect(receipt).toHaveTextContent("Hospital numberHN-42");
    expect(within(receipt).getByRole("row", { name: /Chest X-Ray/ })).toBeInTheDocument();
  });

  it("shows no customer rather than an empty one when neither the server nor the state has one", async () => {
    const reply = serverPayment("SUCCESS");
    mockApi({ [PAYMENT]: { body: { ...(reply.body as Record<string, unknown>), customer: null } } });
    renderApp("/payment-success?reference=HP-REF-9");
    const receipt = await screen.findByRole("region", { name: "Payment Receipt" });
    expect(receipt).toHaveTextContent("ReferenceHP-REF-9");
    expect(receipt).not.toHaveTextContent("Customer");
    expect(receipt).toHaveTextContent("Total₦5,100.00");
  });

  it("falls back to the passed cart, kobo-exact, when the server cannot be asked, and does not call it a receipt", async () => {
    mockApi({ [PAYMENT]: { status: 500, raw: "" } });
    renderApp("/payment-success", { state: passedState("SUCCESS") });
    await waitFor(() => expect(statusText()).toBe("Status: processing"));
    expect(screen.queryByRole("region", { name: "Payment Receipt" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Print receipt" })).not.toBeInTheDocument();
    const receipt = screen.getByRole("region", { name: "Not confirmed yet: this is not a receipt" });
    expect(within(receipt).getByRole("row", { name: /Full Blood Count/ })).toHaveTextContent(
      "Full Blood Count2₦1,600.49₦3,200.98",
    );
    expect(within(receipt).getByRole("row", { name: /Swab Kit/ })).toHaveTextContent("Swab Kit1₦0.49₦0.49");
    expect(receipt).toHaveTextContent("Subtotal₦3,201.47");
    expect(receipt).toHaveTextContent("Total₦3,301.47");
    expect(receipt).toHaveTextContent("Ada Obi");
  });

  it("offline, a payment it has no copy of is said to be unchecked for want of a connection, with no invented date", async () => {
    const offline = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    onTestFinished(() => offline.mockRestore());
    let reachable = false;
    mockApi({
      [PAYMENT]: () => {
        // As the service worker answers a receipt it never kept while the network is cut.
        if (!reachable) throw new TypeError("Failed to fetch");
        return serverPayment("SUCCESS");
      },
    });
    const app = renderApp("/payment-success?reference=HP-REF-9");
    // The offline banner is a status too.
    const pageStatus = () =>
      screen.getAllByRole("status").find((status) => status.textContent?.startsWith("Status:"))?.textContent;
    // SPEC §4: the status is 'Processing' when the check fails; beside it, why.
    await waitFor(() => expect(pageStatus()).toBe("Status: processing"));
    expect(
      screen.getByText("You are offline, so this payment cannot be checked. Use “Check Status” once you are back online."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/We could not confirm this payment/)).not.toBeInTheDocument();
    const document = screen.getByRole("region", { name: "Not checked: you are offline. This is not a receipt" });
    expect(document).toHaveTextContent("HP-REF-9");
    expect(within(document).queryByText("Date")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /Not confirmed yet/ })).not.toBeInTheDocument();

    offline.mockReturnValue(true);
    reachable = true;
    await app.user.click(screen.getByRole("button", { name: "Check Status" }));
    await waitFor(() => expect(pageStatus()).toBe("Status: success"));
    expect(screen.getByRole("region", { name: "Payment Receipt" })).toHaveTextContent("Date");
  });

  it("a check the server failed is not called offline", async () => {
    mockApi({ [PAYMENT]: { status: 500, raw: "" } });
    renderApp("/payment-success?reference=HP-REF-9");
    await waitFor(() => expect(statusText()).toBe("Status: processing"));
    expect(screen.getByText("We could not confirm this payment. Use “Check Status” to ask again.")).toBeInTheDocument();
    expect(screen.queryByText(/offline/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Not confirmed yet: this is not a receipt" })).queryByText("Date"),
    ).not.toBeInTheDocument();
  });

  it("'Print receipt' prints the page", async () => {
    mockApi({ [PAYMENT]: serverPayment("SUCCESS") });
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const app = renderApp("/payment-success", { state: passedState("SUCCESS") });
    await app.user.click(await screen.findByRole("button", { name: "Print receipt" }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});

describe("/payment-success: only a completed payment is a receipt (issue 20)", () => {
  it("a completed payment is headed and printed as 'Payment Receipt' with 'Print receipt' and no 'Pay again'", async () => {
    mockApi({ [PAYMENT]: serverPayment("SUCCESS") });
    renderApp("/payment-success?reference=HP-REF-9");
    expect(await screen.findByRole("region", { name: "Payment Receipt" })).toBeInTheDocument();
    expect(statusText()).toBe("Status: success");
    expect(screen.getByRole("button", { name: "Print receipt" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Pay again" })).not.toBeInTheDocument();
  });

  it("a pending payment is headed 'Awaiting payment: this is not a receipt', with no 'Print receipt'", async () => {
    mockApi({ [PAYMENT]: serverPayment("PENDING") });
    renderApp("/payment-success", { state: passedState("pending") });
    const invoice = await screen.findByRole("region", { name: "Awaiting payment: this is not a receipt" });
    expect(statusText()).toBe("Status: pending (awaiting payment)");
    expect(invoice).toHaveTextContent("Total₦5,100.00");
    expect(screen.queryByRole("heading", { name: "Payment Receipt" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Print receipt" })).not.toBeInTheDocument();
    expect(screen.getByText("Your payment has not been confirmed yet. Use “Check Status” to ask again.")).toBeInTheDocument();
  });

  it.each([
    ["FAILED", "failed", "Payment failed", "This payment did not go through. You can pay again."],
    ["CANCELLED", "cancelled", "Payment cancelled", "This payment was cancelled. You can pay again."],
    ["EXPIRED", "expired", "Payment expired", "This payment expired before it was paid. You can pay again."],
  ])("a %s payment is headed '%s' … with no 'Print receipt' and a way to pay again", async (server, label, heading, text) => {
    mockApi({ [PAYMENT]: serverPayment(server) });
    const app = renderApp("/payment-success", { state: passedState("pending") });
    await waitFor(() => expect(statusText()).toBe(`Status: ${label}`));
    expect(screen.getByRole("region", { name: heading })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Print receipt" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Check Status" })).toBeInTheDocument();
    await app.user.click(screen.getByRole("link", { name: "Pay again" }));
    await waitFor(() => expect(app.location().pathname).toBe("/receipt"));
  });

  it("a passed 'Success' is not a receipt until the server confirms it", async () => {
    mockApi({ [PAYMENT]: { hang: true } });
    renderApp("/payment-success", { state: passedState("SUCCESS") });
    await waitFor(() => expect(statusText()).toBe("Status: success"));
    expect(screen.getByText("Checking with the server…")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /receipt/i })).not.toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Print receipt" })).not.toBeInTheDocument();
  });

  it("opened with nothing passed, claims no status and offers the transaction look-up", async () => {
    const api = mockApi({});
    const app = renderApp("/payment-success");
    await screen.findByRole("heading", { level: 1, name: "Payment Status" });
    expect(screen.queryByRole("status", { name: "" })).not.toBeInTheDocument();
    expect(screen.queryByText(/success/i)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Print receipt" })).not.toBeInTheDocument();
    expect(screen.getByText("No payment was given to this page, so there is no status to show.")).toBeInTheDocument();
    expect(api.callsTo(PAYMENT)).toHaveLength(0);
    await app.user.click(screen.getByRole("link", { name: "Look up a transaction" }));
    await waitFor(() => expect(app.location().pathname).toBe("/"));
    expect(app.location().hash).toBe("#transaction");
  });
});

describe("/payment-success: keeping a guest's receipt on this device (issue 33)", () => {
  const KEEP = "Keep this receipt on this device";
  const RECEIPT_PATH = "/api/express/payments/HP-REF-9/";

  it("a guest may keep a completed receipt beyond the tab's session, and untick it again", async () => {
    const caches = fakeCaches({ [SESSION_RECEIPTS_CACHE]: { [RECEIPT_PATH]: JSON.stringify(serverPayment("SUCCESS").body) } });
    mockApi({ [PAYMENT]: serverPayment("SUCCESS") });
    const app = renderApp("/payment-success?reference=HP-REF-9");
    const keep = await screen.findByRole("checkbox", { name: KEEP });
    expect(keep).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(
      "Otherwise this device forgets it when this tab is closed. Kept, it opens without a connection until you untick this or clear this browser's data in Privacy Settings.",
    );
    await app.user.click(keep);
    await waitFor(() => expect(keep).toBeChecked());
    expect(caches.paths(KEPT_RECEIPTS_CACHE)).toEqual([RECEIPT_PATH]);
    await app.user.click(keep);
    await waitFor(() => expect(keep).not.toBeChecked());
    expect(caches.paths(KEPT_RECEIPTS_CACHE)).toEqual([]);
  });

  it("says so, and stays unticked, when there is nothing to keep", async () => {
    fakeCaches();
    let answers = 0;
    mockApi({
      [PAYMENT]: () => {
        answers += 1;
        if (answers > 1) throw new TypeError("Failed to fetch");
        return serverPayment("SUCCESS");
      },
    });
    const app = renderApp("/payment-success?reference=HP-REF-9");
    const keep = await screen.findByRole("checkbox", { name: KEEP });
    await app.user.click(keep);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This receipt could not be kept on this device. Try again once you are online.",
    );
    expect(keep).not.toBeChecked();
  });

  it("shows a receipt kept earlier as kept", async () => {
    fakeCaches({ [KEPT_RECEIPTS_CACHE]: { [RECEIPT_PATH]: "{}" } });
    mockApi({ [PAYMENT]: serverPayment("SUCCESS") });
    renderApp("/payment-success?reference=HP-REF-9");
    expect(await screen.findByRole("checkbox", { name: KEEP })).toBeChecked();
  });

  it("is not offered for a payment that is not a receipt, nor to a signed-in payer, whose receipts go at sign-out", async () => {
    fakeCaches();
    mockApi({ [PAYMENT]: serverPayment("PENDING") });
    const pending = renderApp("/payment-success?reference=HP-REF-9");
    await waitFor(() => expect(statusText()).toBe("Status: pending (awaiting payment)"));
    expect(screen.queryByRole("checkbox", { name: KEEP })).not.toBeInTheDocument();
    pending.unmount();

    signIn(buildUser());
    mockApi({ [PAYMENT]: serverPayment("SUCCESS"), "GET /auth/profile/": { body: buildUser() } });
    renderApp("/payment-success?reference=HP-REF-9");
    expect(await screen.findByRole("region", { name: "Payment Receipt" })).toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: KEEP })).not.toBeInTheDocument();
  });
});
