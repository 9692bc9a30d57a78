import type { WalletTransaction } from "@hospipay/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeRemita, resetRemita, settleScript } from "../../../test/fake-remita";
import { buildUser, signIn } from "../../../test/factories";
import { mockApi, type MockReply } from "../../../test/mock-api";
import { goOffline } from "../../../test/network";
import { renderApp } from "../../../test/render-app";
import { AFTER_RETRIES_MS } from "../../../test/timeouts";

const OFFLINE_PAY_REFUSAL = "You are offline. Paying needs an internet connection.";

const PROFILE = "GET /auth/profile/";
const TOP_UP = "POST /express/top-up/";
const TRANSACTIONS = "GET /api/wallet/transactions/";
const CALLBACK = "GET /api/express/callback/top-up/remita/";
const CANCEL = "POST /api/express/payments/HP-TOPUP-9/cancel/";
const DEPARTMENTS = "GET /api/catalogue/departments/";
const SCRIPT_URL = "http://127.0.0.1:8080/sandbox/remita/payment/v1/remita-pay-inline.bundle.js";

type Routes = Parameters<typeof mockApi>[0];

function transaction(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: 1,
    transaction_type: "credit",
    amount: "5000.00",
    created_at: "2025-01-02T10:00:00Z",
    status: "completed",
    rrr: "280007654321",
    reference: "HP-TOPUP-1",
    ...overrides,
  };
}

function topUpCreated(overrides: Record<string, unknown> = {}): MockReply {
  return {
    status: 201,
    body: {
      reference: "HP-TOPUP-9",
      amount: "5000.00",
      status: "pending",
      rrr_response: { RRR: "280009999999" },
      gateway: {
        key: "remita",
        script_url: SCRIPT_URL,
        public_key: "pk_sandbox_remita_hospipay",
        rrr: "280009999999",
        transaction_id: "HP-TOPUP-9",
        amount: "5000.00",
      },
      ...overrides,
    },
  };
}

const APPROVED: MockReply = {
  body: { transaction_status: "SUCCESS", status: "01", message: "Approved", reference: "HP-TOPUP-9" },
};

/**
 * Signs a customer in and opens `path`. The profile's balance is `balance.value`, so a test can
 * change what the server says after a top-up.
 */
function openDashboard(path = "/dashboard", routes: Routes = {}, user = buildUser()) {
  const balance = { value: user.wallet_balance };
  signIn(user);
  const api = mockApi({
    [PROFILE]: () => ({ body: { ...user, wallet_balance: balance.value } }),
    ...routes,
  });
  const app = renderApp(path);
  return { api, app, balance };
}

async function openFundDialog(app: ReturnType<typeof renderApp>) {
  await app.user.click(await screen.findByRole("button", { name: "Fund Wallet" }));
  return screen.findByRole("dialog", { name: "Fund Wallet" });
}

async function topUpThroughDialog(app: ReturnType<typeof renderApp>, amount: string) {
  const dialog = await openFundDialog(app);
  await app.user.type(within(dialog).getByLabelText("Amount (₦)"), amount);
  await app.user.click(within(dialog).getByRole("button", { name: "Top up wallet" }));
  return dialog;
}

afterEach(() => {
  resetRemita();
  localStorage.clear();
});

