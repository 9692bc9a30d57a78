import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import axe, { type Result as Violation, type RunOptions } from "axe-core";

/** Elements listed per violation; a rule broken by a whole list is clear from the first few. */
const MAX_NODES = 10;

/**
 * Only the violations come back in full: passes and the rest are listed one element per rule, which keeps the
 * result axe hands to the test small (it is serialised from the page on every scan).
 */
const AXE_OPTIONS: RunOptions = { resultTypes: ["violations"] };

/**
 * axe's violations on the page as it is now, with its default rule set (WCAG 2.x A/AA and best practices).
 * A page without frames (every screen of the app) is scanned in place: axe-core is put into the page once
 * (it stays until the next navigation) and run on the document. @axe-core/playwright's own run puts it in
 * again on every scan and opens a blank page to merge the frames' results, which took twice the time and
 * CPU. A page with frames gets that run, which reaches into cross-origin ones.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).options(AXE_OPTIONS).analyze()).violations;
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options).then((results) => results.violations),
    AXE_OPTIONS,
  );
}

/** The longest an entrance or exit animation is waited for before the scan; longer ones are timers. */
const FADE_WAIT_MS = 2_000;

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
    // The page itself, not the inert picture of it the build prerendered for the wait (apps/web/README.md):
    // the app takes that away as it renders.
    await expect(page.locator("#signed-in-shell")).toHaveCount(0);
    // Colours are measured as they end, never mid-fade: let entrance and exit animations (a toast
    // sliding in or out, a dialog fading in) finish first. A finite animation that would outlast the
    // wait is a countdown (a toast's auto-close timer), not a fade: it is paused for the scan, so that no
    // toast starts leaving while axe reads its colours, and resumed after. Endless ones (spinners) are
    // left running. Waiting is repeated because a fade can start as another ends (a timer that ran out
    // starts its toast's exit).
    await page.evaluate(async (waitMs) => {
      const paused: Animation[] = [];
      for (let round = 0; round < 5; round += 1) {
        const finite = document.getAnimations().filter((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return animation.playState === "running" && timing !== undefined && timing.endTime !== Infinity;
        });
        const fades: Animation[] = [];
        for (const animation of finite) {
          const timing = animation.effect!.getComputedTiming();
          const left = Number(timing.endTime) - Number(timing.localTime ?? 0);
          if (left > waitMs) {
            animation.pause();
            paused.push(animation);
          } else {
            fades.push(animation);
          }
        }
        if (fades.length === 0) break;
        await Promise.race([
          Promise.allSettled(fades.map((animation) => animation.finished)),
          new Promise((resolve) => setTimeout(resolve, waitMs)),
        ]);
        // Two frames let the page start what an ended animation set off (a toast's exit after its timer).
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
      (window as unknown as { __axePaused?: Animation[] }).__axePaused = paused;
    }, FADE_WAIT_MS);
    // Nothing is excluded: the gateway sandbox's widget, drawn into our page, passes as well.
    const violations = await axeViolations(page);
    await page.evaluate(() => {
      const holder = window as unknown as { __axePaused?: Animation[] };
      for (const animation of holder.__axePaused ?? []) animation.play();
      delete holder.__axePaused;
    });
    expect.soft(violations.length, formatViolations(screen, violations)).toBe(0);
  });
}
