import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "@hospipay/contract";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv, uniqueEmail } from "./support/env";
import { signInViaApi } from "./support/session";
import { lookAt } from "./support/look";

const { baseUrl, demo } = e2eEnv();
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/src");

/** A language's texts as the app shows them: every `i18n/<language>.json` of the web app, by message id. */
function catalog(language: string): (id: string) => string {
  const merged: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === `${language}.json` && path.basename(dir) === "i18n")
        Object.assign(merged, JSON.parse(readFileSync(full, "utf8")));
    }
  };
  walk(webSrc);
  return (id) => {
    const text = merged[id];
    if (typeof text !== "string") throw new Error(`no ${language} text for ${id}`);
    return text;
  };
}

interface Service {
  name: string;
  price: string;
  fixed_price: string;
  department: { name: string };
}

test("a guest switches to Yorùbá, pays with Remita, and the SMS receipt arrives in Yoruba", async ({ page }) => {
  const yo = catalog("yo");
  const all = (
    (await (await page.request.get(`${baseUrl}/api/catalogue/revenue-heads/`)).json()) as { data: { orgRevenueHeads: Service[] } }
  ).data.orgRevenueHeads;
  const service = all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) < 20_000)!;
  // A number of this run's own, so the phone's other messages do not matter.
  const digits = `806${String(Date.now()).slice(-7)}`;

  await page.goto(`${baseUrl}/`);
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("combobox", { name: "Language" }).selectOption("yo");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(yo("landing.hero.title"));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("yo");
  await expectNoAxeViolations(page, "landing in Yoruba");
  // Remembered: a new visit opens in Yoruba.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(yo("landing.hero.title"));

  await page
    .getByRole("button", { name: yo("landing.hero.quickPay") })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await dialog
    .getByRole("combobox", { name: yo("quick-pay.dialog.department") })
    .selectOption({ label: service.department.name });
  await dialog.getByRole("button", { name: service.name, exact: true }).click();
  await expectNoAxeViolations(page, "service dialog in Yoruba");
  await dialog.getByRole("button", { name: yo("quick-pay.dialog.proceed") }).click();
  await page.getByRole("button", { name: yo("checkout.cart.proceed") }).click();
  await expect(page.getByRole("heading", { name: yo("checkout.summary.title") })).toBeVisible();
  await page.getByLabel(yo("checkout.summary.name")).fill("Adébáyọ̀ Ògúnlẹyẹ");
  await page.getByLabel(yo("checkout.summary.email"), { exact: true }).fill(uniqueEmail("adebayo"));
  await page.getByLabel(yo("checkout.summary.phone")).fill(`0${digits}`);
  await page.getByLabel(yo("checkout.summary.hospitalNumber")).fill("FTH/2026/04242");
  // Method names in Yoruba, as the app's catalog names them (not the server's English).
  await page.getByRole("radio", { name: "Remita (káàdì, báńkì, USSD)", exact: true }).check();
  await expectNoAxeViolations(page, "payment summary in Yoruba");
  await page.getByRole("button", { name: yo("checkout.summary.payNow") }).click();
  await page.getByRole("dialog", { name: "Remita sandbox payment" }).getByRole("button", { name: "Approve payment" }).click();
  await expect(page).toHaveURL(/\/payment-success/);
  const reference = (await page
    .getByText(/^HSP-[0-9A-F]+$/)
    .first()
    .textContent())!;
  await expectNoAxeViolations(page, "receipt in Yoruba");
  // The receipt's date with a Yoruba month name: Chromium has no Yoruba date data, so the app's own catalog's.
  const months = yo("lib.date.months").split(" ");
  const watMonth = new Date(Date.now() + 3_600_000).getUTCMonth();
  const dated = page.getByText(new RegExp(`^\\d{2} ${months[watMonth]} \\d{4}, \\d{2}:\\d{2} WAT$`));
  await expect(dated.first()).toBeVisible();
  expect(await page.locator("main").textContent()).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) 20\d\d\b/);

  // The receipt SMS, in Yoruba (the payment kept the language it was made in), on the sandbox phone.
  let texts: string[] = [];
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`${baseUrl}/sandbox/phone.json`, { params: { to: `+234${digits}` } });
        texts = ((await answer.json()) as Array<{ sms: string }>).map((message) => message.sms);
        return texts.some((text) => text.includes(reference));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const receipt = texts.find((text) => text.includes(reference))!;
  expect(receipt).toMatch(
    new RegExp(
      `^Hospipay: a ti gba owó NGN [0-9,]+\\.\\d\\d tí o san\\. Nọ́mbà ìtọ́kasí ${reference}\\. Ìwé ẹ̀rí ìsanwó: http\\S+/r/[0-9A-Z]{16}$`,
    ),
  );
});

