import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { expect, test, type Page, type Response } from "@playwright/test";
import { API_PATHS, STORAGE_KEYS } from "@hospipay/contract";
import { e2eEnv } from "./support/env";

const { baseUrl, demo } = e2eEnv();
const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/dist/assets");

/** Issue 8's budget: the JavaScript a guest downloads for the first view of `/`, gzipped. */
const FIRST_LOAD_BUDGET_BYTES = 120 * 1024;

/** Source modules a guest never needs: the staff screens, the customer dashboard and the chart library. */
const SIGNED_IN_ONLY = [
  /\/src\/features\/staff\//,
  /\/src\/features\/shifts\//,
  /\/src\/features\/dashboard\//,
  /node_modules\/(chart\.js|react-chartjs-2|@kurkle)\//,
];

/**
 * Issue 35's budgets: the JavaScript and CSS a signed-in user downloads for the first view of their
 * dashboard, gzipped (the dashboards' screens, their data's first requests and what those draw; a chart
 * below a phone's first screen loads once scrolled to, so it is not part of it).
 */
const DASHBOARD_BUDGETS = [
  { path: "/dashboard", role: "CUSTOMER", heading: "Dashboard", budgetBytes: 150 * 1024 },
  { path: "/agentdashboard", role: "AGENT", heading: "Agent Transactions Dashboard", budgetBytes: 190 * 1024 },
  { path: "/admindashboard", role: "ADMIN", heading: "Admin Transactions Dashboard", budgetBytes: 190 * 1024 },
  { path: "/superdashboard", role: "SUPERADMIN", heading: "Admin Transactions Dashboard", budgetBytes: 190 * 1024 },
] as const;

const isScript = (response: Response) =>
  response.request().resourceType() === "script" || /javascript/.test(response.headers()["content-type"] ?? "");
const isStylesheet = (response: Response) =>
  response.request().resourceType() === "stylesheet" || /text\/css/.test(response.headers()["content-type"] ?? "");

/** Every JavaScript response the page receives from now on, in order. */
function collectScripts(page: Page): Response[] {
  const scripts: Response[] = [];
  page.on("response", (response) => {
    if (isScript(response)) scripts.push(response);
  });
  return scripts;
}

/** The source modules a built chunk was made from, read from its source map in apps/web/dist/assets. */
async function chunkSources(url: string): Promise<string[]> {
  const file = path.join(assetsDir, path.basename(new URL(url).pathname));
  const map = JSON.parse(await readFile(`${file}.map`, "utf8").catch(() => '{"sources":[]}')) as { sources: string[] };
  return map.sources.map((source) => path.resolve(path.dirname(file), source).replaceAll(path.sep, "/"));
}

/** The chunks among `scripts` that hold a signed-in-only module, with the first such module. */
async function signedInOnlyChunks(scripts: Response[]): Promise<string[]> {
  const found: string[] = [];
  for (const response of scripts) {
    const url = response.url();
    if (!url.startsWith(`${baseUrl}/assets/`)) continue;
    const hit = (await chunkSources(url)).find((source) => SIGNED_IN_ONLY.some((pattern) => pattern.test(source)));
    if (hit) found.push(`${path.basename(url)} (${hit.slice(hit.lastIndexOf("/src/") + 1 || hit.lastIndexOf("node_modules"))})`);
  }
  return found;
}

/** Every JavaScript and CSS response the page receives from now on, in order. */
function collectCode(page: Page): Response[] {
  const code: Response[] = [];
  page.on("response", (response) => {
    if (isScript(response) || isStylesheet(response)) code.push(response);
  });
  return code;
}

interface Sized {
  name: string;
  raw: number;
  gzip: number;
}

/**
 * Each body as the browser received it (decoded), gzipped here at level 9: the figure does not depend on
 * whether or how the server compresses.
 */
async function gzipSizes(responses: Response[]): Promise<Sized[]> {
  return Promise.all(
    responses.map(async (response) => {
      const body = await response.body();
      return {
        name: path.basename(new URL(response.url()).pathname),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      };
    }),
  );
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

interface Session {
  access: string;
  user: unknown;
}

/** The demo AGENT's session, signed in through the API. */
async function agentSession(page: Page): Promise<Session> {
  const account = demo.AGENT;
  expect(account, "the demo banner lists an AGENT").toBeTruthy();
  const login = await page.request.post(`${baseUrl}${API_PATHS.login}`, {
    data: { username_or_email: account!.email, password: account!.password },
  });
  expect(login.status()).toBe(200);
  return (await login.json()) as Session;
}

/** Stores the session as the app does (localStorage `token` and `user`); the page must be on the app's origin. */
async function storeSession(page: Page, { access, user }: Session): Promise<void> {
  await page.evaluate(
    ([keys, token, stored]) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, JSON.stringify(stored));
    },
    [STORAGE_KEYS, access, user] as const,
  );
}