describe("/dashboard: tabs and actions (SPEC §2)", () => {
  it("has an accessible tablist Overview, Payments, History; Overview is selected and shows the balance, 0.5% with the ₦100.00 fee applied, and ₦0.00", async () => {
    openDashboard("/dashboard", {}, buildUser({ wallet_balance: "5000.00" }));
    const tablist = await screen.findByRole("tablist", { name: "Dashboard sections" });
    const tabs = within(tablist).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Overview", "Payments", "History"]);
    expect(within(tablist).getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: "Overview" });
    const balance = within(panel).getByRole("region", { name: "Wallet balance" });
    expect(balance).toHaveTextContent("₦5,000.00");
    // SPEC's fixed "0.5%", with the fee rule actually applied to a payment beside it (contract CHARGE_FEE_KOBO).
    expect(balance).toHaveTextContent("Transaction fee0.5%Charged: ₦100.00 per payment");
    // Every money figure through the money formatter, with ₦ (SPEC's fixed 0.00 pending bills).
    expect(balance).toHaveTextContent("Pending bills₦0.00");
  });

  it("switches tabs by click and with the arrow keys, and keeps the tab in the address", async () => {
    const { app } = openDashboard("/dashboard", {
      [TRANSACTIONS]: { body: { count: 0, next: null, previous: null, results: [] } },
    });
    await app.user.click(await screen.findByRole("tab", { name: "Payments" }));
    expect(screen.getByRole("tab", { name: "Payments" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "false");
    expect(app.location().search).toBe("?tab=payments");
    await app.user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "History" })).toHaveFocus();
    expect(app.location().search).toBe("?tab=history");
    await app.user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    expect(app.location().search).toBe("");
  });

  it("'Pay Hospital Services' opens the service selection dialog; 'Manage Account' goes to /profile/edit", async () => {
    const { app } = openDashboard("/dashboard", { [DEPARTMENTS]: { body: { success: true, data: { orgDepts: [] } } } });
    expect(await screen.findByRole("link", { name: "Manage Account" })).toHaveAttribute("href", "/profile/edit");
    await app.user.click(screen.getByRole("button", { name: "Pay Hospital Services" }));
    expect(await screen.findByRole("dialog", { name: "Select Services" })).toBeInTheDocument();
  });

  it("Payments has sub-tabs Fund and Transfer; Transfer shows only 'No Transfer data available'", async () => {
    const { app } = openDashboard("/dashboard?tab=payments");
    const sub = await screen.findByRole("tablist", { name: "Payment options" });
    expect(
      within(sub)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Fund", "Transfer"]);
    const fund = screen.getByRole("tabpanel", { name: "Fund" });
    expect(within(fund).getByLabelText("Amount (₦)")).toBeInTheDocument();
    expect(within(fund).getByRole("button", { name: "Top up wallet" })).toBeInTheDocument();

    await app.user.click(within(sub).getByRole("tab", { name: "Transfer" }));
    const transfer = screen.getByRole("tabpanel", { name: "Transfer" });
    expect(transfer).toHaveTextContent(/^No Transfer data available$/);
  });

  it("Overview lists the profile's last transactions", async () => {
    openDashboard(
      "/dashboard",
      {},
      buildUser({
        last_transactions: [
          transaction({
            id: 12,
            transaction_type: "debit",
            amount: "4100.00",
            status: "completed",
            rrr: null,
            reference: "HP-PAY-3",
          }),
          transaction({ id: 11 }),
        ],
      }),
    );
    const list = await screen.findByRole("list", { name: "Recent transactions" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("debit");
    expect(rows[0]).toHaveTextContent("−₦4,100.00");
    expect(rows[0]).toHaveTextContent("HP-PAY-3");
    expect(rows[1]).toHaveTextContent("+₦5,000.00");
  });
});

describe("Fund Wallet: top-up (SPEC §4 steps 1-4, §5, §8)", () => {
  it.each(["", "0", "0.00", "-5", "abc", "12.345"])(
    "refuses the amount %j with 'Please enter a valid amount.' and calls nothing",
    async (amount) => {
      const { api, app } = openDashboard();
      const dialog = await openFundDialog(app);
      if (amount) await app.user.type(within(dialog).getByLabelText("Amount (₦)"), amount);
      await app.user.click(within(dialog).getByRole("button", { name: "Top up wallet" }));
      expect(await within(dialog).findByText("Please enter a valid amount.")).toBeInTheDocument();
      expect(within(dialog).getByLabelText("Amount (₦)")).toHaveAttribute("aria-invalid", "true");
      expect(api.callsTo(TOP_UP)).toHaveLength(0);
    },
  );

  it("creates the top-up, opens Remita's widget with SPEC §4 step 3's options, and after an approved callback says 'Top-up successful!' and shows the new balance", async () => {
    const remita = fakeRemita();
    const { api, app, balance } = openDashboard(
      "/dashboard",
      { [TOP_UP]: topUpCreated(), [CALLBACK]: APPROVED },
      buildUser({ wallet_balance: "0.00" }),
    );
    expect(await screen.findByRole("button", { name: /^Account menu/ })).toHaveTextContent("₦0.00");
    const dialog = await topUpThroughDialog(app, "5,000");

    await waitFor(() => expect(api.callsTo(TOP_UP)).toHaveLength(1));
    const [created] = api.callsTo(TOP_UP);
    expect(created?.body).toEqual({ amount: "5000.00", payment_method: "remita" });
    expect(created?.headers.get("Authorization")).toBe("Bearer test-token");

    await settleScript(SCRIPT_URL);
    await waitFor(() => expect(remita.shown).toBe(1));
    expect(remita.options).toMatchObject({
      key: "pk_sandbox_remita_hospipay",
      processRrr: true,
      transactionId: "HP-TOPUP-9",
      customerId: "ada@example.com",
      firstName: "Ada",
      lastName: "Obi",
      email: "ada@example.com",
      amount: 5000,
      narration: "Wallet top-up",
      extendedData: { customFields: [{ name: "rrr", value: "280009999999" }] },
    });
    // The dialog makes room for the widget.
    expect(dialog).not.toBeInTheDocument();

    balance.value = "5000.00";
    const profileCalls = api.callsTo(PROFILE).length;
    act(() =>
      remita.options?.onSuccess({
        paymentReference: "280009999999",
        transactionId: "HP-TOPUP-9",
        amount: 5000,
        message: "Approved",
      }),
    );
    expect(await screen.findByText("Top-up successful!")).toBeInTheDocument();
    const [callback] = api.callsTo(CALLBACK);
    expect(Object.fromEntries(callback?.url.searchParams ?? [])).toEqual({
      transaction_id: "HP-TOPUP-9",
      rrr: "280009999999",
      amount: "5000.00",
    });
    // The page data is fetched again: the balance card and the header menu show the new balance.
    await waitFor(() => expect(api.callsTo(PROFILE).length).toBeGreaterThan(profileCalls));
    expect(await screen.findByRole("region", { name: "Wallet balance" })).toHaveTextContent("₦5,000.00");
    expect(screen.getByRole("button", { name: /^Account menu/ })).toHaveTextContent("₦5,000.00");
  });

  it("the Payments tab's Fund entry starts the same top-up", async () => {
    const remita = fakeRemita();
    const { api, app } = openDashboard("/dashboard?tab=payments", { [TOP_UP]: topUpCreated({ amount: "2500.50" }) });
    const fund = await screen.findByRole("tabpanel", { name: "Fund" });
    await app.user.type(within(fund).getByLabelText("Amount (₦)"), "2500.5");
    await app.user.click(within(fund).getByRole("button", { name: "Top up wallet" }));
    await settleScript(SCRIPT_URL);
    await waitFor(() => expect(remita.shown).toBe(1));
    expect(api.callsTo(TOP_UP)[0]?.body).toEqual({ amount: "2500.50", payment_method: "remita" });
  });

  it.each([
    ["no RRR", { rrr_response: {}, gateway: undefined }],
    ["no reference", { reference: undefined }],
    [
      "an empty RRR",
      { rrr_response: { RRR: "" }, gateway: { key: "remita", script_url: SCRIPT_URL, public_key: "pk", rrr: "" } },
    ],
  ])(
    "an answer with %s shows 'Failed to retrieve RRR or reference from Topup service.' and opens no widget",
    async (_label, overrides) => {
      const remita = fakeRemita();
      const { app } = openDashboard("/dashboard", { [TOP_UP]: topUpCreated(overrides) });
      const dialog = await topUpThroughDialog(app, "5000");
      expect(await within(dialog).findByRole("alert")).toHaveTextContent(
        "Failed to retrieve RRR or reference from Topup service.",
      );
      expect(remita.init).not.toHaveBeenCalled();
      expect(document.querySelector("script[data-gateway-script]")).toBeNull();
    },
  );

  it("a script that cannot load shows 'Failed to initialize Remita payment. Please try again.' in the dialog", async () => {
    const { app } = openDashboard("/dashboard", { [TOP_UP]: topUpCreated() });
    const dialog = await topUpThroughDialog(app, "5000");
    await settleScript(SCRIPT_URL, "error");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to initialize Remita payment. Please try again.");
    expect(within(dialog).getByRole("button", { name: "Top up wallet" })).toBeEnabled();
  });

  it("a script that loads without RmPaymentEngine shows the same init failure", async () => {
    const { app } = openDashboard("/dashboard", { [TOP_UP]: topUpCreated() });
    const dialog = await topUpThroughDialog(app, "5000");
    await settleScript(SCRIPT_URL);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to initialize Remita payment. Please try again.");
  });

  it("an answer without the widget's script shows the init failure", async () => {
    const { app } = openDashboard("/dashboard", { [TOP_UP]: topUpCreated({ gateway: { key: "remita", rrr: "280009999999" } }) });
    const dialog = await topUpThroughDialog(app, "5000");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to initialize Remita payment. Please try again.");
  });

  it("shows the server's amount error under the field, and a 502's detail in the dialog", async () => {
    let reply: MockReply = {
      status: 400,
      body: { detail: "Invalid input.", amount: ["A single top-up cannot exceed ₦5,000,000.00."] },
    };
    const { app } = openDashboard("/dashboard", { [TOP_UP]: () => reply });
    const dialog = await topUpThroughDialog(app, "6000000");
    expect(await within(dialog).findByText("A single top-up cannot exceed ₦5,000,000.00.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Amount (₦)")).toHaveAttribute("aria-invalid", "true");

    reply = { status: 502, body: { detail: "Remita could not start this top-up. Please try again shortly." } };
    await app.user.clear(within(dialog).getByLabelText("Amount (₦)"));
    await app.user.type(within(dialog).getByLabelText("Amount (₦)"), "5000");
    await app.user.click(within(dialog).getByRole("button", { name: "Top up wallet" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Remita could not start this top-up. Please try again shortly.",
    );
  });

  it.each([
    ["the widget reports an error", "error", "Top-up failed."],
    ["the widget is closed", "close", "Top-up cancelled."],
    ["the callback call fails", "callbackDown", "Top-up callback failed!"],
    ["the callback says FAILED", "callbackFailed", "Top-up failed."],
  ])("when %s the toast says %j", async (_label, outcome, text) => {
    const remita = fakeRemita();
    const callback: MockReply =
      outcome === "callbackDown"
        ? { status: 500, raw: "" }
        : { body: { transaction_status: "FAILED", status: "02", message: "Failed", reference: "HP-TOPUP-9" } };
    const { api, app } = openDashboard("/dashboard", {
      [TOP_UP]: topUpCreated(),
      [CALLBACK]: callback,
      [CANCEL]: { body: { reference: "HP-TOPUP-9", status: "pending", transaction_status: "PENDING" } },
    });
    await topUpThroughDialog(app, "5000");
    await settleScript(SCRIPT_URL);
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => {
      if (outcome === "error") remita.options?.onError({ message: "Transaction declined" });
      else if (outcome === "close") remita.options?.onClose();
      else remita.options?.onSuccess({ paymentReference: "280009999999", transactionId: "HP-TOPUP-9", message: "Approved" });
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText("Top-up successful!")).not.toBeInTheDocument();
    // A decline is reported to the callback, a close to the cancel call: the server asks Remita either way.
    if (outcome === "close") {
      await waitFor(() => expect(api.callsTo(CANCEL)).toHaveLength(1));
      expect(api.callsTo(CALLBACK)).toHaveLength(0);
      return;
    }
    await waitFor(() => expect(api.callsTo(CALLBACK)).toHaveLength(1));
    expect(api.callsTo(CALLBACK)[0]?.url.searchParams.get("transaction_id")).toBe("HP-TOPUP-9");
    expect(api.callsTo(CALLBACK)[0]?.url.searchParams.get("rrr")).toBe("280009999999");
  });

  it("after a decline the history shows the top-up failed, with no 'Proceed', once the server has closed it", async () => {
    const remita = fakeRemita();
    const row = transaction({ id: 9, status: "pending", reference: "HP-TOPUP-9", rrr: "280009999999" });
    let closed = false;
    const { api, app } = openDashboard("/dashboard?tab=history", {
      [TOP_UP]: topUpCreated(),
      [TRANSACTIONS]: () => ({
        body: { count: 1, next: null, previous: null, results: [closed ? { ...row, status: "failed", gateway: null } : row] },
      }),
      [CALLBACK]: () => {
        closed = true;
        return { body: { transaction_status: "FAILED", status: "02", message: "Failed", reference: "HP-TOPUP-9" } };
      },
    });
    await topUpThroughDialog(app, "5000");
    await settleScript(SCRIPT_URL);
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => remita.options?.onError({ message: "Transaction declined" }));
    expect(await screen.findByText("Top-up failed.")).toBeInTheDocument();
    const item = await screen.findByRole("listitem", { name: "Transaction 9" });
    await waitFor(() => expect(item).toHaveTextContent("This top-up failed. Nothing was added to your wallet."));
    expect(within(item).queryByRole("button", { name: "Proceed" })).not.toBeInTheDocument();
    expect(item).not.toHaveTextContent("+₦5,000.00");
    expect(api.callsTo(CALLBACK)).toHaveLength(1);
  });

  it("a close that Remita has no word on yet keeps the top-up awaiting payment, with 'Proceed'", async () => {
    const remita = fakeRemita();
    const row = transaction({
      id: 9,
      status: "pending",
      reference: "HP-TOPUP-9",
      rrr: "280009999999",
      gateway: { key: "remita", script_url: SCRIPT_URL, public_key: "pk_sandbox_remita_hospipay" },
    });
    const { api, app } = openDashboard("/dashboard?tab=history", {
      [TOP_UP]: topUpCreated(),
      [TRANSACTIONS]: { body: { count: 1, next: null, previous: null, results: [row] } },
      [CANCEL]: { body: { reference: "HP-TOPUP-9", status: "pending", transaction_status: "PENDING" } },
    });
    await topUpThroughDialog(app, "5000");
    await settleScript(SCRIPT_URL);
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => remita.options?.onClose());
    expect(await screen.findByText("Top-up cancelled.")).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(CANCEL)).toHaveLength(1));
    const item = await screen.findByRole("listitem", { name: "Transaction 9" });
    expect(item).toHaveTextContent(/awaiting payment/i);
    expect(within(item).getByRole("button", { name: "Proceed" })).toBeInTheDocument();
  });

  it("a callback that is still PENDING says so instead of success or failure", async () => {
    const remita = fakeRemita();
    const { app } = openDashboard("/dashboard", {
      [TOP_UP]: topUpCreated(),
      [CALLBACK]: { body: { transaction_status: "PENDING", status: "021", message: "Pending", reference: "HP-TOPUP-9" } },
    });
    await topUpThroughDialog(app, "5000");
    await settleScript(SCRIPT_URL);
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => remita.options?.onSuccess({ transactionId: "HP-TOPUP-9" }));
    expect(await screen.findByText(/still being confirmed/)).toBeInTheDocument();
    expect(screen.queryByText("Top-up successful!")).not.toBeInTheDocument();
    expect(screen.queryByText("Top-up failed.")).not.toBeInTheDocument();
  });
});

