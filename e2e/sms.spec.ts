import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv, uniqueEmail } from "./support/env";

const { baseUrl } = e2eEnv();

test("a customer registers, asks for the code by SMS on /verify, reads it on the sandbox phone and is verified", async ({
  page,
}) => {
  const email = uniqueEmail("halima");
  // A number of this run's own, so the phone page's other messages (and the per-number limit) do not matter.
  const digits = `803${String(Date.now()).slice(-7)}`;
  const local = `0${digits}`;
  const e164 = `+234${digits}`;

  await page.goto(`${baseUrl}/register`);
  await page.getByLabel("First name").fill("Halima");
  await page.getByLabel("Last name").fill("Bello");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill(local);
  await page.getByLabel("Password", { exact: true }).fill("Halima-pays-2026");
  await page.getByRole("button", { name: "Create Wallet" }).click();
  await expect(page.getByText("Your wallet has been created.")).toBeVisible();
  await expect(page).toHaveURL(`${baseUrl}/login`, { timeout: 8_000 });

  // The e-mailed code's 60 s hold the e-mail resend; the SMS may be asked for at once.
  await page.goto(`${baseUrl}/verify`);
  await expect(page.getByRole("button", { name: "Resend code" })).toBeDisabled();
  const bySms = page.getByRole("button", { name: "Send the code by SMS" });
  await expect(bySms).toBeEnabled();
  await bySms.click();
  await expect(page.getByText("A new verification code has been sent to your phone.")).toBeVisible();
  await expect(bySms).toBeDisabled();
  await expect(page.getByText(/You can ask for another SMS in \d+s\./)).toBeVisible();
  await expectNoAxeViolations(page, "verify: code sent by SMS");

  // The sandbox phone, as a tester opens it: the number's messages, newest first.
  const phone = await page.context().newPage();
  await expect
    .poll(
      async () => {
        await phone.goto(`${baseUrl}/sandbox/phone`);
        return phone.getByRole("heading", { name: new RegExp(`^\\${e164} `) }).count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  const section = phone.getByRole("region", { name: new RegExp(`^\\${e164} `) });
  const text = await section.getByRole("listitem").first().textContent();
  const code = text?.match(/verification code is (\d{6})/)?.[1];
  expect(code, `the SMS carries a 6-digit code: ${text}`).toBeTruthy();
  await expect(phone.getByRole("link", { name: "sandbox mailbox" })).toHaveAttribute("href", "/sandbox/mailbox");
  await expectNoAxeViolations(phone, "sandbox phone");
  await phone.close();

  await page.getByLabel("Verification code").fill(code!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Your phone number has been verified. You can now sign in.")).toBeVisible();
  await expectNoAxeViolations(page, "verify: verified after the SMS code");
});
