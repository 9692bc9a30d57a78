import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";

/**
 * Screenshots for a person to look at (never compared by a test): taken only with E2E_SCREENSHOTS=1, into
 * test-results/look/. npm test takes none, since each full page costs the browser a PNG of the whole screen.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";
const LOOK_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test-results/look");

/** The whole page (from where it is scrolled) or one element, as test-results/look/<name>.png. */
export async function lookAt(target: Page | Locator, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const file = path.join(LOOK_DIR, `${name}.png`);
  if ("goto" in target) await target.screenshot({ path: file, fullPage: true });
  else await target.screenshot({ path: file });
}
