import { expect, test, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "@hospipay/contract";
import { e2eEnv } from "./support/env";
import { signIn } from "./support/session";

const { baseUrl, demo } = e2eEnv();

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
  await page.screenshot({ path: `/tmp/e-pseudo${path.replace(/\W+/g, "-") || "-home"}.png`, fullPage: true });
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
    await page
      .getByRole("button", { name: /^\[.*\]$/ })
      .filter({ hasText: /Q/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("list").first().getByRole("button").first()).toBeVisible();
    expect(await overflowing(page), "service dialog at 360 px in the pseudo-locale").toEqual([]);
  });

  test("a customer's screens fit", async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.removeItem(key), STORAGE_KEYS.locale);
    await signIn(page, baseUrl, demo.CUSTOMER!);
    await page.addInitScript((key) => window.localStorage.setItem(key, "pseudo"), STORAGE_KEYS.locale);
    for (const path of ["/dashboard", "/wallet-pay", "/profile/edit"]) await expectFitsInPseudo(page, path, heading);
  });

  test("staff screens fit", async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.removeItem(key), STORAGE_KEYS.locale);
    await signIn(page, baseUrl, demo.ADMIN!);
    await page.addInitScript((key) => window.localStorage.setItem(key, "pseudo"), STORAGE_KEYS.locale);
    for (const path of [
      "/admindashboard",
      "/admindashboard/bills",
      "/admindashboard/search",
      "/admindashboard/shift",
      "/admindashboard/shifts",
    ]) {
      await expectFitsInPseudo(page, path, heading);
    }
  });
});
