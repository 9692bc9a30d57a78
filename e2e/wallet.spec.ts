import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv } from "./support/env";
import { signUpVerifiedCustomer } from "./support/session";

const { baseUrl, mailUrl } = e2eEnv();

interface Service {
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function catalogue(page: Page): Promise<Service[]> {
  const response = await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  return ((await response.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
}

/** Two cheap fixed-price services of one department (choosing a department clears the selection). */
function twoFromOneDepartment(all: Service[]): [Service, Service] {
  const cheap = all.filter((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 1_500);
  for (const first of cheap) {
    const second = cheap.find((s) => s !== first && s.department.name === first.department.name);
    if (second) return [first, second];
  }
  throw new Error("no department has two services under ₦1,500");
}

function signUpAndSignIn(page: Page) {
  return signUpVerifiedCustomer(
    page,
    { baseUrl, mailUrl },
    {
      prefix: "wallet",
      firstName: "Ifeoma",
      lastName: "Nnaji",
      phone: "08035551234",
    },
  );
}

async function cartFromDialog(page: Page, department: string, services: Service[]) {
  await page.getByRole("button", { name: "Pay Hospital Services" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Select Services" });
  await expect(dialog.getByRole("button", { name: "Proceed to cart" })).toBeVisible();
  await dialog.getByRole("combobox", { name: "Department" }).selectOption({ label: department });
  for (const service of services) await dialog.getByRole("button", { name: service.name, exact: true }).click();
  await expectNoAxeViolations(page, "service selection dialog (customer): services selected");
  await dialog.getByRole("button", { name: "Proceed to cart" }).click();
  await expect(page).toHaveURL(`${baseUrl}/wallet-pay`);
  await expect(page.getByRole("button", { name: "Pay from wallet" })).toBeVisible();
  await expectNoAxeViolations(page, "wallet payment (/wallet-pay): for self");
}

async function someoneElse(page: Page) {
  await page.getByRole("radio", { name: "Someone Else" }).check();
  await page.getByRole("textbox", { name: "First name" }).fill("Obinna");
  await page.getByRole("textbox", { name: "Last name" }).fill("Nnaji");
  await page.getByRole("textbox", { name: "Email" }).fill("obinna.nnaji@example.ng");
  await page.getByRole("textbox", { name: "Phone number" }).fill("08037770000");
  await page.getByRole("textbox", { name: "Hospital number" }).fill("FTH/2026/07777");
  await page.getByRole("textbox", { name: "Transaction description" }).fill("Tests for my brother");
  await expectNoAxeViolations(page, "wallet payment: for someone else");
}

test("fund ₦5,000 with Remita, pay two services for someone else, see both in History, then be told the balance is short", async ({
  page,
}) => {
  const all = await catalogue(page);
  const [first, second] = twoFromOneDepartment(all);
  await signUpAndSignIn(page);

  await page.getByRole("button", { name: "Fund Wallet" }).click();
  const fund = page.getByRole("dialog", { name: "Fund Wallet" });
  await expect(fund.getByRole("textbox", { name: "Amount (₦)" })).toBeVisible();
  await expectNoAxeViolations(page, "fund wallet dialog");
  await fund.getByRole("textbox", { name: "Amount (₦)" }).fill("5000");
  await fund.getByRole("button", { name: "Top up wallet" }).click();
  await page.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Approve payment" }).click();
  await expect(page.getByText("Top-up successful!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Wallet balance" })).toContainText("₦5,000.00");
  await expectNoAxeViolations(page, "customer dashboard: top-up successful");

  await cartFromDialog(page, first.department.name, [first, second]);
  await someoneElse(page);
  await page.getByRole("button", { name: "Pay from wallet" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm wallet payment" });
  await expect(confirm).toContainText("₦100.00");
  const spentKobo = Math.round(Number(first.price) * 100) + Math.round(Number(second.price) * 100) + 10_000;
  await expect(confirm).toContainText(naira(spentKobo));
  await expectNoAxeViolations(page, "confirm wallet payment dialog");
  await confirm.getByRole("button", { name: "Confirm payment" }).click();
  const status = page.getByRole("dialog", { name: "Payment successful" });
  await expect(status).toContainText("Status: completed");
  await expectNoAxeViolations(page, "wallet payment successful dialog");
  await status.getByRole("button", { name: "Back to dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("region", { name: "Wallet balance" })).toContainText(naira(500_000 - spentKobo));

  await page.getByRole("tab", { name: "History" }).click();
  const history = page.getByRole("list", { name: "Wallet transactions" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history).toContainText("credit");
  await expect(history).toContainText("debit");
  await expectNoAxeViolations(page, "customer dashboard: History tab");

  const expensive = all.find((s) => s.fixed_price !== "no" && Number(s.price) * 100 > 500_000 - spentKobo)!;
  await cartFromDialog(page, expensive.department.name, [expensive]);
  await someoneElse(page);
  await page.getByRole("button", { name: "Pay from wallet" }).click();
  await expect(page.getByText("Insufficient wallet balance. Please fund your wallet.").first()).toBeVisible();
  await expectNoAxeViolations(page, "wallet payment: insufficient balance");
});
