import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { parseCsv } from "./support/csv";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signInViaApi } from "./support/session";

const { baseUrl, demo } = e2eEnv();

// The dashboards' days are West Africa Time days (the API reads dates as WAT); staff work in Nigeria.
const WAT = "Africa/Lagos";
test.use({ timezoneId: WAT });

/** SPEC §7 "Other": the columns of transactions.csv, in order. */
const CSV_COLUMNS = [
  "ID",
  "Invoice ID",
  "Reference",
  "Date",
  "Amount",
  "Revenue Head",
  "Department",
  "Description",
  "Status",
  "Payment Method",
  "Customer Name",
  "Customer Email",
  "Paid At",
];
/** SPEC §2: the transactions table's columns. */
/** How the table names the methods whose keys the filter and the CSV carry. */
const METHOD_NAMES: Record<string, string> = {
  wallet: "Wallet",
  remita: "Remita",
  monnify: "Monnify (bank transfer)",
  paystack: "Paystack",
  bank_transfer: "Bank transfer",
  cash: "Cash",
  pos: "POS (card terminal)",
};

const TABLE_COLUMNS = ["ID", "Reference", "Date", "Amount", "Revenue Head", "Department", "Status", "Payment Method", "Customer"];

interface Service {
  id: number;
  name: string;
  description?: string | null;
  price: string;
  fixed_price: string;
  department: { name: string };
}

/** One invoice this journey made through the product, with what the dashboards must show for it. */
interface KnownInvoice {
  reference: string;
  status: "completed" | "pending" | "failed";
  method: "remita" | "monnify";
  customerName: string;
  customerEmail: string;
  lines: { service: Service; qty: number }[];
}

interface TableRow {
  id: string;
  reference: string;
  date: string;
  amount: string;
  revenueHead: string;
  department: string;
  status: string;
  method: string;
  customer: string;
}

