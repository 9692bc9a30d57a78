import type { ReservedAccount, WalletTier, WalletTransaction } from "@hospipay/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { t } from "../../../i18n";
import { RESERVED_ACCOUNT_TEXT, transactionMessages } from "../messages";

const PROFILE = "GET /auth/profile/";
const RESERVED = "GET /api/wallet/reserved-account/";
const TIER = "GET /api/wallet/tier/";
const TRANSACTIONS = "GET /api/wallet/transactions/";

const ACTIVE: ReservedAccount = {
  status: "active",
  reason: null,
  account_number: "5012345678",
  bank_name: "Wema bank",
  account_name: "Ngozi Bello",
};
const caps = (tier_level: number, max_single_credit: string | null, max_balance: string | null) => ({
  tier_level,
  max_single_credit,
  max_balance,
});
const TIERS = [caps(1, "50000.00", "300000.00"), caps(2, "100000.00", "500000.00"), caps(3, "5000000.00", null)];

function movement(overrides: Partial<WalletTransaction>): WalletTransaction {
  return {
    id: 1,
    transaction_type: "credit",
    amount: "5000.00",
    created_at: "2026-11-26T10:00:00Z",
    status: "completed",
    rrr: "280007654321",
    reference: "HP-TOPUP-1",
    ...overrides,
  };
}

function open(path: string, routes: Record<string, MockReply>) {
  const user = buildUser();
  signIn(user);
  mockApi({ [PROFILE]: { body: user }, ...routes });
  return renderApp(path);
}

afterEach(() => {
  localStorage.clear();
});

describe("held credits and gateway references in the history (issue 33)", () => {
  it("shows a held transfer with its state, what it means, and its Monnify reference labelled as Monnify's", async () => {
    open("/dashboard?tab=history", {
      [TRANSACTIONS]: {
        body: {
          count: 2,
          next: null,
          previous: null,
          results: [
            movement({
              id: 7,
              amount: "150000.00",
              status: "held",
              rrr: "MNFY|20261126|000123",
              reference: "HP-TRANSFER-7",
              sender_name: "Chukwuma Eze",
              payment_gateway: "monnify",
            }),
            movement({ id: 6, payment_gateway: "remita" }),
          ],
        },
      },
    });
    const held = await screen.findByRole("listitem", { name: "Transaction 7" });
    expect(held).toHaveTextContent(/held/i);
    expect(held).toHaveTextContent(t(transactionMessages.heldExplained));
    expect(within(held).queryByText("RRR")).not.toBeInTheDocument();
    expect(within(held).getByText(t(transactionMessages.monnifyReference)).nextElementSibling).toHaveTextContent(
      "MNFY|20261126|000123",
    );
    expect(held).not.toHaveTextContent("+₦150,000.00");
    const remita = screen.getByRole("listitem", { name: "Transaction 6" });
    expect(within(remita).getByText("RRR").nextElementSibling).toHaveTextContent("2800-0765-4321");
  });

  it("labels a Paystack reference as Paystack's", async () => {
    open("/dashboard?tab=history", {
      [TRANSACTIONS]: {
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [movement({ id: 3, rrr: "T123456789", payment_gateway: "paystack" })],
        },
      },
    });
    const item = await screen.findByRole("listitem", { name: "Transaction 3" });
    expect(within(item).getByText(t(transactionMessages.paystackReference)).nextElementSibling).toHaveTextContent("T123456789");
    expect(within(item).queryByText("RRR")).not.toBeInTheDocument();
  });
});

describe("the account number card and the tier (issue 33)", () => {
  it("says how much a transfer may bring now under the tier, never 'any amount'", async () => {
    const tier: WalletTier = { tier: TIERS[0]!, tiers: TIERS, held_total: "0.00", holds: [], credit_room: "20000.00" };
    open("/dashboard", { [RESERVED]: { body: ACTIVE }, [TIER]: { body: tier } });
    const card = await screen.findByRole("region", { name: t(RESERVED_ACCOUNT_TEXT.heading) });
    expect(await within(card).findByText("5012345678")).toBeInTheDocument();
    expect(
      await within(card).findByText(t(RESERVED_ACCOUNT_TEXT.introRoom, { amount: "₦20,000.00", level: "1" })),
    ).toBeInTheDocument();
    expect(card).not.toHaveTextContent(/any amount/i);
  });
});
