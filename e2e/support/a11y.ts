import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/** One axe violation (axe-core's `Result`), typed through the builder so that axe-core needs no import of its own. */
type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** Elements listed per violation; a rule broken by a whole list is clear from the first few. */
const MAX_NODES = 10;

/** One violation as a readable line per element: rule, impact, help, the element and its selector. */
export function formatViolations(screen: string, violations: Violation[]): string {
  const lines = violations.flatMap((violation) => [
    `  ${violation.id} (${violation.impact ?? "no impact"}): ${violation.help} — ${violation.helpUrl}`,
    ...violation.nodes.slice(0, MAX_NODES).map((node) => {
      const summary = node.failureSummary?.replace(/\s+/g, " ").trim();
      return `    at ${node.target.map(String).join(" → ")}\n      ${node.html.slice(0, 200)}${summary ? `\n      ${summary}` : ""}`;
    }),
    ...(violation.nodes.length > MAX_NODES ? [`    … and ${violation.nodes.length - MAX_NODES} more element(s)`] : []),
  ]);
  return `axe found ${violations.length} violation(s) on "${screen}":\n${lines.join("\n")}`;
}

/**
 * Runs axe-core with its default rule set (WCAG 2.x A/AA and best practices) over the page as it is
 * now, and fails listing every violation when there is any. Call it once a screen (or an open dialog)
 * has rendered its content. The failure is soft: the journey goes on, so one run reports every screen's
 * violations, and the test still fails at its end.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await test.step(`axe: ${screen}`, async () => {
    // Colours are measured as they end: let entrance animations and transitions (a toast sliding in,
    // a dialog fading in) finish first. Endless ones (spinners) are left running.
    await page.evaluate(async () => {
      const finite = document
        .getAnimations()
        .filter((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.race([
        Promise.allSettled(finite.map((animation) => animation.finished)),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]);
    });
    // Nothing is excluded: the gateway sandbox's widget, drawn into our page, passes as well.
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect.soft(violations.length, formatViolations(screen, violations)).toBe(0);
  });
}
