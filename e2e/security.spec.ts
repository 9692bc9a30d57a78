import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { watchViolations } from "./support/csp";
import { e2eEnv } from "./support/env";
import { signIn, signInViaApi } from "./support/session";

const { baseUrl, demo } = e2eEnv();
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

test("pages and API answers carry strict security headers", async ({ request }) => {
  for (const url of ["/", "/login", "/admindashboard", "/auth/profile/", "/express/methods/"]) {
    const res = await request.get(`${baseUrl}${url}`);
    const headers = res.headers();
    const csp = directives(headers["content-security-policy"] ?? "");
    expect(csp.get("default-src"), url).toEqual(["'self'"]);
    // Scripts only from the app itself (and, with real gateways, their own origins): no inline code, no eval;
    // WebAssembly may be compiled (the receipt scanner's QR decoder).
    expect(csp.get("script-src"), url).toContain("'self'");
    expect(csp.get("script-src"), url).toContain("'wasm-unsafe-eval'");
    expect(csp.get("script-src"), url).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src"), url).not.toContain("'unsafe-eval'");
    expect(csp.get("object-src"), url).toEqual(["'none'"]);
    expect(csp.get("base-uri"), url).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors"), url).toEqual(["'none'"]);
    expect(headers["x-content-type-options"], url).toBe("nosniff");
    expect(headers["referrer-policy"], url).toBe("no-referrer");
    expect(headers["x-frame-options"], url).toBe("SAMEORIGIN");
  }
});

test("the screens run under that policy with no violation, the staff chart included (quick-pay.spec.ts checks the gateway widget)", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await page.goto(`${baseUrl}/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto(`${baseUrl}/login`);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await signInViaApi(page, baseUrl, demo.ADMIN!);
  await expect(page).toHaveURL(`${baseUrl}/admindashboard`);
  await expect(page.getByRole("heading", { name: "Revenue by Payment Method" })).toBeVisible();
  // The chart is drawn once the visitor scrolls to it (below a phone's first screen).
  await page.getByRole("region", { name: "Revenue by Payment Method" }).scrollIntoViewIfNeeded();
  await expect(page.locator("canvas")).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the built bundle holds no secret", async () => {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files.push(full);
    }
  };
  await walk(distDir);
  expect(files.some((file) => file.endsWith(".js"))).toBe(true);
  // The sandbox's secret keys (the server's defaults) and the shapes real secrets take.
  const secrets = ["sandbox-monnify-secret-hospipay", "sk_test_hospipay_sandbox", "MK_TEST_HOSPIPAY"];
  const shapes = [/sk_(test|live)_[A-Za-z0-9]{6,}/, /-----BEGIN [A-Z ]*PRIVATE KEY-----/, /postgres(ql)?:\/\/[^"'\s]*:[^"'\s]*@/];
  for (const file of files) {
    const text = await readFile(file, "utf8");
    for (const secret of secrets) expect(text.includes(secret), `${path.relative(distDir, file)} contains ${secret}`).toBe(false);
    for (const shape of shapes) expect(shape.test(text), `${path.relative(distDir, file)} matches ${shape}`).toBe(false);
  }
});

test("the access token is never written to the browser console or the server's log", async ({ page }) => {
  const consoleLines: string[] = [];
  page.on("console", (message) => consoleLines.push(message.text()));
  await signIn(page, baseUrl, demo.CUSTOMER!);
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token).toBeTruthy();
  // Authenticated calls have been made with it (profile, wallet history).
  await expect(page.getByText(/Wallet Balance/i).first()).toBeVisible();
  const signature = token!.split(".")[2]!;
  expect(consoleLines.filter((line) => line.includes(signature))).toEqual([]);
  const log = await readFile(process.env.E2E_APP_LOG!, "utf8");
  expect(log.length).toBeGreaterThan(0);
  expect(log).toContain('"url":"/auth/profile/"');
  expect(log.includes(signature)).toBe(false);
  // The demo banner prints the demo passwords once at start-up, by design; no log line ever carries one.
  const logLines = log.split("\n").filter((line) => line.startsWith("{"));
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.filter((line) => line.includes(demo.CUSTOMER!.password))).toEqual([]);
});
