import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { parseCsv } from "./support/csv";
import { e2eEnv } from "./support/env";
import { signInViaApi } from "./support/session";

const { baseUrl, demo } = e2eEnv();

const NOTE = "Handed the cash to the cashier; nothing to follow up.";

/** On My shift: closes a shift another journey left open, so that this one starts from "No open shift". */
async function closeAnyOpenShift(page: Page) {
  const openButton = page.getByRole("button", { name: "Open shift" });
  const note = page.getByLabel("Note");
  await expect(openButton.or(note)).toBeVisible();
  if (!(await note.isVisible())) return;
  await note.fill("Left open by an earlier journey.");
  await page.getByRole("button", { name: "Close shift" }).click();
  await page.getByRole("dialog", { name: "Close this shift?" }).getByRole("button", { name: "Close shift" }).click();
  await expect(page.getByText("Shift closed.")).toBeVisible();
}

test("an agent opens and closes a shift; an admin reads the day, the shift and the CSV", async ({ page }) => {
  await signInViaApi(page, baseUrl, demo.AGENT!);
  await expect(page).toHaveURL(`${baseUrl}/agentdashboard`);
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "My shift" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My shift" })).toBeVisible();
  await closeAnyOpenShift(page);

  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Shift report (open)" })).toBeVisible();
  const totals = page.getByRole("region", { name: "Totals", exact: true });
  await expect(totals).toContainText(/Money in\s*₦\d[\d,]*\.\d{2}/);
  await expect(page.getByRole("region", { name: "Bills raised", exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "my shift, open");

  // An empty note is refused under the field, and nothing is sent.
  await page.getByRole("button", { name: "Close shift" }).click();
  const note = page.getByLabel("Note");
  await expect(note).toHaveAttribute("aria-invalid", "true");
  await expect(note).toBeFocused();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await note.fill(NOTE);
  await page.getByRole("button", { name: "Close shift" }).click();
  const confirm = page.getByRole("dialog", { name: "Close this shift?" });
  await expect(confirm).toContainText(NOTE);
  await expectNoAxeViolations(page, "close shift confirmation");
  await confirm.getByRole("button", { name: "Close shift" }).click();
  await expect(page.getByText("Shift closed.")).toBeVisible();
  const locked = page.getByRole("region", { name: "Shift report (closed)" });
  await expect(locked).toContainText(NOTE);
  await expect(locked.getByRole("region", { name: "Totals", exact: true })).toContainText(/₦\d[\d,]*\.\d{2}/);
  await expect(page.getByLabel("Note")).toHaveCount(0);
  await expectNoAxeViolations(page, "my shift, closed");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInViaApi(page, baseUrl, demo.ADMIN!);
  await expect(page).toHaveURL(`${baseUrl}/admindashboard`);
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Shifts", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shifts" })).toBeVisible();
  const daily = page.getByRole("region", { name: /^Daily summary, / });
  await expect(daily.getByRole("region", { name: "Totals", exact: true })).toContainText(/₦\d[\d,]*\.\d{2}/);
  await expect(daily.getByRole("region", { name: "Shifts", exact: true })).toContainText(/Closed\s*[1-9]/);
  await expectNoAxeViolations(page, "shifts, daily summary");

  const list = page.getByRole("region", { name: "Shifts table" });
  await list
    .getByRole("button", { name: /^Open the closed shift of / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: /^Shift of / });
  await expect(dialog).toContainText(NOTE);
  await expect(dialog.getByRole("region", { name: /^Totals \(shift of / })).toContainText(/₦\d[\d,]*\.\d{2}/);
  await expectNoAxeViolations(page, "shift dialog");
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(dialog).toHaveCount(0);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^shifts-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(await readFile(await file.path(), "utf8"));
  expect(rows[0]).toEqual(["Date", "Section", "Name", "Count", "Quantity", "Amount", "Fees", "Total"]);
  expect(rows.find((row) => row[1] === "Shifts" && row[2] === "Closed")?.[3]).toMatch(/^[1-9]\d*$/);
});
