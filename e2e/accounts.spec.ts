import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { waitForMail } from "./support/mail-catcher";
import { e2eEnv, uniqueEmail } from "./support/env";

const { baseUrl, mailUrl, demo } = e2eEnv();

test("register → code by e-mail → verify → sign in → dashboard → sign out", async ({ page }) => {
  const email = uniqueEmail("amaka");
  const password = "Amaka-pays-2026";

  await page.goto(`${baseUrl}/register`);
  await expect(page.getByRole("heading", { name: "Create Your Wallet" })).toBeVisible();
  await expectNoAxeViolations(page, "register");
  await page.getByLabel("First name").fill("Amaka");
  await page.getByLabel("Last name").fill("Obi");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("08034567890");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Wallet" }).click();
  await expect(page.getByText("Your wallet has been created.")).toBeVisible();
  await expectNoAxeViolations(page, "register: wallet created");

  // Registration success goes to /login after 2 seconds.
  await expect(page).toHaveURL(`${baseUrl}/login`, { timeout: 8_000 });
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expectNoAxeViolations(page, "login");

  // Signing in before verifying is refused with the server's reason, and leads to /verify.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseUrl}/verify`);
  await expect(page.getByLabel("Verification code")).toBeVisible();
  await expectNoAxeViolations(page, "verify");

  const mail = await waitForMail(mailUrl, email, /verification code/i);
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  expect(code, "the e-mail carries a 6-digit code").toBeTruthy();

  await page.getByLabel("Verification code").fill(code!);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByText("Taking you to sign in…")).toBeVisible();
  await expectNoAxeViolations(page, "verify: verified");
  await expect(page).toHaveURL(`${baseUrl}/login`, { timeout: 8_000 });

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
  await expect(page.getByText("Amaka").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Wallet balance" })).toContainText("₦");
  await expectNoAxeViolations(page, "customer dashboard: Overview (new wallet)");

  await page.getByRole("button", { name: /account menu/i }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expectNoAxeViolations(page, "customer dashboard: account menu open");
  await page
    .getByRole("menuitem", { name: "Logout" })
    .or(page.getByRole("button", { name: "Logout" }))
    .or(page.getByRole("link", { name: "Logout" }))
    .first()
    .click();
  await expect(page).toHaveURL(`${baseUrl}/login`);

  // The old session is gone: the dashboard sends us back to sign in.
  await page.goto(`${baseUrl}/dashboard`);
  await expect(page).toHaveURL(`${baseUrl}/login`);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("forgot password → e-mailed link → new password → sign in", async ({ page, request }) => {
  const email = uniqueEmail("yusuf");
  const register = await request.post(`${baseUrl}/auth/register/`, {
    data: { first_name: "Yusuf", last_name: "Bello", email, phone_number: "08051234567", password: "old-password-1" },
  });
  expect(register.status()).toBe(201);
  const code = (await waitForMail(mailUrl, email, /verification code/i)).text.match(/\b(\d{6})\b/)?.[1];
  expect((await request.post(`${baseUrl}/verify-email/`, { data: { email, code } })).status()).toBe(200);

  await page.goto(`${baseUrl}/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(`${baseUrl}/forgot-password`);
  await expect(page.getByRole("heading", { name: "Reset Your Password" })).toBeVisible();
  await expectNoAxeViolations(page, "forgot password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/reset link has been sent|Reset link sent! Check your email\./).first()).toBeVisible();
  await expectNoAxeViolations(page, "forgot password: link sent");

  const mail = await waitForMail(mailUrl, email, /reset your hospipay password/i);
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link, "the e-mail carries a reset link").toBeTruthy();
  expect(link!.startsWith(baseUrl)).toBe(true);

  await page.goto(link!);
  await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "reset password");
  await page.getByLabel("New password", { exact: true }).fill("new-password-2");
  await page.getByLabel("Confirm new password").fill("new-password-2");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText(/password has been reset/i).first()).toBeVisible();
  await expectNoAxeViolations(page, "reset password: done");

  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("old-password-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email or password.").first()).toBeVisible();
  await expectNoAxeViolations(page, "login: wrong password");
  await page.getByLabel("Password", { exact: true }).fill("new-password-2");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
});

test("seeded staff accounts land on their own dashboards", async ({ page }) => {
  const cases = [
    ["ADMIN", "/admindashboard", "Admin Transactions Dashboard"],
    ["AGENT", "/agentdashboard", "Agent Transactions Dashboard"],
    ["SUPERADMIN", "/superdashboard", "Admin Transactions Dashboard"],
  ] as const;
  for (const [role, path, heading] of cases) {
    const account = demo[role];
    expect(account, `the demo banner lists a ${role}`).toBeTruthy();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Email").fill(account!.email);
    await page.getByLabel("Password", { exact: true }).fill(account!.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${baseUrl}${path}`);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    // Another role's area sends staff back to their own (SPEC §4).
    await page.goto(`${baseUrl}/dashboard`);
    await expect(page).not.toHaveURL(`${baseUrl}/dashboard`);
    await page.evaluate(() => localStorage.clear());
  }
});