function sizeReport(title: string, rows: Sized[], budget: number): string {
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  return [
    `${title} (gzip -9 of each decoded body): ${kb(total)} KB in ${rows.length} files (budget ${kb(budget)} KB)`,
    ...[...rows]
      .sort((a, b) => b.gzip - a.gzip)
      .map((row) => `  ${kb(row.gzip).padStart(6)} KB gz  ${kb(row.raw).padStart(7)} KB  ${row.name}`),
  ].join("\n");
}

test("a guest's first load of / stays within 120 KB of gzipped JavaScript", async ({ page }) => {
  const scripts = collectScripts(page);
  await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const rows = await gzipSizes(scripts);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(sizeReport("First-load JavaScript for /", rows, FIRST_LOAD_BUDGET_BYTES));
  expect(rows.length).toBeGreaterThan(0);
  expect(total, `first-load JavaScript ${kb(total)} KB gz`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
});

for (const dashboard of DASHBOARD_BUDGETS) {
  test(`the first load of ${dashboard.path} (as the demo ${dashboard.role}) stays within ${kb(dashboard.budgetBytes)} KB of gzipped JavaScript and CSS`, async ({
    page,
  }) => {
    const account = demo[dashboard.role];
    expect(account, `the demo banner lists a ${dashboard.role}`).toBeTruthy();
    // Signed in through the API and the session stored as the app stores it, so that the dashboard is
    // the first page this browser loads the app's code for.
    const login = await page.request.post(`${baseUrl}${API_PATHS.login}`, {
      data: { username_or_email: account!.email, password: account!.password },
    });
    expect(login.status()).toBe(200);
    const { access, user } = (await login.json()) as { access: string; user: unknown };
    await page.goto(`${baseUrl}/healthz`);
    await page.evaluate(
      ([keys, token, stored]) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.user, JSON.stringify(stored));
      },
      [STORAGE_KEYS, access, user] as const,
    );

    const code = collectCode(page);
    await page.goto(`${baseUrl}${dashboard.path}`, { waitUntil: "networkidle" });
    await expect(page).toHaveURL(`${baseUrl}${dashboard.path}`);
    await expect(page.getByRole("heading", { level: 1, name: dashboard.heading })).toBeVisible();
    // What the first render loads lazily (the admins' approval queues) may start after the network was
    // first idle: the first load is over once 1.5 s pass without a new script or stylesheet.
    for (let seen = -1; seen !== code.length;) {
      seen = code.length;
      await page.waitForTimeout(1_500);
    }

    const rows = await gzipSizes(code);
    const total = rows.reduce((sum, row) => sum + row.gzip, 0);
    console.log(sizeReport(`First-load JavaScript and CSS for ${dashboard.path}`, rows, dashboard.budgetBytes));
    expect(rows.some((row) => row.name.endsWith(".css"))).toBe(true);
    expect(total, `first-load JavaScript and CSS of ${dashboard.path}: ${kb(total)} KB gz`).toBeLessThanOrEqual(
      dashboard.budgetBytes,
    );
  });
}

test("a guest never downloads the chart, staff or dashboard code: /, /login, the look-up, Quick Pay, a signed-in page's address", async ({
  page,
}) => {
  const scripts = collectScripts(page);
  await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });

  // The transaction look-up (no record for this address: the screen answers all the same).
  const lookup = page.locator("#transaction");
  await lookup.getByLabel("Email").fill("nobody.here@example.ng");
  await lookup.getByLabel("Last six digits of phone number").fill("000000");
  await lookup.getByRole("button", { name: "Find transactions" }).click();
  await expect(lookup.getByRole("button", { name: "Find transactions" })).toBeEnabled();

  // Quick Pay: the service dialog, one service, the cart.
  await page.getByRole("button", { name: "Quick Pay" }).click();
  const dialog = page.getByRole("dialog", { name: "Select Services" });
  await expect(dialog.getByRole("button", { name: "Proceed to cart" })).toBeVisible();
  const department = dialog.getByRole("combobox", { name: "Department" });
  await expect(department.locator("option")).not.toHaveCount(1);
  await department.selectOption({ index: 1 });
  await dialog.locator("ul button[aria-pressed]").first().click();
  await dialog.getByRole("button", { name: "Proceed to cart" }).click();
  await expect(page).toHaveURL(`${baseUrl}/receipt`);
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment Summary" })).toBeVisible();

  await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();

  // Opening a signed-in page's address: the guard sends the guest to /login before any of it loads.
  for (const url of ["/dashboard", "/admindashboard"]) {
    await page.goto(`${baseUrl}${url}`, { waitUntil: "networkidle" });
    await expect(page).toHaveURL(`${baseUrl}/login`);
  }

  expect(scripts.length).toBeGreaterThan(0);
  expect(await signedInOnlyChunks(scripts)).toEqual([]);
});

