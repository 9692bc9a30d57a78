import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { watchViolations } from "./support/csp";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signInViaApi } from "./support/session";

const { baseUrl, demo } = e2eEnv();

// The one journey with the app's service worker (the others block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

const OFFLINE_BANNER =
  "You are offline. You can browse services and receipts you have already opened; paying needs a connection.";
const OFFLINE_PAY_REFUSAL = "You are offline. Paying needs an internet connection.";
const NOT_CHECKED_OFFLINE = "You are offline, so this payment cannot be checked. Use “Check Status” once you are back online.";
const KEEP_RECEIPT = "Keep this receipt on this device";

/** The first load of a page installs the worker; resolves once it controls the page. */
async function untilWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

interface Service {
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

/** A fixed-price service of the live catalogue. */
async function pickService(page: Page): Promise<Service> {
  const response = await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  const all = ((await response.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  return all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) < 20_000)!;
}

/** Quick Pay's dialog, its catalogue listed. */
async function openServiceDialog(page: Page) {
  await page.getByRole("button", { name: "Quick Pay" }).click();
  const dialog = page.getByRole("dialog", { name: "Select Services" });
  await expect(dialog.getByRole("list", { name: "Services" }).getByRole("button").first()).toBeVisible();
  return dialog;
}

/** The dialog → one service → the cart → the payment summary. */
async function toPaymentSummary(page: Page, service: Service) {
  const dialog = await openServiceDialog(page);
  await dialog.getByRole("combobox", { name: "Department" }).selectOption({ label: service.department.name });
  await dialog.getByRole("button", { name: service.name, exact: true }).click();
  await dialog.getByRole("button", { name: "Proceed to cart" }).click();
  await expect(page).toHaveURL(`${baseUrl}/receipt`);
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment Summary" })).toBeVisible();
}

test("with the network cut, the landing page, the service dialog and a receipt already seen still show; paying says it needs a connection", async ({
  page,
  context,
}) => {
  // A whole payment, then every offline state under axe.
  test.setTimeout(150_000);
  const service = await pickService(page);
  const violations = await watchViolations(page);

  // First visit: the service worker installs (its precache complete once it is ready) and takes the page over.
  await page.goto(`${baseUrl}/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The manifest and the worker load under the app's Content-Security-Policy (worker-src, manifest-src).
  await untilWorkerControls(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseUrl}/sw.js`);

  // A guest pays with Remita's sandbox and sees the receipt: the catalogue and the receipt pass through the worker.
  await toPaymentSummary(page, service);
  await page.getByLabel("Full name").fill("Amina Bello");
  await page.getByLabel("Email").fill(uniqueEmail("offline"));
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByLabel("Hospital number").fill("FTH/2026/04321");
  await page.getByRole("radio", { name: /^Remita/ }).check();
  const created = page.waitForResponse((response) => response.url().endsWith("/express/checkout/") && response.ok());
  await page.getByRole("button", { name: "Pay now" }).click();
  const { reference } = (await (await created).json()) as { reference: string };
  await page.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Approve payment" }).click();
  await expect(page).toHaveURL(/\/payment-success/);
  const receipt = page.getByRole("region", { name: "Payment Receipt" });
  await expect(receipt).toContainText(service.name);
  expect(await violations()).toEqual([]);
  // The receipt by its link, as the e-mail and the bank-details page give it, while still online.
  await page.goto(`${baseUrl}/payment-success?reference=${reference}`);
  await expect(page.getByRole("region", { name: "Payment Receipt" })).toContainText(service.name);
  await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);

  await context.setOffline(true);

  // The landing page reloads from the worker's precache, with the banner.
  await page.goto(`${baseUrl}/`);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Hospipay" })).toBeVisible();
  const banner = page.getByRole("status").filter({ hasText: OFFLINE_BANNER });
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page, "landing, offline");

