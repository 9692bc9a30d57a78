import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { lookAt, SCREENSHOTS } from "./support/look";
import { waitForMail } from "./support/mail-catcher";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signInViaApi, signUpVerifiedCustomer } from "./support/session";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/whole-app";
import { accessToken, fillLine, koboOf, naira, newStaff, pickServices } from "./support/staff";

const { baseUrl, mailUrl, demo } = e2eEnv();

/** The payer's part on /pay/{token}: amount, their details (a signed-in payer's are filled in), the method. */
async function payPart(page: Page, part: { amount: string; method: RegExp; name?: string; email?: string; phone?: string }) {
  await page.getByLabel("Amount to pay (₦)").fill(part.amount);
  if (part.name) await page.getByLabel("Your full name").fill(part.name);
  if (part.email) await page.getByLabel("Your e-mail").fill(part.email);
  if (part.phone) await page.getByLabel("Your phone number").fill(part.phone);
  await page.getByRole("radio", { name: part.method }).check();
  await page.getByRole("button", { name: "Pay now" }).click();
}

/**
 * The QR code an image shows, drawn into one 640×480 video frame (white around it) and written as a
 * Y4M file: Chromium's fake camera plays it in a loop to the page that asks for the camera.
 */
async function qrAsCameraFeed(image: Locator): Promise<string> {
  const width = 640;
  const height = 480;
  const luma = await image.evaluate(
    async (img: HTMLImageElement, size) => {
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, size.width, size.height);
      context.imageSmoothingEnabled = false;
      const side = size.height - 80;
      context.drawImage(img, (size.width - side) / 2, 40, side, side);
      const rgba = context.getImageData(0, 0, size.width, size.height).data;
      let bytes = "";
      for (let i = 0; i < rgba.length; i += 4)
        bytes += String.fromCharCode(Math.round(0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!));
      return btoa(bytes);
    },
    { width, height },
  );
  const y = Buffer.from(luma, "base64");
  expect(y.length).toBe(width * height);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  const file = path.join(tmpdir(), `hospipay-receipt-qr-${process.pid}-${Date.now()}.y4m`);
  await writeFile(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}

