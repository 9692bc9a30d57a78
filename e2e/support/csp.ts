import type { Page } from "@playwright/test";

/**
 * Collects every Content-Security-Policy violation while the page lives, across navigations: the
 * `securitypolicyviolation` events of each document (reported through the console) and Chromium's own
 * "Refused to …" console errors. Returns a function that reads what was collected so far.
 */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (text.startsWith("csp-violation:") || /Content Security Policy/i.test(text)) seen.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.warn(`csp-violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => {
    // Let console messages of the current document arrive.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    return [...seen];
  };
}
