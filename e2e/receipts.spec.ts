import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { waitForMail } from "./support/mail-catcher";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signUpVerifiedCustomer } from "./support/session";
import { lookAt } from "./support/look";

const { baseUrl, mailUrl } = e2eEnv();

interface Service {
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
] as const;

/** Where the journeys' screenshots go, to be looked at (never committed). */
const shot = (page: Page, name: string) => lookAt(page, `a-receipts-${name}`);

async function catalogue(page: Page): Promise<Service[]> {
  const response = await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  return ((await response.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
}

/** Records window.print() calls instead of opening the browser's print dialog. */
async function stubPrint(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}

const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

/** A guest's Remita payment for one fixed-price service up to the gateway's widget; returns its reference. */
async function guestPaymentToWidget(page: Page, service: Service, email: string): Promise<string> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole("button", { name: "Quick Pay" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Select Services" });
  await dialog.getByRole("combobox", { name: "Department" }).selectOption({ label: service.department.name });
  await dialog.getByRole("button", { name: service.name, exact: true }).click();
  await dialog.getByRole("button", { name: "Proceed to cart" }).click();
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await page.getByLabel("Full name").fill("Chinedu Okeke");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("08061234987");
  await page.getByLabel("Hospital number").fill("FTH/2026/01234");
  await page.getByRole("radio", { name: /^Remita/ }).check();
  const created = page.waitForResponse(
    (response) => response.url().endsWith("/express/checkout/") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Pay now" }).click();
  const reference = ((await (await created).json()) as { reference: string }).reference;
  await expect(
    page.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Approve payment" }),
  ).toBeVisible();
  return reference;
}

for (const viewport of VIEWPORTS) {
  test(`/payment-success (${viewport.name}, ${viewport.width} px): nothing passed offers the look-up; pending, failed and completed payments are headed and printed as what they are`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const service = (await catalogue(page)).find(
      (s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) < 20_000,
    )!;

    // Nothing passed: no status is claimed, the look-up is offered.
    await page.goto(`${baseUrl}/payment-success`);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Status" })).toBeVisible();
    await expect(page.getByText("No payment was given to this page, so there is no status to show.")).toBeVisible();
    await expect(page.getByText(/Status:/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Print receipt" })).toHaveCount(0);
    await expectNoAxeViolations(page, "payment status: nothing passed");
    await shot(page, `nothing-${viewport.width}`);
    await page.getByRole("link", { name: "Look up a transaction" }).click();
    await expect(page).toHaveURL(`${baseUrl}/#transaction`);
    await expect(page.locator("#transaction").getByRole("button", { name: "Find transactions" })).toBeVisible();

    // Pending: the payment exists, the gateway has not been paid.
    const pending = await guestPaymentToWidget(page, service, uniqueEmail("pending"));
    await page.goto(`${baseUrl}/payment-success?reference=${pending}`);
    await expect(page.getByRole("region", { name: "Awaiting payment: this is not a receipt" })).toContainText(service.name);
    await expect(page.getByRole("status").filter({ hasText: "Status:" })).toHaveText("Status: pending (awaiting payment)");
    await expect(page.getByRole("button", { name: "Print receipt" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Check Status" })).toBeVisible();
    await expectNoAxeViolations(page, "payment status: pending");
    await shot(page, `pending-${viewport.width}`);
    // Printed from the browser's menu, it still says what it is.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { name: "Awaiting payment: this is not a receipt" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment Receipt" })).toHaveCount(0);
    await shot(page, `pending-print-${viewport.width}`);
    await page.emulateMedia({ media: "screen" });

    // Failed: declined in the gateway's widget; the status page asks the gateway.
    const failed = await guestPaymentToWidget(page, service, uniqueEmail("failed"));
    await page.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Decline payment" }).click();
    await expect(page.getByText("Payment Failed", { exact: true })).toBeVisible();
    await page.goto(`${baseUrl}/payment-success?reference=${failed}`);
    await expect(page.getByRole("region", { name: "Payment failed" })).toContainText(service.name);
    await expect(page.getByRole("status").filter({ hasText: "Status:" })).toHaveText("Status: failed");
    await expect(page.getByText("This payment did not go through. You can pay again.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Print receipt" })).toHaveCount(0);
    await expectNoAxeViolations(page, "payment status: failed");
    await shot(page, `failed-${viewport.width}`);
    await page.getByRole("link", { name: "Pay again" }).click();
    await expect(page).toHaveURL(`${baseUrl}/receipt`);
    await expect(page.getByRole("list", { name: "Cart items" })).toContainText(service.name);

    // Completed: approved, and only now a receipt with 'Print receipt'.
    const email = uniqueEmail("paid");
    const paid = await guestPaymentToWidget(page, service, email);
    await page.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Approve payment" }).click();
    await expect(page).toHaveURL(/\/payment-success/);
    const receipt = page.getByRole("region", { name: "Payment Receipt" });
    await expect(receipt).toContainText(paid);
    await expect(receipt).toContainText(service.name);
    await expect(page.getByRole("status").filter({ hasText: "Status:" })).toHaveText("Status: success");
    await expect(page.getByRole("button", { name: "Check Status" })).toHaveCount(0);
    await expectNoAxeViolations(page, "payment status: completed (receipt)");
    await shot(page, `completed-${viewport.width}`);
    await stubPrint(page);
    await page.getByRole("button", { name: "Print receipt" }).click();
    expect(await printed(page)).toBe(1);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { name: "Payment Receipt" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Print receipt" })).toBeHidden();
    await shot(page, `completed-print-${viewport.width}`);
    await page.emulateMedia({ media: "screen" });
    await waitForMail(mailUrl, email, /Hospipay receipt/);
  });

  test(`wallet payment (${viewport.name}, ${viewport.width} px): a negative typed price is refused at the field; the receipt names the patient and prints alone`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const open = (await catalogue(page)).find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
    await signUpVerifiedCustomer(
      page,
      { baseUrl, mailUrl },
      { prefix: "walletrcpt", firstName: "Ifeoma", lastName: "Nnaji", phone: "08035551234" },
    );

    await page.getByRole("button", { name: "Fund Wallet" }).click();
    const fund = page.getByRole("dialog", { name: "Fund Wallet" });
    await fund.getByRole("textbox", { name: "Amount (₦)" }).fill("5000");
    await fund.getByRole("button", { name: "Top up wallet" }).click();
    await page.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Approve payment" }).click();
    await expect(page.getByRole("region", { name: "Wallet balance" })).toContainText("₦5,000.00");

    // The typed price: negative is refused next to the field, and nothing can be added.
    await page.getByRole("button", { name: "Pay Hospital Services" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Select Services" });
    await dialog.getByRole("combobox", { name: "Department" }).selectOption({ label: open.department.name });
    const price = dialog.getByRole("spinbutton", { name: `Price for ${open.name}` });
    await price.fill("-250");
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText("The price cannot be negative.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Proceed to cart" })).toBeDisabled();
    await expectNoAxeViolations(page, "service selection: a negative typed price");
    await price.scrollIntoViewIfNeeded();
    await lookAt(dialog, `a-receipts-price-negative-${viewport.width}`);
    await price.fill("1500.50");
    await expect(dialog.getByText("The price cannot be negative.")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Proceed to cart" }).click();
    await expect(page).toHaveURL(`${baseUrl}/wallet-pay`);

    // Paid for someone else: the receipt names the patient and whose wallet paid.
    await page.getByRole("radio", { name: "Someone Else" }).check();
    await page.getByRole("textbox", { name: "First name" }).fill("Obinna");
    await page.getByRole("textbox", { name: "Last name" }).fill("Nnaji");
    await page.getByRole("textbox", { name: "Email" }).fill("obinna.nnaji@example.ng");
    await page.getByRole("textbox", { name: "Phone number" }).fill("08037770000");
    await page.getByRole("textbox", { name: "Hospital number" }).fill("FTH/2026/07777");
    await page.getByRole("textbox", { name: "Transaction description" }).fill("Deposit for my brother");
    await page.getByRole("button", { name: "Pay from wallet" }).click();
    await page.getByRole("dialog", { name: "Confirm wallet payment" }).getByRole("button", { name: "Confirm payment" }).click();
    const status = page.getByRole("dialog", { name: "Payment successful" });
    const receipt = status.getByRole("region", { name: "Payment Receipt" });
    await expect(receipt).toContainText("Paid forObinna Nnaji");
    await expect(receipt).toContainText("FTH/2026/07777");
    await expect(receipt).toContainText("Paid byIfeoma Nnaji (wallet)");
    await expect(receipt).toContainText(open.name);
    await expect(receipt).toContainText("₦1,600.50");
    await expectNoAxeViolations(page, "wallet payment: receipt for someone else");
    await shot(page, `wallet-receipt-${viewport.width}`);
    await stubPrint(page);
    await status.getByRole("button", { name: "Print receipt" }).click();
    expect(await printed(page)).toBe(1);
    // Printed, the receipt is alone: no page behind it, no buttons.
    await page.emulateMedia({ media: "print" });
    await expect(receipt).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Wallet Payment" })).toBeHidden();
    await expect(status.getByRole("button", { name: "Print receipt" })).toBeHidden();
    await shot(page, `wallet-receipt-print-${viewport.width}`);
  });
}
