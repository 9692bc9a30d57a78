import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { watchViolations } from "./support/csp";
import { freePort, startWholeApp, type WholeApp } from "./support/whole-app";

// The production policy shape: the gateways' widgets come from a host other than the app's, and the
// Content-Security-Policy is derived from the configured gateway hosts as in production. The sandbox's
// simulators stand in for the gateways on a second origin of the same server (localhost beside 127.0.0.1).
let app: WholeApp;
let gateways: string;
let dataDir: string;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  gateways = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "hospipay-e2e-gateway-csp-"));
  app = await startWholeApp({
    dataDir,
    port,
    timeoutMs: 150_000,
    env: {
      REMITA_BASE_URL: `${gateways}/sandbox/remita`,
      PAYSTACK_BASE_URL: `${gateways}/sandbox/paystack`,
      PAYSTACK_SCRIPT_URL: `${gateways}/sandbox/paystack/v2/inline.js`,
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

interface Service {
  id: number;
  name: string;
  price: string;
  fixed_price: string;
  description?: string;
  department: { name: string };
}

/** A guest's or customer's checkout of one fixed-price service, through the API. */
async function checkout(page: Page, method: string, email: string, token?: string) {
  const catalogue = await page.request.get(`${app.baseUrl}/api/catalogue/revenue-heads/`);
  const services = ((await catalogue.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  const service = services.find((s) => s.fixed_price !== "no" && Number(s.price) > 0)!;
  const item = {
    service: {
      id: service.id,
      name: service.name,
      description: service.description ?? "",
      price: service.price,
      amount: service.price,
      fixed_price: service.fixed_price,
      department: service.department.name,
    },
    amount: service.price,
    qty: 1,
  };
  const res = await page.request.post(`${app.baseUrl}/express/checkout/`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data: {
      items: [item],
      customer_meta: {
        name: "Ngozi Eze",
        email,
        phone: "08031234567",
        hospital_number: "FTH/2026/00777",
        transaction_description: "Clinic visit",
      },
      payment_method: method,
      charge_fee: "100.00",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { reference: string; gateway: Record<string, string> };
}

/** Adds the widget's script to the page as the web app's loader does, and waits for it. */
async function loadScript(page: Page, src: string) {
  await page.evaluate(
    (url) =>
      new Promise<void>((resolve, reject) => {
        const element = document.createElement("script");
        element.src = url;
        element.async = true;
        element.addEventListener("load", () => resolve(), { once: true });
        element.addEventListener("error", () => reject(new Error(`script ${url} did not load`)), { once: true });
        document.head.append(element);
      }),
    src,
  );
}

async function paymentStatus(page: Page, reference: string): Promise<string> {
  const res = await page.request.get(`${app.baseUrl}/api/express/payments/${reference}/`);
  return ((await res.json()) as { status: string }).status;
}

test("each sandbox widget, served from the gateways' own host, loads and completes a payment under the production policy", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const landing = await page.goto(`${app.baseUrl}/`);
  const csp = directives(landing?.headers()["content-security-policy"] ?? "");
  // The gateways' host, derived from the configured URLs, for scripts, frames and calls; nothing else
  // (and WebAssembly compilation for the receipt scanner's QR decoder).
  expect(csp["script-src"], "script-src").toEqual(["'self'", "'wasm-unsafe-eval'", gateways]);
  for (const directive of ["frame-src", "connect-src"]) expect(csp[directive], directive).toEqual(["'self'", gateways]);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Remita, for a guest.
  const remita = await checkout(page, "remita", "ngozi.eze.csp@example.ng");
  expect(remita.gateway.script_url).toBe(`${gateways}/sandbox/remita/payment/v1/remita-pay-inline.bundle.js`);
  await loadScript(page, remita.gateway.script_url!);
  await page.evaluate(
    ({ key, rrr, transactionId }) => {
      const engine = (window as unknown as { RmPaymentEngine: { init(options: unknown): { showPaymentWidget(): void } } })
        .RmPaymentEngine;
      engine
        .init({
          key,
          processRrr: true,
          transactionId,
          extendedData: { customFields: [{ name: "rrr", value: rrr }] },
          onSuccess: () => document.body.setAttribute("data-remita", "success"),
          onError: () => document.body.setAttribute("data-remita", "error"),
          onClose: () => document.body.setAttribute("data-remita", "closed"),
        })
        .showPaymentWidget();
    },
    { key: remita.gateway.public_key!, rrr: remita.gateway.rrr!, transactionId: remita.gateway.transaction_id! },
  );
  const remitaDialog = page.getByRole("dialog", { name: "Remita sandbox payment" });
  // The details come from the widget's call back to its own host (connect-src, across origins).
  await expect(remitaDialog.getByText("Ngozi Eze")).toBeVisible();
  await remitaDialog.getByRole("button", { name: "Approve payment" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-remita", "success");
  await expect.poll(() => paymentStatus(page, remita.reference), { timeout: 15_000 }).toBe("completed");

  // Paystack, for a signed-in customer.
  const customer = app.demo.CUSTOMER!;
  const login = await page.request.post(`${app.baseUrl}/auth/login/`, {
    data: { username_or_email: customer.email, password: customer.password },
  });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { access: string }).access;
  const paystack = await checkout(page, "paystack", customer.email, token);
  expect(paystack.gateway.script_url).toBe(`${gateways}/sandbox/paystack/v2/inline.js`);
  await loadScript(page, paystack.gateway.script_url!);
  await page.evaluate((accessCode) => {
    const Pop = (window as unknown as { PaystackPop: new () => { resumeTransaction(code: string, callbacks: unknown): void } })
      .PaystackPop;
    new Pop().resumeTransaction(accessCode, {
      onSuccess: () => document.body.setAttribute("data-paystack", "success"),
      onCancel: () => document.body.setAttribute("data-paystack", "cancelled"),
      onError: () => document.body.setAttribute("data-paystack", "error"),
    });
  }, paystack.gateway.access_code!);
  const paystackDialog = page.getByRole("dialog", { name: "Paystack sandbox checkout" });
  await expect(paystackDialog.getByText(paystack.gateway.reference!)).toBeVisible();
  await paystackDialog.getByRole("button", { name: "Pay" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-paystack", "success");
  await expect.poll(() => paymentStatus(page, paystack.reference), { timeout: 15_000 }).toBe("completed");

  expect(await violations()).toEqual([]);
});
