import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { waitForMail } from "./support/mail-catcher";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signInViaApi } from "./support/session";
import { lookAt } from "./support/look";

const { baseUrl, mailUrl, demo } = e2eEnv();

// A browser eight or nine hours behind Lagos: any time written with the browser's own clock shows here.
test.use({ timezoneId: "America/Los_Angeles" });

interface Service {
  id: number;
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "25 Nov 2026, 14:05 WAT" for an instant, worked out here from the fixed UTC+1 offset, not with the app's formatter. */
function wat(iso: string): string {
  const t = new Date(Date.parse(iso) + 3_600_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(t.getUTCDate())} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}, ${two(t.getUTCHours())}:${two(t.getUTCMinutes())} WAT`;
}

/** "2804-6735-1235". */
const grouped = (rrr: string) => `${rrr.slice(0, 4)}-${rrr.slice(4, 8)}-${rrr.slice(8)}`;

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Pays an RRR in the Remita sandbox and lets the server verify it, as the widget's success callback does. */
async function payRrr(request: APIRequestContext, reference: string, rrr: string) {
  await json(await request.post(`${baseUrl}/sandbox/remita/_control/pay`, { data: { rrr, outcome: "approve", notify: false } }));
  const done = await json<{ transaction_status: string }>(
    await request.get(`${baseUrl}/api/express/callback/top-up/remita/`, { params: { transaction_id: reference, rrr } }),
  );
  expect(done.transaction_status).toBe("SUCCESS");
}

/** Leaves whoever is signed in, so the next account starts clean. */
async function signOut(page: Page) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
}

test("a browser in Los Angeles sees West Africa Time, method names and grouped RRRs on the receipt, look-up, history and staff screens, and in the e-mail", async ({
  page,
  request,
}) => {
  const browserOffset = await page.evaluate(() => new Date().getTimezoneOffset());
  expect(browserOffset, "the browser's clock is not Lagos's").toBeGreaterThan(0);

  // A guest's Remita payment, above the ₦50,000 an admin may refund alone, paid and verified.
  const catalogue = await json<{ data: { orgRevenueHeads: Service[] } }>(
    await request.get(`${baseUrl}/api/catalogue/revenue-heads/`),
  );
  const service = catalogue.data.orgRevenueHeads.find((s) => s.fixed_price !== "no" && Number(s.price) > 0)!;
  const qty = Math.ceil(60_000 / Number(service.price));
  const email = uniqueEmail("wat.guest");
  const started = await json<{ reference: string; rrr: string }>(
    await request.post(`${baseUrl}/express/checkout/`, {
      data: {
        items: [{ service, amount: service.price, qty }],
        customer_meta: {
          name: "Amaka Times",
          email,
          phone: "08061237788",
          hospital_number: "FTH/2026/07788",
          transaction_description: "West Africa Time journey",
        },
        payment_method: "remita",
        charge_fee: "100.00",
      },
    }),
  );
  const { reference, rrr } = started;
  expect(rrr).toMatch(/^\d{12}$/);
  await payRrr(request, reference, rrr);
  const payment = await json<{ created_at: string; paid_at: string }>(
    await request.get(`${baseUrl}/api/express/payments/${encodeURIComponent(reference)}/`),
  );

  // The receipt: paid time in WAT, the method's name, the RRR in fours.
  await page.goto(`${baseUrl}/payment-success?reference=${encodeURIComponent(reference)}`);
  const receipt = page.getByRole("region", { name: "Payment Receipt" });
  await expect(receipt).toContainText(`Date${wat(payment.paid_at)}`);
  await expect(receipt).toContainText("Payment methodRemita");
  await expect(receipt).toContainText(`RRR${grouped(rrr)}`);
  await expectNoAxeViolations(page, "receipt in a Los Angeles browser");
  await lookAt(page, "d-receipt");

  // The e-mailed receipt says the same.
  const mail = await waitForMail(mailUrl, email, new RegExp(`Hospipay receipt ${reference}`));
  const mailDate = mail.text.split("\n").find((line) => line.startsWith("Date: "))!;
  // Queued in the settlement's transaction, moments after paid_at: the same minute or the next.
  expect([wat(payment.paid_at), wat(new Date(Date.parse(payment.paid_at) + 60_000).toISOString())]).toContain(
    mailDate.slice("Date: ".length),
  );
  expect(mail.text).toContain("Payment method: Remita\n");
  expect(mail.text).toContain(`RRR: ${grouped(rrr)}\n`);

  // The look-up on the landing page.
  await page.goto(`${baseUrl}/`);
  const lookup = page.locator("#transaction");
  await lookup.getByLabel("Email").fill(email);
  await lookup.getByLabel("Last six digits of phone number").fill("237788");
  await lookup.getByRole("button", { name: "Find transactions" }).click();
  const record = page.getByRole("article", { name: `Transaction ${reference}` });
  await expect(record).toContainText(wat(payment.created_at));
  await expect(record).toContainText("Remita");
  await expect(record).toContainText(grouped(rrr));
  await expectNoAxeViolations(page, "look-up result in a Los Angeles browser");
  await lookAt(record, "d-lookup");

  // A new customer's wallet history: a verified Remita top-up.
  const customer = { email: uniqueEmail("wat.customer"), password: "Times-in-Lagos-2026" };
  await json(
    await request.post(`${baseUrl}/auth/register/`, {
      data: {
        first_name: "Ifeoma",
        last_name: "Times",
        email: customer.email,
        phone_number: "08035557788",
        password: customer.password,
      },
    }),
  );
  const code = (await waitForMail(mailUrl, customer.email, /verification code/i)).text.match(/\b(\d{6})\b/)![1];
  await json(await request.post(`${baseUrl}/verify-email/`, { data: { email: customer.email, code } }));
  const { access } = await json<{ access: string }>(
    await request.post(`${baseUrl}/auth/login/`, { data: { username_or_email: customer.email, password: customer.password } }),
  );
  const topUp = await json<{ reference: string; rrr_response: { RRR: string } }>(
    await request.post(`${baseUrl}/express/top-up/`, {
      headers: { authorization: `Bearer ${access}` },
      data: { amount: "2500.00", payment_method: "remita" },
    }),
  );
  await payRrr(request, topUp.reference, topUp.rrr_response.RRR);
  await signInViaApi(page, baseUrl, customer);
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
  await page.getByRole("tab", { name: "History" }).click();
  const history = page.getByRole("list", { name: "Wallet transactions" });
  const credit = history.getByRole("listitem").filter({ hasText: topUp.reference });
  await expect(credit).toContainText(`RRR${grouped(topUp.rrr_response.RRR)}`);
  const time = credit.locator("time");
  const instant = await time.getAttribute("datetime");
  expect(instant).toBeTruthy();
  await expect(time).toHaveText(wat(instant!));
  await expectNoAxeViolations(page, "wallet history in a Los Angeles browser");
  await lookAt(credit, "d-history");
  await signOut(page);

  // An admin's refund of the guest's payment waits for a super admin, who sees when it was asked in WAT.
  const admin = await json<{ access: string }>(
    await request.post(`${baseUrl}/auth/login/`, {
      data: { username_or_email: demo.ADMIN!.email, password: demo.ADMIN!.password },
    }),
  );
  const refund = await json<{ refund: { created_at: string; status: string } }>(
    await request.post(`${baseUrl}/api/staff/invoices/${encodeURIComponent(reference)}/refund/`, {
      headers: { authorization: `Bearer ${admin.access}` },
      data: { reason: "Booked twice by mistake." },
    }),
  );
  expect(refund.refund.status).toBe("awaiting_approval");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInViaApi(page, baseUrl, demo.SUPERADMIN!);
  await expect(page).toHaveURL(`${baseUrl}/superdashboard`);
  const approvals = page.getByRole("region", { name: "Refund approvals" });
  const row = approvals.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText(wat(refund.refund.created_at));
  // The same payment in the transactions table, by its method's name.
  await page.getByLabel("Payment Method", { exact: true }).selectOption("remita");
  const transactions = page.getByRole("region", { name: "Transactions", exact: true });
  const paymentRow = transactions.getByRole("row").filter({ hasText: reference }).first();
  await expect(paymentRow).toContainText("Remita");
  await expect(paymentRow).not.toContainText("remita");
  await expectNoAxeViolations(page, "super admin dashboard in a Los Angeles browser");
  await lookAt(approvals, "d-staff-approvals");
  await lookAt(transactions, "d-staff-transactions");
});
