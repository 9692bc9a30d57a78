import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv, uniqueEmail } from "./support/env";

const { baseUrl } = e2eEnv();

test("register → /verify waits out the 60 s of the first code, across a reload; a refused resend says how long to wait", async ({
  page,
}) => {
  const email = uniqueEmail("ngozi");
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel("First name").fill("Ngozi");
  await page.getByLabel("Last name").fill("Eze");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("08035551234");
  await page.getByLabel("Password", { exact: true }).fill("Ngozi-pays-2026");
  await page.getByRole("button", { name: "Create Wallet" }).click();
  await expect(page.getByText("Your wallet has been created.")).toBeVisible();
  await expect(page).toHaveURL(`${baseUrl}/login`, { timeout: 8_000 });

  await page.goto(`${baseUrl}/verify`);
  const resend = page.getByRole("button", { name: "Resend code" });
  await expect(page.getByText(email)).toBeVisible();
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/You can resend the code in \d+s\./)).toBeVisible();
  await expectNoAxeViolations(page, "verify: resend waiting after registration");

  await page.reload();
  await expect(resend).toBeDisabled();
  const left = Number((await page.getByText(/You can resend the code in \d+s\./).textContent())?.match(/(\d+)s/)?.[1]);
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(60);

  // The server holds the same line: a resend within the 60 s is refused with how long to wait.
  const refused = await page.request.post(`${baseUrl}/resend-verification-code/`, { data: { email } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);

  // A tab that did not see the registration (no stored wait) learns the wait from the server's 429.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.getByText("Failed to resend code. Please try again.")).toBeVisible();
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/You can resend the code in \d+s\./)).toBeVisible();
  await expect(page.getByRole("form", { name: "Verify your email" }).getByRole("alert")).toContainText(/wait/i);
  await expectNoAxeViolations(page, "verify: resend refused by the server (429)");
});

interface Service {
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

async function oneServiceInCart(page: Page) {
  const response = await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  const all = ((await response.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  const service = all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0)!;
  await page.goto(`${baseUrl}/`);
  await page.getByRole("button", { name: "Quick Pay" }).click();
  const dialog = page.getByRole("dialog", { name: "Select Services" });
  await dialog.getByRole("combobox", { name: "Department" }).selectOption({ label: service.department.name });
  await dialog.getByRole("button", { name: service.name, exact: true }).click();
  await dialog.getByRole("button", { name: "Proceed to cart" }).click();
  await expect(page).toHaveURL(`${baseUrl}/receipt`);
}

test("a guest's checkout details survive a reload of the payment summary", async ({ page }) => {
  await oneServiceInCart(page);
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment Summary" })).toBeVisible();
  const details = {
    "Full name": "Chinedu Okeke",
    Email: "chinedu.okeke@example.ng",
    "Phone number": "08061234987",
    "Hospital number": "FTH/2026/01234",
    "Transaction description (optional)": "Antenatal visit",
  };
  for (const [label, value] of Object.entries(details)) await page.getByLabel(label, { exact: true }).fill(value);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Payment Summary" })).toBeVisible();
  for (const [label, value] of Object.entries(details)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("checkoutDetails") ?? "{}") as object);
  expect(Object.keys(stored).sort()).toEqual(["email", "hospitalNumber", "name", "phone", "transactionDescription"]);
  await expectNoAxeViolations(page, "payment summary: details restored after a reload");

  // Clearing the cart forgets them.
  await page.getByRole("button", { name: "Back to cart" }).click();
  await page.getByRole("button", { name: "Clear cart" }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("checkoutDetails"))).toBeNull();
});
