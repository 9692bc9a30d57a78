import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv } from "./support/env";
import { signInViaApi } from "./support/session";
import { lookAt } from "./support/look";

const { baseUrl, demo } = e2eEnv();

interface Service {
  id: number | string;
  name: string;
  price: string;
  fixed_price: string;
}

/** Where the journey's screenshots go, to be looked at (never committed). */
const shot = (page: Page, name: string) => lookAt(page, `e-staff-search-${name}`);

/** A patient of this run only, so that the search finds exactly what the journey made. */
const run = Date.now().toString(36).toUpperCase();
// The phone too (the search matches a phone's last six digits): another journey's bills must not share it.
const PATIENT = {
  name: `Adaeze Nwankwo${run}`,
  hospitalNumber: `FTH/SRCH/${run}`,
  phone: `0803${String(Date.now() % 10_000_000).padStart(7, "0")}`,
};

async function agentToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${baseUrl}/auth/login/`, {
    data: { username_or_email: demo.AGENT!.email, password: demo.AGENT!.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { access: string }).access;
}

/** A guest's Remita payment for the patient, paid in the sandbox and heard through the callback: it has a receipt code. */
async function paidPayment(request: APIRequestContext, service: Service): Promise<string> {
  const created = await request.post(`${baseUrl}/express/checkout/`, {
    data: {
      items: [{ service, amount: service.price, qty: 1 }],
      customer_meta: {
        name: PATIENT.name,
        email: `adaeze.${run.toLowerCase()}@example.ng`,
        phone: PATIENT.phone,
        hospital_number: PATIENT.hospitalNumber,
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

/** A bill the demo agent raises for the patient; answers its token. */
async function raisedBill(request: APIRequestContext, service: Service): Promise<string> {
  const raised = await request.post(`${baseUrl}/api/staff/bills/`, {
    headers: { authorization: `Bearer ${await agentToken(request)}` },
    data: {
      hospital_number: PATIENT.hospitalNumber,
      patient_name: PATIENT.name,
      patient_phone: PATIENT.phone,
      items: [{ service_id: service.id, quantity: 1 }],
    },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  return ((await raised.json()) as { bill: { token: string } }).bill.token;
}

test("an agent finds a patient's bill and payment in one list, opens each, and sees every state", async ({ page, request }) => {
  const all = (
    (await (await request.get(`${baseUrl}/api/catalogue/revenue-heads/`)).json()) as { data: { orgRevenueHeads: Service[] } }
  ).data.orgRevenueHeads;
  const service = all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) < 20_000)!;
  const reference = await paidPayment(request, service);
  const token = await raisedBill(request, service);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signInViaApi(page, baseUrl, demo.AGENT!);
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard`);
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard/search`);
  await expect(page.getByRole("heading", { level: 1, name: "Find payments" })).toBeVisible();
  const field = page.getByRole("searchbox", { name: "Search" });
  await expect(field).toBeVisible();
  await expectNoAxeViolations(page, "staff search: before a search");

  // Too short: the contract's message under the field, nothing asked.
  await field.fill("a");
  await field.press("Enter");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter at least 2 characters.")).toBeVisible();
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard/search`);
  await expectNoAxeViolations(page, "staff search: too short");
  await shot(page, "too-short-1366");

  // By hospital number: the bill (newest) and the payment in one table.
  await field.fill(PATIENT.hospitalNumber.toLowerCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\?q=fth%2Fsrch%2F/i);
  const table = page.getByRole("table", { name: /^Bills and payments matching/ });
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Bill");
  await expect(rows.nth(1)).toContainText(token);
  await expect(rows.nth(1)).toContainText("Open");
  await expect(rows.nth(2)).toContainText("Payment");
  await expect(rows.nth(2)).toContainText(reference);
  await expect(rows.nth(2)).toContainText("Completed");
  await expect(rows.nth(2)).toContainText(/Receipt [0-9A-Z]{4}-/);
  await expect(page.getByText(/^2 results match/)).toBeVisible();
  await expectNoAxeViolations(page, "staff search: results");
  await shot(page, "results-1366");

  // The search survives a reload.
  await page.reload();
  await expect(rows).toHaveCount(3);
  await expect(field).toHaveValue(PATIENT.hospitalNumber.toLowerCase());

  // By the start of the name's last word, too.
  await field.fill(`nwankwo${run.toLowerCase()}`);
  await field.press("Enter");
  await expect(page.getByText(/^2 results match/)).toBeVisible();

  // Nothing matches: said so; Back returns to the previous search.
  await field.fill("no such patient anywhere");
  await field.press("Enter");
  await expect(page.getByText('No bills or payments match "no such patient anywhere".')).toBeVisible();
  await expectNoAxeViolations(page, "staff search: nothing matches");
  await shot(page, "empty-1366");
  await page.goBack();
  await expect(page.getByText(/^2 results match/)).toBeVisible();
  await expect(field).toHaveValue(`nwankwo${run.toLowerCase()}`);

  // The server fails: the message and Try again.
  await page.route("**/api/staff/search/**", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ detail: "Service unavailable." }) }),
  );
  await field.fill(PATIENT.phone);
  await field.press("Enter");
  const failure = page.getByRole("alert").filter({ hasText: "Error: Service unavailable." });
  await expect(failure).toBeVisible();
  await expectNoAxeViolations(page, "staff search: failure");
  await shot(page, "failure-1366");
  await page.unroute("**/api/staff/search/**");
  await failure.getByRole("button", { name: "Try again" }).click();
  await expect(rows).toHaveCount(3);

  // A bill opens in the Bills screen's dialog.
  await table.getByRole("link", { name: `Open bill of ${PATIENT.name}, open` }).click();
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard/bills?bill=${token}`);
  const dialog = page.getByRole("dialog", { name: `Bill for ${PATIENT.name}` });
  await expect(dialog.getByText(service.name)).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard/bills`);
  await page.goBack();
  await expect(rows).toHaveCount(3);

  // A paid payment opens its receipt check.
  await table.getByRole("link", { name: `Check receipt of the payment ${reference}` }).click();
  await expect(page).toHaveURL(/\/verify-receipt\?code=[0-9A-Z-]{19}$/);
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();

  // On a phone: the same results, the table scrolling in its labelled region.
  await page.goBack();
  await page.setViewportSize({ width: 360, height: 740 });
  const region = page.getByRole("region", { name: "Search results table", exact: true });
  await expect(region.getByRole("row")).toHaveCount(3);
  await expect(region).toHaveAttribute("tabindex", "0");
  await expect(region).toHaveAccessibleDescription("Scroll sideways to see every column.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, "staff search: results at 360 px");
  await shot(page, "results-360");
});
