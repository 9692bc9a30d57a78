import type { ReservedAccount } from "@hospipay/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { t } from "../../../i18n";
import { RESERVED_ACCOUNT_TEXT as TEXT } from "../messages";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const PROFILE = "GET /auth/profile/";
const RESERVED = "GET /api/wallet/reserved-account/";
const TRANSACTIONS = "GET /api/wallet/transactions/";

const ACTIVE: ReservedAccount = {
  status: "active",
  reason: null,
  account_number: "5012345678",
  bank_name: "Wema bank",
  account_name: "Ngozi Bello",
};
const none = (status: ReservedAccount["status"], reason: ReservedAccount["reason"] = null): ReservedAccount => ({
  status,
  reason,
  account_number: null,
  bank_name: null,
  account_name: null,
});

function openDashboard(path: string, reserved: MockReply | (() => MockReply), routes: Parameters<typeof mockApi>[0] = {}) {
  const user = buildUser();
  signIn(user);
  const api = mockApi({ [PROFILE]: { body: user }, [RESERVED]: reserved, ...routes });
  return { api, app: renderApp(path) };
}

afterEach(() => {
  localStorage.clear();
});

describe("the customer's account number (issue 22)", () => {
  it("Overview shows the number with a copy button, the bank and the account name", async () => {
    const { app } = openDashboard("/dashboard", { body: ACTIVE });
    const card = await screen.findByRole("region", { name: t(TEXT.heading) });
    expect(await within(card).findByText("5012345678")).toBeInTheDocument();
    expect(within(card).getByText("Bank").nextElementSibling).toHaveTextContent("Wema bank");
    expect(within(card).getByText("Account name").nextElementSibling).toHaveTextContent("Ngozi Bello");
    expect(card).toHaveTextContent(t(TEXT.introLimits));
    await app.user.click(within(card).getByRole("button", { name: "Copy account number" }));
    await expect(navigator.clipboard.readText()).resolves.toBe("5012345678");
    expect(within(card).getByRole("button", { name: "Copy account number" })).toHaveTextContent("Copied");
  });

  it("the Fund sub-tab shows it beside the top-up form; Transfer still shows only 'No Transfer data available'", async () => {
    const { app } = openDashboard("/dashboard?tab=payments", { body: ACTIVE });
    const fund = await screen.findByRole("tabpanel", { name: "Fund" });
    expect(within(fund).getByRole("heading", { name: "Fund your wallet" })).toBeInTheDocument();
    const card = within(fund).getByRole("region", { name: t(TEXT.heading) });
    expect(await within(card).findByText("5012345678")).toBeInTheDocument();
    await app.user.click(screen.getByRole("tab", { name: "Transfer" }));
    expect(screen.getByRole("tabpanel", { name: "Transfer" })).toHaveTextContent(/^No Transfer data available$/);
  });

  it("says the account is being set up while the server reserves it", async () => {
    openDashboard("/dashboard", { body: none("pending") });
    const card = await screen.findByRole("region", { name: t(TEXT.heading) });
    expect(await within(card).findByText(t(TEXT.pending))).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Copy account number" })).not.toBeInTheDocument();
  });

  it("without a NIN it points to KYC", async () => {
    openDashboard("/dashboard", { body: none("needs_nin", "no_kyc") });
    const card = await screen.findByRole("region", { name: t(TEXT.heading) });
    expect(await within(card).findByText(t(TEXT.needsNin), { exact: false })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Go to Account Settings, then KYC" })).toHaveAttribute("href", "/profile/edit");
  });

  it("says why no account number was issued: an ID that is not a NIN, or a NIN that is not 11 digits", async () => {
    for (const [reason, text] of [
      ["not_nin", "No account number was issued: it needs a NIN, and your KYC gives another ID."],
      ["invalid_nin", "No account number was issued: the NIN in your KYC is not 11 digits."],
    ] as const) {
      const { app } = openDashboard("/dashboard", { body: none("needs_nin", reason) });
      const card = await screen.findByRole("region", { name: t(TEXT.heading) });
      expect(await within(card).findByText(text, { exact: false })).toBeInTheDocument();
      expect(card).not.toHaveTextContent(t(TEXT.needsNin));
      expect(within(card).getByRole("link", { name: "Go to Account Settings, then KYC" })).toHaveAttribute(
        "href",
        "/profile/edit",
      );
      app.unmount();
    }
  });

  it("shows a loading state, then an error with a retry that loads it", async () => {
    let failing = true;
    const { app } = openDashboard("/dashboard", () =>
      failing ? { status: 500, body: { detail: "A server error occurred." } } : { body: ACTIVE },
    );
    const card = await screen.findByRole("region", { name: t(TEXT.heading) });
    expect(within(card).getByRole("status")).toHaveTextContent(t(TEXT.loading));
    const retry = await within(card).findByRole("button", { name: "Try loading again" }, { timeout: AFTER_RETRIES_MS });
    expect(within(card).getByRole("alert")).toBeInTheDocument();
    failing = false;
    await app.user.click(retry);
    expect(await within(card).findByText("5012345678")).toBeInTheDocument();
  });

  it("History names the sender of a bank transfer", async () => {
    openDashboard(
      "/dashboard?tab=history",
      { body: ACTIVE },
      {
        [TRANSACTIONS]: {
          body: {
            count: 1,
            next: null,
            previous: null,
            results: [
              {
                id: 7,
                transaction_type: "credit",
                amount: "12345.67",
                created_at: "2026-11-25T10:00:00Z",
                status: "completed",
                rrr: "MNFY|20|20261125110000|000123",
                reference: "HP-20261125-ABCD",
                gateway: null,
                closed_reason: null,
                sender_name: "Adaeze Okafor",
              },
            ],
          },
        },
      },
    );
    const row = await screen.findByRole("listitem", { name: "Transaction 7" });
    expect(row).toHaveTextContent("Bank transfer");
    expect(row).toHaveTextContent("From Adaeze Okafor");
    expect(row).toHaveTextContent("+₦12,345.67");
  });
});