/** Every element drawn outside the screen's width, or whose text spills out of its own box, with no scrolling or clipping box around it. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> "${(element.textContent ?? "").trim().slice(0, 60)}"`;
    const insideClip = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      if (element.closest("[hidden], .sr-only, script, style, template")) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const offScreen = box.left < -1 || box.right > width + 1;
      const spills =
        element.childElementCount === 0 &&
        style.display !== "inline" &&
        style.overflowX === "visible" &&
        (element.textContent ?? "").trim() !== "" &&
        element.scrollWidth > element.clientWidth + 1;
      if ((offScreen || spills) && !insideClip(element))
        found.push(`${offScreen ? "off screen" : "text spills"}: ${describe(element)}`);
    }
    if (document.documentElement.scrollWidth > width)
      found.unshift(`the page is ${document.documentElement.scrollWidth} px wide`);
    return found.slice(0, 12);
  });
}

/** Shows `path` in the pseudo-locale (accented, about 40 % longer English) and expects nothing to overflow a 360 px screen. */
async function expectFitsInPseudo(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(`${baseUrl}${path}`);
  await ready(page);
  // The pseudo-locale is on screen: the main heading is bracketed and accented.
  await expect(page.getByRole("heading").first()).toHaveText(/^\[.*[áéíóú].*\]$/);
  await lookAt(page, `e-pseudo${path.replace(/\W+/g, "-") || "-home"}`);
  expect(await overflowing(page), `${path} at 360 px in the pseudo-locale`).toEqual([]);
}

const heading = async (page: Page) => {
  await expect(page.getByRole("heading").first()).toBeVisible();
};

test.describe("the pseudo-locale at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.setItem(key, "pseudo"), STORAGE_KEYS.locale);
  });

  test("public screens and the Quick Pay dialog fit", async ({ page }) => {
    for (const path of ["/", "/about", "/faq", "/safety-tips", "/terms", "/cookie-policy", "/privacy-settings"]) {
      await expectFitsInPseudo(page, path, heading);
    }
    for (const path of ["/login", "/register", "/forgot-password", "/receipt", "/verify-receipt"]) {
      await expectFitsInPseudo(page, path, heading);
    }
    // The service dialog, opened from the landing page.
    await page.goto(`${baseUrl}/`);
    // "Quick Pay" in the pseudo-locale.
    await page.getByRole("button", { name: "[Ǫúúííçķ Þááý]" }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("list").first().getByRole("button").first()).toBeVisible();
    expect(await overflowing(page), "service dialog at 360 px in the pseudo-locale").toEqual([]);
  });

  test("a customer's screens fit", async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.removeItem(key), STORAGE_KEYS.locale);
    await signInViaApi(page, baseUrl, demo.CUSTOMER!);
    await page.addInitScript((key) => window.localStorage.setItem(key, "pseudo"), STORAGE_KEYS.locale);
    for (const path of ["/dashboard", "/wallet-pay", "/profile/edit"]) await expectFitsInPseudo(page, path, heading);
  });

  test("staff screens fit", async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.removeItem(key), STORAGE_KEYS.locale);
    await signInViaApi(page, baseUrl, demo.ADMIN!);
    await page.addInitScript((key) => window.localStorage.setItem(key, "pseudo"), STORAGE_KEYS.locale);
    for (const path of [
      "/admindashboard",
      "/admindashboard/bills",
      "/admindashboard/waivers",
      "/admindashboard/search",
      "/admindashboard/shift",
      "/admindashboard/shifts",
      "/admindashboard/admissions",
      "/admindashboard/settlements",
    ]) {
      await expectFitsInPseudo(page, path, heading);
    }
  });
});