  // The server's own paths are never answered by the worker: offline they fail, as without it.
  const other = await context.newPage();
  await expect(other.goto(`${baseUrl}/healthz`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await other.close();

  // The service dialog lists the catalogue's last answer.
  const dialog = await openServiceDialog(page);
  await expect(dialog.getByRole("button", { name: service.name, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "service selection dialog, offline");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The receipt already seen shows again.
  await page.goto(`${baseUrl}/payment-success?reference=${reference}`);
  const seen = page.getByRole("region", { name: "Payment Receipt" });
  await expect(seen).toContainText(service.name);
  await expect(seen).toContainText(reference);
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page, "payment receipt, offline");

  // Paying offline is refused: nothing is sent, nothing is kept for later.
  const checkouts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") checkouts.push(request.url());
  });
  await page.goto(`${baseUrl}/`);
  await toPaymentSummary(page, service);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("alert").filter({ hasText: OFFLINE_PAY_REFUSAL })).toBeVisible();
  await expectNoAxeViolations(page, "payment summary, Pay now refused offline");
  expect(checkouts).toEqual([]);

  // Back online: the banner and the refusal go; nothing was sent meanwhile.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);
  await expect(page.getByText(OFFLINE_PAY_REFUSAL)).toHaveCount(0);
  expect(checkouts).toEqual([]);
  // A guest's receipts last for the tab's session: a new tab, offline, has no copy of it, and says so
  // without inventing a status or a date.
  await context.setOffline(true);
  const newTab = await context.newPage();
  await newTab.goto(`${baseUrl}/payment-success?reference=${reference}`);
  await expect(newTab.getByText(NOT_CHECKED_OFFLINE)).toBeVisible();
  const unchecked = newTab.getByRole("region", { name: "Not checked: you are offline. This is not a receipt" });
  await expect(unchecked).toContainText(reference);
  await expect(unchecked).not.toContainText("Date");
  await expect(unchecked).not.toContainText(service.name);
  await expectNoAxeViolations(newTab, "payment status, not checked offline");
  await newTab.close();

  // Kept on this device by the guest's choice, it opens offline in any tab.
  await context.setOffline(false);
  await page.goto(`${baseUrl}/payment-success?reference=${reference}`);
  const keep = page.getByRole("checkbox", { name: KEEP_RECEIPT });
  await expect(keep).not.toBeChecked();
  await expectNoAxeViolations(page, "payment receipt with the keep choice");
  await keep.check();
  await expect(keep).toBeChecked();
  await context.setOffline(true);
  const laterTab = await context.newPage();
  await laterTab.goto(`${baseUrl}/payment-success?reference=${reference}`);
  const kept = laterTab.getByRole("region", { name: "Payment Receipt" });
  await expect(kept).toContainText(service.name);
  await expect(laterTab.getByRole("checkbox", { name: KEEP_RECEIPT })).toBeChecked();
  await laterTab.close();
  await context.setOffline(false);
});

test("a signed-in page reloaded offline keeps the session and says it needs a connection; signing out takes the receipts seen with it", async ({
  page,
  context,
}) => {
  await page.goto(`${baseUrl}/`);
  await untilWorkerControls(page);
  await signInViaApi(page, baseUrl, demo.CUSTOMER!);
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token).not.toBeNull();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "This page needs a connection" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("You are still signed in. The page loads once you are back online.")).toBeVisible();
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(token);
  await expectNoAxeViolations(page, "signed-in page, offline");

  // Back online, the page loads by itself, still signed in.
  await context.setOffline(false);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible({ timeout: 15_000 });

  // A receipt the customer's session holds goes with the sign-out.
  await page.evaluate(async () => {
    const cache = await caches.open("receipts");
    await cache.put("/api/express/payments/HSP-E2E-SEEN/", new Response("{}"));
  });
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${baseUrl}/login`);
  expect(await page.evaluate(() => caches.has("receipts"))).toBe(false);
});
