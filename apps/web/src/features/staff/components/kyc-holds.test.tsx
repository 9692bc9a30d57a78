import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dashboardWith, firstRowCells } from "../../../test/staff-queues";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const HOLDS = "GET /api/staff/kyc-holds/";
const RELEASE = "POST /api/staff/kyc-holds/7/release/";
const REFUND = "POST /api/staff/kyc-holds/7/refund/";

function hold(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    amount: "150000.00",
    sender_name: "Chukwuma Eze",
    cap: "single_credit",
    status: "held",
    created_at: "2025-03-12T10:04:00Z",
    transaction_reference: "MNFY|1",
    cap_amount: "100000.00",
    tier_level: 2,
    customer: { id: 3, email: "ngozi@example.com", first_name: "Ngozi", last_name: "Bello" },
    current_tier: 2,
    decided_at: null,
    decided_by: null,
    refund_reason: null,
    invoice_reference: null,
    ...overrides,
  };
}

const openDashboard = dashboardWith({ [HOLDS]: { body: { results: [hold()] } } });

const section = () => screen.getByRole("region", { name: "Transfers held over a KYC tier limit" });

describe("transfers held over a KYC tier limit, on the admin dashboards (issue 22)", () => {
  it.each(["ADMIN", "SUPERADMIN"])(
    "lists each held transfer with its customer, sender, amount and the cap it broke (%s)",
    async (role) => {
      openDashboard(role);
      const cells = await firstRowCells("Transfers held over a KYC tier limit");
      expect(cells.slice(0, 6)).toEqual([
        "Ngozi Bellongozi@example.com",
        "Chukwuma Eze",
        "₦150,000.00",
        "Over the tier 2 single-credit cap of ₦100,000.00",
        "2",
        "12 Mar 2025, 11:04 WAT",
      ]);
    },
  );

  it("agents never see it", async () => {
    openDashboard("AGENT");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("region", { name: "Transfers held over a KYC tier limit" })).not.toBeInTheDocument();
  });

  it("says when the list cannot be loaded, with a retry", async () => {
    openDashboard("ADMIN", { [HOLDS]: { status: 500, body: { detail: "A server error occurred." } } });
    const region = await screen.findByRole("region", { name: "Transfers held over a KYC tier limit" });
    expect(await within(region).findByRole("button", { name: "Try again" }, { timeout: AFTER_RETRIES_MS })).toBeInTheDocument();
    expect(region).toHaveTextContent(/Error:/);
  });

  it("says when nothing is held", async () => {
    openDashboard("ADMIN", { [HOLDS]: { body: { results: [] } } });
    expect(
      await within(await screen.findByRole("region", { name: "Transfers held over a KYC tier limit" })).findByText(
        "No transfers are held.",
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of a release while the tier does not allow it", async () => {
    const { app, api } = openDashboard("ADMIN", {
      [RELEASE]: {
        status: 409,
        body: {
          detail:
            "This customer's tier 2 wallet accepts at most ₦100,000.00 in one credit; this credit is ₦150,000.00. Raise the customer's KYC tier to 3 to release it.",
        },
      },
    });
    await app.user.click(
      await within(await screen.findByRole("table", { name: "Transfers held over a KYC tier limit" })).findByRole("button", {
        name: "Release ₦150,000.00 held for ngozi@example.com",
      }),
    );
    expect(
      await screen.findByText(
        "This customer's tier 2 wallet accepts at most ₦100,000.00 in one credit; this credit is ₦150,000.00. Raise the customer's KYC tier to 3 to release it.",
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(RELEASE)).toHaveLength(1);
  });

  it("refunds a held transfer with a reason", async () => {
    const { app, api } = openDashboard("ADMIN", {
      [REFUND]: { body: hold({ status: "refunded", refund_reason: "Sender asked" }) },
    });
    await app.user.click(
      await within(await screen.findByRole("table", { name: "Transfers held over a KYC tier limit" })).findByRole("button", {
        name: "Refund ₦150,000.00 held for ngozi@example.com",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Refund held transfer" });
    await app.user.click(within(dialog).getByRole("button", { name: "Refund ₦150,000.00" }));
    expect(await within(dialog).findByText("Give a reason for the refund.")).toBeInTheDocument();
    expect(api.callsTo(REFUND)).toHaveLength(0);
    await app.user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Sender asked");
    await app.user.click(within(dialog).getByRole("button", { name: "Refund ₦150,000.00" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Refund held transfer" })).not.toBeInTheDocument());
    expect(api.callsTo(REFUND)[0]?.body).toEqual({ reason: "Sender asked" });
    expect(section()).toBeInTheDocument();
  });
});
