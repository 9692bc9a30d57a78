import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { waitForMail } from "./support/mail-catcher";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signInViaApi } from "./support/session";

const { baseUrl, mailUrl, demo } = e2eEnv();

async function newCustomer(page: Page, firstName = "Ifeoma", lastName = "Chukwu") {
  const email = uniqueEmail("transfer");
  const password = "transfer-pass-123";
  const registered = await page.request.post(`${baseUrl}/auth/register/`, {
    data: { first_name: firstName, last_name: lastName, email, phone_number: "08039991111", password },
  });
  expect(registered.status()).toBe(201);
  const code = (await waitForMail(mailUrl, email, /verification code/i)).text.match(/\b(\d{6})\b/)?.[1];
  expect((await page.request.post(`${baseUrl}/verify-email/`, { data: { email, code } })).status()).toBe(200);
  await signInViaApi(page, baseUrl, { email, password });
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

/** The demo admin, signed in in a browser of their own, on the admin dashboard. */
async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInViaApi(admin, baseUrl, demo.ADMIN!);
  await expect(admin).toHaveURL(`${baseUrl}/admindashboard`);
  return { admin, close: () => context.close() };
}

/** The admin opens the customer's KYC record among those of `status` and acts on it in the review dialog. */
async function onKycRecord(
  admin: Page,
  status: "Pending" | "Verified",
  customerName: string,
  act: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>,
) {
  await admin.getByRole("combobox", { name: "KYC status" }).selectOption({ label: status });
  const row = admin.getByRole("list", { name: "KYC submissions" }).getByRole("listitem", { name: customerName });
  await row.getByRole("button", { name: "Review" }).click();
  const dialog = admin.getByRole("dialog", { name: `KYC review: ${customerName}` });
  await act(dialog);
  await expect(dialog).toBeHidden();
}

const balance = async (page: Page) => {
  await page.reload();
  return page.getByRole("region", { name: "Wallet balance" }).textContent();
};

test("issue 22 acceptance 1: KYC with a NIN, verified at tier 2, a transfer credits, an over-cap transfer is held and shown, the admin raises the tier and it is released", async ({
  page,
  browser,
}) => {
  await newCustomer(page, "Adaora", "Nwosu");
  await page.goto(`${baseUrl}/profile/edit`);
  await page.getByRole("tab", { name: "KYC" }).click();
  await page.getByLabel("Date of Birth").fill("1991-05-14");
  await page.getByLabel("Address", { exact: true }).fill("9 Ogui Road, Enugu");
  await page.getByLabel("Next of kin name").fill("Chinedu Nwosu");
  await page.getByLabel("Next of kin phone").fill("08030003333");
  await page.getByLabel("Next of kin address").fill("9 Ogui Road, Enugu");
  await page.getByLabel("ID number").fill("41234567890");
  await page.getByRole("button", { name: "Submit KYC" }).click();
  await expect(page.getByText("KYC submitted successfully!")).toBeVisible();

  const { admin, close } = await adminPage(browser);
  await onKycRecord(admin, "Pending", "Adaora Nwosu", async (dialog) => {
    await dialog.getByRole("combobox", { name: "Tier level" }).selectOption("2");
    await dialog.getByRole("button", { name: "Verify" }).click();
  });

  await page.goto(`${baseUrl}/dashboard`);
  const card = page.getByRole("region", { name: "Your account number" });
  const number = card.getByText(/^\d{10}$/);
  await expect(number).toBeVisible({ timeout: 15_000 });
  const accountNumber = (await number.textContent())!;
  const limits = page.getByRole("region", { name: "Your wallet limits" });
  await expect(limits).toContainText("Tier 2");
  await expect(limits).toContainText("₦100,000.00");
  await expect(limits).toContainText("₦500,000.00");

  const send = async (amount: string, senderName: string) =>
    expect(
      (
        await page.request.post(`${baseUrl}/sandbox/monnify/_control/transfer`, { data: { accountNumber, amount, senderName } })
      ).status(),
    ).toBe(200);
  await send("20000", "Kelechi Obi");
  await expect.poll(() => balance(page), { timeout: 15_000 }).toContain("₦20,000.00");

  await send("150000", "Uche Eze");
  await expect
    .poll(
      async () => {
        await page.reload();
        // After each reload the card asks for the tier again ("Loading your wallet limits…"): read it once it has.
        await expect(limits).toContainText(/Tier \d/);
        return limits.textContent();
      },
      { timeout: 15_000 },
    )
    .toContain("₦150,000.00 held: your tier's limit on a single credit is ₦100,000.00.");
  await expect(page.getByRole("region", { name: "Wallet balance" })).toContainText("₦20,000.00");
  // The card says what the tier lets a transfer bring now, and the history shows the held transfer with its
  // state and its Monnify reference named as Monnify's.
  await expect(card).toContainText("up to ₦100,000.00 now is added to your wallet by itself (your tier 2 limits)");
  await expect(card).not.toContainText("any amount");
  const heldRow = page.getByRole("listitem", { name: /^Transaction \d+$/ }).filter({ hasText: "From Uche Eze" });
  await expect(heldRow).toContainText("held");
  await expect(heldRow).toContainText("Monnify transaction reference");
  await expect(heldRow).not.toContainText("RRR");
  await expectNoAxeViolations(page, "dashboard: a transfer held over the tier's limit");

  await admin.reload();
  const held = admin.getByRole("table", { name: "Transfers held over a KYC tier limit" });
  await expect(held).toContainText("Uche Eze");
  await expectNoAxeViolations(admin, "admin dashboard: transfers held over a KYC tier limit");
  await onKycRecord(admin, "Verified", "Adaora Nwosu", async (dialog) => {
    await dialog.getByRole("combobox", { name: /Change tier to/ }).selectOption("3");
    await dialog.getByRole("button", { name: "Change tier" }).click();
  });
  await close();

  await expect.poll(() => balance(page), { timeout: 15_000 }).toContain("₦170,000.00");
  await expect(limits).toContainText("Tier 3");
  await expect(limits).not.toContainText("held:");
});
