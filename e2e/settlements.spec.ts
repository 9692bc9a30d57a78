import { watDay } from "@hospipay/contract";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv } from "./support/env";
import { lookAt } from "./support/look";
import { signInViaApi } from "./support/session";
import { pickServices, type Service } from "./support/staff";

const { baseUrl, demo } = e2eEnv();

/** A guest's Monnify transfer payment, paid into its one-time account and heard through Monnify's webhook. */
async function paidByTransfer(request: APIRequestContext, service: Service, serial: string): Promise<string> {
  const created = await request.post(`${baseUrl}/express/checkout/`, {
    data: {
      items: [{ service, amount: service.price, qty: 1 }],
      customer_meta: {
        name: "Bisi Transfer",
        email: `bisi.${serial}@example.ng`,
        phone: "08035550177",
        hospital_number: "FTH/ST/1",
      },
      payment_method: "monnify",
      charge_fee: "100.00",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const payment = (await created.json()) as {
    reference: string;
    gateway: { bank_account: { account_number: string; amount: string } };
  };
  const transfer = await request.post(`${baseUrl}/sandbox/monnify/_control/transfer`, {
    data: {
      accountNumber: payment.gateway.bank_account.account_number,
      amount: payment.gateway.bank_account.amount,
      notify: true,
    },
  });
  expect(transfer.ok(), await transfer.text()).toBe(true);
  await expect
    .poll(async () => {
      const read = await request.get(`${baseUrl}/api/express/payments/${payment.reference}/`);
      return ((await read.json()) as { transaction_status: string }).transaction_status;
    })
    .toBe("SUCCESS");
  return payment.reference;
}

test("a day of Monnify settlements reconciles against the clearing account, with one payment it held back explained by an officer", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { lab } = await pickServices(page.request);
  const serial = String(Date.now() % 1_000_000);
  const settled = await paidByTransfer(page.request, lab, `${serial}a`);
  const heldBack = await paidByTransfer(page.request, lab, `${serial}b`);
  // Monnify keeps one payment out of the day's settlement, which reaches the bank by its signed webhook.
  expect((await page.request.post(`${baseUrl}/sandbox/monnify/_control/withhold`, { data: { reference: heldBack } })).ok()).toBe(
    true,
  );
  const today = watDay(new Date().toISOString());
  const settle = await page.request.post(`${baseUrl}/sandbox/monnify/_control/settle`, { data: { day: today } });
  expect(settle.status(), await settle.text()).toBe(201);
  expect(((await settle.json()) as { delivered: { status: number } }).delivered.status).toBe(200);

  await signInViaApi(page, baseUrl, demo.ADMIN!, "/admindashboard/settlements");
  const report = page.getByRole("table", { name: "Payments against settlements, by gateway and day" });
  await expect(report.getByRole("row").filter({ hasText: "Monnify" }).first()).toBeVisible();
  const differences = page.getByRole("table", { name: "Differences of the month" });
  const held = differences.getByRole("row").filter({ hasText: heldBack });
  await expect(held).toContainText("Awaiting settlement");
  await expect(differences.getByRole("row").filter({ hasText: settled })).toHaveCount(0);
  await expectNoAxeViolations(page, "settlements: a day reconciled, one payment held back");
  await lookAt(page, "settlements-month");

  await held.getByRole("button", { name: `Explain ${heldBack}` }).click();
  const dialog = page.getByRole("dialog", { name: `Explain ${heldBack}` });
  await dialog.getByLabel("Explanation").fill("Held back by Monnify for a fraud check; in tomorrow's settlement");
  await expectNoAxeViolations(page, "settlements: explaining a payment held back");
  await dialog.getByRole("button", { name: "Save the explanation" }).click();
  await expect(page.getByText("Difference explained.")).toBeVisible();
  await expect(held).toContainText("Explained");
  await expect(held).toContainText("Held back by Monnify for a fraud check");
  await lookAt(page, "settlements-explained");
});