test("point of care: an agent's two-department bill is paid in two parts, given once at the lab and the pharmacy, and the shift closes equal to the ledger", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { lab, pharmacy } = await pickServices(page.request);
  const superToken = await accessToken(page.request, demo.SUPERADMIN!);
  const cashier = await newStaff(page.request, superToken, "Bisi", "Cashier", {
    departments: [],
    collects_money: true,
    gives_items: false,
  });
  const giver = (department: string) => ({ departments: [department], collects_money: false, gives_items: true });
  const labAgent = await newStaff(page.request, superToken, "Kemi", "Lab", giver(lab.department.name));
  const pharmacist = await newStaff(page.request, superToken, "Sani", "Pharmacy", giver(pharmacy.department.name));

  // The cashier opens a shift, then raises a bill with a line of each department.
  await signInViaApi(page, baseUrl, cashier);
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard`);
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "My shift" }).click();
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard/shift`);
  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened.")).toBeVisible();
  await expectNoAxeViolations(page, "my shift: just opened, nothing in it yet");

  // The patient is registered once; the bill is raised for them, found by a part of their hospital number.
  const serial = String(Date.now() % 100_000).padStart(5, "0");
  const hospitalNumber = `FTH/2026/${serial}`;
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Patients" }).click();
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard/patients`);
  await page.getByRole("button", { name: "Register a patient" }).click();
  const registration = page.getByRole("dialog", { name: "Register a patient" });
  await registration.getByLabel("Hospital number").fill(hospitalNumber);
  await registration.getByLabel("First name").fill("Amaka");
  await registration.getByLabel("Last name").fill("Obi");
  await registration.getByLabel("Phone number").fill("08039990011");
  await registration.getByLabel("Date of birth").fill("1988-06-21");
  await expectNoAxeViolations(page, "patients: register a patient");
  await registration.getByRole("button", { name: "Register patient" }).click();
  await expect(page.getByText("Patient registered.")).toBeVisible();
  await expect(page.getByRole("table", { name: `Patients matching "${hospitalNumber}", best match first` })).toContainText(
    "Amaka Obi",
  );
  await expectNoAxeViolations(page, "patients: the register after a registration");

  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Bills" }).click();
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard/bills`);
  await page.getByRole("button", { name: "Raise a bill" }).click();
  await page.getByRole("searchbox", { name: "Find a registered patient" }).fill(serial);
  await page.getByRole("searchbox", { name: "Find a registered patient" }).press("Enter");
  await page
    .getByRole("list", { name: "Patients matching the search" })
    .getByRole("button", { name: "Choose Amaka Obi" })
    .click();
  await expect(page.getByRole("group", { name: "Billing Amaka Obi" })).toContainText(hospitalNumber);
  await fillLine(page, 1, lab, 1);
  await page.getByRole("button", { name: "Add a line" }).click();
  await fillLine(page, 2, pharmacy, 2);
  const totalKobo = koboOf(lab.price) + 2 * koboOf(pharmacy.price);
  await expect(page.getByText(`Total: ${naira(totalKobo)}`)).toBeVisible();
  await expectNoAxeViolations(page, "bills: raise a bill, two lines");
  await page.getByRole("button", { name: "Raise the bill" }).click();

  const billDialog = page.getByRole("dialog", { name: "Bill for Amaka Obi" });
  await expect(billDialog.getByRole("region", { name: "Payment link" })).toBeVisible();
  await expectNoAxeViolations(page, "bills: a new bill's dialog with its link and QR code");
  const link = (await billDialog.getByRole("region", { name: "Payment link" }).getByRole("link").getAttribute("href"))!;
  expect(link).toMatch(new RegExp(`^${baseUrl}/pay/[A-Za-z0-9_-]{16,}$`));
  await page.keyboard.press("Escape");
  await expect(billDialog).toBeHidden();

  // First relative: a guest, pays part of it with Remita.
  const firstKobo = 600_000 > totalKobo - 100_000 ? totalKobo - 100_000 : 600_000;
  const secondKobo = totalKobo - firstKobo;
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  const guestEmail = uniqueEmail("chidi");
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Pay all or part of this bill" })).toBeVisible();
  await expect(guest.getByRole("radio", { name: /^Remita/ })).toBeVisible();
  await expectNoAxeViolations(guest, "/pay/{token}: an open bill");
  await payPart(guest, {
    amount: String(firstKobo / 100),
    method: /^Remita/,
    name: "Chidi Obi",
    email: guestEmail,
    phone: "08061112233",
  });
  const widget = guest.getByRole("dialog", { name: "Remita sandbox payment" });
  await widget.getByRole("button", { name: "Approve payment" }).click();
  await expect(guest).toHaveURL(/\/payment-success/);
  await expect(guest.getByRole("status").filter({ hasText: /Status:/ })).toContainText(/success/i);
  await expect(guest.getByRole("region", { name: "Payment Receipt" })).toContainText(naira(firstKobo + 10_000));
  await expectNoAxeViolations(guest, "payment success: a bill part's receipt");
  const guestMail = await waitForMail(mailUrl, guestEmail, /Hospipay receipt/);
  expect(guestMail.text).toContain(naira(firstKobo + 10_000));
  expect(guestMail.images).toEqual([{ contentType: "image/png", cid: "qr@hospipay" }]);
  // Anybody can check the part's receipt code: paid, the amount and the date, nothing personal.
  const partQr = guest.getByRole("img", { name: /^QR code of receipt code / });
  const partCode = ((await partQr.getAttribute("alt")) ?? "").replace("QR code of receipt code ", "");
  expect(guestMail.text).toContain(partCode);
  await guest.goto(`${baseUrl}/verify-receipt?code=${partCode}`);
  const publicResult = guest.getByRole("region").filter({ hasText: naira(firstKobo + 10_000) });
  await expect(publicResult).toContainText(/paid/i);
  await expect(guest.getByText("Chidi")).toHaveCount(0);
  await expectNoAxeViolations(guest, "/verify-receipt: anybody checks a paid part's code");

  // The bill page shows the part, by the payer's first name only, and what is left.
  await guest.goto(link);
  await expect(guest.getByText("Chidi", { exact: false }).first()).toBeVisible();
  await expect(guest.getByText("Chidi Obi")).toHaveCount(0);
  await expect(guest.getByText(naira(secondKobo)).first()).toBeVisible();
  await expectNoAxeViolations(guest, "/pay/{token}: a bill paid in part");
  await guestContext.close();

  // Second relative: a customer, funds the wallet and pays the rest from it.
  const relativeContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const relative = await relativeContext.newPage();
  const relativeAccount = await signUpVerifiedCustomer(
    relative,
    { baseUrl, mailUrl },
    { prefix: "ngozi", firstName: "Ngozi", lastName: "Obi", phone: "08057778899" },
  );
  await relative.getByRole("button", { name: "Fund Wallet" }).click();
  const fund = relative.getByRole("dialog", { name: "Fund Wallet" });
  await fund.getByRole("textbox", { name: "Amount (₦)" }).fill(String((secondKobo + 10_000) / 100));
  await fund.getByRole("button", { name: "Top up wallet" }).click();
  await relative.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Approve payment" }).click();
  await expect(relative.getByText("Top-up successful!")).toBeVisible();
  await relative.goto(link);
  await expect(relative.getByLabel("Amount to pay (₦)")).toHaveValue((secondKobo / 100).toFixed(2));
  await expect(relative.getByLabel("Your e-mail")).toHaveValue(relativeAccount.email);
  await expectNoAxeViolations(relative, "/pay/{token}: signed in, the wallet offered");
  await payPart(relative, { amount: (secondKobo / 100).toFixed(2), method: /^Wallet/ });
  // A wallet part is charged only once she confirms the amount and the balance after it.
  const confirm = relative.getByRole("dialog", { name: "Confirm wallet payment" });
  await expect(confirm).toContainText(`Total${naira(secondKobo + 10_000)}`);
  await expect(confirm).toContainText(`Balance after payment${naira(0)}`);
  await expectNoAxeViolations(relative, "/pay/{token}: a wallet part to confirm");
  await confirm.getByRole("button", { name: "Confirm payment" }).click();
  await expect(relative).toHaveURL(/\/payment-success/);
  await expect(relative.getByRole("region", { name: "Payment Receipt" })).toContainText(naira(secondKobo + 10_000));
  const relativeMail = await waitForMail(mailUrl, relativeAccount.email, /Hospipay receipt/);
  expect(relativeMail.text).toContain(naira(secondKobo + 10_000));
  // A part is named by the bill's lines, never by the bill's link token.
  const token = link.split("/pay/")[1]!;
  expect(relativeMail.text).toContain(`Bill for Amaka: ${lab.name}, ${pharmacy.name} × 2`);
  expect(relativeMail.text.replace(`/pay/${token}`, "")).not.toContain(token);

  // Her part paid the bill in full. The patient has no e-mail: the bill's own receipt code, the one items
  // are given against, goes to her phone by SMS, and to no payer.
  let texts: string[] = [];
  await expect
    .poll(
      async () => {
        const answer = await relative.request.get(`${baseUrl}/sandbox/phone.json`, { params: { to: "+2348039990011" } });
        texts = ((await answer.json()) as Array<{ sms: string }>).map((message) => message.sms);
        return texts.some((text) => text.includes("is paid in full"));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const paidText = texts.find((text) => text.includes("is paid in full"))!;
  const receiptCode = /receipt code is ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){3})\./.exec(paidText)?.[1] ?? "";
  expect(receiptCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  expect(paidText).toContain("lab, pharmacy or ward");

  // The bill is paid: its page says so and where the code went, never the code itself.
  await relative.goto(link);
  await expect(relative.getByText("This bill is already paid in full.")).toBeVisible();
  await expect(relative.getByText(/was sent to the patient:$/)).toBeVisible();
  await expect(relative.getByText("by SMS to •••••••0011")).toBeVisible();
  await expect(relative.getByRole("img", { name: /^QR code of receipt code / })).toHaveCount(0);
  await expect(relative.getByText(receiptCode)).toHaveCount(0);
  await expectNoAxeViolations(relative, "/pay/{token}: a bill paid in full, where its code went");
  await relativeContext.close();

  // The cashier's list and dialog show it paid, with the bill's receipt code and its QR code.
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: hospitalNumber });
  await expect(row).toContainText(/paid/i);
  await expectNoAxeViolations(page, "bills: the list with a paid bill");
  await row.getByRole("button", { name: /^Open the paid bill of Amaka Obi/ }).click();
  const paidDialog = page.getByRole("dialog", { name: "Bill for Amaka Obi" });
  const qr = paidDialog.getByRole("img", { name: `QR code of receipt code ${receiptCode}` });
  await expect(qr).toBeVisible();
  const feed = await qrAsCameraFeed(qr);
  await page.keyboard.press("Escape");
  await expect(paidDialog).toBeHidden();

  // At the lab: the agent scans the receipt's QR code with the phone's camera (Chromium's fake camera
  // plays the QR code taken from the bill page) and gives the lab's item.
  const camera = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${feed}`,
    ],
  });
  try {
    const labContext = await camera.newContext({ viewport: { width: 390, height: 844 } });
    await labContext.grantPermissions(["camera"], { origin: baseUrl });
    const labPage = await labContext.newPage();
    await signInViaApi(labPage, baseUrl, labAgent, "/verify-receipt");
    await expect(labPage.getByRole("heading", { name: "Verify a receipt" })).toBeVisible();
    await expectNoAxeViolations(labPage, "/verify-receipt: staff, nothing checked yet");

    // The camera reads the code by itself; nothing is typed. A loaded machine may take its time to start the
    // fake camera's frames, so a person's second try (Stop scanning, Scan again) is allowed once.
    const scan = async () => {
      const table = labPage.getByRole("table", { name: "Items on this receipt" });
      const camera = labPage.getByRole("group", { name: "Camera scan" });
      for (let attempt = 1; ; attempt += 1) {
        await labPage.getByRole("button", { name: "Scan QR code with camera" }).click();
        // The camera's panel opens; a camera already running may read the code at once, and its panel then
        // closes before it is seen open.
        await expect(camera.or(table).first()).toBeVisible();
        try {
          await expect(table).toBeVisible({ timeout: 20_000 });
          break;
        } catch (error) {
          if (attempt === 2) throw error;
          // The person gives up, unless the camera read the code just then and its panel closed by itself.
          await labPage
            .getByRole("button", { name: "Stop scanning" })
            .click({ timeout: 5_000 })
            .catch(() => undefined);
          await expect(camera).toBeHidden();
          // The code may have been read as the camera stopped: then there is nothing to scan again.
          if (await table.isVisible()) break;
        }
      }
      await expect(camera).toBeHidden();
      // The code in the field is the one the camera read.
      await expect(labPage.getByLabel("Receipt code")).toHaveValue(receiptCode);
    };
    await scan();
    const items = labPage.getByRole("table", { name: "Items on this receipt" });
    await expect(items).toContainText(lab.name);
    await expect(items).toContainText(pharmacy.name);
    await expectNoAxeViolations(labPage, "/verify-receipt: a paid bill's receipt, scanned");
    // The lab's member is offered the lab only: Pharmacy is not theirs to give.
    await expect(labPage.getByLabel("Your department").locator("option")).toHaveText([
      "Choose a department",
      lab.department.name,
    ]);
    await labPage.getByLabel("Your department").selectOption(lab.department.name);
    await labPage.getByRole("checkbox", { name: new RegExp(escapeRegExp(lab.name)) }).check();
    await labPage.getByRole("button", { name: "Mark as given" }).click();
    await expect(labPage.getByText("Items marked as given.")).toBeVisible();
    await expectNoAxeViolations(labPage, "/verify-receipt: the lab's item given");

    // A second scan of the same receipt: the lab's item is refused, naming who gave it and when.
    await labPage.goto(`${baseUrl}/verify-receipt`);
    await expect(labPage.getByRole("table", { name: "Items on this receipt" })).toHaveCount(0);
    await scan();
    await labPage.getByLabel("Your department").selectOption(lab.department.name);
    const refused = labPage.getByRole("alert").filter({ hasText: "Already given" });
    await expect(refused).toContainText(`nothing on this receipt is left for ${lab.department.name}`);
    await expect(refused).toContainText(`1 × ${lab.name}, given by ${labAgent.name} on `);
    await expect(refused).toContainText(/\d{1,2} \w{3} \d{4}/);
    await expect(labPage.getByRole("button", { name: "Mark as given" })).toBeVisible();
    await expectNoAxeViolations(labPage, "/verify-receipt: a second redemption refused");
    await labContext.close();
  } finally {
    await camera.close();
  }

  // At the pharmacy: the code typed (the camera's fallback), the pharmacy's items given.
  const pharmacyContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const pharmacyPage = await pharmacyContext.newPage();
  await signInViaApi(pharmacyPage, baseUrl, pharmacist, "/verify-receipt");
  await pharmacyPage.getByLabel("Receipt code").fill(receiptCode.toLowerCase().replaceAll("-", " "));
  await pharmacyPage.getByRole("button", { name: "Check code" }).click();
  await expect(pharmacyPage.getByRole("table", { name: "Items on this receipt" })).toBeVisible();
  await pharmacyPage.getByLabel("Your department").selectOption(pharmacy.department.name);
  await pharmacyPage.getByRole("checkbox", { name: new RegExp(escapeRegExp(pharmacy.name)) }).check();
  await expect(pharmacyPage.getByLabel(`Quantity of ${pharmacy.name} to give`)).toHaveValue("2");
  await pharmacyPage.getByRole("button", { name: "Mark as given" }).click();
  await expect(pharmacyPage.getByText("Items marked as given.")).toBeVisible();
  await expect(pharmacyPage.getByText("Everything on this receipt has been given.")).toBeVisible();
  await expect(pharmacyPage.getByText(`by ${labAgent.name} on `)).toBeVisible();
  await expect(pharmacyPage.getByText(`by ${pharmacist.name} on `)).toBeVisible();
  await expectNoAxeViolations(pharmacyPage, "/verify-receipt: everything given");

  // The desk prints the receipt on thermal paper, 80 mm unless this device chose 58 mm. The browser's print
  // dialog is replaced by a counter; print media shows what the paper gets: the slip alone, 80 mm wide.
  await pharmacyPage.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  await expect(pharmacyPage.getByRole("combobox", { name: "Paper" })).toHaveValue("80");
  await pharmacyPage.getByRole("button", { name: "Print", exact: true }).click();
  await expect.poll(() => pharmacyPage.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await pharmacyPage.emulateMedia({ media: "print" });
  // In print media the slip is the document's main landmark: the app's own is hidden with the rest of it.
  const slip = pharmacyPage.getByRole("main", { name: "Receipt, printed slip" });
  await expect(slip).toBeVisible();
  await expect(pharmacyPage.locator("#root")).toBeHidden();
  expect((await slip.boundingBox())?.width).toBeCloseTo((80 * 96) / 25.4, 0);
  for (const text of ["Federal Teaching Hospital", "1 Hospital Road, Ikeja, Lagos", "Amaka Obi", hospitalNumber, receiptCode]) {
    await expect(slip).toContainText(text);
  }
  await expect(slip.getByText("Served by").locator("..")).toContainText(pharmacist.name);
  await expect(slip.getByRole("img", { name: `QR code of receipt code ${receiptCode}` })).toBeVisible();
  await lookAt(pharmacyPage, "receipt-slip-80mm-print");
  await expectNoAxeViolations(pharmacyPage, "/verify-receipt: the receipt's 80 mm slip, as printed");
  await pharmacyPage.emulateMedia({ media: "screen" });
  await pharmacyContext.close();

  // The cashier closes the shift: its report's money equals the two parts, and the ledger's.
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "My shift" }).click();
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard/shift`);
  await closeShiftAndCheck(page, { partsKobo: firstKobo + secondKobo + 20_000, billKobo: totalKobo });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The cashier's shift report: the money received is the two parts (with their fees), the ledger's settlement
 * entries of those parts received the same, and the bill raised asks for its total; then the shift is closed
 * with a note and the locked report says the same.
 */
