import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv } from "./support/env";
import { signUpVerifiedCustomer } from "./support/session";
import { lookAt } from "./support/look";

const { baseUrl, mailUrl } = e2eEnv();

/** How long the public callback shares Remita's answer about one payment (GATEWAY_QUERY_COOLDOWN_MS's default). */
const SHARED_ANSWER_MS = 5_000;

function signUpAndSignIn(page: Page) {
  return signUpVerifiedCustomer(
    page,
    { baseUrl, mailUrl },
    {
      prefix: "declined",
      firstName: "Chiamaka",
      lastName: "Okafor",
      phone: "08035557788",
    },
  );
}

/** Starts a top-up from the Fund Wallet dialog; resolves with its reference and RRR once Remita's widget is open. */
async function startTopUp(page: Page, amount: string) {
  await page.getByRole("button", { name: "Fund Wallet" }).click();
  const fund = page.getByRole("dialog", { name: "Fund Wallet" });
  await fund.getByRole("textbox", { name: "Amount (₦)" }).fill(amount);
  const created = page.waitForResponse((response) => response.url().endsWith("/express/top-up/") && response.status() === 201);
  await fund.getByRole("button", { name: "Top up wallet" }).click();
  const body = (await (await created).json()) as { reference: string; rrr_response: { RRR: string } };
  const widget = page.getByRole("dialog", { name: "Remita sandbox payment" });
  await expect(widget).toBeVisible();
  return { reference: body.reference, rrr: body.rrr_response.RRR, widget };
}

function historyRow(page: Page, reference: string): Locator {
  return page.getByRole("list", { name: "Wallet transactions" }).getByRole("listitem").filter({ hasText: reference });
}

async function expectFailed(row: Locator, amount: string, closed: "failed" | "cancelled" = "failed") {
  const sentence = closed === "failed" ? "This top-up failed." : "This top-up was cancelled.";
  await expect(row).toContainText(`${sentence} Nothing was added to your wallet.`);
  // SPEC's status word, with what closed it beside it.
  await expect(row.getByText(closed === "failed" ? "failed" : "failed (cancelled)", { exact: true })).toBeVisible();
  await expect(row.locator("s")).toHaveText(amount);
  await expect(row).not.toContainText(`+${amount}`);
  await expect(row.getByRole("button", { name: "Proceed" })).toHaveCount(0);
}

test("a declined top-up and one the payer abandoned on Remita's page fail at once, with no 'Proceed' and no green '+'", async ({
  page,
}) => {
  await signUpAndSignIn(page);

  // Declined in Remita's widget: the server asks Remita, which says 02, and closes the top-up.
  const declined = await startTopUp(page, "3000");
  await expectNoAxeViolations(page, "Remita widget over the dashboard");
  await declined.widget.getByRole("button", { name: "Decline payment" }).click();
  await expect(page.getByText("Top-up failed.", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "History" }).click();
  await expectFailed(historyRow(page, declined.reference), "₦3,000.00");
  await expectNoAxeViolations(page, "History: a declined top-up, failed");
  await lookAt(page, "c-declined-390");

  // Closed without a word from Remita (still 025): it awaits payment, and 'Proceed' is offered.
  const closed = await startTopUp(page, "2000");
  await closed.widget.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("Top-up cancelled.", { exact: true })).toBeVisible();
  const waiting = historyRow(page, closed.reference);
  await expect(waiting).toContainText(/awaiting payment/i);
  await expect(waiting).toContainText("This top-up is waiting for payment.");
  await expect(waiting).not.toContainText("+₦2,000.00");
  await expect(waiting.getByRole("button", { name: "Proceed" })).toBeVisible();
  await expectNoAxeViolations(page, "History: a closed top-up, awaiting payment");
  await lookAt(page, "c-awaiting-390");

  // The payer then abandons it on Remita's page (012) and is sent back with a status that is no success:
  // the server asks Remita, which says the payer abandoned it, and the top-up is closed as cancelled.
  const aborted = await page.request.post(`${baseUrl}/sandbox/remita/_control/pay`, {
    data: { rrr: closed.rrr, outcome: "abort", notify: false },
  });
  expect(aborted.status()).toBe(200);
  // The close above made the server ask Remita; a new ask gets a new answer once that one is no longer shared.
  await page.waitForTimeout(SHARED_ANSWER_MS + 500);
  await page.goto(
    `${baseUrl}/dashboard?tab=history&status=012&rrr=${closed.rrr}&transactionId=${closed.reference}&message=User%20Aborted%20Transaction`,
  );
  await expect(page.getByText("Top-up failed.", { exact: true })).toBeVisible();
  await expectFailed(historyRow(page, closed.reference), "₦2,000.00", "cancelled");
  await expect(page).toHaveURL(`${baseUrl}/dashboard?tab=history`);

  // Only money that arrived is a green '+'.
  const approved = await startTopUp(page, "1000");
  await approved.widget.getByRole("button", { name: "Approve payment" }).click();
  await expect(page.getByText("Top-up successful!", { exact: true })).toBeVisible();
  const paid = historyRow(page, approved.reference);
  await expect(paid).toContainText("+₦1,000.00");
  await expect(paid.getByText("+₦1,000.00")).toHaveClass(/text-emerald-800/);
  await expect(page.getByRole("list", { name: "Wallet transactions" }).getByRole("button", { name: "Proceed" })).toHaveCount(0);
  await expectNoAxeViolations(page, "History: completed, failed and abandoned top-ups");
  await lookAt(page, "c-history-390");

  // The Overview's recent transactions read the same.
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page.getByRole("region", { name: "Wallet balance" })).toContainText("₦1,000.00");
  const recent = page.getByRole("list", { name: "Recent transactions" });
  await expect(recent.getByRole("listitem").filter({ hasText: declined.reference })).toContainText(
    "This top-up failed. Nothing was added to your wallet.",
  );
  await expect(recent).not.toContainText("+₦3,000.00");
  await expect(recent).not.toContainText("+₦2,000.00");

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole("tab", { name: "History" }).click();
  await expectFailed(historyRow(page, declined.reference), "₦3,000.00");
  await expectNoAxeViolations(page, "History at 1366 px");
  await lookAt(page, "c-history-1366");
});
