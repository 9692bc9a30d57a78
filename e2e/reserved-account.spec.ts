import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { waitForMail } from "./support/mail-catcher";
import { e2eEnv, uniqueEmail } from "./support/env";

const { baseUrl, mailUrl } = e2eEnv();

async function newCustomer(page: Page) {
  const email = uniqueEmail("transfer");
  const password = "transfer-pass-123";
  const registered = await page.request.post(`${baseUrl}/auth/register/`, {
    data: { first_name: "Ifeoma", last_name: "Chukwu", email, phone_number: "08039991111", password },
  });
  expect(registered.status()).toBe(201);
  const code = (await waitForMail(mailUrl, email, /verification code/i)).text.match(/\b(\d{6})\b/)?.[1];
  expect((await page.request.post(`${baseUrl}/verify-email/`, { data: { email, code } })).status()).toBe(200);
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
  return email;
}

test("a customer adds a NIN in KYC, gets an account number, and a bank transfer into it funds the wallet by itself", async ({
  page,
}) => {
  const email = await newCustomer(page);
  const card = page.getByRole("region", { name: "Your account number" });
  await expect(card).toContainText("Add your NIN in KYC to get an account number.");
  await expectNoAxeViolations(page, "dashboard: no account number yet");

  await card.getByRole("link", { name: "Go to Account Settings, then KYC" }).click();
  await page.getByRole("tab", { name: "KYC" }).click();
  await page.getByLabel("Date of Birth").fill("1990-02-20");
  await page.getByLabel("Address", { exact: true }).fill("3 Awolowo Road, Ikoyi");
  await page.getByLabel("Next of kin name").fill("Obinna Chukwu");
  await page.getByLabel("Next of kin phone").fill("08030002222");
  await page.getByLabel("Next of kin address").fill("3 Awolowo Road, Ikoyi");
  await page.getByLabel("ID number").fill("31234567890");
  await page.getByRole("button", { name: "Submit KYC" }).click();
  await expect(page.getByText("KYC submitted successfully!")).toBeVisible();

  await page.goto(`${baseUrl}/dashboard`);
  const number = card.getByText(/^\d{10}$/);
  // Reserved in the background: the card says it is being set up, and asks again until it is ready.
  await expect(number).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText("Account nameIfeoma Chukwu");
  await expectNoAxeViolations(page, "dashboard: account number shown");
  const accountNumber = (await number.textContent())!;

  const sent = await page.request.post(`${baseUrl}/sandbox/monnify/_control/transfer`, {
    data: { accountNumber, amount: "7500.25", senderName: "Emeka Obi" },
  });
  expect(sent.status()).toBe(200);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole("region", { name: "Wallet balance" }).textContent();
      },
      { timeout: 15_000 },
    )
    .toContain("₦7,500.25");
  const latest = page.getByRole("list", { name: "Recent transactions" }).getByRole("listitem").first();
  await expect(latest).toContainText("Bank transfer");
  await expect(latest).toContainText("From Emeka Obi");
  await expect(latest).toContainText("+₦7,500.25");
  const receipt = await waitForMail(mailUrl, email, /by bank transfer/i);
  expect(receipt.text).toContain("Emeka Obi");
  expect(receipt.text).toContain(accountNumber);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole("tab", { name: "Payments" }).click();
  await expect(page.getByRole("tabpanel", { name: "Fund" }).getByText(accountNumber)).toBeVisible();
  await expectNoAxeViolations(page, "dashboard: Fund sub-tab with the account number, 360 px");
});