async function closeShiftAndCheck(page: Page, figures: { partsKobo: number; billKobo: number }) {
  const check = async (state: string) => {
    const received = page.getByRole("region", { name: "Money received", exact: true });
    const all = received.getByRole("row").filter({ hasText: "All methods" });
    await expect(all).toContainText(`2${naira(figures.partsKobo - 20_000)}₦200.00${naira(figures.partsKobo)}`);
    await expect(received.getByRole("row").filter({ hasText: "Remita" })).toContainText("1");
    await expect(received.getByRole("row").filter({ hasText: "Wallet" })).toContainText("1");
    await expect(received.getByText("In the ledger").locator("..")).toContainText(naira(figures.partsKobo));
    await expect(received.getByText("Matches the ledger.")).toBeVisible();
    const totals = page.getByRole("region", { name: "Totals", exact: true });
    await expect(totals.getByText("Money in").locator("..")).toContainText(naira(figures.partsKobo));
    const bills = page.getByRole("region", { name: "Bills raised", exact: true });
    await expect(bills.getByText("Total asked").locator("..")).toContainText(naira(figures.billKobo));
    await expect(bills.getByText("Paid", { exact: true }).locator("..")).toContainText("1");
    await expectNoAxeViolations(page, `my shift: ${state}`);
  };
  await expect(page.getByRole("heading", { name: "Shift report (open)" })).toBeVisible();
  await check("open, with the bill paid");
  await page.getByLabel("Note").fill("Two parts of one bill; no cash handled.");
  await page.getByRole("button", { name: "Close shift" }).click();
  await page.getByRole("dialog", { name: "Close this shift?" }).getByRole("button", { name: "Close shift" }).click();
  await expect(page.getByText("Shift closed.")).toBeVisible();
  await check("closed");
}

