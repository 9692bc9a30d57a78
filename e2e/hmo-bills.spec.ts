import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv } from "./support/env";
import { signInViaApi, signUpVerifiedCustomer } from "./support/session";
import { lookAt } from "./support/look";
import { accessToken, fillLine, koboOf, naira, pickServices } from "./support/staff";

const { baseUrl, mailUrl, demo } = e2eEnv();

test("an NHIA enrollee's bill: the procedure is refused without the HMO's code and accepted with it, the patient pays their 10% of the drug from the wallet, and the HMO owes the rest", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The laboratory test stands for the procedure that needs the HMO's code; the pharmacy's drug has NHIA's 10% co-payment.
  const { lab: procedure, pharmacy: drug } = await pickServices(page.request);
  const adminToken = await accessToken(page.request, demo.ADMIN!);
  const agentToken = await accessToken(page.request, demo.AGENT!);
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const serial = String(Date.now() % 1_000_000).padStart(6, "0");
  const hmoName = `Hygeia HMO ${serial}`;
  const hmo = await page.request.post(`${baseUrl}/api/staff/hmos/`, {
    headers: asAdmin,
    data: {
      name: hmoName,
      nhia_code: `NHIA/HYG/${serial}`,
      contact_name: "Bola Adeyemi",
      contact_phone: "08031112222",
      contact_email: "claims@hygeia.example.ng",
      bank_name: "Zenith Bank",
      bank_account_number: "1012345678",
      bank_account_name: "Hygeia HMO Limited",
    },
  });
  expect(hmo.status(), await hmo.text()).toBe(201);
  const hmoId = ((await hmo.json()) as { hmo: { id: number } }).hmo.id;
  const plan = await page.request.post(`${baseUrl}/api/staff/hmos/${hmoId}/plans/`, {
    headers: asAdmin,
    data: {
      name: "NHIA Formal Sector",
      covered_percent: "100",
      rules: [
        { department: drug.department.name, covered_percent: "90", copay_percent: "10" },
        { service_id: String(procedure.id), covered_percent: "100", preauth_required: true },
      ],
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = ((await plan.json()) as { plan: { id: number } }).plan.id;
  const asAgent = { authorization: `Bearer ${agentToken}` };
  const patient = await page.request.post(`${baseUrl}/api/staff/patients/`, {
    headers: asAgent,
    data: {
      hospital_number: `NHIA/${serial}`,
      first_name: "Ngozi",
      last_name: "Eze",
      phone: "08035550000",
      language: "en",
      date_of_birth: "1985-06-01",
    },
  });
  expect(patient.status(), await patient.text()).toBe(201);
  const patientId = ((await patient.json()) as { patient: { id: number } }).patient.id;
  const enrolment = await page.request.post(`${baseUrl}/api/staff/patients/${patientId}/enrolments/`, {
    headers: asAgent,
    data: { plan_id: planId, enrollee_id: `HYG-${serial}`, valid_from: "2026-01-01", valid_to: "2027-12-31" },
  });
  expect(enrolment.status(), await enrolment.text()).toBe(201);

  // The desk raises the bill for the enrollee: the HMO is named, and each line takes its code.
  await signInViaApi(page, baseUrl, demo.AGENT!, "/agentdashboard/bills");
  await page.getByRole("button", { name: "Raise a bill" }).click();
  await page.getByRole("searchbox", { name: "Find a registered patient" }).fill(`NHIA/${serial}`);
  await page.getByRole("searchbox", { name: "Find a registered patient" }).press("Enter");
  await page
    .getByRole("list", { name: "Patients matching the search" })
    .getByRole("button", { name: "Choose Ngozi Eze" })
    .click();
  await expect(page.getByText(`Enrolled with ${hmoName} (NHIA Formal Sector), enrollee ID HYG-${serial}`)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Charge ${hmoName} its part of each line` })).toBeChecked();
  await fillLine(page, 1, drug, 3);
  await page.getByRole("button", { name: "Add a line" }).click();
  await fillLine(page, 2, procedure, 1);
  await expectNoAxeViolations(page, "bills: raise a bill for an HMO enrollee");
  await page.getByRole("button", { name: "Raise the bill" }).click();
  const code = page.getByLabel("Line 2: pre-authorisation code (optional)");
  await expect(code).toHaveAccessibleDescription(new RegExp(`needs ${hmoName}'s pre-authorisation code`));
  await expect(code).toBeFocused();
  await lookAt(page, "hmo-bill-raise-refused");
  await code.fill("PA/2026-0001");
  await page.getByRole("button", { name: "Raise the bill" }).click();

  const drugKobo = 3 * koboOf(drug.price);
  const drugHmoKobo = Math.floor((drugKobo * 9) / 10);
  const patientKobo = drugKobo - drugHmoKobo;
  const hmoKobo = drugHmoKobo + koboOf(procedure.price);
  const billDialog = page.getByRole("dialog", { name: "Bill for Ngozi Eze" });
  await expect(billDialog).toContainText(`${hmoName} (NHIA Formal Sector), enrollee ID HYG-${serial}`);
  await expect(billDialog).toContainText(`${hmoName} pays ${naira(drugHmoKobo)} · co-payment ${naira(patientKobo)}`);
  await expect(billDialog).toContainText(`${hmoName} pays ${naira(koboOf(procedure.price))} · pre-authorisation PA/2026-0001`);
  await expect(billDialog).toContainText(`${hmoName}'s part${naira(hmoKobo)}`);
  await expect(billDialog).toContainText(`Left to pay${naira(patientKobo)}`);
  await expectNoAxeViolations(page, "bills: an HMO enrollee's bill, split");
  await lookAt(billDialog, "hmo-bill-dialog");
  const link = (await billDialog.getByRole("region", { name: "Payment link" }).getByRole("link").getAttribute("href"))!;

  // The patient pays their part from the wallet, on the bill's page, which shows the HMO's part too.
  const patientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await patientContext.newPage();
  await signUpVerifiedCustomer(
    phone,
    { baseUrl, mailUrl },
    { prefix: "ngozi", firstName: "Ngozi", lastName: "Eze", phone: "08035550000" },
  );
  await phone.getByRole("button", { name: "Fund Wallet" }).click();
  const fund = phone.getByRole("dialog", { name: "Fund Wallet" });
  await fund.getByRole("textbox", { name: "Amount (₦)" }).fill(String((patientKobo + 10_000) / 100));
  await fund.getByRole("button", { name: "Top up wallet" }).click();
  await phone.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Approve payment" }).click();
  await expect(phone.getByText("Top-up successful!")).toBeVisible();
  await phone.goto(link);
  await expect(phone.getByRole("term").filter({ hasText: `${hmoName}'s part` })).toBeVisible();
  await expect(phone.getByLabel("Amount to pay (₦)")).toHaveValue((patientKobo / 100).toFixed(2));
  await expectNoAxeViolations(phone, "/pay/{token}: an HMO enrollee's bill");
  await lookAt(phone, "hmo-bill-pay-page");
  await phone.getByRole("radio", { name: /^Wallet/ }).check();
  await phone.getByRole("button", { name: "Pay now" }).click();
  await phone.getByRole("dialog", { name: "Confirm wallet payment" }).getByRole("button", { name: "Confirm payment" }).click();
  await expect(phone).toHaveURL(/\/payment-success/);
  await phone.goto(link);
  await expect(phone.getByText("This bill is already paid in full.")).toBeVisible();
  await patientContext.close();

  // The bill is final: the HMO's part is what it owes, in its 0–30 days.
  await signInViaApi(page, baseUrl, demo.ADMIN!, "/admindashboard/hmos");
  const owed = page.getByRole("table", { name: "What each HMO owes, by age" }).getByRole("row", { name: new RegExp(hmoName) });
  await expect(owed.getByRole("cell")).toHaveText([hmoName, "1", naira(hmoKobo), naira(0), naira(0), naira(0), naira(hmoKobo)]);
  await expectNoAxeViolations(page, "HMOs: what each HMO owes");
  await lookAt(page, "hmo-receivables");
});
