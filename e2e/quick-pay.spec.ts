import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { waitForMail } from "./support/mail-catcher";
import { watchViolations } from "./support/csp";
import { e2eEnv, uniqueEmail } from "./support/env";

const { baseUrl, mailUrl } = e2eEnv();

interface Service {
  id: number;
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

/** One fixed-price service from one department and one open-price service from another, from the live catalogue. */
async function pickServices(page: Page) {
  const response = await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  const all = ((await response.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  const fixed = all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) < 20_000)!;
  const open = all.find((s) => s.fixed_price === "no" && Number(s.price) === 0 && s.department.name !== fixed.department.name)!;
  return { fixed, open };
}

async function openDialog(page: Page, opener: string) {
  await page.getByRole("button", { name: opener }).click();
  const dialog = page.getByRole("dialog", { name: "Select Services" });
  await expect(dialog.getByRole("button", { name: "Proceed to cart" })).toBeVisible();
  return dialog;
}

/** Landing → Quick Pay → a fixed-price service (qty 2) → cart → Add more → an open-price service from another department → cart. */
async function fillCart(page: Page) {
  const { fixed, open } = await pickServices(page);
  await page.goto(`${baseUrl}/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, "landing");
  let dialog = await openDialog(page, "Quick Pay");
  await expect(dialog.getByRole("list", { name: "Services" }).getByRole("button").first()).toBeVisible();
  await expectNoAxeViolations(page, "service selection dialog: all services");
  await dialog.getByRole("combobox", { name: "Department" }).selectOption({ label: fixed.department.name });
  await dialog.getByRole("button", { name: fixed.name, exact: true }).click();
  await dialog.getByRole("button", { name: `Increase quantity of ${fixed.name}` }).click();
  await expectNoAxeViolations(page, "service selection dialog: one department, a service selected");
  await dialog.getByRole("button", { name: "Proceed to cart" }).click();
  await expect(page).toHaveURL(`${baseUrl}/receipt`);
  await expect(page.getByRole("list", { name: "Cart items" }).getByRole("listitem")).toHaveCount(1);
  await expectNoAxeViolations(page, "guest cart (/receipt)");

  dialog = await openDialog(page, "Add more services");
  await dialog.getByRole("combobox", { name: "Department" }).selectOption({ label: open.department.name });
  await dialog.getByRole("spinbutton", { name: `Price for ${open.name}` }).fill("1500.50");
  await expectNoAxeViolations(page, "service selection dialog: an open-price service priced");
  await dialog.getByRole("button", { name: "Proceed to cart" }).click();
  await expect(page).toHaveURL(`${baseUrl}/receipt`);
  const items = page.getByRole("list", { name: "Cart items" });
  await expect(items.getByRole("listitem")).toHaveCount(2);
  const total = Number(fixed.price) * 2 + 1500.5 + 100;
  await expect(
    page.getByText(`₦${total.toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`).first(),
  ).toBeVisible();
  return { fixed, open };
}

async function fillSummary(page: Page, email: string, method: RegExp) {
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment Summary" })).toBeVisible();
  await expect(page.getByRole("radio", { name: method })).toBeVisible();
  await expectNoAxeViolations(page, "payment summary");
  await page.getByLabel("Full name").fill("Chinedu Okeke");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("08061234987");
  await page.getByLabel("Hospital number").fill("FTH/2026/01234");
  await page.getByRole("radio", { name: method }).check();
  await page.getByRole("button", { name: "Pay now" }).click();
}

test("guest pays two departments' services with Remita, gets the e-mailed receipt, and finds the payment by look-up", async ({
  page,
}) => {
  const email = uniqueEmail("chinedu");
  const violations = await watchViolations(page);
  const { fixed, open } = await fillCart(page);
  await fillSummary(page, email, /^Remita/);

  const widget = page.getByRole("dialog", { name: "Remita sandbox payment" });
  await expect(widget.getByRole("button", { name: "Approve payment" })).toBeVisible();
  await expectNoAxeViolations(page, "payment summary under the gateway's widget");
  await widget.getByRole("button", { name: "Approve payment" }).click();
  await expect(page).toHaveURL(/\/payment-success/);
  await expect(page.getByRole("status").filter({ hasText: /Status:/ })).toContainText(/success/i);
  await expect(page.getByRole("button", { name: "Check Status" })).toHaveCount(0);
  const receipt = page.getByRole("region", { name: "Payment Receipt" });
  await expect(receipt).toContainText(fixed.name);
  await expect(receipt).toContainText(open.name);
  await expectNoAxeViolations(page, "payment success: receipt");
  // The gateway's widget loaded and ran under the app's Content-Security-Policy without a violation.
  expect(await violations()).toEqual([]);

  const mail = await waitForMail(mailUrl, email, /Hospipay receipt/);
  expect(mail.text).toContain(`${fixed.name} × 2`);
  expect(mail.text).toContain(`${open.name} × 1 @ ₦1,500.50`);
  expect(mail.text).toContain("Charge fee: ₦100.00");
  const reference = mail.subject.replace("Hospipay receipt ", "");

  // The cart was cleared on success.
  expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();

  await page.goto(`${baseUrl}/`);
  const lookup = page.locator("#transaction");
  await lookup.getByLabel("Email").fill(email);
  await lookup.getByLabel("Last six digits of phone number").fill("234987");
  await lookup.getByRole("button", { name: "Find transactions" }).click();
  const record = page.getByRole("article", { name: `Transaction ${reference}` });
  await expect(record).toBeVisible();
  await expect(record).toContainText("success");
  await expect(record).toContainText(fixed.name);
  await expectNoAxeViolations(page, "landing: transaction look-up results");
});

test("a declined Remita payment shows SPEC's failure texts", async ({ page }) => {
  await fillCart(page);
  await fillSummary(page, uniqueEmail("declined"), /^Remita/);
  await page.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Decline payment" }).click();
  await expect(page.getByText("Payment Failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Please try again or select another payment method.")).toBeVisible();
  await expectNoAxeViolations(page, "payment failed");
});

test("a Monnify payment completes when the simulated transfer's webhook arrives", async ({ page }) => {
  await fillCart(page);
  await fillSummary(page, uniqueEmail("monnify"), /Monnify/);
  await expect(page).toHaveURL(/\/bank-details\/monnify\/HSP-/);
  await expect(page.getByRole("heading", { name: "Bank Transfer Details" })).toBeVisible();
  const reference = page.url().split("/").pop()!;
  const payment = (await (await page.request.get(`${baseUrl}/api/express/payments/${reference}/`)).json()) as {
    amount: string;
    bank_account: { account_number: string };
  };
  await expect(page.getByText(payment.bank_account.account_number).first()).toBeVisible();
  await expect(page.getByText("Waiting for your transfer…")).toBeVisible();
  await expectNoAxeViolations(page, "bank details: waiting for the transfer");
  // The payer's bank transfer, as Monnify's sandbox sees it: it then sends its signed webhook.
  const transfer = await page.request.post(`${baseUrl}/sandbox/monnify/_control/transfer`, {
    data: { accountNumber: payment.bank_account.account_number, amount: payment.amount },
  });
  expect(transfer.ok()).toBe(true);
  await expect(page.getByText("Payment received")).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page, "bank details: payment received");
});

test("the dialog keeps working from cache while the catalogue provider is down", async ({ page }) => {
  await page.goto(`${baseUrl}/`);
  let dialog = await openDialog(page, "Quick Pay");
  await expect(dialog.getByRole("list", { name: "Services" }).getByRole("button").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.request.post(`${baseUrl}/sandbox/provider/_control`, { data: { mode: "down" } });
  try {
    await page.reload();
    dialog = await openDialog(page, "Quick Pay");
    await expect(dialog.getByRole("list", { name: "Services" }).getByRole("button").first()).toBeVisible();
    await expect(dialog.getByText(/^Error:/)).toHaveCount(0);
    await expectNoAxeViolations(page, "service selection dialog: catalogue provider down, from cache");
  } finally {
    await page.request.post(`${baseUrl}/sandbox/provider/_control`, { data: { mode: "up" } });
  }
});