test("cash desk: a cashier with a ₦5,000 float takes part of a bill in cash, the change shown, and the rest by POS; the bill is paid", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { lab } = await pickServices(page.request);
  const superToken = await accessToken(page.request, demo.SUPERADMIN!);
  const cashier = await newStaff(page.request, superToken, "Tayo", "Desk", {
    departments: [],
    collects_money: true,
    gives_items: false,
  });
  // The shift opens through the API with its drawer's float; the rest happens in the staff UI.
  const cashierToken = await accessToken(page.request, cashier);
  const opened = await page.request.post(`${baseUrl}/api/staff/shifts/`, {
    headers: { authorization: `Bearer ${cashierToken}` },
    data: { float: "5000.00" },
  });
  expect(opened.status()).toBe(201);

  await signInViaApi(page, baseUrl, cashier, "/agentdashboard/bills");
  await page.getByRole("button", { name: "Raise a bill" }).click();
  await page.getByLabel("Hospital number").fill(`FTH/2026/D${String(Date.now() % 100_000).padStart(5, "0")}`);
  await page.getByLabel("Patient name").fill("Funke Adeyemi");
  await page.getByLabel("Phone number").fill("08024441122");
  await fillLine(page, 1, lab, 2);
  await page.getByRole("button", { name: "Raise the bill" }).click();
  const dialog = page.getByRole("dialog", { name: "Bill for Funke Adeyemi" });
  const desk = dialog.getByRole("region", { name: "Take payment at the desk" });
  const totalKobo = 2 * koboOf(lab.price);
  const cashKobo = Math.floor(totalKobo / 200) * 100;
  const posKobo = totalKobo - cashKobo;
  // The payer hands over the next ₦1,000 note above the cash part and a ₦500 one.
  const tenderedKobo = Math.ceil(cashKobo / 100_000) * 100_000 + 50_000;

  // Cash: the change is worked out as the cash handed over is typed.
  await expect(desk.getByRole("textbox", { name: "Amount (₦)" })).toHaveValue((totalKobo / 100).toFixed(2));
  await expect(desk.getByRole("radio", { name: "Cash" })).toBeChecked();
  await desk.getByRole("textbox", { name: "Amount (₦)" }).fill((cashKobo / 100).toFixed(2));
  await desk.getByRole("textbox", { name: "Cash handed over (₦, optional)" }).fill(String(tenderedKobo / 100));
  await expect(desk.getByText(`Change to give back: ${naira(tenderedKobo - cashKobo)}`)).toBeVisible();
  await desk.getByRole("textbox", { name: "Payer's name" }).fill("Tunde Adeyemi");
  await desk.scrollIntoViewIfNeeded();
  await lookAt(dialog, "desk-payment-cash-390");
  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await lookAt(dialog, "desk-payment-cash-1280");
    await page.setViewportSize({ width: 390, height: 844 });
  }
  await expectNoAxeViolations(page, "bills: taking a cash part at the desk, the change shown");
  await desk.getByRole("button", { name: "Record payment" }).click();
  await expect(desk.getByText("Payment recorded.")).toBeVisible();
  await expect(desk.getByText(`Give back ${naira(tenderedKobo - cashKobo)} in change.`)).toBeVisible();
  await expect(desk.getByText(`Still left to pay: ${naira(posKobo)}.`)).toBeVisible();
  await expect(desk.getByRole("img", { name: /^QR code of receipt code / })).toBeVisible();
  await expect(dialog.getByText("Left to pay", { exact: true }).locator("..")).toContainText(naira(posKobo));
  await lookAt(dialog, "desk-payment-cash-done-390");
  await expectNoAxeViolations(page, "bills: a cash part taken at the desk, its receipt code");

  // POS for the rest: the slip's reference is asked for first.
  await desk.getByRole("button", { name: "Take another payment" }).click();
  await expect(desk.getByRole("textbox", { name: "Amount (₦)" })).toHaveValue((posKobo / 100).toFixed(2));
  await desk.getByRole("radio", { name: "POS (card terminal)" }).check();
  await desk.getByRole("textbox", { name: "Payer's name" }).fill("Tunde Adeyemi");
  await desk.getByRole("button", { name: "Record payment" }).click();
  const slip = desk.getByRole("textbox", { name: "POS slip reference" });
  await expect(slip).toHaveAttribute("aria-invalid", "true");
  await expect(slip).toBeFocused();
  await lookAt(dialog, "desk-payment-pos-refused-390");
  await expectNoAxeViolations(page, "bills: a POS part at the desk without its slip reference");
  await slip.fill(`RRN-${Date.now()}`);
  await desk.getByRole("button", { name: "Record payment" }).click();
  await expect(desk.getByText("Payment recorded.")).toBeVisible();
  await expect(desk.getByText("The bill is now paid in full.")).toBeVisible();
  await expect(dialog.getByText("Left to pay", { exact: true }).locator("..")).toContainText(naira(0));
  await expect(dialog.getByRole("region", { name: "Bill receipt" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel bill" })).toHaveCount(0);
  const parts = dialog.getByRole("region", { name: "Payments" }).getByRole("listitem");
  await expect(parts).toHaveCount(2);
  await expect(parts.filter({ hasText: "Cash · completed" })).toContainText(naira(cashKobo));
  await expect(parts.filter({ hasText: "POS (card terminal) · completed" })).toContainText(naira(posKobo));
  await lookAt(dialog, "desk-payment-paid-390");
  await expectNoAxeViolations(page, "bills: a bill paid at the desk in cash and by POS");
});

test("bills and receipts: the states the journey does not reach are accessible and say what happened", async ({
  page,
  browser,
}) => {
  const { lab } = await pickServices(page.request);
  await signInViaApi(page, baseUrl, demo.AGENT!, "/agentdashboard/bills");
  await expect(page.getByRole("heading", { name: "Find a bill" })).toBeVisible();
  await expectNoAxeViolations(page, "bills: the list");
  await page.getByRole("button", { name: "Raise a bill" }).click();
  await page.getByRole("button", { name: "Raise the bill" }).click();
  await expect(page.getByText(/^Check the \d+ fields marked below\.$/)).toBeVisible();
  await expectNoAxeViolations(page, "bills: raise a bill, the fields refused");

  await page.getByLabel("Hospital number").fill("FTH/2026/05522");
  await page.getByLabel("Patient name").fill("Musa Bello");
  await page.getByLabel("Phone number").fill("08024440000");
  await fillLine(page, 1, lab, 1);
  await page.getByRole("button", { name: "Raise the bill" }).click();
  const bill = page.getByRole("dialog", { name: "Bill for Musa Bello" });
  const link = (await bill.getByRole("region", { name: "Payment link" }).getByRole("link").getAttribute("href"))!;
  await bill.getByRole("button", { name: "Cancel bill" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel this bill?" });
  await confirm.getByRole("button", { name: "Cancel bill" }).click();
  await expect(confirm.getByRole("textbox", { name: "Reason" })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "bills: cancel a bill, no reason given");
  await confirm.getByRole("textbox", { name: "Reason" }).fill("Raised for the wrong patient.");
  await confirm.getByRole("button", { name: "Cancel bill" }).click();
  await expect(confirm).toBeHidden();
  await expect(bill).toContainText(/cancelled/i);
  await expect(bill.getByRole("button", { name: "Cancel bill" })).toHaveCount(0);
  await expectNoAxeViolations(page, "bills: a cancelled bill's dialog");

  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(guest.getByText(/cancelled/i).first()).toBeVisible();
  await expect(guest.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  await expectNoAxeViolations(guest, "/pay/{token}: a cancelled bill");
  await guest.goto(`${baseUrl}/pay/AAAAAAAAAAAAAAAAAAAAAA`);
  await expect(guest.getByRole("heading", { name: "This bill link is not valid" })).toBeVisible();
  await expectNoAxeViolations(guest, "/pay/{token}: a link that is no bill's");

  await guest.goto(`${baseUrl}/verify-receipt`);
  await guest.getByLabel("Receipt code").fill("12");
  await guest.getByRole("button", { name: "Check code" }).click();
  await expect(guest.getByLabel("Receipt code")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(guest, "/verify-receipt: anybody, a code too short");
  await guest.getByLabel("Receipt code").fill("2222-3333-4444-5555");
  await guest.getByRole("button", { name: "Check code" }).click();
  await expect(guest.getByText("No receipt has this code.")).toBeVisible();
  await expectNoAxeViolations(guest, "/verify-receipt: anybody, a code of no receipt");
  await guestContext.close();
});

test("waivers: an agent asks for a 10% waiver on a bill, an admin with a waiver limit approves it from the Waivers screen, and the bill asks for less", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { lab } = await pickServices(page.request);
  const superToken = await accessToken(page.request, demo.SUPERADMIN!);
  const desk = { departments: [], collects_money: false, gives_items: false };
  const agent = await newStaff(page.request, superToken, "Efe", "Desk", desk);
  const officer = await newStaff(page.request, superToken, "Halima", "Officer", { ...desk, waiver_limit: "1000000.00" }, "ADMIN");

  // The agent raises a bill and, in its dialog, asks for 10% of it to be waived.
  await signInViaApi(page, baseUrl, agent, "/agentdashboard/bills");
  const hospitalNumber = `FTH/2026/W${String(Date.now() % 100_000).padStart(5, "0")}`;
  await page.getByRole("button", { name: "Raise a bill" }).click();
  await page.getByLabel("Hospital number").fill(hospitalNumber);
  await page.getByLabel("Patient name").fill("Bayo Waive");
  await page.getByLabel("Phone number").fill("08024443300");
  await fillLine(page, 1, lab, 2);
  await page.getByRole("button", { name: "Raise the bill" }).click();
  const dialog = page.getByRole("dialog", { name: "Bill for Bayo Waive" });
  const waivers = dialog.getByRole("region", { name: "Waivers" });
  const totalKobo = 2 * koboOf(lab.price);
  const waivedKobo = Math.floor(totalKobo / 10);
  const ask = waivers.getByRole("form", { name: "Ask for a waiver" });
  await ask.getByRole("radio", { name: "A percentage" }).check();
  await ask.getByRole("button", { name: "Ask for the waiver" }).click();
  const percent = ask.getByRole("textbox", { name: "Percentage of the bill's total (%)" });
  await expect(percent).toHaveAttribute("aria-invalid", "true");
  await expect(percent).toBeFocused();
  await expectNoAxeViolations(page, "bills: ask for a waiver, nothing filled in");
  await percent.fill("10");
  await ask.getByRole("textbox", { name: "Reason" }).fill("Indigent patient: social welfare letter seen.");
  await ask.getByRole("button", { name: "Ask for the waiver" }).click();
  await expect(waivers.getByText("Waiver requested: an officer with the right approves it.")).toBeVisible();
  const asked = waivers.getByRole("list", { name: "Waivers asked for on this bill" }).getByRole("listitem");
  await expect(asked).toHaveCount(1);
  await expect(asked).toContainText(`${naira(waivedKobo)} (10% of the bill)`);
  await expect(asked).toContainText("Pending");
  await expect(asked).toContainText(`Asked by ${agent.name}`);
  // An agent without a waiver limit decides nothing.
  await expect(waivers.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await waivers.scrollIntoViewIfNeeded();
  await lookAt(dialog, "waiver-asked-390");
  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await lookAt(dialog, "waiver-asked-1280");
    await page.setViewportSize({ width: 390, height: 844 });
  }
  await expectNoAxeViolations(page, "bills: a waiver asked for, pending");
  const link = (await dialog.getByRole("region", { name: "Payment link" }).getByRole("link").getAttribute("href"))!;

  // The officer approves it from the Waivers screen: a note first.
  const officerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const officerPage = await officerContext.newPage();
  await signInViaApi(officerPage, baseUrl, officer, "/admindashboard");
  await officerPage.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Waivers" }).click();
  await expect(officerPage).toHaveURL(`${baseUrl}/admindashboard/waivers`);
  await expect(officerPage.getByText("You approve waivers up to ₦1,000,000.00.")).toBeVisible();
  const item = officerPage
    .getByRole("list", { name: "Waivers waiting for a decision" })
    .getByRole("listitem")
    .filter({ hasText: hospitalNumber });
  await expect(item).toContainText("Bayo Waive");
  await expect(item).toContainText(`${naira(waivedKobo)} (10% of the bill)`);
  await expect(item).toContainText("Indigent patient: social welfare letter seen.");
  await expect(item).toContainText(agent.name);
  await expectNoAxeViolations(officerPage, "waivers: the pending list");
  const decide = item.getByRole("group", { name: `Decide the waiver of ${naira(waivedKobo)} for Bayo Waive` });
  await decide.getByRole("button", { name: "Approve" }).click();
  const note = decide.getByRole("textbox", { name: "Note for the decision" });
  await expect(note).toHaveAttribute("aria-invalid", "true");
  await expect(note).toBeFocused();
  await item.scrollIntoViewIfNeeded();
  await lookAt(officerPage, "waivers-screen-note-refused-390");
  if (SCREENSHOTS) {
    await officerPage.setViewportSize({ width: 1280, height: 900 });
    await lookAt(officerPage, "waivers-screen-note-refused-1280");
    await officerPage.setViewportSize({ width: 390, height: 844 });
  }
  await expectNoAxeViolations(officerPage, "waivers: approving without a note");
  await note.fill("Letter seen at the welfare office.");
  await decide.getByRole("button", { name: "Approve" }).click();
  await expect(officerPage.getByText("Waiver approved: the bill asks for less.")).toBeVisible();
  await expect(item).toHaveCount(0);
  await lookAt(officerPage, "waivers-screen-approved-390");
  await expectNoAxeViolations(officerPage, "waivers: one approved");
  await officerContext.close();

  // The agent's bill now shows what was waived and the lower amount left, and who approved it with the note.
  await page.goto(`${baseUrl}/agentdashboard/bills?bill=${link.split("/pay/")[1]}`);
  await expect(dialog.getByText("Waived", { exact: true }).locator("..")).toContainText(naira(waivedKobo));
  await expect(dialog.getByText("Left to pay", { exact: true }).locator("..")).toContainText(naira(totalKobo - waivedKobo));
  await expect(asked).toContainText("Approved");
  await expect(asked).toContainText(`Approved by ${officer.name}`);
  await expect(asked).toContainText("Letter seen at the welfare office.");
  await dialog.getByText("Waived", { exact: true }).scrollIntoViewIfNeeded();
  await lookAt(dialog, "waiver-approved-figures-390");
  await waivers.scrollIntoViewIfNeeded();
  await lookAt(dialog, "waiver-approved-390");
  await expectNoAxeViolations(page, "bills: a bill with an approved waiver");

  // The public page shows the discount beside paid and left.
  await page.goto(link);
  await expect(page.getByText("Discount / waiver").locator("..")).toContainText(naira(waivedKobo));
  await expect(page.getByText("Left to pay", { exact: true }).locator("..")).toContainText(naira(totalKobo - waivedKobo));
  await expect(page.getByLabel("Amount to pay (₦)")).toHaveValue(((totalKobo - waivedKobo) / 100).toFixed(2));
  await lookAt(page, "pay-bill-waived-390");
  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await lookAt(page, "pay-bill-waived-1280");
    await page.setViewportSize({ width: 390, height: 844 });
  }
  await expectNoAxeViolations(page, "/pay/{token}: a bill with a discount");
});