/** A calendar day in WAT, as the date inputs spell it. */
function watDay(instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: WAT, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** `days` after a YYYY-MM-DD day (negative: before). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** SPEC §4: one month ago through today, with the month stepped back the way a JS Date does it. */
function defaultRange(now: Date): { from: string; to: string } {
  const to = watDay(now);
  const from = new Date(`${to}T00:00:00Z`);
  from.setUTCMonth(from.getUTCMonth() - 1);
  return { from: from.toISOString().slice(0, 10), to };
}

/** "₦1,500.00", as the table shows money. */
function naira(kobo: number): string {
  const whole = Math.floor(kobo / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `₦${whole}.${String(kobo % 100).padStart(2, "0")}`;
}

const kobo = (price: string) => Math.round(Number(price) * 100);

/** Creates a guest payment the way the Payment Summary screen does (POST /express/checkout/). */
async function checkout(
  request: APIRequestContext,
  method: "remita" | "monnify",
  lines: KnownInvoice["lines"],
  name: string,
  email: string,
) {
  const response = await request.post(`${baseUrl}/express/checkout/`, {
    data: {
      items: lines.map(({ service, qty }) => ({ service, amount: service.price, qty })),
      customer_meta: {
        name,
        email,
        phone: "08061234987",
        hospital_number: "FTH/2026/04321",
        transaction_description: "Staff dashboard journey",
      },
      payment_method: method,
      charge_fee: "100.00",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { reference: string; rrr: string | null };
}

/** Settles a Remita payment in its sandbox, then lets the app hear it through the widget's callback. */
async function settleRemita(
  request: APIRequestContext,
  payment: { reference: string; rrr: string | null },
  outcome: "approve" | "decline",
) {
  expect(payment.rrr, "a Remita payment has an RRR").toBeTruthy();
  const paid = await request.post(`${baseUrl}/sandbox/remita/_control/pay`, {
    data: { rrr: payment.rrr, outcome, notify: false },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const callback = await request.get(`${baseUrl}/api/express/callback/top-up/remita/`, {
    params: { transaction_id: payment.reference, rrr: payment.rrr! },
  });
  expect(callback.ok(), await callback.text()).toBe(true);
  const { transaction_status } = (await callback.json()) as { transaction_status: string };
  expect(transaction_status).toBe(outcome === "approve" ? "SUCCESS" : "FAILED");
}

/**
 * The journey's own data, made through the product: a completed Remita payment for two departments'
 * services, a pending Monnify payment and a declined (failed) Remita payment, each by a new guest.
 */
async function createKnownInvoices(request: APIRequestContext) {
  const catalogue = await request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  const all = ((await catalogue.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  const payable = all.filter(
    (s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) < 20_000 && s.department?.name,
  );
  const first = payable[0]!;
  const second = payable.find((s) => s.department.name !== first.department.name)!;
  expect(second, "the catalogue has fixed-price services in two departments").toBeTruthy();
  const stamp = Date.now().toString(36);

  const make = async (
    status: KnownInvoice["status"],
    method: KnownInvoice["method"],
    lines: KnownInvoice["lines"],
    person: string,
  ) => {
    const customerName = `${person} Staffjourney${stamp}`;
    const customerEmail = uniqueEmail(person.toLowerCase());
    const payment = await checkout(request, method, lines, customerName, customerEmail);
    if (method === "remita") await settleRemita(request, payment, status === "completed" ? "approve" : "decline");
    return { reference: payment.reference, status, method, customerName, customerEmail, lines } satisfies KnownInvoice;
  };

  return {
    completed: await make(
      "completed",
      "remita",
      [
        { service: first, qty: 2 },
        { service: second, qty: 1 },
      ],
      "Kemi",
    ),
    pending: await make("pending", "monnify", [{ service: first, qty: 1 }], "Emeka"),
    failed: await make("failed", "remita", [{ service: second, qty: 1 }], "Halima"),
  };
}

const transactions = (page: Page) => page.getByRole("region", { name: "Transactions", exact: true });
const loading = (page: Page) => page.getByRole("status").filter({ hasText: "Loading transactions…" });

async function readTable(page: Page): Promise<TableRow[]> {
  const table = transactions(page).getByRole("table");
  if ((await table.count()) === 0) return [];
  const cells = await table
    .locator("tbody")
    .getByRole("row")
    .evaluateAll((rows) =>
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent?.trim() ?? "")),
    );
  return cells.map(
    ([
      id = "",
      reference = "",
      date = "",
      amount = "",
      revenueHead = "",
      department = "",
      status = "",
      method = "",
      customer = "",
    ]) => ({
      id,
      reference,
      date,
      amount,
      revenueHead,
      department,
      status,
      method,
      customer,
    }),
  );
}

/** Waits for the table to settle on the filter: at least one row, every row matching, and the given references among them. */
async function expectRows(page: Page, what: string, matches: (row: TableRow) => boolean, references: string[]) {
  await expect(async () => {
    expect(await loading(page).count(), "still loading").toBe(0);
    const rows = await readTable(page);
    expect(rows.length, `rows shown for ${what}`).toBeGreaterThan(0);
    expect(
      rows.filter((row) => !matches(row)),
      `rows that do not match ${what}`,
    ).toEqual([]);
    const shown = rows.map((row) => row.reference);
    for (const reference of references) expect(shown, `${what} shows ${reference}`).toContain(reference);
  }).toPass({ timeout: 15_000 });
}

async function expectNoTransactions(page: Page) {
  const region = transactions(page);
  await expect(region.getByText("No transactions found.", { exact: true })).toBeVisible();
  await expect(region.getByText(/No transactions found/)).toHaveText("No transactions found.");
  await expect(region.getByRole("table")).toHaveCount(0);
}

/** Clicks Export CSV and reads the downloaded file, however it was produced. */
async function exportCsv(page: Page): Promise<{ fileName: string; records: string[][] }> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  const path = await file.path();
  return { fileName: file.suggestedFilename(), records: parseCsv(await readFile(path, "utf8")) };
}

/** Clicks Export CSV where nothing matches: the alert, and no file. */
async function expectNothingToExport(page: Page) {
  const messages: string[] = [];
  let downloads = 0;
  const onDownload = () => (downloads += 1);
  page.on("download", onDownload);
  page.once("dialog", (dialog) => {
    messages.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Export CSV" }).click();
  await expect.poll(() => messages).toEqual(["alert: No transactions to export."]);
  page.off("download", onDownload);
  expect(downloads, "nothing was downloaded").toBe(0);
}

/** Loads every page of the table (Load more), so that the table holds what an export holds. */
async function loadAllRows(page: Page) {
  const more = transactions(page).getByRole("button", { name: "Load more" });
  while (await more.isVisible()) {
    const before = (await readTable(page)).length;
    await more.click();
    await expect.poll(async () => (await readTable(page)).length).toBeGreaterThan(before);
  }
}

function expectCsvMatchesTable(records: string[][], rows: TableRow[], known: KnownInvoice[]) {
  expect(records[0], "the CSV header is SPEC's columns").toEqual(CSV_COLUMNS);
  const body = records.slice(1);
  expect(body.length, "one CSV line per table row").toBe(rows.length);
  const csv = body.map((record) => {
    expect(record, "13 fields per line").toHaveLength(CSV_COLUMNS.length);
    return Object.fromEntries(CSV_COLUMNS.map((column, index) => [column, record[index] ?? ""]));
  });
  expect(new Set(csv.map((line) => line.ID)).size, "IDs are unique").toBe(csv.length);
  csv.forEach((line, index) => {
    const row = rows[index]!;
    const at = `CSV line ${index + 1} (${line.Reference})`;
    expect(line["Invoice ID"], at).toBe(row.id);
    expect(line.ID, at).toMatch(new RegExp(`^${row.id}-\\d+$`));
    expect(line.Reference, at).toBe(row.reference);
    expect(line.Date, at).toBe(row.date);
    expect(line.Amount, `${at}: the naira sign and 2 decimals`).toMatch(/^₦\d[\d,]*\.\d{2}$/);
    expect(naira(kobo(line.Amount!.replace(/[₦,]/g, ""))), at).toBe(row.amount);
    expect(line["Revenue Head"], at).toBe(row.revenueHead);
    expect(line.Department, at).toBe(row.department);
    expect(line.Description, at).not.toBe("");
    expect(line.Status, at).toBe(row.status);
    expect(METHOD_NAMES[line["Payment Method"]!], at).toBe(row.method);
    expect(`${line["Customer Name"]} (${line["Customer Email"]})`, at).toBe(row.customer);
    if (line.Status === "completed") expect(Number.isNaN(Date.parse(line["Paid At"]!)), `${at}: Paid At is a time`).toBe(false);
    if (line.Status === "pending") expect(line["Paid At"], at).toBe("");
  });
  // The journey's own invoices, line by line, with the values the product was given.
  for (const invoice of known) {
    const lines = csv.filter((line) => line.Reference === invoice.reference);
    expect(
      lines.map((line) => line["Revenue Head"]),
      `the CSV lines of ${invoice.reference}`,
    ).toEqual(invoice.lines.map((l) => l.service.name));
    lines.forEach((line, index) => {
      const { service, qty } = invoice.lines[index]!;
      expect(line.Amount!.replace(/,/g, "")).toBe(`₦${((kobo(service.price) * qty) / 100).toFixed(2)}`);
      expect(line.Department).toBe(service.department.name);
      expect(line.Description).toBe(service.description?.trim() || `Payment for ${service.name}`);
      expect(line.Status).toBe(invoice.status);
      expect(line["Payment Method"]).toBe(invoice.method);
      expect(line["Customer Name"]).toBe(invoice.customerName);
      expect(line["Customer Email"]).toBe(invoice.customerEmail);
    });
  }
}

let known: Awaited<ReturnType<typeof createKnownInvoices>>;

test.beforeAll(async ({ request }) => {
  known = await createKnownInvoices(request);
});

const ROLES = [
  { role: "ADMIN", path: "/admindashboard", title: "Admin Transactions Dashboard", badge: "AD", label: "Admin Panel" },
  { role: "AGENT", path: "/agentdashboard", title: "Agent Transactions Dashboard", badge: "AG", label: "Agent Panel" },
  { role: "SUPERADMIN", path: "/superdashboard", title: "Admin Transactions Dashboard", badge: "AD", label: "Admin Panel" },
] as const;

for (const { role, path, title, badge, label } of ROLES) {
  test(`${role} lands on ${path}, filters by status, method, department and date, sees the chart and exports the CSV`, async ({
    page,
  }) => {
    const account = demo[role];
    expect(account, `the demo banner lists a ${role}`).toBeTruthy();
    await signInViaApi(page, baseUrl, account!);
    const range = defaultRange(new Date());
    await expect(page).toHaveURL(`${baseUrl}${path}`);

    // Heading, badge, panel label and the signed-in user's name (SPEC §2).
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(badge, { exact: true })).toBeVisible();
    await expect(page.getByText(label, { exact: true }).filter({ visible: true })).toHaveCount(1);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const profile = (await (
      await page.request.get(`${baseUrl}/auth/profile/`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      first_name: string;
      last_name: string;
    };
    await expect(page.getByRole("banner")).toContainText(`${profile.first_name} ${profile.last_name}`);

    // On first load the range is one month ago through today; nothing else is set (SPEC §4).
    const dateFrom = page.getByLabel("Date From", { exact: true });
    const dateTo = page.getByLabel("Date To", { exact: true });
    const status = page.getByLabel("Status", { exact: true });
    const method = page.getByLabel("Payment Method", { exact: true });
    const department = page.getByLabel("Department", { exact: true });
    await expect(dateFrom).toHaveValue(range.from);
    await expect(dateTo).toHaveValue(range.to);
    await expect(status).toHaveValue("");
    await expect(method).toHaveValue("");
    await expect(department).toHaveValue("");

    // The summary cards show figures and the chart draws on a canvas.
    const summary = page.getByRole("list", { name: "Summary" });
    const figure = (name: string) => summary.getByRole("listitem", { name }).locator("p");
    await expect(figure("Total Transactions")).toHaveText(/^\d+$/);
    expect(Number(await figure("Total Transactions").textContent())).toBeGreaterThanOrEqual(4);
    await expect(figure("Total Revenue")).toHaveText(/^₦\d[\d,]*\.\d{2}$/);
    await expect(figure("Average Transaction")).toHaveText(/^₦\d[\d,]*\.\d{2}$/);
    await expect(figure("Recent Transactions")).toHaveText(/^\d+$/);
    const chart = page.getByRole("region", { name: "Revenue by Payment Method" });
    await expect(chart.getByRole("heading", { name: "Revenue by Payment Method" })).toBeVisible();
    // The chart is drawn once the visitor scrolls to it (below a phone's first screen).
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator("canvas")).toBeVisible();

    // The table has SPEC's columns and the journey's invoices in the default range.
    const table = transactions(page).getByRole("table");
    const mine = [known.completed.reference, known.pending.reference, known.failed.reference];
    await expectRows(page, "the default range", (row) => row.date >= range.from && row.date <= range.to, mine);
    // SPEC's nine columns come first; operations beyond SPEC (an Actions column) may follow them.
    const headers = await table.getByRole("columnheader").allTextContents();
    await expectNoAxeViolations(page, `${role} dashboard: summary, chart and transactions`);
    expect(headers.slice(0, TABLE_COLUMNS.length).map((header) => header.trim().toLowerCase())).toEqual(
      TABLE_COLUMNS.map((c) => c.toLowerCase()),
    );

    // Status.
    await status.selectOption("completed");
    await expectRows(page, "status completed", (row) => row.status === "completed", [known.completed.reference]);
    await status.selectOption("failed");
    await expectRows(page, "status failed", (row) => row.status === "failed", [known.failed.reference]);
    await status.selectOption("pending");
    await expectRows(page, "status pending", (row) => row.status === "pending", [known.pending.reference]);
    await status.selectOption("");

    // Payment method.
    await method.selectOption("monnify");
    await expectRows(page, "method monnify", (row) => row.method === METHOD_NAMES.monnify, [known.pending.reference]);
    await method.selectOption("remita");
    await expectRows(page, "method remita", (row) => row.method === METHOD_NAMES.remita, [
      known.completed.reference,
      known.failed.reference,
    ]);
    await method.selectOption("");

    // Date range: today only, then a range nothing can be in (tomorrow), then back to the default.
    const today = range.to;
    await dateFrom.fill(today);
    await expectRows(page, `dates ${today}..${today}`, (row) => row.date >= today && row.date <= today, mine);
    const tomorrow = addDays(today, 1);
    await dateTo.fill(tomorrow);
    await dateFrom.fill(tomorrow);
    await expectNoTransactions(page);
    await expectNoAxeViolations(page, `${role} dashboard: no transactions found`);
    await expectNothingToExport(page);
    await dateFrom.fill(range.from);
    await dateTo.fill(range.to);

    // Export CSV over the default range: SPEC's header, and one line per table row with the same values.
    await expectRows(page, "the default range", (row) => row.date >= range.from && row.date <= range.to, mine);
    await loadAllRows(page);
    let rows = await readTable(page);
    let csv = await exportCsv(page);
    expect(csv.fileName).toBe("transactions.csv");
    expectCsvMatchesTable(csv.records, rows, [known.completed, known.pending, known.failed]);

    // The export follows the filter: failed Remita payments only.
    await status.selectOption("failed");
    await method.selectOption("remita");
    await expectRows(page, "failed remita payments", (row) => row.status === "failed" && row.method === METHOD_NAMES.remita, [
      known.failed.reference,
    ]);
    await loadAllRows(page);
    rows = await readTable(page);
    csv = await exportCsv(page);
    expect(csv.fileName).toBe("transactions.csv");
    expectCsvMatchesTable(csv.records, rows, [known.failed]);
    await status.selectOption("");
    await method.selectOption("");

    // Department: a row is one invoice item, so each line of the two-department invoice is listed under its own department only.
    const [firstLine, secondLine] = known.completed.lines;
    const firstDepartment = firstLine!.service.department.name;
    const secondDepartment = secondLine!.service.department.name;
    // Department is chosen from the catalogue's departments, "All" first meaning none.
    const catalogue = await page.request.get(`${baseUrl}/api/catalogue/departments/`);
    const departmentNames = ((await catalogue.json()) as { data: { orgDepts: { name: string }[] } }).data.orgDepts.map(
      (d) => d.name,
    );
    await expect(department.locator("option")).toHaveText(["All", ...departmentNames]);
    // A department none of the journey's services belong to lists none of its invoices.
    const otherDepartment = departmentNames.find((name) => name !== firstDepartment && name !== secondDepartment);
    expect(otherDepartment, "the catalogue has a third department").toBeTruthy();
    await department.selectOption(otherDepartment!);
    await expect(async () => {
      expect(await loading(page).count(), "still loading").toBe(0);
      const rows = await readTable(page);
      if (rows.length === 0) await expectNoTransactions(page);
      expect(rows.filter((row) => row.department !== otherDepartment)).toEqual([]);
      expect(rows.filter((row) => mine.includes(row.reference))).toEqual([]);
    }).toPass({ timeout: 15_000 });
    await department.selectOption(firstDepartment);
    await expectRows(page, `department ${firstDepartment}`, (row) => row.department === firstDepartment, [
      known.completed.reference,
      known.pending.reference,
    ]);
    await department.selectOption(secondDepartment);
    await expectRows(page, `department ${secondDepartment}`, (row) => row.department === secondDepartment, [
      known.completed.reference,
      known.failed.reference,
    ]);

    // All filters at once.
    await status.selectOption("completed");
    await method.selectOption("remita");
    await department.selectOption(firstDepartment);
    await expectRows(
      page,
      "completed remita payments of one department",
      (row) =>
        row.status === "completed" &&
        row.method === METHOD_NAMES.remita &&
        row.department === firstDepartment &&
        row.date >= range.from &&
        row.date <= range.to,
      [known.completed.reference],
    );
  });
}

test("a customer opening a staff dashboard is sent to /dashboard", async ({ page }) => {
  const account = demo.CUSTOMER;
  expect(account, "the demo banner lists a CUSTOMER").toBeTruthy();
  await signInViaApi(page, baseUrl, account!);
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
  for (const path of ["/admindashboard", "/agentdashboard", "/superdashboard"]) {
    await page.goto(`${baseUrl}${path}`);
    await expect(page).toHaveURL(`${baseUrl}/dashboard`);
    await expect(page.getByRole("heading", { name: /Transactions Dashboard/ })).toHaveCount(0);
  }
});
