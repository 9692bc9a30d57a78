import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv } from "./support/env";
import { lookAt } from "./support/look";

// Issue 20 point 7: the footer's Quick Links (SPEC §2 labels) each open a page of their own, on a
// phone and on a desktop, with no axe violation and nothing wider than the screen.

const { baseUrl } = e2eEnv();

const PAGES = [
  { link: "FAQ", path: "/faq", title: "Frequently Asked Questions" },
  { link: "Safety Tips", path: "/safety-tips", title: "Safety Tips" },
  { link: "Terms", path: "/terms", title: "Terms of Use" },
  { link: "Cookie Policy", path: "/cookie-policy", title: "Cookie Policy" },
  { link: "Privacy Settings", path: "/privacy-settings", title: "Privacy Settings" },
] as const;

async function openFromFooter(page: Page, link: string) {
  const quickLinks = page.getByRole("contentinfo").getByRole("region", { name: "Quick Links" });
  await quickLinks.getByRole("link", { name: link, exact: true }).click();
}

async function expectNoSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${screen} is wider than the screen`).toBeLessThanOrEqual(0);
}

for (const device of [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1366, height: 800 } },
]) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport });

    test(`every Quick Link opens its page on a ${device.name} (${device.viewport.width} px), axe clean`, async ({ page }) => {
      await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
      for (const target of PAGES) {
        await openFromFooter(page, target.link);
        await expect(page).toHaveURL(`${baseUrl}${target.path}`);
        await expect(page.getByRole("heading", { level: 1, name: target.title })).toBeVisible();
        await expectNoSidewaysScroll(page, `${target.title} (${device.name})`);
        await expectNoAxeViolations(page, `${target.title} (${device.name})`);
        if (device.name === "phone" && target.path === "/safety-tips") {
          await lookAt(page, "safety-tips-390");
        }
      }
      // Each page is its own address too: a reload (or a shared link) opens it directly.
      await page.goto(`${baseUrl}/terms`, { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
    });
  });
}

test("Privacy Settings lists what this browser keeps and clears it (phone)", async ({ page }) => {
  await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
  // Something to keep: the stored service list the landing page may have loaded, and a cart line.
  await page.evaluate(() => {
    localStorage.setItem("cart", JSON.stringify([{ id: 1, name: "Consultation", price: "5000.00", quantity: 1 }]));
  });
  await openFromFooter(page, "Privacy Settings");
  const kept = page.getByRole("list", { name: "Kept in this browser" });
  await expect(kept.getByText("Your cart", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Cart/ }).first()).toBeVisible();

  await page.getByRole("button", { name: "Clear this browser's data" }).click();
  await expect(page.getByRole("status").filter({ hasText: "no longer keeps any Hospipay data" })).toBeVisible();
  await expect(page.getByText("This browser keeps nothing for Hospipay.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await lookAt(page, "privacy-settings-cleared-390");
  await expectNoAxeViolations(page, "Privacy Settings, cleared (phone)");
});
