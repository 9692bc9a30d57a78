import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv } from "./support/env";
import { signInViaApi, signUpVerifiedCustomer } from "./support/session";
import { lookAt } from "./support/look";
import { accessToken, fillLine, koboOf, naira, pickServices } from "./support/staff";

const { baseUrl, mailUrl, demo } = e2eEnv();

test("an NHIA enrollee's bill: the procedure is refused without the HMO's code and accepted with it, the patient pays their 10% of the drug from the wallet, the HMO owes the rest, which its claim batch, a 90% remittance and a signed-off write-off settle", async ({
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

  // The month's claim batch: made, exported, submitted; the HMO remits 90% and the 10% short is written off.
  const claims = page.getByRole("region", { name: "Claims" });
  await claims.getByLabel("HMO").selectOption({ label: hmoName });
  await claims.getByRole("button", { name: "Make the claim batch" }).click();
  const batch = page.getByRole("dialog", { name: new RegExp(`^Claim batch of ${hmoName} for \\d{4}-\\d{2}$`) });
  await expect(batch.getByRole("table", { name: "Claimed lines" }).getByRole("row")).toHaveCount(3);
  await expect(batch).toContainText("PA/2026-0001");
  const download = page.waitForEvent("download");
  await batch.getByRole("button", { name: "Download CSV" }).click();
  const csv = await (await download).createReadStream();
  let text = "";
  for await (const chunk of csv) text += String(chunk);
  expect(text.split("\r\n")[0]).toContain("Enrollee ID");
  expect(text).toContain(`HYG-${serial}`);
  await batch.getByRole("button", { name: `Submit to ${hmoName}` }).click();
  await expect(batch.getByText("Claim batch submitted.")).toBeVisible();
  const ninety = Math.floor((hmoKobo * 9) / 10);
  await batch.getByLabel("Amount (₦)").fill((ninety / 100).toFixed(2));
  await batch.getByLabel("Bank reference").fill(`ZEN/${serial}`);
  await batch.getByLabel("Received on").fill("2026-11-30");
  await batch.getByRole("button", { name: "Record the remittance" }).click();
  await expect(batch.getByText("Remittance recorded.")).toBeVisible();
  await batch.getByLabel("Reason").fill("Paid at 90% of the NHIA tariff");
  await batch.getByRole("button", { name: `Ask to write off ${naira(hmoKobo - ninety)}` }).click();
  await expect(batch.getByText("Another officer signs off the write-off you asked for.")).toBeVisible();
  await expectNoAxeViolations(page, "HMOs: a claim batch part paid, its write-off waiting");
  await lookAt(batch, "hmo-claim-batch");
  // Printed, the batch is the claim form: its title and lines, without the forms.
  await page.emulateMedia({ media: "print" });
  await expect(batch.getByText(new RegExp(`^Claim form: ${hmoName} \\(NHIA/HYG/${serial}\\), \\d{4}-\\d{2}$`))).toBeVisible();
  await expect(batch.getByRole("button", { name: "Record the remittance" })).toBeHidden();
  await lookAt(page, "hmo-claim-form-print");
  await page.emulateMedia({ media: "screen" });

  // Another officer signs the write-off off: the HMO owes nothing more.
  await signInViaApi(page, baseUrl, demo.SUPERADMIN!, "/superdashboard/hmos");
  await page
    .getByRole("region", { name: "Claims" })
    .getByRole("button", { name: new RegExp(`^Open the claim batch of ${hmoName} for`) })
    .click();
  await batch.getByLabel("Sign-off note").fill("Agreed with the HMO's tariff letter");
  await batch.getByRole("button", { name: "Sign off the write-off" }).click();
  await expect(batch.getByText("Write-off approved.")).toBeVisible();
  await expect(batch).toContainText(`Outstanding ${naira(0)}`);
  await page.keyboard.press("Escape");
  const settled = page.getByRole("table", { name: "What each HMO owes, by age" }).getByRole("row", { name: new RegExp(hmoName) });
  await expect(settled.getByRole("cell")).toHaveText([hmoName, "0", naira(0), naira(0), naira(0), naira(0), naira(0)]);
});
