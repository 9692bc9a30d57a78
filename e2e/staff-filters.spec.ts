import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signInViaApi } from "./support/session";
import { lookAt } from "./support/look";

const { baseUrl, demo } = e2eEnv();

// A browser whose own day trails the hospital's: at 23:28 UTC it is still afternoon in Los Angeles,
// while in Lagos (West Africa Time, UTC+1) the next day has begun.
test.use({ timezoneId: "America/Los_Angeles" });

interface Service {
  id: number;
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

/** `days` after a YYYY-MM-DD day (negative: before). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A pending guest payment for one service, made the way the Payment Summary screen makes it. */
async function pendingPayment(page: Page, service: Service): Promise<string> {
  const response = await page.request.post(`${baseUrl}/express/checkout/`, {
    data: {
      items: [{ service, amount: service.price, qty: 1 }],
      customer_meta: {
        name: "Ngozi Filterjourney",
        email: uniqueEmail("ngozi"),
        phone: "08061234987",
        hospital_number: "FTH/2026/04322",
        transaction_description: "Staff filters journey",
      },
      payment_method: "monnify",
      charge_fee: "100.00",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

/** The transactions table's Reference and Department cells, once nothing is loading. */
async function tableRows(page: Page): Promise<{ reference: string; department: string }[]> {
  const region = page.getByRole("region", { name: "Transactions", exact: true });
  await expect(page.getByRole("status").filter({ hasText: "Loading transactions…" })).toHaveCount(0);
  const table = region.getByRole("table");
  if ((await table.count()) === 0) return [];
  return table
    .locator("tbody")
    .getByRole("row")
    .evaluateAll((rows) =>
      rows.map((row) => {
        const cells = (row as HTMLTableRowElement).cells;
        return { reference: cells[1]?.textContent?.trim() ?? "", department: cells[5]?.textContent?.trim() ?? "" };
      }),
    );
}

test("an admin at 23:28 UTC sees the hospital's day, picks a department from the catalogue, and is told when Date From is after Date To", async ({
  page,
}) => {
  const catalogue = await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  const services = ((await catalogue.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  const service = services.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && s.department?.name);
  expect(service, "the catalogue has a fixed-price service with a department").toBeTruthy();
  const reference = await pendingPayment(page, service!);
  // The payment's own day in West Africa Time, as the server files it.
  const paymentDay = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  const departments = await page.request.get(`${baseUrl}/api/catalogue/departments/`);
  const departmentNames = ((await departments.json()) as { data: { orgDepts: { name: string }[] } }).data.orgDepts.map(
    (d) => d.name,
  );

  // 23:28 UTC today: the browser (Los Angeles) still says today, the hospital already says tomorrow.
  const utcToday = new Date().toISOString().slice(0, 10);
  const lateEvening = new Date(`${utcToday}T23:28:00Z`);
  await page.clock.setFixedTime(lateEvening);
  const browserDay = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  });
  const hospitalDay = addDays(utcToday, 1);
  expect(browserDay, "the browser's own day is not the hospital's").toBe(utcToday);

  const account = demo.ADMIN;
  expect(account, "the demo banner lists an ADMIN").toBeTruthy();
  await signInViaApi(page, baseUrl, account!);
  await expect(page).toHaveURL(`${baseUrl}/admindashboard`);

  const dateFrom = page.getByLabel("Date From", { exact: true });
  const dateTo = page.getByLabel("Date To", { exact: true });
  const department = page.getByLabel("Department", { exact: true });
  const monthBefore = new Date(`${hospitalDay}T00:00:00Z`);
  monthBefore.setUTCMonth(monthBefore.getUTCMonth() - 1);
  await expect(dateTo).toHaveValue(hospitalDay);
  await expect(dateFrom).toHaveValue(monthBefore.toISOString().slice(0, 10));

  // Department: the catalogue's list, "All" first; choosing one lists that department's rows only.
  await expect(department.locator("option")).toHaveText(["All", ...departmentNames]);
  await expect(department).toHaveValue("");
  const chosen = service!.department.name;
  await department.selectOption(chosen);
  await expect(async () => {
    const rows = await tableRows(page);
    expect(rows.map((row) => row.reference)).toContain(reference);
    expect(rows.filter((row) => row.department !== chosen)).toEqual([]);
  }).toPass({ timeout: 15_000 });
  await expectNoAxeViolations(page, "admin dashboard: one department chosen");
  await lookAt(page, "staff-filters-department");

  // Date From after Date To: the fields say so, and no query runs while it holds.
  const invoiceRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/invoices/invoices/")) invoiceRequests.push(request.url());
  });
  await dateFrom.fill(addDays(hospitalDay, 1));
  const message = page.getByText("Date To must not be before Date From.", { exact: true });
  await expect(message).toBeVisible();
  await expect(dateTo).toHaveAttribute("aria-invalid", "true");
  await expect(dateFrom).toHaveAttribute("aria-invalid", "true");
  await expect(dateFrom).toHaveAccessibleDescription("Date To must not be before Date From.");
  const transactions = page.getByRole("region", { name: "Transactions", exact: true });
  await expect(transactions.getByRole("table")).toHaveCount(0);
  await expect(transactions).toContainText("Choose a Date From on or before Date To to see transactions.");
  await page.getByLabel("Status", { exact: true }).selectOption("pending");
  await page.waitForTimeout(1_000);
  expect(invoiceRequests, "no invoice query while Date From is after Date To").toEqual([]);
  await expectNoAxeViolations(page, "admin dashboard: Date From after Date To");
  await lookAt(page, "staff-filters-date-order");

  // Put right, the filter runs again with the chosen department and status.
  await dateFrom.fill(paymentDay);
  await expect(message).toHaveCount(0);
  await expect(async () => {
    const rows = await tableRows(page);
    expect(rows.map((row) => row.reference)).toContain(reference);
    expect(rows.filter((row) => row.department !== chosen)).toEqual([]);
  }).toPass({ timeout: 15_000 });
  expect(invoiceRequests.length).toBeGreaterThan(0);
  const query = new URL(invoiceRequests.at(-1)!).searchParams;
  expect(query.get("department")).toBe(chosen);
  expect(query.get("start_date")).toBe(paymentDay);
});
