import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { e2eEnv } from "./support/env";
import { signInViaApi } from "./support/session";

const { baseUrl, demo } = e2eEnv();

test.use({ viewport: { width: 390, height: 844 } });

test("an admin registers an HMO and adds its NHIA plan with a drug co-payment, a procedure needing pre-authorisation and an excluded service; on a phone", async ({
  page,
}) => {
  const admin = demo.ADMIN;
  expect(admin, "the demo banner lists an ADMIN").toBeTruthy();
  await signInViaApi(page, baseUrl, admin!, "/admindashboard/hmos");
  await expect(page.getByRole("heading", { level: 1, name: "HMOs" })).toBeVisible();
  const name = `Reliance HMO ${Date.now()}`;

  await page.getByRole("button", { name: "Register an HMO" }).click();
  const register = page.getByRole("dialog", { name: "Register an HMO" });
  await register.getByLabel("Name", { exact: true }).fill(name);
  await register.getByLabel("NHIA code").fill(`nhia/rel/${Date.now() % 100000}`);
  await register.getByLabel("Contact person").fill("Femi Ojo");
  await register.getByLabel("Contact phone").fill("08031119999");
  await register.getByLabel("Contact e-mail").fill("claims@reliance.example.ng");
  await register.getByLabel("Bank", { exact: true }).fill("GTBank");
  await register.getByLabel("Account number (10 digits)").fill("0123");
  await register.getByLabel("Account name").fill("Reliance HMO Ltd");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(register.getByText("A bank account number is 10 digits (NUBAN).")).toBeVisible();
  await expect(register.getByLabel("Account number (10 digits)")).toBeFocused();
  await register.getByLabel("Account number (10 digits)").fill("0123456789");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("HMO registered.")).toBeVisible();

  const card = page.getByRole("article", { name });
  await card.getByRole("button", { name: "Add a plan" }).click();
  const plan = page.getByRole("dialog", { name: `Add a plan to ${name}` });
  await plan.getByLabel("Plan name").fill("NHIA Formal Sector");
  await plan.getByLabel("Covered by the HMO (%)").first().fill("100");
  for (let rule = 1; rule <= 3; rule += 1) await plan.getByRole("button", { name: "Add a rule" }).click();
  const drugs = plan.getByRole("group", { name: "Rule 1" });
  await drugs.getByLabel("Department").fill("Pharmacy");
  await drugs.getByLabel("Covered by the HMO (%)").fill("90");
  await drugs.getByLabel("Co-payment (%)").fill("10");
  const surgery = plan.getByRole("group", { name: "Rule 2" });
  await surgery.getByLabel("Department").fill("Surgery");
  await surgery.getByLabel("Covered by the HMO (%)").fill("100");
  await surgery.getByLabel("Needs the HMO's pre-authorisation code").check();
  const cosmetic = plan.getByRole("group", { name: "Rule 3" });
  await cosmetic.getByLabel("For").selectOption("service");
  await cosmetic.getByLabel("Service ID (catalogue)").fill("SRV-COSMETIC");
  await cosmetic.getByLabel("Not covered at all").check();
  await expectNoAxeViolations(page, "the plan form");
  await plan.getByRole("button", { name: "Add the plan" }).click();
  await expect(page.getByText("Plan added.")).toBeVisible();

  const row = card.getByRole("row", { name: /NHIA Formal Sector/ });
  await expect(row).toContainText("Pharmacy: 90.00% covered, 10.00% co-payment");
  await expect(row).toContainText("Surgery: 100.00% covered, 0.00% co-payment, pre-authorisation required");
  await expect(row).toContainText("service SRV-COSMETIC: not covered");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, "the HMOs screen");
});
