import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv } from "./support/env";
import { lookAt } from "./support/look";
import { signInViaApi, signUpVerifiedCustomer } from "./support/session";
import { accessToken, fillLine, koboOf, naira, pickServices, type Service } from "./support/staff";

const { baseUrl, mailUrl, demo } = e2eEnv();

test("an admission with a ₦50,000 deposit from the wallet gets lines over three days and is discharged with the excess back to the wallet and its clearance code", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { lab, pharmacy } = await pickServices(page.request);
  const all = (
    (await (await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`)).json()) as {
      data: { orgRevenueHeads: Service[] };
    }
  ).data.orgRevenueHeads;
  const wardDay = all.find(
    (s) => s.department.name === "Admissions & Wards" && /^General ward/.test(s.name) && s.fixed_price !== "no",
  )!;
  expect(wardDay, "the catalogue has a general ward day").toBeTruthy();
  const agentToken = await accessToken(page.request, demo.AGENT!);
  const serial = String(Date.now() % 1_000_000).padStart(6, "0");
  const registered = await page.request.post(`${baseUrl}/api/staff/patients/`, {
    headers: { authorization: `Bearer ${agentToken}` },
    data: {
      hospital_number: `ADM/${serial}`,
      first_name: "Musa",
      last_name: "Danjuma",
      phone: `0803${serial}1`.slice(0, 11),
      language: "en",
      date_of_birth: "1970-02-01",
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  // The ward admits the patient: the stay's running bill opens with nothing charged yet.
  await signInViaApi(page, baseUrl, demo.AGENT!, "/agentdashboard/admissions");
  await page.getByRole("searchbox", { name: "Find a registered patient" }).fill(`ADM/${serial}`);
  await page.getByRole("searchbox", { name: "Find a registered patient" }).press("Enter");
  await page
    .getByRole("list", { name: "Patients matching the search" })
    .getByRole("button", { name: "Choose Musa Danjuma" })
    .click();
  await page.getByLabel("Ward", { exact: true }).fill("Male Ward B");
  await page.getByLabel("Warn when the deposit left falls below (₦)").fill("40000");
  await expectNoAxeViolations(page, "admissions: admit a patient");
  await page.getByRole("button", { name: "Admit", exact: true }).click();
  const stay = page.getByRole("dialog", { name: "Stay of Musa Danjuma" });
  await expect(stay).toContainText("In the ward");
  await expect(stay).toContainText("The deposit left (₦0.00) is below ₦40,000.00");
  await stay.getByRole("button", { name: "Open the bill" }).click();
  const billDialog = page.getByRole("dialog", { name: "Bill for Musa Danjuma" });
  const link = (await billDialog.getByRole("region", { name: "Payment link" }).getByRole("link").getAttribute("href"))!;
  await page.keyboard.press("Escape");
  await expect(stay).toBeVisible();

  // The family pays a ₦50,000 deposit from a wallet on the bill's page.
  const familyContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await familyContext.newPage();
  await signUpVerifiedCustomer(
    phone,
    { baseUrl, mailUrl },
    { prefix: "hauwa", firstName: "Hauwa", lastName: "Danjuma", phone: "08035551234" },
  );
  // A tier 1 wallet takes ₦50,000 at most in one credit: the deposit and its fee come in two top-ups.
  for (const amount of ["30000", "20100"]) {
    await phone.getByRole("button", { name: "Fund Wallet" }).click();
    const fund = phone.getByRole("dialog", { name: "Fund Wallet" });
    await fund.getByRole("textbox", { name: "Amount (₦)" }).fill(amount);
    await fund.getByRole("button", { name: "Top up wallet" }).click();
    await phone.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Approve payment" }).click();
    await expect(phone.getByText("Top-up successful!")).toBeVisible();
    await phone.goto(`${baseUrl}/dashboard`);
  }
  await phone.goto(link);
  await expect(phone.getByText("A hospital stay's bill: lines are added during the stay")).toBeVisible();
  await phone.getByLabel("Amount to pay (₦)").fill("50000");
  await expectNoAxeViolations(phone, "/pay/{token}: a stay's deposit");
  await lookAt(phone, "admission-deposit-pay-page");
  await phone.getByRole("radio", { name: /^Wallet/ }).check();
  await phone.getByRole("button", { name: "Pay now" }).click();
  await phone.getByRole("dialog", { name: "Confirm wallet payment" }).getByRole("button", { name: "Confirm payment" }).click();
  await expect(phone).toHaveURL(/\/payment-success/);

  // Three days of the stay: a ward day each, with the drug on the second and the test on the third.
  await page.reload();
  const row = page.getByRole("table", { name: "Patients in the wards" }).getByRole("row", { name: /Musa Danjuma/ });
  await expect(row).toContainText(naira(5_000_000));
  await expectNoAxeViolations(page, "admissions: the patients in the wards");
  await lookAt(page, "admissions-list");
  await row.getByRole("button", { name: "Open the stay of Musa Danjuma" }).click();
  const days: Array<Array<[Service, number]>> = [
    [[wardDay, 1]],
    [
      [wardDay, 1],
      [pharmacy, 2],
    ],
    [
      [wardDay, 1],
      [lab, 1],
    ],
  ];
  const given = stay.getByRole("region", { name: "Lines so far" }).getByRole("listitem");
  let count = 0;
  for (const lines of days) {
    for (const [index, [service, quantity]] of lines.entries()) {
      if (index > 0) await stay.getByRole("button", { name: "Add another line" }).click();
      await fillLine(page, index + 1, service, quantity);
    }
    await stay.getByRole("button", { name: "Add to the bill" }).click();
    await expect(stay.getByText("Lines added to the stay's bill.")).toBeVisible();
    count += lines.length;
    await expect(given).toHaveCount(count);
  }
  const charges = 3 * koboOf(wardDay.price) + 2 * koboOf(pharmacy.price) + koboOf(lab.price);
  await expect(
    stay
      .getByRole("definition")
      .filter({ hasText: naira(charges) })
      .first(),
  ).toBeVisible();
  await expect(stay).toContainText("An admin or super admin discharges the patient");
  await expectNoAxeViolations(page, "admissions: a stay with its lines");
  await lookAt(stay, "admission-stay");

  // An officer discharges: the deposit pays the charges, the rest goes back to the wallet, the code clears the exit.
  await signInViaApi(page, baseUrl, demo.ADMIN!, "/admindashboard/admissions");
  await page.getByRole("button", { name: "Open the stay of Musa Danjuma" }).click();
  const excess = 5_000_000 - charges;
  const where = stay.getByRole("group", { name: `The deposit left over (${naira(excess)}) goes` });
  await expect(where.getByRole("radio", { name: /Back to the wallets/ })).toBeChecked();
  await stay.getByRole("button", { name: "Discharge the patient" }).click();
  await expect(stay.getByText("Patient discharged.")).toBeVisible();
  await expect(stay).toContainText("Cleared");
  await expect(stay).toContainText(`Back to wallets: ${naira(excess)} · By refund: ${naira(0)}`);
  const clearance = stay.getByRole("region", { name: "Discharge clearance code" });
  const code = (await clearance.getByRole("definition").first().textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expectNoAxeViolations(page, "admissions: discharged, with the clearance code");
  await lookAt(stay, "admission-discharged");

  // The wallet has the excess back (the deposit's ₦100 fee stays spent); the exit checks the clearance code as it
  // checks any receipt, against the stay's lines.
  await phone.goto(`${baseUrl}/dashboard`);
  await expect(phone.getByRole("region", { name: "Wallet balance" })).toContainText(naira(excess));
  await phone.goto(`${baseUrl}/verify-receipt?code=${code}`);
  await expect(phone.getByRole("region").filter({ hasText: naira(charges) })).toContainText(/paid/i);
  await familyContext.close();
  await page.goto(`${baseUrl}/verify-receipt?code=${code}`);
  const items = page.getByRole("table", { name: "Items on this receipt" });
  await expect(items).toContainText(wardDay.name);
  await expect(items).toContainText(lab.name);
  await expectNoAxeViolations(page, "/verify-receipt: the exit checks a clearance code");
});
