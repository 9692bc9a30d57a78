import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

// The receipt writes a Remita payment the way the e-mail and the look-up do: method name, RRR in fours, WAT.

const PAYMENT = "GET /api/express/payments/HP-REF-7/";

describe("/payment-success: how a Remita receipt writes its details", () => {
  it("names the method, groups the RRR as Remita prints it and dates the payment in WAT", async () => {
    mockApi({
      [PAYMENT]: {
        body: {
          reference: "HP-REF-7",
          status: "completed",
          transaction_status: "SUCCESS",
          payment_method: "remita",
          rrr: "280467351235",
          amount: "2600.00",
          subtotal: "2500.00",
          charge_fee: "100.00",
          items: [{ service_name: "Consultation", qty: 1, amount: "2500.00", line_total: "2500.00" }],
          customer: { name: "Bola Ade", email: "bola@example.com", phone: "08099999999", hospital_number: "HN-7" },
          created_at: "2026-11-25T22:50:00Z",
          paid_at: "2026-11-25T23:05:00Z",
          expires_at: null,
          bank_account: null,
          sandbox: true,
        },
      },
    });
    renderApp("/payment-success?reference=HP-REF-7");
    const receipt = await screen.findByRole("region", { name: "Payment Receipt" });
    await waitFor(() => expect(receipt).toHaveTextContent("Bola Ade"));
    expect(receipt).toHaveTextContent("Payment methodRemita");
    expect(receipt).toHaveTextContent("RRR2804-6735-1235");
    // 23:05 UTC is already the next day in Lagos.
    expect(receipt).toHaveTextContent("Date26 Nov 2026, 00:05 WAT");
  });
});
