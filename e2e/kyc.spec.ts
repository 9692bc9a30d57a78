import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { waitForMail } from "./support/mail-catcher";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signInViaApi } from "./support/session";

const { baseUrl, mailUrl, demo } = e2eEnv();

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(1_000, 0x20)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 1)]);
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 2)]);

async function signIn(page: Page, email: string, password: string, home: string) {
  await signInViaApi(page, baseUrl, { email, password });
  await expect(page).toHaveURL(`${baseUrl}${home}`);
}

async function newCustomer(page: Page, first: string, last: string) {
  const email = uniqueEmail(first.toLowerCase());
  const password = "kyc-pass-123";
  expect(
    (
      await page.request.post(`${baseUrl}/auth/register/`, {
        data: { first_name: first, last_name: last, email, phone_number: "08039990000", password },
      })
    ).status(),
  ).toBe(201);
  const code = (await waitForMail(mailUrl, email, /verification code/i)).text.match(/\b(\d{6})\b/)?.[1];
  expect((await page.request.post(`${baseUrl}/verify-email/`, { data: { email, code } })).status()).toBe(200);
  await signIn(page, email, password, "/dashboard");
  return email;
}

async function submitKyc(page: Page) {
  await page.goto(`${baseUrl}/profile/edit`);
  await expect(page.getByRole("heading", { name: "Account Settings", level: 1 })).toBeVisible();
  await expect(page.getByLabel("First name")).not.toHaveValue("");
  await expectNoAxeViolations(page, "account settings: Account tab");
  await page.getByRole("tab", { name: "KYC" }).click();
  await expect(page.getByText("You have not submitted your KYC yet.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, "account settings: KYC tab, nothing submitted");
  await page.getByLabel("Date of Birth").fill("1985-06-15");
  await page.getByLabel("Address", { exact: true }).fill("7 Broad Street, Lagos");
  await page.getByLabel("Next of kin name").fill("Ngozi Eze");
  await page.getByLabel("Next of kin phone").fill("08030001111");
  await page.getByLabel("Next of kin address").fill("7 Broad Street, Lagos");
  // An ID number not in its type's format is refused beside the field before anything is sent.
  await page.getByLabel("ID number").fill("12");
  await page.getByRole("button", { name: "Submit KYC" }).click();
  await expect(page.getByText("Enter your 11-digit NIN (numbers only).")).toBeVisible();
  await expect(page.getByLabel("ID number")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "account settings: KYC tab, ID number refused");
  await page.getByLabel("ID number").fill("22233344455");
  await page.getByRole("button", { name: "Submit KYC" }).click();
  await expect(page.getByText("KYC submitted successfully!")).toBeVisible();
  await expect(page.getByText("PENDING", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "account settings: KYC tab, submitted (PENDING)");
}

/** The demo admin, in a browser of their own, decides on the customer's submission. */
async function adminDecides(
  browser: Browser,
  customerName: string,
  decide: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>,
) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, demo.ADMIN!.email, demo.ADMIN!.password, "/admindashboard");
  await expect(admin.getByRole("heading", { name: "KYC reviews" })).toBeVisible();
  const row = admin.getByRole("list", { name: "KYC submissions" }).getByRole("listitem", { name: customerName });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(admin, "admin dashboard: KYC reviews listed");
  await row.getByRole("button", { name: "Review" }).click();
  const dialog = admin.getByRole("dialog", { name: `KYC review: ${customerName}` });
  await expect(dialog.getByRole("button", { name: "Verify" })).toBeVisible();
  // Whether the customer's account number was issued, or why not, stands beside the details.
  await expect(dialog.getByText("Account number (bank transfers)")).toBeVisible();
  await expectNoAxeViolations(admin, "KYC review dialog");
  await decide(dialog);
  await expect(dialog).toBeHidden();
  await context.close();
}

test("a customer submits KYC, an admin verifies it at tier 2, and the verified customer upgrades to corporate", async ({
  page,
  browser,
}) => {
  await newCustomer(page, "Chiamaka", "Okonkwo");
  await submitKyc(page);

  await adminDecides(browser, "Chiamaka Okonkwo", async (dialog) => {
    await dialog.getByRole("combobox", { name: "Tier level" }).selectOption("2");
    await dialog.getByRole("button", { name: "Verify" }).click();
  });

  await page.reload();
  await page.getByRole("tab", { name: "KYC" }).click();
  await expect(page.getByText("verified", { exact: true })).toBeVisible();
  await expect(page.getByLabel("ID number")).toBeDisabled();
  await expect(page.getByLabel("Address", { exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Update KYC" })).toBeDisabled();
  await expect(page.getByText("Tier level").locator("..")).toContainText("2");
  await expectNoAxeViolations(page, "account settings: KYC tab, verified");

  await page.getByRole("button", { name: "Corporate Account" }).click();
  await expect(page.getByLabel("Utility bill")).toBeVisible();
  await expectNoAxeViolations(page, "account settings: corporate upgrade");
  await page.getByLabel("Utility bill").setInputFiles({ name: "utility-bill.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByLabel("CAC certificate").setInputFiles({ name: "cac.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel("Board letter").setInputFiles({
    name: "board-letter.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: DOCX,
  });
  await page.getByRole("button", { name: "Upload documents" }).click();
  await expect(page.getByText("Account successfully upgraded to corporate!")).toBeVisible();
  await expectNoAxeViolations(page, "account settings: upgraded to corporate");
});

test("a rejected KYC can be corrected and resubmitted", async ({ page, browser }) => {
  await newCustomer(page, "Babajide", "Sanwo");
  await submitKyc(page);

  await adminDecides(browser, "Babajide Sanwo", async (dialog) => {
    await dialog.getByRole("textbox", { name: "Reason" }).fill("The ID number does not match the name.");
    await dialog.getByRole("button", { name: "Reject" }).click();
  });

  await page.reload();
  await page.getByRole("tab", { name: "KYC" }).click();
  await expect(page.getByText("REJECTED", { exact: true })).toBeVisible();
  await expect(page.getByText(/The ID number does not match the name\./)).toBeVisible();
  await expectNoAxeViolations(page, "account settings: KYC tab, rejected");
  await page.getByLabel("ID number").fill("99988877766");
  await page.getByRole("button", { name: "Update KYC" }).click();
  await expect(page.getByText("KYC updated successfully!")).toBeVisible();
  await expect(page.getByText("PENDING", { exact: true })).toBeVisible();
});
