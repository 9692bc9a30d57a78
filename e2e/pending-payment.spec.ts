import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv, uniqueEmail } from "./support/env";
import { lookAt } from "./support/look";

const { baseUrl } = e2eEnv();

const STILL_OPEN =
  "Payment not completed. You can pay again or choose another payment method. This payment is still open: pressing Pay now again for the same cart continues it with the same reference, so you are never charged twice.";
const RESUMED = "You already started this payment: it continues with the same reference, not a new charge.";
const CANCELLED = "Payment cancelled. Nothing was charged. You can pay again or choose another payment method.";
const PHONE = "08067771234";

interface Service {
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

interface Started {
  reference: string;
  rrr: string;
  resumed?: boolean;
}

/** Quick Pay → one fixed-price service → cart → payment summary with the payer's details and Remita. */
async function openSummary(page: Page, email: string) {
  const response = await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  const all = ((await response.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  const service = all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) < 20_000)!;
  await page.goto(`${baseUrl}/`);
  await page.getByRole("button", { name: "Quick Pay" }).click();
  const dialog = page.getByRole("dialog", { name: "Select Services" });
  await dialog.getByRole("combobox", { name: "Department" }).selectOption({ label: service.department.name });
  await dialog.getByRole("button", { name: service.name, exact: true }).click();
  await dialog.getByRole("button", { name: "Proceed to cart" }).click();
  await expect(page).toHaveURL(`${baseUrl}/receipt`);
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment Summary" })).toBeVisible();
  await page.getByLabel("Full name").fill("Bisi Adeyemi");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill(PHONE);
  await page.getByLabel("Hospital number").fill("FTH/2026/07777");
  await page.getByRole("radio", { name: /^Remita/ }).check();
}

/** Presses Pay now and returns the server's answer, once Remita's widget is open. */
async function payNow(page: Page): Promise<Started> {
  const answer = page.waitForResponse((r) => r.url().endsWith("/express/checkout/") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Pay now" }).click();
  const started = (await (await answer).json()) as Started;
  await expect(page.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Close" })).toBeVisible();
  return started;
}

async function closeWidget(page: Page) {
  await page.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog", { name: "Remita sandbox payment" })).toHaveCount(0);
}

async function lookUp(page: Page, email: string) {
  await page.goto(`${baseUrl}/#transaction`);
  const section = page.locator("#transaction");
  await section.getByLabel("Email").fill(email);
  await section.getByLabel("Last six digits of phone number").fill(PHONE.slice(-6));
  await section.getByRole("button", { name: "Find transactions" }).click();
  await expect(page.getByRole("list", { name: "Transactions found" })).toBeVisible();
  return page.getByRole("list", { name: "Transactions found" }).getByRole("article");
}

test("one cart, one pending payment: Pay now again continues it, closing the widget asks Remita, and the look-up never shows several charges", async ({
  page,
}) => {
  const email = uniqueEmail("pending");
  await openSummary(page, email);

  // Closed while Remita still offers the RRR: the payment stays open.
  const first = await payNow(page);
  await closeWidget(page);
  await expect(page.getByText(STILL_OPEN)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay now" })).toBeEnabled();
  await expectNoAxeViolations(page, "payment summary: widget closed, payment still open");
  await lookAt(page, "b-still-open");

  // Pay now again for the same cart: the same reference and RRR, and the widget shows that RRR.
  const again = await payNow(page);
  expect(again).toMatchObject({ reference: first.reference, rrr: first.rrr, resumed: true });
  await expect(page.getByText(RESUMED)).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Remita sandbox payment" })).toContainText(
    first.rrr.replace(/(\d{4})(?=\d)/g, "$1-"),
  );
  await expectNoAxeViolations(page, "payment summary: the same payment continued, under the widget");
  await lookAt(page, "b-resumed");

  // The payer aborts at Remita, then closes: Remita says aborted, so the payment is closed as cancelled.
  const aborted = await page.request.post(`${baseUrl}/sandbox/remita/_control/pay`, {
    data: { rrr: first.rrr, outcome: "abort", notify: false },
  });
  expect(aborted.ok()).toBe(true);
  // The server shares a gateway's answer for GATEWAY_QUERY_COOLDOWN_MS (5 s); the close is asked anew after it.
  await page.waitForTimeout(5_500);
  await closeWidget(page);
  await expect(page.getByText(CANCELLED)).toBeVisible();
  await expect(page.getByText("Payment Failed", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, "payment summary: payment cancelled");
  await lookAt(page, "b-cancelled");

  // After a cancellation the next press is a new payment, left open by a plain close.
  const second = await payNow(page);
  expect(second.reference).not.toBe(first.reference);
  expect(second.resumed).toBeUndefined();
  await closeWidget(page);
  await expect(page.getByText(STILL_OPEN)).toBeVisible();

  const records = await lookUp(page, email);
  await expect(records).toHaveCount(2);
  const cancelled = page.getByRole("article", { name: `Transaction ${first.reference}` });
  await expect(cancelled.getByText("failed (cancelled)", { exact: true })).toBeVisible();
  await expect(cancelled.getByText("Amount (not charged)", { exact: true })).toBeVisible();
  const open = page.getByRole("article", { name: `Transaction ${second.reference}` });
  await expect(open.getByText("pending (awaiting payment)", { exact: true })).toBeVisible();
  await expect(open.getByText("Amount due", { exact: true })).toBeVisible();
  for (const [name, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1366, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect(open.getByText("pending (awaiting payment)", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, `look-up (${name}): a cancelled payment and one awaiting payment`);
    await lookAt(page.locator("#transaction"), `b-lookup-${name}`);
  }
});