describe("funding offline (issue 24)", () => {
  it("'Top up wallet' refuses offline: no top-up is created and the dialog stays open with the amount", async () => {
    const { api, app } = openDashboard("/dashboard", { [TOP_UP]: topUpCreated() });
    const dialog = await openFundDialog(app);
    await app.user.type(within(dialog).getByLabelText("Amount (₦)"), "5000");
    goOffline();
    await app.user.click(within(dialog).getByRole("button", { name: "Top up wallet" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(OFFLINE_PAY_REFUSAL);
    expect(within(dialog).getByLabelText("Amount (₦)")).toHaveValue("5000");
    expect(api.callsTo(TOP_UP)).toHaveLength(0);
  });

  it("'Proceed' on a pending top-up refuses offline without opening the widget", async () => {
    localStorage.setItem("remitaWidget", JSON.stringify({ script_url: SCRIPT_URL, public_key: "pk_sandbox_remita_hospipay" }));
    const remita = fakeRemita();
    const pending = transaction({ id: 40, status: "pending", rrr: "280004444444", reference: "HP-TOPUP-40" });
    const { app } = openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: { body: { count: 1, next: null, previous: null, results: [pending] } },
    });
    const proceed = await screen.findByRole("button", { name: "Proceed" });
    goOffline();
    await app.user.click(proceed);
    expect(await screen.findByText(OFFLINE_PAY_REFUSAL)).toBeInTheDocument();
    expect(document.querySelector(`script[src="${SCRIPT_URL}"]`)).toBeNull();
    expect(remita.shown).toBe(0);
  });
});

describe("History: wallet transactions (SPEC §2, §3)", () => {
  const page = (results: WalletTransaction[], count: number, next: string | null, previous: string | null): MockReply => ({
    body: { count, next, previous, results },
  });

  it("shows id, type, amount, date, status, rrr and reference of each transaction", async () => {
    openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: page(
        [
          transaction({
            id: 12,
            transaction_type: "debit",
            amount: "4100.00",
            status: "completed",
            rrr: null,
            reference: "HP-PAY-3",
          }),
          transaction({ id: 11, status: "failed", reference: "HP-TOPUP-2", rrr: "280001111111" }),
        ],
        2,
        null,
        null,
      ),
    });
    const list = await screen.findByRole("list", { name: "Wallet transactions" });
    const debit = within(list).getByRole("listitem", { name: "Transaction 12" });
    expect(debit).toHaveTextContent("debit");
    expect(debit).toHaveTextContent("−₦4,100.00");
    expect(debit).toHaveTextContent("completed");
    expect(debit).toHaveTextContent("ID12");
    expect(debit).toHaveTextContent("RRR—");
    expect(debit).toHaveTextContent("ReferenceHP-PAY-3");
    expect(within(debit).getByText("02 Jan 2025, 11:00 WAT")).toHaveAttribute("datetime", "2025-01-02T10:00:00Z");
    const credit = within(list).getByRole("listitem", { name: "Transaction 11" });
    expect(credit).toHaveTextContent("credit");
    expect(credit).toHaveTextContent("failed");
    expect(credit).toHaveTextContent("RRR2800-0111-1111");
    expect(screen.queryByRole("button", { name: "Proceed" })).not.toBeInTheDocument();
  });

  it("signs only money that moved: a completed credit is a green '+', a failed one struck and 'failed', a pending one awaited", async () => {
    openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: page(
        [
          transaction({ id: 3, status: "pending", amount: "3000.00" }),
          transaction({ id: 2, status: "failed", amount: "2000.00" }),
          transaction({ id: 1, status: "completed", amount: "1000.00" }),
        ],
        3,
        null,
        null,
      ),
    });
    const completed = await screen.findByRole("listitem", { name: "Transaction 1" });
    expect(completed).toHaveTextContent("+₦1,000.00");
    expect(within(completed).getByText("+₦1,000.00", { exact: false })).toHaveClass("text-emerald-800");

    const failed = screen.getByRole("listitem", { name: "Transaction 2" });
    expect(failed).not.toHaveTextContent("+");
    const struck = within(failed).getByText("₦2,000.00");
    expect(struck.tagName).toBe("S");
    expect(struck.parentElement).not.toHaveClass("text-emerald-800");
    expect(struck.parentElement).toHaveTextContent("Not added to your wallet: ₦2,000.00");
    expect(failed).toHaveTextContent("This top-up failed. Nothing was added to your wallet.");

    const pending = screen.getByRole("listitem", { name: "Transaction 3" });
    expect(pending).not.toHaveTextContent("+");
    expect(pending).toHaveTextContent("Not yet paid: ₦3,000.00");
    expect(pending).toHaveTextContent(/awaiting payment/i);
    expect(within(pending).getByText("Not yet paid:", { exact: false }).parentElement).not.toHaveClass("text-emerald-800");
  });

  it("shows SPEC's 'pending' with 'awaiting payment' beside it, and a closed one's 'failed' with cancelled or expired", async () => {
    openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: page(
        [
          transaction({ id: 23, status: "pending", reference: "HP-TOPUP-23" }),
          transaction({ id: 22, status: "failed", reference: "HP-TOPUP-22", closed_reason: "cancelled" }),
          transaction({ id: 21, status: "failed", reference: "HP-TOPUP-21", closed_reason: "expired" }),
          transaction({ id: 20, status: "failed", reference: "HP-TOPUP-20", closed_reason: null }),
        ],
        4,
        null,
        null,
      ),
    });
    const list = await screen.findByRole("list", { name: "Wallet transactions" });
    const badge = (id: number) =>
      within(within(list).getByRole("listitem", { name: `Transaction ${id}` })).getByText(
        /^(pending|failed)( \((awaiting payment|cancelled|expired)\))?$/,
      );
    expect(badge(23)).toHaveTextContent(/^pending \(awaiting payment\)$/);
    expect(badge(22)).toHaveTextContent(/^failed \(cancelled\)$/);
    expect(badge(21)).toHaveTextContent(/^failed \(expired\)$/);
    expect(badge(20)).toHaveTextContent(/^failed$/);
  });

  it("asks the server page by page with its next/previous links", async () => {
    const first = Array.from({ length: 10 }, (_, index) => transaction({ id: 30 - index, reference: `HP-${30 - index}` }));
    const second = [transaction({ id: 20, reference: "HP-20" }), transaction({ id: 19, reference: "HP-19" })];
    const { api, app } = openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: (call) =>
        call.url.searchParams.get("page") === "2"
          ? page(second, 12, null, "/api/wallet/transactions/?page=1&page_size=10")
          : page(first, 12, "/api/wallet/transactions/?page=2&page_size=10", null),
    });
    const list = await screen.findByRole("list", { name: "Wallet transactions" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    const nav = screen.getByRole("navigation", { name: "Transaction pages" });
    expect(nav).toHaveTextContent("Page 1 of 2");
    expect(within(nav).getByRole("button", { name: "Previous" })).toBeDisabled();
    const [firstCall] = api.callsTo(TRANSACTIONS);
    expect(Object.fromEntries(firstCall?.url.searchParams ?? [])).toEqual({ page: "1", page_size: "10" });
    expect(firstCall?.headers.get("Authorization")).toBe("Bearer test-token");

    await app.user.click(within(nav).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByRole("list", { name: "Wallet transactions" }).children).toHaveLength(2));
    expect(nav).toHaveTextContent("Page 2 of 2");
    expect(within(nav).getByRole("button", { name: "Next" })).toBeDisabled();
    expect(api.callsTo(TRANSACTIONS).at(-1)?.url.searchParams.get("page")).toBe("2");

    await app.user.click(within(nav).getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(screen.getByRole("list", { name: "Wallet transactions" }).children).toHaveLength(10));
    expect(nav).toHaveTextContent("Page 1 of 2");
  });

  it("shows a loading state, then an empty state", async () => {
    let release: ((reply: MockReply) => void) | undefined;
    openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: () => new Promise<MockReply>((resolve) => (release = resolve)),
    });
    expect(await screen.findByText("Loading transactions…")).toBeInTheDocument();
    // The loading message may come before the request is made: answer it once it is.
    await waitFor(() => expect(release).toBeTypeOf("function"));
    act(() => release!(page([], 0, null, null)));
    expect(await screen.findByText("No wallet transactions yet.")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Transaction pages" })).not.toBeInTheDocument();
  });

  it("shows the error and loads again on request", async () => {
    let reply: MockReply = { status: 503, body: { detail: "The service is temporarily unavailable. Please try again shortly." } };
    const { app } = openDashboard("/dashboard?tab=history", { [TRANSACTIONS]: () => reply });
    const alert = await screen.findByRole("alert", {}, { timeout: AFTER_RETRIES_MS });
    expect(alert).toHaveTextContent("The service is temporarily unavailable. Please try again shortly.");
    reply = page([transaction()], 1, null, null);
    await app.user.click(within(alert).getByRole("button", { name: "Try loading again" }));
    expect(await screen.findByRole("listitem", { name: "Transaction 1" })).toBeInTheDocument();
  });
});

