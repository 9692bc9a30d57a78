import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv, uniqueEmail } from "./support/env";
import { waitForMail } from "./support/mail-catcher";
import { signInViaApi } from "./support/session";
import { lookAt, SCREENSHOTS } from "./support/look";

const { baseUrl, mailUrl, demo } = e2eEnv();

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;
const DESKTOPS = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
] as const;

/** Names and addresses as long as the forms accept (LIMITS.name 100), with a long unbroken part. */
const LONG_FIRST = "Oluwaseyifunmilayoadetokunboh Chiamakanwaneri";
const LONG_LAST = "Adebayo-Ogunlesi-Abdulrahman-Nwachukwuokonkwo";
const LONG_NAME = `${LONG_FIRST} ${LONG_LAST}`;
const longEmail = () => uniqueEmail("oluwaseyifunmilayoadetokunboh.chiamakanwaneri.adebayo-ogunlesi-abdulrahman");
const PHONE = "08061239876";
const PASSWORD = "Layout-pays-2026";
/** The server's references are 24 characters; the screens must hold a gateway's or bank's much longer ones too. */
const lengthen = (reference: string) => `${reference}${"7F3A9C0B2E5D8A1F".repeat(4)}`;

interface Service {
  id: number;
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

async function anyService(request: APIRequestContext): Promise<Service> {
  const response = await request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  const all = ((await response.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  return all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0)!;
}

/** A guest's Remita payment by the long-named payer, paid in the sandbox and heard through the callback. */
async function paidGuestPayment(request: APIRequestContext, email: string): Promise<string> {
  const service = await anyService(request);
  const created = await request.post(`${baseUrl}/express/checkout/`, {
    data: {
      items: [{ service, amount: service.price, qty: 1 }],
      customer_meta: {
        name: LONG_NAME,
        email,
        phone: PHONE,
        hospital_number: "FTH/2026/99999",
        transaction_description: "Layout",
      },
      payment_method: "remita",
      charge_fee: "100.00",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const payment = (await created.json()) as { reference: string; rrr: string };
  const paid = await request.post(`${baseUrl}/sandbox/remita/_control/pay`, {
    data: { rrr: payment.rrr, outcome: "approve", notify: false },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const callback = await request.get(`${baseUrl}/api/express/callback/top-up/remita/`, {
    params: { transaction_id: payment.reference, rrr: payment.rrr },
  });
  expect(callback.ok(), await callback.text()).toBe(true);
  return payment.reference;
}

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const response = await request.post(`${baseUrl}/auth/login/`, {
    data: { username_or_email: account.email, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { access: string }).access;
}

/** A verified customer with the long name and e-mail. */
async function longNamedCustomer(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const email = longEmail();
  const registered = await request.post(`${baseUrl}/auth/register/`, {
    data: { first_name: LONG_FIRST, last_name: LONG_LAST, email, phone_number: PHONE, password: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const code = (await waitForMail(mailUrl, email, /verification code/i)).text.match(/\b(\d{6})\b/)?.[1];
  expect((await request.post(`${baseUrl}/verify-email/`, { data: { email, code } })).status()).toBe(200);
  return { email, password: PASSWORD };
}

/**
 * The long-named customer's bank transfer, confirmed by the demo agent with more than was due and a
 * long bank reference, so that it waits in the super admin's transfer approvals.
 */
async function transferAwaitingApproval(request: APIRequestContext, customer: { email: string; password: string }) {
  const service = await anyService(request);
  const created = await request.post(`${baseUrl}/express/checkout/`, {
    headers: { authorization: `Bearer ${await tokenOf(request, customer)}` },
    data: {
      items: [{ service, amount: service.price, qty: 1 }],
      customer_meta: { name: LONG_NAME, email: customer.email, phone: PHONE, hospital_number: "FTH/2026/99999" },
      payment_method: "bank_transfer",
      charge_fee: "100.00",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { reference, amount } = (await created.json()) as { reference: string; amount: string };
  const confirmed = await request.post(`${baseUrl}/api/staff/invoices/${reference}/confirm-transfer/`, {
    headers: { authorization: `Bearer ${await tokenOf(request, demo.AGENT!)}` },
    data: {
      amount_received: (Number(amount) + 5_000).toFixed(2),
      transfer_reference: `NIP/000015261125091532${Date.now()}${"4471829301".repeat(5)}`,
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(202);
  return reference;
}

/** Serves the page a longer reference in place of `reference` in every answer of `urlPart`. */
async function lengthenReferenceIn(page: Page, urlPart: string, reference: string) {
  await page.route(
    (url) => url.pathname.includes(urlPart),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(reference, lengthen(reference));
      await route.fulfill({ response, body });
    },
  );
}

async function expectNoSidewaysPageScroll(page: Page, screen: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect.soft(scrollWidth, `${screen}: the page is wider than the ${innerWidth} px screen`).toBeLessThanOrEqual(innerWidth);
}

/** Whether the element lies wholly inside the viewport's width. */
async function expectWithinScreenWidth(page: Page, element: Locator, what: string) {
  const box = await element.boundingBox();
  const width = await page.evaluate(() => window.innerWidth);
  expect(box, `${what} is rendered`).not.toBeNull();
  expect.soft(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect.soft(box!.x + box!.width, `${what} ends on screen`).toBeLessThanOrEqual(width);
}

/** A full-page screenshot to look at, taken from the top (a sticky header would otherwise sit mid-page). */
async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await lookAt(page, `e-layout-${name}`);
}

test.describe("a payer with a very long name, e-mail and reference", () => {
  for (const viewport of PHONES) {
    test.describe(`${viewport.width} px`, () => {
      test.use({ viewport });

      test(`the look-up, the receipt, the header, the history and the profile tabs fit a ${viewport.width} px phone`, async ({
        page,
      }) => {
        // A guest pays through the screens (Quick Pay, Payment Summary, Remita's widget) and gets the receipt.
        const guestEmail = longEmail();
        const service = await anyService(page.request);
        await page.goto(`${baseUrl}/`);
        await page.getByRole("button", { name: "Quick Pay" }).first().click();
        const dialog = page.getByRole("dialog", { name: "Select Services" });
        await dialog.getByRole("combobox", { name: "Department" }).selectOption({ label: service.department.name });
        await dialog.getByRole("button", { name: service.name, exact: true }).click();
        await dialog.getByRole("button", { name: "Proceed to cart" }).click();
        await page.getByRole("button", { name: "Proceed to payment" }).click();
        await page.getByLabel("Full name").fill(LONG_NAME);
        await page.getByLabel("Email").fill(guestEmail);
        await page.getByLabel("Phone number").fill(PHONE);
        await page.getByLabel("Hospital number").fill("FTH/2026/99999");
        await page.getByRole("radio", { name: /^Remita/ }).check();
        await expectNoSidewaysPageScroll(page, "payment summary");
        await page.getByRole("button", { name: "Pay now" }).click();
        await page
          .getByRole("dialog", { name: "Remita sandbox payment" })
          .getByRole("button", { name: "Approve payment" })
          .click();
        await expect(page).toHaveURL(/\/payment-success/);
        const receipt = page.getByRole("region", { name: "Payment Receipt" });
        await expect(receipt.getByText(LONG_NAME)).toBeVisible();
        await expect(receipt.getByText(guestEmail)).toBeVisible();
        const reference = (await receipt.getByText(/^HSP-[0-9A-F]+$/).textContent())!;
        await expectWithinScreenWidth(page, receipt, "the receipt");
        await expectNoSidewaysPageScroll(page, "receipt");
        await expectNoAxeViolations(page, `receipt of a long-named payer at ${viewport.width} px`);
        await shot(page, `receipt-${viewport.width}`);

        // The look-up on the landing page, with a reference far longer than the server's.
        await lengthenReferenceIn(page, "/api/express/fetch-transactions/", reference);
        await page.goto(`${baseUrl}/#transaction`);
        await page.getByRole("form", { name: "Find transactions" }).getByLabel("Email").fill(guestEmail);
        await page.getByLabel("Last six digits of phone number").fill(PHONE.slice(-6));
        await page.getByRole("button", { name: "Find transactions" }).click();
        const card = page.getByRole("article", { name: `Transaction ${lengthen(reference)}` });
        await expect(card).toBeVisible();
        await expect(card.getByText(guestEmail)).toBeVisible();
        await expectWithinScreenWidth(page, card, "the look-up's card");
        await expectNoSidewaysPageScroll(page, "look-up");
        await expectNoAxeViolations(page, `look-up with a long reference at ${viewport.width} px`);
        await shot(page, `lookup-${viewport.width}`);

        // Signed in: the header, the history (a pending top-up) and the profile's tabs.
        const customer = await longNamedCustomer(page.request);
        const topUp = await page.request.post(`${baseUrl}/express/top-up/`, {
          headers: { authorization: `Bearer ${await tokenOf(page.request, customer)}` },
          data: { amount: "2500.00", payment_method: "remita" },
        });
        expect(topUp.ok(), await topUp.text()).toBe(true);
        const topUpReference = ((await topUp.json()) as { reference: string }).reference;
        await lengthenReferenceIn(page, "/api/wallet/transactions/", topUpReference);
        await signInViaApi(page, baseUrl, customer);
        await expect(page).toHaveURL(`${baseUrl}/dashboard`);
        await expectWithinScreenWidth(page, page.getByRole("button", { name: /^Account menu:/ }), "the account menu button");
        await page.getByRole("tab", { name: "History" }).click();
        await expect(page.getByText(lengthen(topUpReference))).toBeVisible();
        await expectNoSidewaysPageScroll(page, "dashboard history");
        await expectNoAxeViolations(page, `history with a long reference at ${viewport.width} px`);
        await shot(page, `history-${viewport.width}`);

        await page.goto(`${baseUrl}/profile/edit`);
        await expect(page.getByLabel("First name")).toHaveValue(LONG_FIRST);
        const tabs = page.getByRole("tablist", { name: "Account settings" });
        const names = ["Account", "Change Password", "KYC"];
        for (const name of names) await expectWithinScreenWidth(page, tabs.getByRole("tab", { name }), `the ${name} tab`);
        expect(await tabs.evaluate((list) => list.scrollWidth <= list.clientWidth), "the tab list hides no tab").toBe(true);
        const tops = await tabs.getByRole("tab").evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top));
        expect(new Set(tops).size, "the three tabs share one line").toBe(1);
        await expectNoSidewaysPageScroll(page, "profile: Account tab");
        await expectNoAxeViolations(page, `profile tabs at ${viewport.width} px`);
        await shot(page, `profile-${viewport.width}`);

        // The arrow keys still move between the tabs (and select them).
        await tabs.getByRole("tab", { name: "Account" }).focus();
        await page.keyboard.press("ArrowRight");
        await expect(tabs.getByRole("tab", { name: "Change Password" })).toBeFocused();
        await expect(tabs.getByRole("tab", { name: "Change Password" })).toHaveAttribute("aria-selected", "true");
        await expectNoSidewaysPageScroll(page, "profile: Change Password tab");
        await page.keyboard.press("ArrowRight");
        await expect(tabs.getByRole("tab", { name: "KYC" })).toBeFocused();
        await expect(page.getByRole("tabpanel", { name: "KYC" })).toBeVisible();
        await expectNoSidewaysPageScroll(page, "profile: KYC tab");
        await expectNoAxeViolations(page, `profile KYC tab at ${viewport.width} px`);
        await page.keyboard.press("Home");
        await expect(tabs.getByRole("tab", { name: "Account" })).toBeFocused();
        await page.keyboard.press("ArrowLeft");
        await expect(tabs.getByRole("tab", { name: "KYC" })).toBeFocused();
      });
    });
  }
});

/** The staff screens' tables, each by the name of its scroll region, on the page that shows it. */
const STAFF_TABLES = [
  { path: "/superdashboard", region: "Transactions table" },
  { path: "/superdashboard", region: "Refunds awaiting approval table" },
  { path: "/superdashboard", region: "Transfer confirmations awaiting approval table" },
  { path: "/superdashboard/staff", region: "Accounts table" },
  { path: "/superdashboard/audit-log", region: "Audit log entries" },
  { path: "/superdashboard/search?q=FTH/2026/99999", region: "Search results table" },
] as const;

test.describe("staff tables", () => {
  let transferReference = "";
  let guestReference = "";

  test.beforeAll(async ({ request }) => {
    guestReference = await paidGuestPayment(request, longEmail());
    transferReference = await transferAwaitingApproval(request, await longNamedCustomer(request));
  });

  for (const viewport of DESKTOPS) {
    test.describe(`${viewport.width} px`, () => {
      test.use({ viewport });

      test(`every column and action shows without sideways scrolling on a ${viewport.width} px screen`, async ({ page }) => {
        await signInViaApi(page, baseUrl, demo.SUPERADMIN!);
        await expect(page).toHaveURL(`${baseUrl}/superdashboard`);
        for (const { path, region } of STAFF_TABLES) {
          if (new URL(page.url()).pathname !== path) await page.goto(`${baseUrl}${path}`);
          const scroller = page.getByRole("region", { name: region, exact: true });
          await expect(scroller.getByRole("row").nth(1)).toBeVisible();
          const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({
            scrollWidth: element.scrollWidth,
            clientWidth: element.clientWidth,
          }));
          expect.soft(scrollWidth, `${region} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(clientWidth);
          for (const header of await scroller.getByRole("columnheader").all()) {
            await expectWithinScreenWidth(page, header, `${region}: column ${await header.textContent()}`);
          }
          for (const button of await scroller.getByRole("button").all()) {
            await expectWithinScreenWidth(page, button, `${region}: ${await button.getAttribute("aria-label")}`);
          }
          await expect(page.getByText("Scroll sideways to see every column.")).toHaveCount(0);
          await expectNoSidewaysPageScroll(page, `${path} (${region})`);
        }

        // The long-named customer's rows: the Actions cell sits beside the Customer cell, never over it.
        await page.goto(`${baseUrl}/superdashboard`);
        const transactions = page.getByRole("region", { name: "Transactions table", exact: true });
        const row = transactions.getByRole("row").filter({ hasText: guestReference });
        await expect(row.getByRole("button", { name: `Refund ${guestReference}` })).toBeVisible();
        const cells = row.getByRole("cell");
        const customer = await cells.nth(8).boundingBox();
        const actions = await cells.nth(9).boundingBox();
        expect(customer && actions, "both cells are rendered").toBeTruthy();
        expect(actions!.x, "the Actions cell starts after the Customer cell ends").toBeGreaterThanOrEqual(
          customer!.x + customer!.width - 0.5,
        );
        await expect(cells.nth(8)).toContainText(LONG_NAME);
        await expectNoAxeViolations(page, `super admin dashboard at ${viewport.width} px`);
        await shot(page, `superdashboard-${viewport.width}`);
        await lookAt(transactions, `e-layout-transactions-table-${viewport.width}`);
        await lookAt(
          page.getByRole("region", { name: "Transfer approvals", exact: true }),
          `e-layout-transfer-approvals-${viewport.width}`,
        );

        const approvals = page.getByRole("region", { name: "Transfer confirmations awaiting approval table", exact: true });
        await expect(approvals.getByRole("button", { name: `Approve transfer ${transferReference}` })).toBeVisible();
        await expectWithinScreenWidth(
          page,
          approvals.getByRole("button", { name: `Reject transfer ${transferReference}` }),
          "Reject",
        );

        await page.goto(`${baseUrl}/superdashboard/staff`);
        await expect(page.getByRole("region", { name: "Accounts table" }).getByRole("row").nth(1)).toBeVisible();
        await expectNoAxeViolations(page, `staff accounts at ${viewport.width} px`);
        await shot(page, `staff-${viewport.width}`);
        // A staff member's desk rights: their departments from the catalogue, rights and waiver limit.
        await page
          .getByRole("button", { name: /^Desk rights of / })
          .first()
          .click();
        const desk = page.getByRole("dialog", { name: /^Desk rights of / });
        await expect(desk.getByRole("group", { name: "Departments" }).getByRole("checkbox").first()).toBeVisible();
        await expectNoAxeViolations(page, `a member's desk rights at ${viewport.width} px`);
        await shot(page, `staff-desk-${viewport.width}`);
        await page.keyboard.press("Escape");
        await expect(desk).toBeHidden();
        await page.goto(`${baseUrl}/superdashboard/audit-log`);
        await expect(page.getByRole("region", { name: "Audit log entries" }).getByRole("row").nth(1)).toBeVisible();
        await expectNoAxeViolations(page, `audit log at ${viewport.width} px`);
        await shot(page, `audit-${viewport.width}`);
      });
    });
  }

  for (const viewport of PHONES) {
    test.describe(`${viewport.width} px`, () => {
      test.use({ viewport });

      test(`on a ${viewport.width} px phone each table scrolls in a labelled, focusable region that says it scrolls`, async ({
        page,
      }) => {
        await signInViaApi(page, baseUrl, demo.SUPERADMIN!);
        await expect(page).toHaveURL(`${baseUrl}/superdashboard`);
        for (const { path, region } of STAFF_TABLES) {
          if (new URL(page.url()).pathname !== path) await page.goto(`${baseUrl}${path}`);
          const scroller = page.getByRole("region", { name: region, exact: true });
          await expect(scroller.getByRole("row").nth(1)).toBeVisible();
          await expect(scroller).toHaveAttribute("tabindex", "0");
          await expect(scroller).toHaveAccessibleDescription("Scroll sideways to see every column.");
          await expectWithinScreenWidth(page, scroller, region);
          await expectNoSidewaysPageScroll(page, `${path} (${region})`);
          // The keyboard scrolls it.
          await scroller.focus();
          await page.keyboard.press("ArrowRight");
          await expect
            .poll(() => scroller.evaluate((element) => element.scrollLeft), `${region} scrolls with the arrow key`)
            .toBeGreaterThan(0);
          if (
            region === "Transactions table" ||
            region === "Accounts table" ||
            region === "Audit log entries" ||
            region === "Search results table"
          ) {
            await expectNoAxeViolations(page, `${path} at ${viewport.width} px`);
            await shot(page, `${path.replaceAll(/[/?=]/g, "_")}-${viewport.width}`);
          }
        }
      });
    });
  }
});

test.describe("shift screens", () => {
  test.use({ viewport: PHONES[0] });

  test(`My shift (open and closed) and Shifts with a shift's dialog fit a ${PHONES[0].width} px phone`, async ({ page }) => {
    await signInViaApi(page, baseUrl, demo.ADMIN!, "/admindashboard/shift");
    const openButton = page.getByRole("button", { name: "Open shift" });
    const note = page.getByLabel("Note");
    await expect(openButton.or(note)).toBeVisible();
    if (await openButton.isVisible()) await openButton.click();
    await expect(page.getByRole("region", { name: "Totals", exact: true })).toBeVisible();
    await expectNoSidewaysPageScroll(page, "/admindashboard/shift, open");
    await note.fill("Layout check: nothing handed over.");
    await page.getByRole("button", { name: "Close shift" }).click();
    await page.getByRole("dialog", { name: "Close this shift?" }).getByRole("button", { name: "Close shift" }).click();
    await expect(page.getByRole("region", { name: "Shift report (closed)" })).toBeVisible();
    await expectNoSidewaysPageScroll(page, "/admindashboard/shift, closed");
    await shot(page, `my-shift-${PHONES[0].width}`);

    await page.goto(`${baseUrl}/admindashboard/shifts`);
    const table = page.getByRole("region", { name: "Shifts table" });
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    await expectNoSidewaysPageScroll(page, "/admindashboard/shifts");
    await shot(page, `shifts-${PHONES[0].width}`);
    await table
      .getByRole("button", { name: /^Open the closed shift of / })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: /^Shift of / });
    await expect(dialog.getByRole("region", { name: /^Totals \(shift of / })).toBeVisible();
    await expectWithinScreenWidth(page, dialog, "the shift's dialog");
    await expectNoSidewaysPageScroll(page, "/admindashboard/shifts, a shift's dialog");
  });
});
