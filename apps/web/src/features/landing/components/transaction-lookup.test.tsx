import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { paymentStatusLabel } from "../../../lib/payment-status";

const LOOKUP = "GET /api/express/fetch-transactions/";

const RECORD = {
  reference: "HP-2024-0001",
  created_at: "2024-05-02T10:30:00Z",
  amount: "12500.00",
  status: "PaymentStatus.COMPLETED",
  payment_method: "remita",
  rrr: "280007654321",
  customer_name: "Ada Obi",
  customer_email: "ada@example.com",
  customer_phone: "08012345678",
  items: [{ service_name: "Full Blood Count", qty: 2, amount: "6200.00", line_total: "12400.00" }],
};

async function search(email: string, digit: string, reply: MockReply = { body: { results: [] } }) {
  const api = mockApi({ [LOOKUP]: reply });
  const app = renderApp("/");
  const section = await screen.findByRole("region", { name: "Transaction Invoices" });
  if (email) await app.user.type(within(section).getByLabelText("Email"), email);
  if (digit) await app.user.type(within(section).getByLabelText("Last six digits of phone number"), digit);
  await app.user.click(within(section).getByRole("button", { name: "Find transactions" }));
  return { api, app, section };
}

describe("landing: Transaction Invoices", () => {
  it("is the #transaction section", async () => {
    mockApi({});
    renderApp("/");
    expect(await screen.findByRole("region", { name: "Transaction Invoices" })).toHaveAttribute("id", "transaction");
  });

  it.each([
    ["", ""],
    ["ada@example.com", ""],
    ["", "345678"],
  ])("requires both e-mail (%j) and digits (%j)", async (email, digit) => {
    const { api } = await search(email, digit);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please enter both email and the last six digits of your phone number.",
    );
    expect(api.calls).toHaveLength(0);
  });

  it.each(["12345", "12a456", "abcdef"])("requires exactly six digits (%j)", async (digit) => {
    const { api } = await search("ada@example.com", digit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter exactly six digits for the phone number.");
    expect(api.calls).toHaveLength(0);
  });

  it("caps the digit input at 6 characters", async () => {
    mockApi({});
    const app = renderApp("/");
    const input = await screen.findByLabelText("Last six digits of phone number");
    expect(input).toHaveAttribute("maxlength", "6");
    await app.user.type(input, "123456789");
    expect(input).toHaveValue("123456");
  });

  it("asks the public endpoint, without a token even when signed in, and lists the records", async () => {
    signIn();
    const { api } = await search("ada@example.com", "345678", { body: { results: [RECORD] } });
    const card = await screen.findByRole("article", { name: "Transaction HP-2024-0001" });
    const call = api.callsTo(LOOKUP)[0];
    expect(call?.url.searchParams.get("email")).toBe("ada@example.com");
    expect(call?.url.searchParams.get("digit")).toBe("345678");
    expect(call?.headers.has("Authorization")).toBe(false);
    expect(within(card).getByText("completed")).toBeInTheDocument();
    expect(within(card).getByText("₦12,500.00")).toBeInTheDocument();
    // The method by its name, the RRR grouped as Remita prints it, the time on the hospital's clock.
    expect(within(card).getByText("Remita")).toBeInTheDocument();
    expect(within(card).getByText("2800-0765-4321")).toBeInTheDocument();
    expect(within(card).getByText("02 May 2024, 11:30 WAT")).toBeInTheDocument();
    expect(within(card).getByText("Ada Obi")).toBeInTheDocument();
    expect(within(card).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(card).getByText("08012345678")).toBeInTheDocument();
    const row = within(card).getByRole("row", { name: /Full Blood Count/ });
    expect(row).toHaveTextContent("Full Blood Count2₦6,200.00₦12,400.00");
  });

  it("says when no history is found", async () => {
    await search("ada@example.com", "345678", { body: { results: [] } });
    expect(await screen.findByText("No transaction history found.")).toBeInTheDocument();
  });

  it.each([
    ["a 404 (endpoint missing)", { status: 404, body: { detail: "Not found." } }],
    ["a 500", { status: 500, raw: "" }],
    ["an answer in another shape", { body: { data: [] } }],
  ])("says the fetch failed on %s", async (_label, reply) => {
    await search("ada@example.com", "345678", reply);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to fetch transaction history. Please check your details and try again.",
    );
  });
});

describe("landing: payments not paid read as what they are, never as charges", () => {
  it.each([
    ["PaymentStatus.COMPLETED", null, "completed", "Amount"],
    ["PaymentStatus.PENDING", null, "pending (awaiting payment)", "Amount due"],
    ["PaymentStatus.FAILED", "cancelled", "failed (cancelled)", "Amount (not charged)"],
    ["PaymentStatus.FAILED", "expired", "failed (expired)", "Amount (not charged)"],
    ["PaymentStatus.FAILED", null, "failed", "Amount (not charged)"],
  ])("%s closed %s reads %j with %j", async (status, closedReason, label, amountLabel) => {
    await search("ada@example.com", "345678", { body: { results: [{ ...RECORD, status, closed_reason: closedReason }] } });
    const card = await screen.findByRole("article", { name: `Transaction ${RECORD.reference}` });
    expect(within(card).getByText(label, { selector: "span" })).toBeInTheDocument();
    expect(within(card).getByText(amountLabel, { selector: "dt" })).toBeInTheDocument();
  });
});

describe("the look-up's status", () => {
  it("removes the 'PaymentStatus.' prefix and lower-cases: a pending payment reads 'pending' (SPEC §2)", () => {
    expect(paymentStatusLabel("PaymentStatus.PENDING")).toBe("pending");
    expect(paymentStatusLabel("PaymentStatus.SUCCESS")).toBe("success");
    expect(paymentStatusLabel("FAILED")).toBe("failed");
    expect(paymentStatusLabel("completed")).toBe("completed");
  });
});