describe("Proceed: resuming a pending top-up (SPEC §2)", () => {
  const pending = transaction({ id: 40, status: "pending", rrr: "280004444444", reference: "HP-TOPUP-40", amount: "3000.00" });

  it("only a pending credit has 'Proceed'", async () => {
    openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: {
        body: {
          count: 3,
          next: null,
          previous: null,
          results: [
            pending,
            transaction({ id: 41, transaction_type: "debit", status: "pending" }),
            transaction({ id: 42 }),
            transaction({ id: 43, status: "failed" }),
            // The API's word that it can no longer be paid (its time ran out).
            transaction({ id: 44, status: "pending", gateway: null }),
            transaction({ id: 45, status: "pending", rrr: null }),
          ],
        },
      },
    });
    const row = await screen.findByRole("listitem", { name: "Transaction 40" });
    expect(within(row).getByRole("button", { name: "Proceed" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Proceed" })).toHaveLength(1);
  });

  it("reopens Remita's widget with the stored reference and RRR and runs the same success handling", async () => {
    localStorage.setItem("remitaWidget", JSON.stringify({ script_url: SCRIPT_URL, public_key: "pk_sandbox_remita_hospipay" }));
    const remita = fakeRemita();
    const { api, app } = openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: { body: { count: 1, next: null, previous: null, results: [pending] } },
      [CALLBACK]: APPROVED,
    });
    await app.user.click(await screen.findByRole("button", { name: "Proceed" }));
    await settleScript(SCRIPT_URL);
    await waitFor(() => expect(remita.shown).toBe(1));
    expect(remita.options).toMatchObject({
      key: "pk_sandbox_remita_hospipay",
      processRrr: true,
      transactionId: "HP-TOPUP-40",
      narration: "Wallet top-up",
      amount: 3000,
      extendedData: { customFields: [{ name: "rrr", value: "280004444444" }] },
    });
    expect(api.callsTo(TOP_UP)).toHaveLength(0);
    const listCalls = api.callsTo(TRANSACTIONS).length;
    act(() => remita.options?.onSuccess({ transactionId: "HP-TOPUP-40", message: "Approved" }));
    expect(await screen.findByText("Top-up successful!")).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo(CALLBACK)[0]?.url.searchParams ?? [])).toEqual({
      transaction_id: "HP-TOPUP-40",
      rrr: "280004444444",
      amount: "3000.00",
    });
    await waitFor(() => expect(api.callsTo(TRANSACTIONS).length).toBeGreaterThan(listCalls));
  });

  it.each([
    ["error", "Top-up failed."],
    ["close", "Top-up cancelled."],
  ])("a resumed widget's %s says %j", async (outcome, text) => {
    localStorage.setItem("remitaWidget", JSON.stringify({ script_url: SCRIPT_URL, public_key: "pk_sandbox_remita_hospipay" }));
    const remita = fakeRemita();
    const { app } = openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: { body: { count: 1, next: null, previous: null, results: [pending] } },
    });
    await app.user.click(await screen.findByRole("button", { name: "Proceed" }));
    await settleScript(SCRIPT_URL);
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => (outcome === "error" ? remita.options?.onError() : remita.options?.onClose()));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("remembers the widget's settings from a top-up this browser started", async () => {
    const remita = fakeRemita();
    const { app } = openDashboard("/dashboard", {
      [TOP_UP]: topUpCreated(),
      [TRANSACTIONS]: { body: { count: 1, next: null, previous: null, results: [pending] } },
    });
    await topUpThroughDialog(app, "5000");
    await settleScript(SCRIPT_URL);
    await waitFor(() => expect(remita.shown).toBe(1));
    act(() => remita.options?.onClose());
    await app.user.click(screen.getByRole("tab", { name: "History" }));
    await app.user.click(await screen.findByRole("button", { name: "Proceed" }));
    await waitFor(() => expect(remita.shown).toBe(2));
    expect(remita.options?.transactionId).toBe("HP-TOPUP-40");
  });

  it("uses the widget the API sends with the pending row, on a browser that never started a top-up", async () => {
    const remita = fakeRemita();
    const withGateway = { ...pending, gateway: { key: "remita", script_url: SCRIPT_URL, public_key: "pk_from_the_api" } };
    const { app } = openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: { body: { count: 1, next: null, previous: null, results: [withGateway] } },
    });
    expect(localStorage.getItem("remitaWidget")).toBeNull();
    await app.user.click(await screen.findByRole("button", { name: "Proceed" }));
    await settleScript(SCRIPT_URL);
    await waitFor(() => expect(remita.shown).toBe(1));
    expect(remita.options).toMatchObject({ key: "pk_from_the_api", transactionId: "HP-TOPUP-40" });
  });

  it("without the widget's settings it says 'Failed to initialize Remita payment. Please try again.'", async () => {
    const remita = fakeRemita();
    const { app } = openDashboard("/dashboard?tab=history", {
      [TRANSACTIONS]: { body: { count: 1, next: null, previous: null, results: [pending] } },
    });
    await app.user.click(await screen.findByRole("button", { name: "Proceed" }));
    expect(await screen.findByText("Failed to initialize Remita payment. Please try again.")).toBeInTheDocument();
    expect(remita.init).not.toHaveBeenCalled();
  });
});

