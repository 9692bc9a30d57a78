import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { lookAt } from "./support/look";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signInViaApi } from "./support/session";
import { accessToken, fillLine, koboOf, naira, newStaff, pickServices, type Service } from "./support/staff";

const { baseUrl, demo } = e2eEnv();

/** Online and wallet money of the same day: a guest's Remita cart, and the demo customer's wallet top-up and payment. */
async function onlineAndWalletPayments(request: APIRequestContext, service: Service) {
  const meta = {
    name: "Online Payer",
    email: uniqueEmail("online"),
    phone: "08061230000",
    hospital_number: "FTH/2026/DESK1",
    transaction_description: "Desk journey",
  };
  const guest = await request.post(`${baseUrl}/express/checkout/`, {
    data: {
      items: [{ service, amount: service.price, qty: 1 }],
      customer_meta: meta,
      payment_method: "remita",
      charge_fee: "100.00",
    },
  });
  expect(guest.status()).toBe(201);
  const paid = (await guest.json()) as { reference: string; rrr: string };
  expect(
    (
      await request.post(`${baseUrl}/sandbox/remita/_control/pay`, { data: { rrr: paid.rrr, outcome: "approve", notify: false } })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.get(`${baseUrl}/api/express/callback/top-up/remita/`, {
        params: { transaction_id: paid.reference, rrr: paid.rrr },
      })
    ).ok(),
  ).toBe(true);

  const token = await accessToken(request, demo.CUSTOMER!);
  const headers = { authorization: `Bearer ${token}` };
  const topUp = await request.post(`${baseUrl}/express/top-up/`, { headers, data: { amount: "5000", payment_method: "remita" } });
  expect(topUp.status(), await topUp.text()).toBe(201);
  const started = (await topUp.json()) as { reference: string; rrr_response: { RRR: string } };
  const rrr = started.rrr_response.RRR;
  const approved = await request.post(`${baseUrl}/sandbox/remita/_control/pay`, {
    data: { rrr, outcome: "approve", notify: false },
  });
  expect(approved.ok()).toBe(true);
  const callback = await request.get(`${baseUrl}/api/express/callback/top-up/remita/`, {
    params: { transaction_id: started.reference, rrr },
  });
  expect(callback.ok()).toBe(true);
  const profile = (await (await request.get(`${baseUrl}/auth/profile/`, { headers })).json()) as {
    wallet_id: number;
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
  };
  const wallet = await request.post(`${baseUrl}/express/checkout/`, {
    headers,
    data: {
      items: [{ service, amount: service.price, qty: 1 }],
      customer_meta: {
        first_name: profile.first_name,
        last_name: profile.last_name,
        email: profile.email,
        phone_number: profile.phone_number || "08031234567",
        hospital_number: "FTH/2026/DESK2",
        transaction_description: "Desk journey wallet",
      },
      payment_method: "wallet",
      wallet_id: profile.wallet_id,
      charge_fee: "100.00",
    },
  });
  expect(wallet.status(), await wallet.text()).toBe(201);
}