test("/ and /login arrive prerendered and hydrate without an error", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  for (const [url, heading] of [
    ["/", "Welcome to Hospipay"],
    ["/login", "Sign In"],
  ] as const) {
    // The page's own HTML already holds the screen, before any script has run.
    const html = await (await page.request.get(`${baseUrl}${url}`)).text();
    expect(html, url).toContain(heading);
    await page.goto(`${baseUrl}${url}`, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // Hydrated: the login form works (an empty submit shows the required-field messages).
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("This field is required.").first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("the staff dashboards arrive with their frame prerendered for a signed-in member, which the page replaces; a guest never sees it", async ({
  browser,
  page,
}) => {
  const session = await agentSession(page);
  for (const [url, heading] of [
    ["/agentdashboard", "Agent Transactions Dashboard"],
    ["/admindashboard", "Admin Transactions Dashboard"],
    ["/superdashboard", "Admin Transactions Dashboard"],
  ] as const) {
    const html = await (await page.request.get(`${baseUrl}${url}`)).text();
    expect(html, url).toMatch(new RegExp(`<div id="signed-in-shell" inert>.*<h1[^>]*>${heading}</h1>`));
  }

  // Before any script has run, the frame is on screen (a browser without JavaScript shows it and stays there).
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(`${baseUrl}/agentdashboard`);
  await expect(still.locator("#signed-in-shell h1")).toHaveText("Agent Transactions Dashboard");
  await expect(still.locator("#signed-in-shell")).toBeVisible();
  await noScript.close();

  // A guest: the boot entry takes the frame away, and the guard sends them to /login.
  await page.goto(`${baseUrl}/agentdashboard`, { waitUntil: "networkidle" });
  await expect(page).toHaveURL(`${baseUrl}/login`);
  await expect(page.locator("#signed-in-shell")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();

  // The member: the page itself replaces the frame, with one heading, the name and the navigation.
  await storeSession(page, session);
  await page.goto(`${baseUrl}/agentdashboard`, { waitUntil: "networkidle" });
  await expect(page.getByRole("navigation", { name: "Staff" })).toBeVisible();
  await expect(page.locator("#signed-in-shell")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(["Agent Transactions Dashboard"]);
});

test("the desk's screens arrive with their first view prerendered for a signed-in member, which the page replaces at once", async ({
  page,
}) => {
  const session = await agentSession(page);
  // The frame holds the screen's content as it is before any answer: the bills' search form with its hint, the
  // shift's explanation. A screen whose first view holds today's date (the day book) has its frame without content
  // (the build checks).
  for (const [url, text] of [
    ["/agentdashboard/bills", "Hospital number, patient name, phone, e-mail or the bill&#x27;s token."],
    ["/agentdashboard/shift", "Open a shift when you start work."],
  ] as const) {
    const html = await (await page.request.get(`${baseUrl}${url}`)).text();
    expect(html, url).toMatch(/<div id="signed-in-shell" data-content inert>.*<h1[^>]*>/);
    expect(html.slice(html.indexOf('id="signed-in-shell"'), html.indexOf('<div id="root">')), url).toContain(text);
  }
  const dayBook = await (await page.request.get(`${baseUrl}/admindashboard/daybook`)).text();
  expect(dayBook).toMatch(/<div id="signed-in-shell" inert>.*<h1[^>]*>Day book<\/h1>/);
  expect(dayBook).not.toContain("Loading the day book");

  await page.goto(`${baseUrl}/healthz`);
  await storeSession(page, session);
  await page.goto(`${baseUrl}/agentdashboard/bills`, { waitUntil: "networkidle" });
  await expect(page.locator("#signed-in-shell")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(["Bills"]);
  await expect(page.getByRole("heading", { name: "Find a bill" })).toHaveCount(1);
  await page
    .getByRole("searchbox")
    .or(page.getByLabel("Search", { exact: true }))
    .first()
    .fill("HOSP");
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("HOSP");
});