describe("return from Remita's page: /dashboard?status&rrr&transactionId&message (SPEC §4 step 5)", () => {
  it.each([
    ["status=01", "status=01&rrr=280009999999&transactionId=HP-TOPUP-9&message=Successful"],
    ["message=approved in any case", "status=00&rrr=280009999999&transactionId=HP-TOPUP-9&message=APPROVED"],
  ])("%s is a success: verified with the callback, 'Top-up successful!', the query removed", async (_label, query) => {
    const { api, app } = openDashboard(`/dashboard?${query}`, { [CALLBACK]: APPROVED });
    expect(await screen.findByText("Top-up successful!")).toBeInTheDocument();
    const calls = api.callsTo(CALLBACK);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get("transaction_id")).toBe("HP-TOPUP-9");
    expect(calls[0]?.url.searchParams.get("rrr")).toBe("280009999999");
    // The router applies navigations in a transition, which may settle after the toast shows.
    await waitFor(() => expect(app.location().search).toBe(""));
    expect(app.location().pathname).toBe("/dashboard");
  });

  const FAILED_CALLBACK: MockReply = {
    body: { transaction_status: "FAILED", status: "02", message: "Failed", reference: "HP-TOPUP-9" },
  };

  it("anything else is 'Top-up failed.' at once; the server is asked (to close it) and the query is removed (other parameters stay)", async () => {
    const { api, app } = openDashboard(
      "/dashboard?tab=history&status=02&rrr=280009999999&transactionId=HP-TOPUP-9&message=Declined",
      {
        [TRANSACTIONS]: { body: { count: 0, next: null, previous: null, results: [] } },
        [CALLBACK]: FAILED_CALLBACK,
      },
    );
    expect(await screen.findByText("Top-up failed.")).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(CALLBACK)).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo(CALLBACK)[0]?.url.searchParams ?? [])).toEqual({
      transaction_id: "HP-TOPUP-9",
      rrr: "280009999999",
    });
    await waitFor(() => expect(app.location().search).toBe("?tab=history"));
    expect(screen.getByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByText("Top-up successful!")).not.toBeInTheDocument();
  });

  it("'Not approved' is not 'approved'; a return with only the RRR asks by the RRR alone", async () => {
    const { api } = openDashboard("/dashboard?status=012&rrr=280009999999&message=Not%20approved", {
      [CALLBACK]: FAILED_CALLBACK,
    });
    expect(await screen.findByText("Top-up failed.")).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(CALLBACK)).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo(CALLBACK)[0]?.url.searchParams ?? [])).toEqual({ rrr: "280009999999" });
    expect(screen.queryByText("Top-up successful!")).not.toBeInTheDocument();
  });

  it("a failed return without an RRR or reference asks nothing", async () => {
    const { api } = openDashboard("/dashboard?status=02&message=Declined");
    expect(await screen.findByText("Top-up failed.")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(CALLBACK)).toHaveLength(0);
  });

  it("a success the server cannot verify says 'Top-up callback failed!'", async () => {
    openDashboard("/dashboard?status=01&rrr=280009999999&transactionId=HP-TOPUP-9&message=Approved", {
      [CALLBACK]: { status: 500, raw: "" },
    });
    expect(await screen.findByText("Top-up callback failed!")).toBeInTheDocument();
    expect(screen.queryByText("Top-up successful!")).not.toBeInTheDocument();
  });

  it("a success the server reports as failed says 'Top-up failed.'", async () => {
    openDashboard("/dashboard?status=01&rrr=280009999999&transactionId=HP-TOPUP-9&message=Approved", {
      [CALLBACK]: { body: { transaction_status: "FAILED", status: "02", message: "Failed", reference: "HP-TOPUP-9" } },
    });
    expect(await screen.findByText("Top-up failed.")).toBeInTheDocument();
    expect(screen.queryByText("Top-up successful!")).not.toBeInTheDocument();
  });

  it("reports the return once, even though the page re-renders", async () => {
    const { api } = openDashboard("/dashboard?status=01&rrr=280009999999&transactionId=HP-TOPUP-9&message=Approved", {
      [CALLBACK]: APPROVED,
    });
    expect(await screen.findByText("Top-up successful!")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(CALLBACK)).toHaveLength(1);
    expect(screen.getAllByText("Top-up successful!")).toHaveLength(1);
  });
});

describe("?fund=1", () => {
  it("opens the Fund Wallet dialog and leaves the address", async () => {
    const { app } = openDashboard("/dashboard?fund=1");
    expect(await screen.findByRole("dialog", { name: "Fund Wallet" })).toBeInTheDocument();
    await waitFor(() => expect(app.location().search).toBe(""));
  });
});
