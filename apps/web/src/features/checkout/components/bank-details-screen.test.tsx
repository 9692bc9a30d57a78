import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { expiryTime, formatCountdown } from "./bank-details-screen";

const PAYMENT = "GET /api/express/payments/HP-REF-2/";
const SIMULATE = "POST /sandbox/monnify/_control/transfer";

function monnifyPayment(overrides: Record<string, unknown> = {}): MockReply {
  return {
    body: {
      reference: "HP-REF-2",
      status: "pending",
      transaction_status: "PENDING",
      payment_method: "monnify",
      rrr: null,
      amount: "5100.00",
      subtotal: "5000.00",
      charge_fee: "100.00",
      items: [{ service_name: "Chest X-Ray", qty: 2, amount: "2500.00", line_total: "5000.00" }],
      customer: { name: "Ada Obi", email: "ada@example.com", phone: "08012345678", hospital_number: "HN-42" },
      created_at: new Date(Date.now() - 60_000).toISOString(),
      paid_at: null,
      expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      bank_account: {
        account_number: "5000012345",
        account_name: "Hospipay/Ada Obi",
        bank_name: "Wema Bank",
        bank_code: "035",
        amount: "5100.00",
        expires_on: "2030-01-01 10:00:00.0",
      },
      sandbox: false,
      ...overrides,
    },
  };
}

const completed = (): MockReply =>
  monnifyPayment({ status: "completed", transaction_status: "SUCCESS", paid_at: new Date().toISOString() });

function withCart() {
  localStorage.setItem("cart", JSON.stringify([{ id: 1, name: "Chest X-Ray", price: "2500.00", quantity: 2 }]));
}

describe("/bank-details/monnify/{reference}", () => {
  it("shows the generated account, the exact amount and the time left; the number can be copied", async () => {
    mockApi({ [PAYMENT]: monnifyPayment() });
    const app = renderApp("/bank-details/monnify/HP-REF-2");
    expect(await screen.findByText("5000012345")).toBeInTheDocument();
    expect(screen.getByText("Wema Bank")).toBeInTheDocument();
    expect(screen.getByText("Hospipay/Ada Obi")).toBeInTheDocument();
    expect(screen.getByText("Amount to transfer").nextElementSibling).toHaveTextContent("₦5,100.00");
    expect(screen.getByText("Expires in").nextElementSibling?.textContent).toMatch(/^(30:00|29:5\d)/);
    expect(screen.queryByRole("button", { name: "Simulate bank transfer (sandbox)" })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Copy account number" }));
    await expect(navigator.clipboard.readText()).resolves.toBe("5000012345");
  });

  it("asks again every 5 s while pending; on completed it shows success, clears the cart and offers the receipt", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    withCart();
    let calls = 0;
    mockApi({ [PAYMENT]: () => (++calls >= 3 ? completed() : monnifyPayment()) });
    const app = renderApp("/bank-details/monnify/HP-REF-2", { userEvent: { advanceTimers: vi.advanceTimersByTime } });
    await screen.findByText("5000012345");
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(calls).toBe(2);
    expect(localStorage.getItem("cart")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText("Payment received")).toBeInTheDocument();
    expect(calls).toBe(3);
    expect(localStorage.getItem("cart")).toBeNull();
    // No more polling once settled.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(calls).toBe(3);

    const receipt = screen.getByRole("link", { name: "View receipt" });
    expect(receipt).toHaveAttribute("href", "/payment-success?reference=HP-REF-2");
    await app.user.click(receipt);
    await waitFor(() => expect(app.location().pathname).toBe("/payment-success"));
    expect(await screen.findByRole("region", { name: "Payment Receipt" })).toHaveTextContent("HP-REF-2");
  });

  it("does not poll while the tab is hidden", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    mockApi({ [PAYMENT]: () => (++calls, monnifyPayment()) });
    renderApp("/bank-details/monnify/HP-REF-2");
    await screen.findByText("5000012345");
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(calls).toBe(1);
    visibility.mockReturnValue("visible");
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(calls).toBeGreaterThan(1);
  });

  it("in the sandbox, 'Simulate bank transfer (sandbox)' pays the account through the Monnify simulator", async () => {
    let paid = false;
    const api = mockApi({
      [PAYMENT]: () => (paid ? completed() : monnifyPayment({ sandbox: true })),
      [SIMULATE]: () => {
        paid = true;
        return { body: { paymentStatus: "PAID" } };
      },
    });
    const app = renderApp("/bank-details/monnify/HP-REF-2");
    await app.user.click(await screen.findByRole("button", { name: "Simulate bank transfer (sandbox)" }));
    expect(api.callsTo(SIMULATE)[0]?.body).toEqual({ accountNumber: "5000012345", amount: "5100.00" });
    expect(await screen.findByText("Payment received")).toBeInTheDocument();
  });

  it.each([
    ["expired", monnifyPayment({ expires_at: new Date(Date.now() - 1000).toISOString() }), "This account number has expired."],
    ["failed", monnifyPayment({ status: "failed", transaction_status: "FAILED" }), "This payment did not go through."],
  ])("says clearly when the payment has %s", async (_label, reply, text) => {
    mockApi({ [PAYMENT]: reply });
    renderApp("/bank-details/monnify/HP-REF-2");
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
    expect(screen.queryByText("5000012345")).not.toBeInTheDocument();
  });

  it("says clearly when a pending Monnify payment comes without its account, offering no number to pay", async () => {
    mockApi({ [PAYMENT]: monnifyPayment({ bank_account: null }) });
    renderApp("/bank-details/monnify/HP-REF-2");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The account for this payment is not available. Please go back to your cart and start a new payment.",
    );
    expect(screen.queryByRole("button", { name: "Copy account number" })).not.toBeInTheDocument();
  });

  it("an unknown reference shows a not-found message", async () => {
    mockApi({ [PAYMENT]: { status: 404, body: { detail: "Payment not found." } } });
    renderApp("/bank-details/monnify/HP-REF-2");
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not find a payment with the reference HP-REF-2.");
  });
});