test("the desk: a registered patient's bill paid in cash and by POS after an approved waiver, given by the lab only, the drawer signed off and the day book equal to the ledger", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { lab, pharmacy } = await pickServices(page.request);
  const superToken = await accessToken(page.request, demo.SUPERADMIN!);
  const cashier = await newStaff(page.request, superToken, "Ifeoma", "Cashier", {
    departments: [],
    collects_money: true,
    gives_items: false,
  });
  const labMember = await newStaff(page.request, superToken, "Musa", "Scientist", {
    departments: [lab.department.name],
    collects_money: false,
    gives_items: true,
  });

  // The cashier opens a shift with a ₦5,000 float.
  await signInViaApi(page, baseUrl, cashier, "/agentdashboard/shift");
  await page.getByLabel("Opening float (cash in the drawer)").fill("5000");
  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened.")).toBeVisible();
  const drawer = page.getByRole("region", { name: "Cash drawer" });
  await expect(drawer.getByText("Opening float").locator("..")).toContainText("₦5,000.00");
  await expectNoAxeViolations(page, "my shift: opened with a float");

  // Over the counter, with no bill: she sells one catalogue service in cash and gives the change.
  const saleKobo = koboOf(lab.price);
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Desk sale" }).click();
  await page.getByRole("button", { name: "Add services" }).click();
  const picker = page.getByRole("dialog", { name: "Select Services" });
  await picker.getByLabel("Department", { exact: true }).selectOption({ label: lab.department.name });
  await picker.getByRole("list", { name: "Services" }).getByRole("button", { name: lab.name, exact: true }).first().click();
  await picker.getByRole("button", { name: "Add to the sale" }).click();
  await expect(page.getByLabel("Cart totals")).toContainText(naira(saleKobo));
  await page.getByRole("textbox", { name: "Payer's name" }).fill("Walk-in Payer");
  await page.getByRole("textbox", { name: "Cash handed over (₦, optional)" }).fill(((saleKobo + 50_000) / 100).toFixed(2));
  await expect(page.getByText("Change to give back: ₦500.00")).toBeVisible();
  await lookAt(page, "desk-sale-cash-form");
  await page.getByRole("button", { name: "Record the sale" }).click();
  await expect(page.getByText("Payment recorded.")).toBeVisible();
  await expect(page.getByText(`Cash: ${naira(saleKobo)} from Walk-in Payer.`)).toBeVisible();
  await expect(page.getByText("Give back ₦500.00 in change.")).toBeVisible();
  const saleCode = ((await page.getByRole("img", { name: /^QR code of receipt code / }).getAttribute("alt")) ?? "").replace(
    "QR code of receipt code ",
    "",
  );
  expect(saleCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await expect(page.getByText(saleCode, { exact: true })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    "the desk sale fits the phone's width",
  ).toBe(true);
  await lookAt(page, "desk-sale-cash-sold");
  await expectNoAxeViolations(page, "desk sale: a service sold in cash");

  // A member registers the patient; the bill is raised for them, found by a part of their hospital number.
  const serial = String(Date.now() % 100_000).padStart(5, "0");
  const hospitalNumber = `FTH/DESK/${serial}`;
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Patients" }).click();
  await page.getByRole("button", { name: "Register a patient" }).click();
  const registration = page.getByRole("dialog", { name: "Register a patient" });
  await registration.getByLabel("Hospital number").fill(hospitalNumber);
  await registration.getByLabel("First name").fill("Hauwa");
  await registration.getByLabel("Last name").fill("Bello");
  await registration.getByLabel("Phone number").fill("08039990022");
  await registration.getByLabel("Date of birth").fill("1979-02-11");
  await registration.getByRole("button", { name: "Register patient" }).click();
  await expect(page.getByText("Patient registered.")).toBeVisible();

  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Bills" }).click();
  await page.getByRole("button", { name: "Raise a bill" }).click();
  await page.getByRole("searchbox", { name: "Find a registered patient" }).fill(serial);
  await page.getByRole("searchbox", { name: "Find a registered patient" }).press("Enter");
  await page
    .getByRole("list", { name: "Patients matching the search" })
    .getByRole("button", { name: "Choose Hauwa Bello" })
    .click();
  await fillLine(page, 1, lab, 1);
  await page.getByRole("button", { name: "Add a line" }).click();
  await fillLine(page, 2, pharmacy, 1);
  const totalKobo = koboOf(lab.price) + koboOf(pharmacy.price);
  await page.getByRole("button", { name: "Raise the bill" }).click();
  const dialog = page.getByRole("dialog", { name: "Bill for Hauwa Bello" });
  const desk = dialog.getByRole("region", { name: "Take payment at the desk" });

  // A relative pays part in cash.
  const cashKobo = Math.floor(totalKobo / 200) * 100;
  await desk.getByRole("textbox", { name: "Amount (₦)" }).fill((cashKobo / 100).toFixed(2));
  await desk.getByRole("textbox", { name: "Payer's name" }).fill("Aisha Bello");
  await desk.getByRole("button", { name: "Record payment" }).click();
  await expect(desk.getByText("Payment recorded.")).toBeVisible();
  const cashQr = desk.getByRole("img", { name: /^QR code of receipt code / });
  const cashCode = ((await cashQr.getAttribute("alt")) ?? "").replace("QR code of receipt code ", "");
  const token = new URL(
    (await dialog.getByRole("region", { name: "Payment link" }).getByRole("link").getAttribute("href"))!,
  ).pathname.split("/")[2]!;

  // The cashier asks for a waiver on the bill; an admin with a waiver limit approves it from the Waivers screen.
  const waiverKobo = 10_000;
  const waivers = dialog.getByRole("region", { name: "Waivers" });
  const ask = waivers.getByRole("form", { name: "Ask for a waiver" });
  await ask.getByRole("textbox", { name: "Amount to waive (₦)" }).fill((waiverKobo / 100).toFixed(2));
  await ask.getByRole("textbox", { name: "Reason" }).fill("Social welfare: indigent patient");
  await ask.getByRole("button", { name: "Ask for the waiver" }).click();
  await expect(waivers.getByText("Waiver requested: an officer with the right approves it.")).toBeVisible();
  const adminToken = await accessToken(page.request, demo.ADMIN!);
  const officerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const officerPage = await officerContext.newPage();
  await signInViaApi(officerPage, baseUrl, demo.ADMIN!, "/admindashboard/waivers");
  const item = officerPage
    .getByRole("list", { name: "Waivers waiting for a decision" })
    .getByRole("listitem")
    .filter({ hasText: hospitalNumber });
  await expect(item).toContainText(naira(waiverKobo));
  const decide = item.getByRole("group", { name: `Decide the waiver of ${naira(waiverKobo)} for Hauwa Bello` });
  await decide.getByRole("textbox", { name: "Note for the decision" }).fill("Social welfare form seen");
  await decide.getByRole("button", { name: "Approve" }).click();
  await expect(officerPage.getByText("Waiver approved: the bill asks for less.")).toBeVisible();
  await expectNoAxeViolations(officerPage, "desk: the admin approves the cashier's waiver");
  await officerContext.close();

  // Another relative pays the rest by POS.
  const posKobo = totalKobo - cashKobo - waiverKobo;
  await page.reload();
  const reopened = page.getByRole("dialog", { name: "Bill for Hauwa Bello" });
  if (!(await reopened.isVisible())) await page.goto(`${baseUrl}/agentdashboard/bills?bill=${token}`);
  const deskAgain = page
    .getByRole("dialog", { name: "Bill for Hauwa Bello" })
    .getByRole("region", { name: "Take payment at the desk" });
  await expect(deskAgain.getByRole("textbox", { name: "Amount (₦)" })).toHaveValue((posKobo / 100).toFixed(2));
  await deskAgain.getByRole("radio", { name: "POS (card terminal)" }).check();
  await deskAgain.getByRole("textbox", { name: "Payer's name" }).fill("Sani Bello");
  await deskAgain.getByRole("textbox", { name: "POS slip reference" }).fill(`RRN-${Date.now()}`);
  await deskAgain.getByRole("button", { name: "Record payment" }).click();
  await expect(deskAgain.getByText("The bill is now paid in full.")).toBeVisible();
  const billCodeRegion = page.getByRole("dialog", { name: "Bill for Hauwa Bello" }).getByRole("region", { name: "Bill receipt" });
  await expect(billCodeRegion).toBeVisible();
  const billCode = (
    (await billCodeRegion.getByRole("img", { name: /^QR code of receipt code / }).getAttribute("alt")) ?? ""
  ).replace("QR code of receipt code ", "");
  await expectNoAxeViolations(page, "desk: a bill paid in cash and by POS after a waiver");

  // The cash part's receipt, printed at the desk on 80 mm paper.
  await page.goto(`${baseUrl}/verify-receipt?code=${encodeURIComponent(cashCode)}`);
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeVisible();
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.getByRole("button", { name: "Print", exact: true }).click();
  await page.emulateMedia({ media: "print" });
  const slip = page.getByRole("main", { name: "Receipt, printed slip" });
  await expect(slip).toBeVisible();
  await expect(page.locator("#root")).toBeHidden();
  expect((await slip.boundingBox())?.width).toBeCloseTo((80 * 96) / 25.4, 0);
  await expect(slip).toContainText(cashCode);
  await expect(slip).toContainText(hospitalNumber);
  await expect(slip).toContainText(naira(cashKobo));
  await lookAt(page, "desk-cash-receipt-80mm-print");
  await expectNoAxeViolations(page, "desk: the cash receipt's 80 mm slip, as printed");
  await page.emulateMedia({ media: "screen" });

  // The lab member gives only the lab's items: the pharmacy is not offered to them.
  const labContext = await browser.newContext();
  const labPage = await labContext.newPage();
  await signInViaApi(labPage, baseUrl, labMember, `/verify-receipt?code=${encodeURIComponent(billCode)}`);
  await expect(labPage.getByLabel("Your department").locator("option")).toHaveText(["Choose a department", lab.department.name]);
  await labPage.getByLabel("Your department").selectOption(lab.department.name);
  await labPage.getByRole("checkbox", { name: `${lab.name} (1 left)` }).check();
  await labPage.getByRole("button", { name: "Mark as given" }).click();
  await expect(labPage.getByText("Items marked as given.")).toBeVisible();
  await expectNoAxeViolations(labPage, "desk: the lab member gives the lab's items");
  await labContext.close();

  // Online and wallet money of the same day.
  await onlineAndWalletPayments(page.request, lab);

  // The cashier counts the drawer (the float, the bill's cash part and the desk sale): ₦200 short, so the count
  // waits for an admin's sign-off.
  const expectedKobo = 500_000 + cashKobo + saleKobo;
  const countedKobo = expectedKobo - 20_000;
  await page.goto(`${baseUrl}/agentdashboard/shift`);
  const count = page.getByRole("group", { name: "Count the drawer" });
  await expect(
    page.getByRole("region", { name: "Cash drawer" }).getByText("Cash expected in the drawer").locator(".."),
  ).toContainText(naira(expectedKobo));
  await count.getByLabel("₦1,000.00").fill(String(Math.floor(countedKobo / 100_000)));
  const restKobo = countedKobo % 100_000;
  if (restKobo > 0) await count.getByLabel("₦0.50").fill(String(restKobo / 50));
  await expect(count.getByText(`Counted ${naira(countedKobo)}: ₦200.00 short`)).toBeVisible();
  await page.getByLabel("Note").fill("Short by ₦200: a note missing");
  await expectNoAxeViolations(page, "my shift: the drawer counted");
  await page.getByRole("button", { name: "Close shift" }).click();
  await page.getByRole("dialog", { name: "Close this shift?" }).getByRole("button", { name: "Close shift" }).click();
  await expect(
    page.getByText("The drawer is ₦200.00 short: an admin must sign the count off before the shift closes."),
  ).toBeVisible();

  // The admin signs it off from the shifts screen; the shift closes.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInViaApi(adminPage, baseUrl, demo.ADMIN!, "/admindashboard/shifts");
  const waiting = adminPage.getByRole("region", { name: "Counts waiting for sign-off" });
  const row = waiting.getByRole("listitem").filter({ hasText: cashier.name });
  await expect(row).toContainText("₦200.00 short");
  await row.getByRole("button", { name: "Review" }).click();
  const signoff = adminPage
    .getByRole("dialog", { name: `Shift of ${cashier.name}` })
    .getByRole("region", { name: "Sign off the count" });
  await signoff.getByLabel("Your note (what you checked)").fill("Recounted with the cashier");
  await expectNoAxeViolations(adminPage, "shifts: a count waiting for sign-off");
  await signoff.getByRole("button", { name: "Sign off and close the shift" }).click();
  await expect(
    adminPage
      .getByRole("dialog", { name: `Shift of ${cashier.name}` })
      .getByText("Signed off by")
      .locator(".."),
  ).toBeVisible();

  // The day book: cash, POS, online and wallet money, by department and by cashier, equal to the ledger.
  const book = await adminPage.request.get(`${baseUrl}/api/staff/daybook/`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(book.status()).toBe(200);
  const day = (await book.json()) as {
    channels: Array<{ channel: string }>;
    departments: Array<{ department: string }>;
    staff: Array<{ name: string; cash: string; pos: string; variance: string }>;
    totals: { matches_ledger: boolean; difference: string };
  };
  expect(day.channels.map((c) => c.channel)).toEqual(expect.arrayContaining(["cash", "pos", "remita", "wallet"]));
  expect(day.departments.map((d) => d.department)).toEqual(
    expect.arrayContaining([lab.department.name, pharmacy.department.name]),
  );
  expect(day.staff).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        name: cashier.name,
        cash: ((cashKobo + saleKobo) / 100).toFixed(2),
        pos: (posKobo / 100).toFixed(2),
        variance: "-200.00",
      }),
    ]),
  );
  expect(day.totals).toMatchObject({ matches_ledger: true, difference: "0.00" });
  // And on the admin's screen.
  await adminPage.goto(`${baseUrl}/admindashboard/daybook`);
  const screen = adminPage.getByRole("region", { name: /^Day book, \d{2} \w{3} \d{4}$/ });
  await expect(screen.getByRole("region", { name: "Against the ledger" })).toContainText("Matches the ledger");
  await expect(
    screen.getByRole("table", { name: "Money by staff member" }).getByRole("row").filter({ hasText: cashier.name }),
  ).toContainText("₦200.00 short");
  await expectNoAxeViolations(adminPage, "desk: the day book after the desk's day");
  await adminContext.close();
});
