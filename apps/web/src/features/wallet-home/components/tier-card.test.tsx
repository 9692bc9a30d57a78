import type { WalletTier } from "@hospipay/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { t } from "../../../i18n";
import { TIER_TEXT as TEXT } from "../messages";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const PROFILE = "GET /auth/profile/";
const TIER = "GET /api/wallet/tier/";

const caps = (tier_level: number, max_single_credit: string | null, max_balance: string | null) => ({
  tier_level,
  max_single_credit,
  max_balance,
});
const TIERS = [caps(1, "50000.00", "300000.00"), caps(2, "100000.00", "500000.00"), caps(3, "5000000.00", null)];

function openDashboard(tier: MockReply) {
  const user = buildUser();
  signIn(user);
  mockApi({ [PROFILE]: { body: user }, [TIER]: tier });
  return renderApp("/dashboard");
}

afterEach(() => {
  localStorage.clear();
});

describe("the customer's KYC tier and its limits (issue 22)", () => {
  it("shows the tier and its caps beside the balance", async () => {
    const body: WalletTier = { tier: TIERS[0]!, tiers: TIERS, held_total: "0.00", holds: [] };
    openDashboard({ body });
    const card = await screen.findByRole("region", { name: t(TEXT.heading) });
    expect(await within(card).findByText("Tier 1")).toBeInTheDocument();
    expect(within(card).getByText(t(TEXT.singleCredit)).nextElementSibling).toHaveTextContent("₦50,000.00");
    expect(within(card).getByText(t(TEXT.balance)).nextElementSibling).toHaveTextContent("₦300,000.00");
    expect(within(card).queryByRole("heading", { name: t(TEXT.heldHeading) })).not.toBeInTheDocument();
  });

  it("shows a transfer held over a cap, and says what releases it", async () => {
    const body: WalletTier = {
      tier: TIERS[1]!,
      tiers: TIERS,
      held_total: "150000.00",
      holds: [
        {
          id: 4,
          amount: "150000.00",
          sender_name: "Chukwuma Eze",
          cap: "single_credit",
          status: "held",
          created_at: "2026-11-26T01:00:00Z",
        },
      ],
    };
    openDashboard({ body });
    const card = await screen.findByRole("region", { name: t(TEXT.heading) });
    expect(await within(card).findByRole("heading", { name: t(TEXT.heldHeading) })).toBeInTheDocument();
    expect(card).toHaveTextContent(
      "₦150,000.00 held: your tier's limit on a single credit is ₦100,000.00. It is added to your wallet once your tier allows it, or returned to the sender.",
    );
    expect(card).toHaveTextContent("From Chukwuma Eze");
  });

  it("tier 3 has no balance limit", async () => {
    openDashboard({ body: { tier: TIERS[2]!, tiers: TIERS, held_total: "0.00", holds: [] } });
    const card = await screen.findByRole("region", { name: t(TEXT.heading) });
    expect((await within(card).findByText(t(TEXT.balance))).nextElementSibling).toHaveTextContent(t(TEXT.noLimit));
  });

  it("shows a loading state, then an error with a retry that loads the limits", async () => {
    const user = buildUser();
    signIn(user);
    let failing = true;
    mockApi({
      [PROFILE]: { body: user },
      [TIER]: () =>
        failing
          ? { status: 500, body: { detail: "A server error occurred." } }
          : { body: { tier: TIERS[0]!, tiers: TIERS, held_total: "0.00", holds: [] } },
    });
    const app = renderApp("/dashboard");
    const card = await screen.findByRole("region", { name: t(TEXT.heading) });
    expect(within(card).getByRole("status")).toHaveTextContent(t(TEXT.loading));
    const retry = await within(card).findByRole("button", { name: "Try loading again" }, { timeout: AFTER_RETRIES_MS });
    expect(within(card).getByRole("alert")).toBeInTheDocument();
    failing = false;
    await app.user.click(retry);
    expect(await within(card).findByText("Tier 1")).toBeInTheDocument();
  });
});