describe("/bank-details/bank_transfer/{reference}", () => {
  it("shows the hospital's account from the payment and the 24-48 hours notice", async () => {
    mockApi({
      [PAYMENT]: monnifyPayment({
        payment_method: "bank_transfer",
        expires_at: null,
        bank_account: { account_number: "1234509876", account_name: "General Hospital", bank_name: "First Bank" },
      }),
    });
    renderApp("/bank-details/bank_transfer/HP-REF-2");
    expect(await screen.findByText("1234509876")).toBeInTheDocument();
    expect(screen.getByText("First Bank")).toBeInTheDocument();
    expect(screen.getByText("Bank transfer confirmation takes 24-48 hours.")).toBeInTheDocument();
  });

  it("falls back to the placeholder account when the payment carries none", async () => {
    mockApi({ [PAYMENT]: monnifyPayment({ payment_method: "bank_transfer", bank_account: null }) });
    renderApp("/bank-details/bank_transfer/HP-REF-2");
    expect(await screen.findByText("0123456789")).toBeInTheDocument();
    expect(screen.getByText("Hospipay Partner Bank")).toBeInTheDocument();
  });
});

describe("bank-details helpers", () => {
  it("formats the countdown", () => {
    expect(formatCountdown(65_000)).toBe("1:05");
    expect(formatCountdown(3_723_000)).toBe("1:02:03");
    expect(formatCountdown(-5)).toBe("0:00");
  });

  it("uses the earlier of the payment's deadline and Monnify's account expiry (zone-less text is West Africa Time)", () => {
    const account = (expires_on: string) => ({ account_number: "1", account_name: "", bank_name: "", expires_on });
    expect(expiryTime({ expires_at: "2030-01-01T09:00:00Z", bank_account: null })).toBe(Date.parse("2030-01-01T09:00:00Z"));
    expect(expiryTime({ expires_at: null, bank_account: account("2030-01-01 10:00:00.0") })).toBe(
      Date.parse("2030-01-01T09:00:00Z"),
    );
    expect(expiryTime({ expires_at: "2030-01-01T09:30:00Z", bank_account: account("2030-01-01 10:00:00.123") })).toBe(
      Date.parse("2030-01-01T09:00:00.123Z"),
    );
    expect(expiryTime({ expires_at: "2030-01-01T08:00:00Z", bank_account: account("2030-01-01 10:00:00.0") })).toBe(
      Date.parse("2030-01-01T08:00:00Z"),
    );
    expect(expiryTime({ expires_at: null, bank_account: account("soon") })).toBeNull();
  });
});
