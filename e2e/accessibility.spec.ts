import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signInViaApi } from "./support/session";

// Every journey checks the screens it passes through with axe (support/a11y.ts). This file visits the
// screens and states no other journey reaches: empty and error states, the remaining tabs, and the
// staff operations (bank transfer confirmation, refunds and their approval, staff accounts, audit log).

const { baseUrl, demo } = e2eEnv();

// The staff dashboards' days are West Africa Time days, as in staff.spec.ts.
test.use({ timezoneId: "Africa/Lagos" });

interface Service {
  id: number;
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

async function catalogue(request: APIRequestContext): Promise<Service[]> {
  const response = await request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  return ((await response.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
}

/** POST /express/checkout/ as the Payment Summary (guest) or the signed-in customer makes it. */
async function checkout(
  request: APIRequestContext,
  method: "remita" | "bank_transfer",
  service: Service,
  qty: number,
  token?: string,
): Promise<{ reference: string; rrr: string | null; amount: string }> {
  const response = await request.post(`${baseUrl}/express/checkout/`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data: {
      items: [{ service, amount: service.price, qty }],
      customer_meta: {
        name: "Adaeze Accessible",
        email: uniqueEmail("adaeze"),
        phone: "08061230000",
        hospital_number: "FTH/2026/05555",
        transaction_description: "Accessibility journey",
      },
      payment_method: method,
      charge_fee: "100.00",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { reference: string; rrr: string | null; amount: string };
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

test("public screens: about, not found, mobile menu, look-up, empty cart and dialog, and the auth forms' errors", async ({
  page,
}) => {
  await page.goto(`${baseUrl}/about`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, "about");

  await page.goto(`${baseUrl}/no-such-page`);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectNoAxeViolations(page, "not found");

  await page.goto(`${baseUrl}/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expectNoAxeViolations(page, "landing: mobile menu open");
  await page.getByRole("button", { name: "Menu" }).click();

  // The look-up: missing input, nothing found, and the server failing.
  const lookup = page.locator("#transaction");
  await lookup.getByRole("button", { name: "Find transactions" }).click();
  await expect(lookup.getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page, "landing: look-up with missing input");
  await lookup.getByLabel("Email").fill(uniqueEmail("nobody"));
  await lookup.getByLabel("Last six digits of phone number").fill("000000");
  await lookup.getByRole("button", { name: "Find transactions" }).click();
  await expect(lookup.getByText("No transaction history found.")).toBeVisible();
  await expectNoAxeViolations(page, "landing: look-up found nothing");
  await page.route("**/api/express/fetch-transactions/**", (route) => route.fulfill({ status: 500, body: "" }));
  await lookup.getByLabel("Last six digits of phone number").fill("111111");
  await lookup.getByRole("button", { name: "Find transactions" }).click();
  await expect(lookup.getByText(/Failed to fetch transaction history/)).toBeVisible();
  await expectNoAxeViolations(page, "landing: look-up failed");
  await page.unroute("**/api/express/fetch-transactions/**");

  // The service selection dialog with nothing matching the search.
  await page.getByRole("button", { name: "Quick Pay" }).click();
  const dialog = page.getByRole("dialog", { name: "Select Services" });
  await dialog.getByLabel("Search services").fill("zz-no-such-service-zz");
  await expect(dialog.getByText("No services found. Try adjusting your search or select a department.")).toBeVisible();
  await expectNoAxeViolations(page, "service selection dialog: no services found");
  await dialog.getByRole("button", { name: "Close" }).click();

  await page.goto(`${baseUrl}/receipt`);
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expectNoAxeViolations(page, "guest cart: empty");

  await page.goto(`${baseUrl}/login`);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "login: required fields missing");

  await page.goto(`${baseUrl}/register`);
  await page.getByRole("button", { name: "Create Wallet" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "register: invalid fields");

  await page.goto(`${baseUrl}/verify`);
  await page.getByLabel("Verification code").fill("123456");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page, "verify: error");

  await page.goto(`${baseUrl}/forgot-password`);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "forgot password: e-mail missing");

  await page.goto(`${baseUrl}/reset-password`);
  await expect(page.getByText("This password reset link is invalid or incomplete. Please request a new one.")).toBeVisible();
  await expectNoAxeViolations(page, "reset password: link invalid");
});

test("customer screens: Payments tab, Change Password tab, fund wallet errors and the empty wallet cart", async ({ page }) => {
  await signInViaApi(page, baseUrl, demo.CUSTOMER!);
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);

  await page.getByRole("tab", { name: "Payments" }).click();
  await expect(page.getByRole("heading", { name: "Fund your wallet" })).toBeVisible();
  await expectNoAxeViolations(page, "customer dashboard: Payments tab, Fund");
  await page.getByRole("button", { name: "Top up wallet" }).click();
  await expect(page.getByLabel("Amount (₦)")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "customer dashboard: Payments tab, Fund with no amount");
  await page.getByRole("tab", { name: "Transfer" }).click();
  await expect(page.getByText("No Transfer data available")).toBeVisible();
  await expectNoAxeViolations(page, "customer dashboard: Payments tab, Transfer");

  await page.goto(`${baseUrl}/profile/edit`);
  await page.getByRole("tab", { name: "Change Password" }).click();
  await expect(page.getByLabel("Current password")).toBeVisible();
  await expectNoAxeViolations(page, "account settings: Change Password tab");
  await page.getByLabel("Current password").fill("not-the-password");
  await page.getByLabel("New password", { exact: true }).fill("new-password-1");
  await page.getByLabel("Confirm new password").fill("new-password-2");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page, "account settings: Change Password tab, passwords differ");

  await page.goto(`${baseUrl}/wallet-pay`);
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expectNoAxeViolations(page, "wallet payment: empty cart");
});

test("staff operations: confirm a bank transfer, refund a payment, approve the refund", async ({ page, request }) => {
  const services = (await catalogue(request)).filter((s) => s.fixed_price !== "no" && Number(s.price) > 0);
  const service = services.reduce((most, s) => (Number(s.price) > Number(most.price) ? s : most));
  // Above the refund approval threshold (₦50,000), so an admin's refund waits for a super admin.
  const qty = Math.ceil(60_000 / Number(service.price));

  // A signed-in customer's bank transfer, waiting for staff to confirm it.
  const login = await request.post(`${baseUrl}/auth/login/`, {
    data: { username_or_email: demo.CUSTOMER!.email, password: demo.CUSTOMER!.password },
  });
  const { access } = (await login.json()) as { access: string };
  const transfer = await checkout(request, "bank_transfer", service, 1, access);

  // A guest's Remita payment, approved.
  const paid = await checkout(request, "remita", service, qty);
  expect(
    (
      await request.post(`${baseUrl}/sandbox/remita/_control/pay`, { data: { rrr: paid.rrr, outcome: "approve", notify: false } })
    ).ok(),
  ).toBe(true);
  const callback = await request.get(`${baseUrl}/api/express/callback/top-up/remita/`, {
    params: { transaction_id: paid.reference, rrr: paid.rrr! },
  });
  expect(callback.ok()).toBe(true);

  await signInViaApi(page, baseUrl, demo.ADMIN!);
  await expect(page).toHaveURL(`${baseUrl}/admindashboard`);
  const transactions = page.getByRole("region", { name: "Transactions", exact: true });

  await page.getByLabel("Payment Method", { exact: true }).selectOption("bank_transfer");
  await transactions.getByRole("button", { name: `Confirm transfer ${transfer.reference}` }).click();
  let dialog = page.getByRole("dialog", { name: "Confirm bank transfer" });
  await expect(dialog.getByLabel("Bank transfer reference")).toBeVisible();
  await expectNoAxeViolations(page, "confirm bank transfer dialog");
  await dialog.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(dialog.getByLabel("Bank transfer reference")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "confirm bank transfer dialog: reference missing");
  // Staff type the amount the bank statement shows; the dialog fills in nothing.
  await dialog.getByLabel("Amount received").fill(transfer.amount);
  await dialog.getByLabel("Bank transfer reference").fill("NIP/2026/ACCESS/0001");
  await dialog.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(dialog.getByRole("button", { name: "Done" })).toBeFocused();
  await expectNoAxeViolations(page, "confirm bank transfer dialog: confirmed");
  await dialog.getByRole("button", { name: "Done" }).click();

  await page.getByLabel("Payment Method", { exact: true }).selectOption("remita");
  await page.getByLabel("Status", { exact: true }).selectOption("completed");
  await transactions.getByRole("button", { name: `Refund ${paid.reference}` }).click();
  dialog = page.getByRole("dialog", { name: "Refund payment" });
  await expect(dialog.getByLabel("Reason")).toBeVisible();
  // Before Confirm, the dialog says what the server will do with this admin's refund above the limit.
  await expect(dialog.getByText("This refund needs a super admin's approval.")).toBeVisible();
  await expectNoAxeViolations(page, "refund dialog");
  await dialog.getByRole("button", { name: "Confirm refund" }).click();
  await expect(dialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "refund dialog: reason missing");
  await dialog.getByLabel("Reason").fill("Paid twice for the same scan.");
  await dialog.getByRole("button", { name: "Confirm refund" }).click();
  await expect(dialog.getByText("Refund awaiting super admin approval.")).toBeVisible();
  await expectNoAxeViolations(page, "refund dialog: awaiting approval");
  await dialog.getByRole("button", { name: "Done" }).click();
  await signOut(page);

  await signInViaApi(page, baseUrl, demo.SUPERADMIN!);
  await expect(page).toHaveURL(`${baseUrl}/superdashboard`);
  const approvals = page.getByRole("region", { name: "Refund approvals" });
  await expect(approvals.getByRole("button", { name: `Approve refund ${paid.reference}` })).toBeVisible();
  await expectNoAxeViolations(page, "super admin dashboard: refunds awaiting approval");
  await approvals.getByRole("button", { name: `Approve refund ${paid.reference}` }).click();
  dialog = page.getByRole("dialog", { name: "Approve refund" });
  await expect(dialog.getByRole("button", { name: "Approve refund" })).toBeVisible();
  await expectNoAxeViolations(page, "approve refund dialog");
  await dialog.getByRole("button", { name: "Approve refund" }).click();
  await expect(dialog).toBeHidden();
  await expect(approvals.getByRole("button", { name: `Approve refund ${paid.reference}` })).toHaveCount(0);
  await expectNoAxeViolations(page, "super admin dashboard: refund approved");
});

test("super admin screens: staff accounts with their dialogs, and the audit log", async ({ page }) => {
  await signInViaApi(page, baseUrl, demo.SUPERADMIN!);
  await expect(page).toHaveURL(`${baseUrl}/superdashboard`);
  await page.getByRole("navigation", { name: "Super admin" }).getByRole("link", { name: "Staff accounts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff accounts" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Accounts" })).toBeVisible();
  await expectNoAxeViolations(page, "staff accounts");

  await page.getByRole("button", { name: "Create staff account" }).click();
  const create = page.getByRole("dialog", { name: "Create staff account" });
  await expect(create.getByLabel("First name")).toBeVisible();
  await expectNoAxeViolations(page, "create staff account dialog");
  await create.getByRole("button", { name: "Create account" }).click();
  await expect(create.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "create staff account dialog: invalid fields");
  const email = uniqueEmail("tunde");
  await create.getByLabel("First name").fill("Tunde");
  await create.getByLabel("Last name").fill("Accessible");
  await create.getByLabel("E-mail").fill(email);
  await create.getByLabel("Phone number").fill("08032220000");
  await create.getByRole("button", { name: "Create account" }).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole("region", { name: "Accounts" }).getByRole("status")).toBeVisible();
  await expectNoAxeViolations(page, "staff accounts: account created");

  await page.getByLabel("Search", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: "Deactivate Tunde Accessible" }).click();
  const deactivate = page.getByRole("dialog", { name: "Deactivate account" });
  await expect(deactivate.getByRole("button", { name: "Deactivate" })).toBeVisible();
  await expectNoAxeViolations(page, "deactivate account dialog");
  await deactivate.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByRole("button", { name: "Reactivate Tunde Accessible" })).toBeVisible();
  await expectNoAxeViolations(page, "staff accounts: account deactivated");
  await page.getByLabel("Search", { exact: true }).fill("zz-nobody-zz");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No accounts match these filters.")).toBeVisible();
  await expectNoAxeViolations(page, "staff accounts: no match");

  await page.getByRole("navigation", { name: "Super admin" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Audit log, newest first" })).toBeVisible();
  await expectNoAxeViolations(page, "audit log");
  await page.getByLabel("Actor").fill("zz-nobody-zz");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No entries match these filters.")).toBeVisible();
  await expectNoAxeViolations(page, "audit log: no match");
});
