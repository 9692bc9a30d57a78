import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv } from "./support/env";
import { signUpVerifiedCustomer } from "./support/session";

const { baseUrl, mailUrl, demo } = e2eEnv();

interface Service {
  id: number | string;
  fixed_price: string;
}

/** An agent raises a ₦25,000 bill (one open-price line) through the API; resolves with its token and the agent's token. */
async function raiseBill(page: Page): Promise<{ token: string; staff: string }> {
  const agent = demo.AGENT;
  expect(agent, "the demo banner lists an AGENT").toBeTruthy();
  const login = await page.request.post(`${baseUrl}/auth/login/`, {
    data: { username_or_email: agent!.email, password: agent!.password },
  });
  const staff = ((await login.json()) as { access: string }).access;
  const heads = await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  const all = ((await heads.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  const open = all.find((service) => service.fixed_price.toLowerCase() === "no")!;
  const created = await page.request.post(`${baseUrl}/api/staff/bills/`, {
    headers: { authorization: `Bearer ${staff}` },
    data: {
      hospital_number: "FTH/2026/E2E01",
      patient_name: "Chioma Okafor",
      patient_phone: "08031234567",
      items: [{ service_id: open.id, quantity: 1, price: "25000.00", price_note: "Theatre deposit" }],
    },
  });
  expect(created.status()).toBe(201);
  return { token: ((await created.json()) as { bill: { token: string } }).bill.token, staff };
}

const methodsOffered = (page: Page) =>
  page
    .getByRole("group", { name: "Payment method" })
    .getByRole("radio")
    .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));

test("a guest is offered Remita and Monnify; a signed-in customer pays parts through Paystack's popup and by a bank transfer staff confirm", async ({
  page,
}) => {
  const { token, staff } = await raiseBill(page);

  await page.goto(`${baseUrl}/pay/${token}`);
  await expect(page.getByRole("heading", { level: 1, name: "Bill for Chioma" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /Remita/ })).toBeVisible();
  expect(await methodsOffered(page)).toEqual(["remita", "monnify"]);

  await signUpVerifiedCustomer(
    page,
    { baseUrl, mailUrl },
    { prefix: "bill", firstName: "Emeka", lastName: "Okafor", phone: "08035556677" },
  );
  await page.goto(`${baseUrl}/pay/${token}`);
  await expect(page.getByRole("radio", { name: "Paystack (card)" })).toBeVisible();
  expect(await methodsOffered(page)).toEqual(["wallet", "remita", "monnify", "paystack", "bank_transfer"]);
  await expectNoAxeViolations(page, "bill page (/pay/:token): signed-in customer");

  // Paystack: the sandbox's popup, then the receipt once the server verified the charge.
  await page.getByLabel("Amount to pay (₦)").fill("1000");
  await page.getByRole("radio", { name: "Paystack (card)" }).check();
  await page.getByRole("button", { name: "Pay now" }).click();
  const popup = page.getByRole("dialog", { name: "Paystack sandbox checkout" });
  await expect(popup.getByText("₦1,100.00")).toBeVisible();
  await expectNoAxeViolations(page, "bill page: Paystack's popup");
  await popup.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/payment-success\?reference=HSP-/);
  await expect(page.getByRole("heading", { name: "Payment Receipt" })).toBeVisible();

  // A direct bank transfer: the hospital's account, and the part counts once staff confirm it.
  await page.goto(`${baseUrl}/pay/${token}`);
  await expect(page.getByRole("definition").filter({ hasText: "₦1,000.00" })).toBeVisible();
  await page.getByLabel("Amount to pay (₦)").fill("2000");
  await page.getByRole("radio", { name: "Direct bank transfer to the hospital" }).check();
  await expect(page.getByText(/Staff confirm a bank transfer within 24-48 hours/)).toBeVisible();
  await expectNoAxeViolations(page, "bill page: bank transfer chosen");
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/bank-details\/bank_transfer\/HSP-/);
  await expect(page.getByText("₦2,100.00").first()).toBeVisible();
  await expectNoAxeViolations(page, "bank details of a bill's part");
  const reference = decodeURIComponent(page.url().split("/").pop()!);
  const confirmed = await page.request.post(`${baseUrl}/api/staff/invoices/${reference}/confirm-transfer/`, {
    headers: { authorization: `Bearer ${staff}` },
    data: { amount_received: "2100.00", transfer_reference: "FBN-E2E-BILL-1" },
  });
  expect(confirmed.status()).toBe(200);
  await page.goto(`${baseUrl}/pay/${token}`);
  await expect(page.getByRole("definition").filter({ hasText: "₦3,000.00" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "₦22,000.00" })).toBeVisible();
});
