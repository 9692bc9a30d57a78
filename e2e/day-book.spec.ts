import { readFile } from "node:fs/promises";
import { DAY_BOOK_MESSAGES, formatNaira } from "@hospipay/contract";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { parseCsv } from "./support/csv";
import { e2eEnv } from "./support/env";
import { lookAt } from "./support/look";
import { signInViaApi } from "./support/session";
import { accessToken, koboOf, newStaff, type Service } from "./support/staff";

const { baseUrl, demo } = e2eEnv();

/** A guest's Remita payment, approved in the sandbox and heard through the callback: the online channel. */
async function paidOnline(request: APIRequestContext, service: Service) {
  const created = await request.post(`${baseUrl}/express/checkout/`, {
    data: {
      items: [{ service, amount: service.price, qty: 1 }],
      customer_meta: {
        name: "Sade Online",
        email: "sade.online@example.ng",
        phone: "08035550199",
        hospital_number: "FTH/DB/0001",
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
}

/** A cashier's shift with a ₦5,000 float, and a bill paid at the desk: part in cash, the rest by POS. */
async function paidAtTheDesk(
  request: APIRequestContext,
  cashierToken: string,
  service: Service,
): Promise<{ cashKobo: number; posKobo: number }> {
  const headers = { authorization: `Bearer ${cashierToken}` };
  const opened = await request.post(`${baseUrl}/api/staff/shifts/`, { headers, data: { float: "5000.00" } });
  expect(opened.status(), await opened.text()).toBe(201);
  const raised = await request.post(`${baseUrl}/api/staff/bills/`, {
    headers,
    data: {
      hospital_number: "FTH/DB/0002",
      patient_name: "Musa Daybook",
      patient_phone: "08035550123",
      items: [{ service_id: service.id, quantity: 2 }],
    },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const bill = ((await raised.json()) as { bill: { token: string; total: string } }).bill;
  const totalKobo = koboOf(bill.total);
  const cashKobo = Math.floor(totalKobo / 2 / 100) * 100;
  const cash = await request.post(`${baseUrl}/api/staff/desk/payments/`, {
    headers,
    data: { method: "cash", bill_token: bill.token, amount: (cashKobo / 100).toFixed(2), payer_name: "Musa Daybook" },
  });
  expect(cash.status(), await cash.text()).toBe(201);
  const pos = await request.post(`${baseUrl}/api/staff/desk/payments/`, {
    headers,
    data: {
      method: "pos",
      bill_token: bill.token,
      amount: ((totalKobo - cashKobo) / 100).toFixed(2),
      terminal_reference: `DAYBOOK-${Date.now()}`,
      payer_name: "Musa Daybook",
    },
  });
  expect(pos.status(), await pos.text()).toBe(201);
  return { cashKobo, posKobo: totalKobo - cashKobo };
}

/** Today's book's difference from the ledger, in kobo (positive or negative), through the API. */
async function bookDifference(request: APIRequestContext, adminToken: string): Promise<number> {
  const response = await request.get(`${baseUrl}/api/staff/daybook/`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(response.status(), await response.text()).toBe(200);
  const { difference } = ((await response.json()) as { totals: { difference: string } }).totals;
  return (difference.startsWith("-") ? -1 : 1) * koboOf(difference.replace(/^-/, ""));
}

/** The day book's ledger line for a difference in kobo (the contract's words). */
const ledgerLine = (differenceKobo: number) =>
  differenceKobo === 0 ? DAY_BOOK_MESSAGES.matches : DAY_BOOK_MESSAGES.differs(formatNaira(Math.abs(differenceKobo)));

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test("an admin reads today's day book: cash, POS and online money, each matching its ledger entries; the month and the CSV", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const heads = await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  const all = ((await heads.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  const service = all.find((s) => s.fixed_price !== "no" && koboOf(s.price) >= 100_000 && koboOf(s.price) <= 2_000_000)!;
  const superToken = await accessToken(page.request, demo.SUPERADMIN!);
  // Before and after this journey's payments, the day (the demo's backdated history included) equals the ledger.
  const before = await bookDifference(page.request, await accessToken(page.request, demo.ADMIN!));
  expect(before).toBe(0);
  const cashier = await newStaff(page.request, superToken, "Kemi", "Ledger", {
    departments: [],
    collects_money: true,
    gives_items: false,
  });
  const desk = await paidAtTheDesk(page.request, await accessToken(page.request, cashier), service);
  await paidOnline(page.request, service);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaApi(page, baseUrl, demo.ADMIN!);
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Day book" }).click();
  await expect(page).toHaveURL(`${baseUrl}/admindashboard/daybook`);
  await expect(page.getByRole("heading", { level: 1, name: "Day book" })).toBeVisible();
  const book = page.getByRole("region", { name: /^Day book, \d{2} \w{3} \d{4}$/ });
  const ledger = book.getByRole("region", { name: "Against the ledger" });
  await expect(ledger.getByText(ledgerLine(before))).toBeVisible();
  const channels = book.getByRole("table", { name: "Money by channel" });
  // Other journeys of the same app may have paid at the desk today too: the channels hold at least these.
  await expect(channels.getByRole("row").filter({ hasText: "Cash" })).toBeVisible();
  await expect(channels.getByRole("row").filter({ hasText: "POS (card terminal)" })).toBeVisible();
  await expect(channels.getByRole("row").filter({ hasText: "Remita" })).toBeVisible();
  const staff = book.getByRole("table", { name: "Money by staff member" });
  const cashierRow = staff.getByRole("row").filter({ hasText: cashier.name });
  await expect(cashierRow).toContainText(formatNaira(desk.cashKobo));
  await expect(cashierRow).toContainText(formatNaira(desk.posKobo));
  await expect(
    book.getByRole("region", { name: "Refunds, waivers and drawers" }).getByText("Opening floats").locator(".."),
  ).toContainText(/₦[1-9][\d,]*\.\d{2}/);
  await expectNoAxeViolations(page, "day book, today");
  await lookAt(page, "day-book-1280");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^daybook-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(await readFile(await file.path(), "utf8"));
  expect(rows[0]).toEqual(["Period", "Section", "Name", "Count", "Amount", "Fees", "Total"]);
  expect(rows.find((row) => row[1] === "Ledger" && row[2] === ledgerLine(before))).toBeTruthy();

  await page.getByText("Month", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Month" })).toBeChecked();
  await expect(
    page.getByRole("region", { name: /^Day book, \w{3} \d{4}$/ }).getByRole("region", { name: "Against the ledger" }),
  ).toContainText(DAY_BOOK_MESSAGES.matches);
  await expectNoAxeViolations(page, "day book, this month");

  // Printed, the book stands alone: no shell, no period controls, no buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeHidden();
  await expect(page.getByRole("radio", { name: "Month" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Staff" })).toBeHidden();
  await lookAt(page, "day-book-print");
  await page.emulateMedia({ media: "screen" });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByText("Day", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Day" })).toBeChecked();
  await expect(book.getByText(ledgerLine(before))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await lookAt(page, "day-book-390");
});
